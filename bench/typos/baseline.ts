/**
 * The baseline: ucon's `_suggest_units`: difflib get_close_matches(input.lower(), corpus, n=3, cutoff=0.6);
 * a likely fix when the top score is >= 0.7 and leads the second by >= 0.1, else hints.
 */
import { rawRatio } from "../../src/core/similarity.js";

export interface BaselineVerdict {
  fix?: string;
  hints: string[];
}

/** difflib.get_close_matches: SequenceMatcher(candidate, word) ratio >= cutoff, best n by (score, candidate) desc. */
function getCloseMatches(word: string, possibilities: readonly string[], n = 3, cutoff = 0.6): string[] {
  const scored: Array<[number, string]> = [];
  const wordCounts = charCounts(word);
  for (const x of possibilities) {
    // difflib's real_quick_ratio and quick_ratio gates: upper bounds of ratio that skip most candidates cheaply.
    const total = x.length + word.length;
    if (total === 0 || (2 * Math.min(x.length, word.length)) / total < cutoff) continue;
    if ((2 * sharedChars(wordCounts, x)) / total < cutoff) continue;
    const score = rawRatio(x, word);
    if (score >= cutoff) scored.push([score, x]);
  }
  scored.sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0));
  return scored.slice(0, n).map(([, x]) => x);
}

export function baselineSuggest(input: string, corpus: readonly string[]): BaselineVerdict {
  const bad = input.toLowerCase();
  const matches = getCloseMatches(bad, corpus, 3, 0.6);
  if (matches.length === 0) return { hints: [] };
  const top = rawRatio(bad, matches[0]);
  if (top >= 0.7) {
    if (matches.length >= 2) {
      const second = rawRatio(bad, matches[1]);
      if (top - second >= 0.1) return { fix: matches[0], hints: matches.slice(1) };
    } else return { fix: matches[0], hints: [] };
  }
  return { hints: matches };
}

function charCounts(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of s) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/** Multiset intersection size: difflib's quick_ratio numerator. */
function sharedChars(counts: Map<string, number>, x: string): number {
  const left = new Map(counts);
  let n = 0;
  for (const c of x) {
    const k = left.get(c) ?? 0;
    if (k > 0) {
      n++;
      left.set(c, k - 1);
    }
  }
  return n;
}
