/**
 * Canonical search over a file without canonicalising all of it: every canonical match of `old` contains each of
 * its invariant runs verbatim, so the file is canonicalised only in line windows around the occurrences of the
 * rarest run (the whole file only when every run is common). Keeps a 1 MB file's cascade in milliseconds.
 */
import { lineOf } from "../text.js";
import { type Canonical, canonicalize, findAll, invariantRuns, isWordCode, type Level } from "./canonical.js";

/** Occurrences of the rarest run beyond which the whole file is canonicalised instead of windows. */
const MAX_RUN_OCCURRENCES = 2000;

export interface SourceHit {
  start: number;
  end: number;
}

/** Occurrences of `needle` in `hay`, counting stops past `cap`. */
export function countUpTo(hay: string, needle: string, cap: number): number[] {
  const out: number[] = [];
  for (let i = hay.indexOf(needle); i !== -1 && out.length <= cap; i = hay.indexOf(needle, i + 1)) out.push(i);
  return out;
}

/** 0-based line of offset i. */
export function lineIndex(starts: readonly number[], i: number): number {
  return lineOf(starts, i) - 1;
}

export class CanonicalSearcher {
  private readonly full = new Map<Level, Canonical>();
  private readonly windowCache = new Map<string, Array<[number, number]> | null | "none">();

  constructor(
    readonly lf: string,
    private readonly starts: () => readonly number[],
  ) {}

  fullCanonical(level: Level): Canonical {
    let c = this.full.get(level);
    if (!c) {
      c = canonicalize(this.lf, level);
      this.full.set(level, c);
    }
    return c;
  }

  /**
   * Source windows [start, end) that contain every canonical match of `src`; `none` when a run is missing from the
   * file (no level can match), null when the runs are too common to narrow the search.
   */
  windows(src: string): Array<[number, number]> | null | "none" {
    const cached = this.windowCache.get(src);
    if (cached !== undefined) return cached;
    const runs = [...new Set(invariantRuns(src))].slice(0, 6);
    let best: number[] | null = null;
    for (const r of runs) {
      const hits = countUpTo(this.lf, r, best === null ? MAX_RUN_OCCURRENCES : best.length);
      if (hits.length === 0) {
        this.windowCache.set(src, "none");
        return "none";
      }
      if (hits.length <= MAX_RUN_OCCURRENCES && (best === null || hits.length < best.length)) best = hits;
    }
    if (best === null) {
      this.windowCache.set(src, null);
      return null;
    }
    const starts = this.starts();
    const span = src.split("\n").length;
    const raw: Array<[number, number]> = best.map((p) => {
      const li = lineIndex(starts, p);
      const from = this.walk(li, -span);
      const to = this.walk(li, span);
      return [starts[from], to + 1 < starts.length ? starts[to + 1] : this.lf.length];
    });
    raw.sort((x, y) => x[0] - y[0]);
    const merged: Array<[number, number]> = [];
    for (const w of raw) {
      const last = merged[merged.length - 1];
      if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
      else merged.push([w[0], w[1]]);
    }
    this.windowCache.set(src, merged);
    return merged;
  }

  /** Line index reached from `li` after passing |count| non-blank lines in the direction of its sign. */
  private walk(li: number, count: number): number {
    const starts = this.starts();
    const step = count < 0 ? -1 : 1;
    let seen = 0;
    let i = li;
    while (seen < Math.abs(count)) {
      const next = i + step;
      if (next < 0 || next >= starts.length) break;
      i = next;
      const end = i + 1 < starts.length ? starts[i + 1] - 1 : this.lf.length;
      if (/\S/u.test(this.lf.slice(starts[i], end))) seen++;
    }
    return i;
  }

  /** Source spans of the canonical matches of `src` at `level`, non-overlapping, in file order. */
  search(src: string, level: Level, atLineStart: boolean): SourceHit[] {
    const needle = canonicalize(src, level).s;
    if (needle.replace(/\n/gu, "") === "") return [];
    const windows = this.windows(src);
    if (windows === "none") return [];
    const regions: Array<[number, Canonical]> =
      windows === null
        ? [[0, this.fullCanonical(level)]]
        : windows.map(([a, b]) => [a, canonicalize(this.lf.slice(a, b), level)] as [number, Canonical]);
    const out: SourceHit[] = [];
    for (const [offset, c] of regions) {
      for (const p of findAll(c.s, needle)) {
        if (!onBoundaries(c.s, p, needle.length, atLineStart)) continue;
        const start = offset + c.map[p];
        const end = offset + c.map[p + needle.length - 1] + 1;
        if (out.length > 0 && start < out[out.length - 1].end) continue;
        out.push({ start, end });
      }
    }
    return out;
  }
}

/** A canonical hit may not start or end inside a word (`x = 1` is not in `max = 1` once spaces are optional). */
function onBoundaries(s: string, pos: number, len: number, atLineStart: boolean): boolean {
  if (atLineStart && pos > 0 && s[pos - 1] !== "\n") return false;
  if (pos > 0 && isWordCode(s.charCodeAt(pos)) && isWordCode(s.charCodeAt(pos - 1))) return false;
  const end = pos + len;
  if (end < s.length && isWordCode(s.charCodeAt(end - 1)) && isWordCode(s.charCodeAt(end))) return false;
  return true;
}
