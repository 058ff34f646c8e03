/**
 * Stage 3: canonical matching (docs/edit.md, stage 3). Both the file and `old_str` are rewritten into a canonical form at a
 * cumulative level, keeping for every canonical character the index of the source character it came from, so a hit
 * maps back to an exact span of the file:
 *   L1 trailing whitespace of lines dropped; L2 indentation dropped; L3 Unicode folded (typographic quotes, dashes,
 *   minus, NBSP and other spaces, ellipsis); L4 whitespace-only lines dropped, whitespace next to punctuation
 *   dropped, whitespace between two word characters one space (required, never invented: `foo bar` ≠ `foobar`);
 *   L5 the ASCII quotes ' " ` one class.
 */

export type Level = 1 | 2 | 3 | 4 | 5;
export const LEVELS: readonly Level[] = [1, 2, 3, 4, 5];
export const LEVEL_CONFIDENCE: Record<Level, number> = { 1: 0.99, 2: 0.98, 3: 0.97, 4: 0.95, 5: 0.9 };

export interface Canonical {
  s: string;
  /** Source index of each canonical character. */
  map: Int32Array;
}

const FOLD = new Map<number, string>();
for (const c of "\u2018\u2019\u201a\u201b\u2032\u02bc") FOLD.set(c.charCodeAt(0), "'");
for (const c of "\u201c\u201d\u201e\u201f\u2033") FOLD.set(c.charCodeAt(0), '"');
for (const c of "\u2010\u2011\u2012\u2013\u2014\u2015\u2212") FOLD.set(c.charCodeAt(0), "-");
for (const c of "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000") {
  FOLD.set(c.charCodeAt(0), " ");
}
FOLD.set(0x2026, "...");

/** The Unicode fold of L3 for one character, or undefined when it is kept. */
function foldChar(code: number): string | undefined {
  return code < 0x80 ? undefined : FOLD.get(code);
}

export function foldUnicode(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) out += foldChar(s.charCodeAt(i)) ?? s[i];
  return out;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12 || c === 13;
}

/** 0 unknown, 1 word, 2 not a word: the Unicode test is cached per BMP code. */
const WORD_CACHE = new Uint8Array(65536);

/** Letters, digits, `_` and `$`: between two of them a space is significant. */
export function isWordCode(c: number): boolean {
  if (c < 0x80) {
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  }
  let v = WORD_CACHE[c];
  if (v === 0) {
    v = /[\p{L}\p{N}]/u.test(String.fromCharCode(c)) ? 1 : 2;
    WORD_CACHE[c] = v;
  }
  return v === 1;
}

function isQuote(c: number): boolean {
  return c === 39 || c === 34 || c === 96;
}

/** The code a source character has at `level` (single-character folds only; the ellipsis is handled apart). */
function codeAt(c: number, level: Level): number {
  if (level >= 3 && c >= 0x80) {
    const f = FOLD.get(c);
    if (f !== undefined && f.length === 1) c = f.charCodeAt(0);
  }
  return c;
}

/** Canonical form of `src` at `level`. Newlines are kept (L4 drops whitespace-only lines whole). */
export function canonicalize(src: string, level: Level): Canonical {
  const n = src.length;
  let extra = 0;
  if (level >= 3) for (let i = src.indexOf("\u2026"); i !== -1; i = src.indexOf("\u2026", i + 1)) extra += 2;
  const out = new Uint16Array(n + extra);
  const map = new Int32Array(n + extra);
  let len = 0;
  let lineStart = 0;
  while (lineStart <= n) {
    let lineEnd = src.indexOf("\n", lineStart);
    const last = lineEnd === -1;
    if (last) lineEnd = n;
    let a = lineStart;
    let b = lineEnd;
    while (b > a && isSpace(codeAt(src.charCodeAt(b - 1), level))) b--;
    if (level >= 2) while (a < b && isSpace(codeAt(src.charCodeAt(a), level))) a++;
    const blank = a === b;
    if (!(level >= 4 && blank)) {
      let lastOut = -1;
      let pending = -1; // source index of a whitespace run not yet emitted (L4)
      for (let i = a; i < b; i++) {
        const raw = src.charCodeAt(i);
        if (level >= 3 && raw === 0x2026) {
          pending = -1;
          for (let k = 0; k < 3; k++) {
            out[len] = 46;
            map[len++] = i;
          }
          lastOut = 46;
          continue;
        }
        let c = codeAt(raw, level);
        if (level >= 4) {
          if (isSpace(c)) {
            if (pending < 0) pending = i;
            continue;
          }
          if (pending >= 0) {
            if (lastOut >= 0 && isWordCode(lastOut) && isWordCode(c)) {
              out[len] = 32;
              map[len++] = pending;
            }
            pending = -1;
          }
          if (level >= 5 && isQuote(c)) c = 34;
        }
        out[len] = c;
        map[len++] = i;
        lastOut = c;
      }
      if (!last) {
        out[len] = 10;
        map[len++] = lineEnd;
      }
    }
    if (last) break;
    lineStart = lineEnd + 1;
  }
  const s = Buffer.from(out.buffer, 0, len * 2).toString("utf16le");
  return { s, map: map.subarray(0, len) };
}

const RUN_BREAK = /[^\p{L}\p{N}_$]+/u;

/**
 * Runs of word characters of `s`: no canonical level changes them or puts whitespace inside them (a space between
 * two word characters is significant), so any canonical match of `s` contains each verbatim and a run missing from
 * the file rules every level out.
 */
export function invariantRuns(s: string, minLength = 3): string[] {
  return s
    .split(RUN_BREAK)
    .filter((r) => r.length >= minLength)
    .sort((x, y) => y.length - x.length);
}

/** Non-overlapping occurrences of `needle` in `hay`, at most `limit`. */
export function findAll(hay: string, needle: string, limit = Number.POSITIVE_INFINITY): number[] {
  const out: number[] = [];
  if (needle === "") return out;
  for (let i = hay.indexOf(needle); i !== -1 && out.length < limit; i = hay.indexOf(needle, i + needle.length)) {
    out.push(i);
  }
  return out;
}
