/**
 * Which code units the matcher reads as a term's character: the premise of every sound shortcut over the matcher
 * (the prefilter regexes, the path gate). Derived from the matcher's own lower-casing and folding, never listed by hand.
 */
import { foldCode } from "./charclass.js";

/**
 * Code points outside these ranges neither lower-case nor fold to ASCII (test/search/prefilter.test.ts checks every
 * BMP code unit), so the ASCII characters' preimages come from a short scan; other characters need the full one.
 */
export const ASCII_PREIMAGE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x41, 0x5a],
  [0xc0, 0x3ff],
  [0x1d00, 0x1fff],
  [0x2070, 0x22ff],
  [0x2c60, 0x2c7f],
  [0xa720, 0xa7ff],
];

interface Preimages {
  /** Code units whose lower case (alone) is a different single code unit, by that unit. */
  lower: Map<number, number[]>;
  /** Code units foldCode maps elsewhere, by their fold. */
  folded: Map<number, number[]>;
}

let asciiTable: Preimages | undefined;
let fullTable: Preimages | undefined;

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function scanPreimages(ranges: ReadonlyArray<readonly [number, number]>): Preimages {
  const table: Preimages = { lower: new Map(), folded: new Map() };
  for (const [from, to] of ranges) {
    for (let u = from; u <= to; u++) {
      if (u >= 0xd800 && u <= 0xdfff) continue;
      const ch = String.fromCharCode(u);
      const l = ch.toLowerCase();
      if (l.length === 1 && l !== ch) push(table.lower, l.charCodeAt(0), u);
      const f = foldCode(u);
      if (f !== u) push(table.folded, f, u);
    }
  }
  return table;
}

function preimages(code: number): Preimages {
  if (code < 0x80) {
    asciiTable ??= scanPreimages(ASCII_PREIMAGE_RANGES);
    return asciiTable;
  }
  fullTable ??= scanPreimages([[0, 0xffff]]);
  return fullTable;
}

/**
 * Every code unit the matcher reads as `code` of a term: itself, what lower-cases to it (case-insensitive terms),
 * what folds to it (normalising terms), and what lower-cases to something that folds to it.
 */
const matchingCache = new Map<number, number[]>();

export function codesMatching(code: number, caseSensitive: boolean, normalize: boolean): number[] {
  const key = code * 4 + (caseSensitive ? 2 : 0) + (normalize ? 1 : 0);
  let codes = matchingCache.get(key);
  if (!codes) {
    codes = computeCodesMatching(code, caseSensitive, normalize);
    if (matchingCache.size < 4096) matchingCache.set(key, codes);
  }
  return codes;
}

function computeCodesMatching(code: number, caseSensitive: boolean, normalize: boolean): number[] {
  const { lower, folded } = preimages(code);
  const out = new Set<number>([code]);
  const targets = [code, ...(normalize ? (folded.get(code) ?? []) : [])];
  for (const t of targets) {
    out.add(t);
    if (!caseSensitive) for (const u of lower.get(t) ?? []) out.add(u);
  }
  return [...out].sort((a, b) => a - b);
}
