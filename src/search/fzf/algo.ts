/**
 * fzf's match algorithms (fzf `src/algo/algo.go`) over JS strings. Each takes the original text (for character
 * classes), the comparison text (same length, already lower-cased and/or folded as the term asks) and the term's
 * text (already transformed the same way). Scores equal fzf's, so rankings agree with `fzf --filter`.
 */
import {
  BONUS_BOUNDARY,
  BONUS_CONSECUTIVE,
  BONUS_FIRST_CHAR_MULTIPLIER,
  CHAR_DELIMITER,
  classOf,
  isWhitespaceCode,
  SCORE_GAP_EXTENSION,
  SCORE_GAP_START,
  SCORE_MATCH,
  type Scheme,
} from "./charclass.js";

export interface MatchResult {
  start: number;
  end: number;
  score: number;
}

/** fzf's slab: inputs whose length × pattern length exceeds it fall back to the greedy V1 algorithm. */
const SLAB16_SIZE = 100 * 1024;

let H0 = new Int16Array(1024);
let C0 = new Int16Array(1024);
let B = new Int16Array(1024);
let H = new Int16Array(4096);
let C = new Int16Array(4096);
/** The compared text's code units over the match range, so the matrix loop reads a typed array. */
let T = new Uint16Array(1024);
const F = new Int32Array(1024);

function ensure(n: number, matrix: number): void {
  if (H0.length < n) {
    const size = Math.max(n, H0.length * 2);
    H0 = new Int16Array(size);
    C0 = new Int16Array(size);
    B = new Int16Array(size);
    T = new Uint16Array(size);
  }
  if (H.length < matrix) {
    const size = Math.max(matrix, H.length * 2);
    H = new Int16Array(size);
    C = new Int16Array(size);
  }
}

/**
 * Range [min, max) that can hold a match: from just before the first occurrence of the pattern's first character to
 * the last occurrence of its last character (fzf's asciiFuzzyIndex), or undefined when the characters do not occur
 * in order.
 */
export function fuzzyRange(cmp: string, pattern: string): [number, number] | undefined {
  let idx = 0;
  let first = 0;
  let last = 0;
  for (let p = 0; p < pattern.length; p++) {
    const found = cmp.indexOf(pattern[p], idx);
    if (found < 0) return undefined;
    if (p === 0 && found > 0) first = found - 1;
    last = found;
    idx = found + 1;
  }
  const end = cmp.lastIndexOf(pattern[pattern.length - 1]);
  return [first, Math.max(end, last) + 1];
}

function bonusAt(orig: string, idx: number, scheme: Scheme): number {
  if (idx === 0) return scheme.bonusBoundaryWhite;
  return scheme.bonus[classOf(orig.charCodeAt(idx - 1), scheme) * 7 + classOf(orig.charCodeAt(idx), scheme)];
}

/** fzf FuzzyMatchV2: the optimal alignment by a modified Smith-Waterman. */
export function fuzzyMatchV2(orig: string, cmp: string, pattern: string, scheme: Scheme): MatchResult | null {
  const M = pattern.length;
  if (M === 0) return { start: 0, end: 0, score: 0 };
  const fullN = cmp.length;
  if (M > fullN) return null;
  if (fullN * M > SLAB16_SIZE) return fuzzyMatchV1(orig, cmp, pattern, scheme);
  const range = fuzzyRange(cmp, pattern);
  if (!range) return null;
  const [minIdx, maxIdx] = range;
  const N = maxIdx - minIdx;
  ensure(N, 0);
  if (F.length < M) return fuzzyMatchV1(orig, cmp, pattern, scheme);

  let maxScore = 0;
  let maxScorePos = 0;
  let pidx = 0;
  let lastIdx = 0;
  const pchar0 = pattern.charCodeAt(0);
  let pchar = pchar0;
  let prevH0 = 0;
  let prevClass = scheme.initialClass;
  let inGap = false;
  const bonusMatrix = scheme.bonus;
  const ascii = scheme.ascii;
  for (let off = 0; off < N; off++) {
    const char = cmp.charCodeAt(minIdx + off);
    T[off] = char;
    const o = orig.charCodeAt(minIdx + off);
    const cls = o < 128 ? ascii[o] : classOf(o, scheme);
    const bonus = bonusMatrix[prevClass * 7 + cls];
    B[off] = bonus;
    prevClass = cls;
    if (char === pchar) {
      if (pidx < M) {
        F[pidx] = off;
        pidx++;
        pchar = pattern.charCodeAt(Math.min(pidx, M - 1));
      }
      lastIdx = off;
    }
    if (char === pchar0) {
      const score = SCORE_MATCH + bonus * BONUS_FIRST_CHAR_MULTIPLIER;
      H0[off] = score;
      C0[off] = 1;
      if (M === 1 && score > maxScore) {
        maxScore = score;
        maxScorePos = off;
        if (bonus >= BONUS_BOUNDARY) break;
      }
      inGap = false;
    } else {
      const h = prevH0 + (inGap ? SCORE_GAP_EXTENSION : SCORE_GAP_START);
      H0[off] = h > 0 ? h : 0;
      C0[off] = 0;
      inGap = true;
    }
    prevH0 = H0[off];
  }
  if (pidx !== M) return null;
  if (M === 1) return { start: minIdx + maxScorePos, end: minIdx + maxScorePos + 1, score: maxScore };

  const f0 = F[0];
  const width = lastIdx - f0 + 1;
  ensure(N, width * M);
  H.set(H0.subarray(f0, lastIdx + 1), 0);
  C.set(C0.subarray(f0, lastIdx + 1), 0);
  for (let p = 1; p < M; p++) {
    const f = F[p];
    const pc = pattern.charCodeAt(p);
    const row = p * width;
    let gap = false;
    H[row + f - f0 - 1] = 0;
    for (let col = f; col <= lastIdx; col++) {
      const cell = row + col - f0;
      const s2: number = H[cell - 1] + (gap ? SCORE_GAP_EXTENSION : SCORE_GAP_START);
      let s1 = 0;
      let consecutive = 0;
      if (pc === T[col]) {
        s1 = H[cell - 1 - width] + SCORE_MATCH;
        let b = B[col];
        consecutive = C[cell - 1 - width] + 1;
        if (consecutive > 1) {
          const fb = B[col - consecutive + 1];
          if (b >= BONUS_BOUNDARY && b > fb) consecutive = 1;
          else {
            if (b < BONUS_CONSECUTIVE) b = BONUS_CONSECUTIVE;
            if (b < fb) b = fb;
          }
        }
        if (s1 + b < s2) {
          s1 += B[col];
          consecutive = 0;
        } else s1 += b;
      }
      C[cell] = consecutive;
      gap = s1 < s2;
      const score = s1 > s2 ? (s1 > 0 ? s1 : 0) : s2 > 0 ? s2 : 0;
      if (p === M - 1 && score > maxScore) {
        maxScore = score;
        maxScorePos = col;
      }
      H[cell] = score;
    }
  }
  return { start: minIdx + f0, end: minIdx + maxScorePos + 1, score: maxScore };
}

/** fzf calculateScore: the V2 scoring of one fixed alignment [sidx, eidx). */
function calculateScore(
  orig: string,
  cmp: string,
  pattern: string,
  sidx: number,
  eidx: number,
  scheme: Scheme,
): number {
  let pidx = 0;
  let score = 0;
  let inGap = false;
  let consecutive = 0;
  let firstBonus = 0;
  let prevClass = sidx > 0 ? classOf(orig.charCodeAt(sidx - 1), scheme) : scheme.initialClass;
  for (let idx = sidx; idx < eidx; idx++) {
    const cls = classOf(orig.charCodeAt(idx), scheme);
    if (cmp.charCodeAt(idx) === pattern.charCodeAt(pidx)) {
      score += SCORE_MATCH;
      let bonus = scheme.bonus[prevClass * 7 + cls];
      if (consecutive === 0) firstBonus = bonus;
      else {
        if (bonus >= BONUS_BOUNDARY && bonus > firstBonus) firstBonus = bonus;
        bonus = Math.max(bonus, firstBonus, BONUS_CONSECUTIVE);
      }
      score += pidx === 0 ? bonus * BONUS_FIRST_CHAR_MULTIPLIER : bonus;
      inGap = false;
      consecutive++;
      pidx++;
    } else {
      score += inGap ? SCORE_GAP_EXTENSION : SCORE_GAP_START;
      inGap = true;
      consecutive = 0;
      firstBonus = 0;
    }
    prevClass = cls;
  }
  return score;
}

/** fzf FuzzyMatchV1: first occurrence forward, then the shortest window backward. */
export function fuzzyMatchV1(orig: string, cmp: string, pattern: string, scheme: Scheme): MatchResult | null {
  if (pattern.length === 0) return { start: 0, end: 0, score: 0 };
  if (!fuzzyRange(cmp, pattern)) return null;
  let pidx = 0;
  let sidx = -1;
  let eidx = -1;
  for (let i = 0; i < cmp.length; i++) {
    if (cmp.charCodeAt(i) === pattern.charCodeAt(pidx)) {
      if (sidx < 0) sidx = i;
      pidx++;
      if (pidx === pattern.length) {
        eidx = i + 1;
        break;
      }
    }
  }
  if (sidx < 0 || eidx < 0) return null;
  pidx--;
  for (let i = eidx - 1; i >= sidx; i--) {
    if (cmp.charCodeAt(i) === pattern.charCodeAt(pidx)) {
      pidx--;
      if (pidx < 0) {
        sidx = i;
        break;
      }
    }
  }
  return { start: sidx, end: eidx, score: calculateScore(orig, cmp, pattern, sidx, eidx, scheme) };
}

/**
 * fzf exactMatchNaive: the occurrence whose first character has the best bonus. With `boundary` (fzf >= 0.55 `'x'`)
 * the occurrence must start and end on word boundaries.
 */
export function exactMatch(
  orig: string,
  cmp: string,
  pattern: string,
  scheme: Scheme,
  boundary = false,
): MatchResult | null {
  const L = pattern.length;
  if (L === 0) return { start: 0, end: 0, score: 0 };
  if (cmp.length < L) return null;
  let bestPos = -1;
  let bestBonus = -1;
  let from = 0;
  for (;;) {
    const at = cmp.indexOf(pattern, from);
    if (at < 0) break;
    from = at + 1;
    const bonus = bonusAt(orig, at, scheme);
    if (boundary) {
      if (bonus < BONUS_BOUNDARY) continue;
      if (at > 0 && classOf(orig.charCodeAt(at - 1), scheme) > CHAR_DELIMITER) continue;
      const after = at + L;
      if (after < orig.length && classOf(orig.charCodeAt(after), scheme) > CHAR_DELIMITER) continue;
    }
    if (bonus > bestBonus) {
      bestPos = at;
      bestBonus = bonus;
    }
    if (bonus >= BONUS_BOUNDARY) break;
  }
  if (bestPos < 0) return null;
  const start = bestPos;
  const end = bestPos + L;
  if (!boundary) return { start, end, score: calculateScore(orig, cmp, pattern, start, end, scheme) };
  // Underscore boundaries rank below the other kinds (fzf).
  let score = bestBonus;
  let deduct = bestBonus - BONUS_BOUNDARY + 1;
  if (start > 0 && orig[start - 1] === "_") {
    score -= deduct + 1;
    deduct = 1;
  }
  if (end < orig.length && orig[end] === "_") score -= deduct;
  score += SCORE_MATCH * L + scheme.bonusBoundaryWhite * (L + 1);
  return { start, end, score };
}

function leadingWhitespace(s: string): number {
  let i = 0;
  while (i < s.length && isWhitespaceCode(s.charCodeAt(i))) i++;
  return i;
}

function trailingWhitespace(s: string): number {
  let i = 0;
  while (i < s.length && isWhitespaceCode(s.charCodeAt(s.length - 1 - i))) i++;
  return i;
}

/** fzf PrefixMatch: leading whitespace of the field is ignored unless the term starts with a space. */
export function prefixMatch(orig: string, cmp: string, pattern: string, scheme: Scheme): MatchResult | null {
  if (pattern.length === 0) return { start: 0, end: 0, score: 0 };
  const trimmed = isWhitespaceCode(pattern.charCodeAt(0)) ? 0 : leadingWhitespace(orig);
  if (cmp.length - trimmed < pattern.length) return null;
  if (!cmp.startsWith(pattern, trimmed)) return null;
  const end = trimmed + pattern.length;
  return { start: trimmed, end, score: calculateScore(orig, cmp, pattern, trimmed, end, scheme) };
}

/** fzf SuffixMatch: trailing whitespace of the field is ignored unless the term ends with a space. */
export function suffixMatch(orig: string, cmp: string, pattern: string, scheme: Scheme): MatchResult | null {
  let trimmedLen = cmp.length;
  if (pattern.length === 0 || !isWhitespaceCode(pattern.charCodeAt(pattern.length - 1))) {
    trimmedLen -= trailingWhitespace(orig);
  }
  if (pattern.length === 0) return { start: trimmedLen, end: trimmedLen, score: 0 };
  const start = trimmedLen - pattern.length;
  if (start < 0) return null;
  if (!cmp.startsWith(pattern, start)) return null;
  return { start, end: trimmedLen, score: calculateScore(orig, cmp, pattern, start, trimmedLen, scheme) };
}

/** fzf EqualMatch: the whole field, outer whitespace ignored. */
export function equalMatch(orig: string, cmp: string, pattern: string, scheme: Scheme): MatchResult | null {
  const L = pattern.length;
  if (L === 0) return null;
  const lead = isWhitespaceCode(pattern.charCodeAt(0)) ? 0 : leadingWhitespace(orig);
  const trail = isWhitespaceCode(pattern.charCodeAt(L - 1)) ? 0 : trailingWhitespace(orig);
  if (cmp.length - lead - trail !== L) return null;
  if (!cmp.startsWith(pattern, lead)) return null;
  const score =
    (SCORE_MATCH + scheme.bonusBoundaryWhite) * L + (BONUS_FIRST_CHAR_MULTIPLIER - 1) * scheme.bonusBoundaryWhite;
  return { start: lead, end: lead + L, score };
}
