/**
 * fzf's character classes and bonus matrix (fzf `src/algo/algo.go`), for the two schemes dwim uses: `default` for
 * lines of code and `path` for file names. Normalisation folds Latin diacritics the way fzf's `normalizeRune` does.
 */

import { FZF_FOLDS } from "./folds.js";

export const SCORE_MATCH = 16;
export const SCORE_GAP_START = -3;
export const SCORE_GAP_EXTENSION = -1;
export const BONUS_BOUNDARY = SCORE_MATCH / 2;
export const BONUS_NON_WORD = SCORE_MATCH / 2;
export const BONUS_CAMEL123 = BONUS_BOUNDARY + SCORE_GAP_EXTENSION;
export const BONUS_CONSECUTIVE = -(SCORE_GAP_START + SCORE_GAP_EXTENSION);
export const BONUS_FIRST_CHAR_MULTIPLIER = 2;

const CHAR_WHITE = 0;
const CHAR_NON_WORD = 1;
export const CHAR_DELIMITER = 2;
const CHAR_LOWER = 3;
const CHAR_UPPER = 4;
const CHAR_LETTER = 5;
const CHAR_NUMBER = 6;

type SchemeName = "default" | "path";

export interface Scheme {
  name: SchemeName;
  bonusBoundaryWhite: number;
  bonusBoundaryDelimiter: number;
  initialClass: number;
  /** Class of each ASCII code 0..127. */
  ascii: Uint8Array;
  /** bonus[prev * 7 + cur]. */
  bonus: Int8Array;
  delimiters: string;
}

const WHITE_CHARS = " \t\n\v\f\r\x85\xA0";

function makeScheme(name: SchemeName): Scheme {
  const delimiters = name === "path" ? "/" : "/,:;|";
  const bonusBoundaryWhite = name === "path" ? BONUS_BOUNDARY : BONUS_BOUNDARY + 2;
  const bonusBoundaryDelimiter = BONUS_BOUNDARY + 1;
  const ascii = new Uint8Array(128);
  for (let i = 0; i < 128; i++) {
    const ch = String.fromCharCode(i);
    let c = CHAR_NON_WORD;
    if (ch >= "a" && ch <= "z") c = CHAR_LOWER;
    else if (ch >= "A" && ch <= "Z") c = CHAR_UPPER;
    else if (ch >= "0" && ch <= "9") c = CHAR_NUMBER;
    else if (WHITE_CHARS.includes(ch)) c = CHAR_WHITE;
    else if (delimiters.includes(ch)) c = CHAR_DELIMITER;
    ascii[i] = c;
  }
  const bonus = new Int8Array(49);
  for (let p = 0; p < 7; p++) {
    for (let c = 0; c < 7; c++) bonus[p * 7 + c] = bonusFor(p, c, bonusBoundaryWhite, bonusBoundaryDelimiter);
  }
  return {
    name,
    bonusBoundaryWhite,
    bonusBoundaryDelimiter,
    initialClass: name === "path" ? CHAR_DELIMITER : CHAR_WHITE,
    ascii,
    bonus,
    delimiters,
  };
}

function bonusFor(prev: number, cur: number, boundaryWhite: number, boundaryDelimiter: number): number {
  if (cur > CHAR_NON_WORD) {
    if (prev === CHAR_WHITE) return boundaryWhite;
    if (prev === CHAR_DELIMITER) return boundaryDelimiter;
    if (prev === CHAR_NON_WORD) return BONUS_BOUNDARY;
  }
  if ((prev === CHAR_LOWER && cur === CHAR_UPPER) || (prev !== CHAR_NUMBER && cur === CHAR_NUMBER)) {
    return BONUS_CAMEL123;
  }
  if (cur === CHAR_NON_WORD || cur === CHAR_DELIMITER) return BONUS_NON_WORD;
  if (cur === CHAR_WHITE) return boundaryWhite;
  return 0;
}

export const DEFAULT_SCHEME = makeScheme("default");
export const PATH_SCHEME = makeScheme("path");

const nonAsciiClass = new Map<number, number>();
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const NUMBER = /\p{N}/u;
const LETTER = /\p{L}/u;
const SPACE = /\s/u;

/** Class of a UTF-16 code unit (surrogate halves count as non-word). */
export function classOf(code: number, scheme: Scheme): number {
  if (code < 128) return scheme.ascii[code];
  let c = nonAsciiClass.get(code);
  if (c === undefined) {
    const ch = String.fromCharCode(code);
    if (LOWER.test(ch)) c = CHAR_LOWER;
    else if (UPPER.test(ch)) c = CHAR_UPPER;
    else if (NUMBER.test(ch)) c = CHAR_NUMBER;
    else if (LETTER.test(ch)) c = CHAR_LETTER;
    else if (SPACE.test(ch) || code === 0x85 || code === 0xa0) c = CHAR_WHITE;
    else c = CHAR_NON_WORD;
    nonAsciiClass.set(code, c);
  }
  // fzf only knows ASCII delimiters in the schemes dwim uses.
  return c;
}

export function isWhitespaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0x85 || code === 0xa0;
}

/** fzf's normalizeRune as a lookup: character code → the ASCII letter fzf reads it as (see folds.ts). */
const FOLDS: ReadonlyMap<number, number> = new Map(
  Object.entries(FZF_FOLDS).flatMap(([letter, chars]) =>
    Array.from(chars, (ch) => [ch.charCodeAt(0), letter.charCodeAt(0)] as const),
  ),
);

/**
 * fzf's normalizeRune: the letters its table lists (Latin letters with diacritics, small capitals, IPA forms such as
 * ʇ) become an ASCII letter; anything else is unchanged. fzf's own table, not Unicode decomposition: NFD folds letters
 * fzf leaves alone (Ā) and misses ones it folds (Ø, ł, ʇ), and either way dwim's matches would differ from fzf's.
 */
export function foldCode(code: number): number {
  if (code < 0xc0 || code > 0xff61) return code;
  return FOLDS.get(code) ?? code;
}

const FOLDABLE = /[\u00C0-\uFF61]/gu;

/** Folds every character of `s` (same length). */
export function foldString(s: string): string {
  FOLDABLE.lastIndex = 0;
  if (!FOLDABLE.test(s)) return s;
  return s.replace(FOLDABLE, foldMatch);
}

function foldMatch(ch: string): string {
  return String.fromCharCode(foldCode(ch.charCodeAt(0)));
}

/** Lower-cases `s` code unit by code unit, so indices keep lining up with the original. */
export function lowerSameLength(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const l = s[i].toLowerCase();
    out += l.length === 1 ? l : s[i];
  }
  return out;
}

/** True when the string contains characters outside ASCII (then its UTF-8 form is longer than its code units). */
export function hasNonAscii(s: string): boolean {
  return Buffer.byteLength(s, "utf8") !== s.length;
}
