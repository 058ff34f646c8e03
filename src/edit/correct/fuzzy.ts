/**
 * Stage 4: scored fuzzy candidates (docs/edit.md, stage 4). Work happens on the L5 canonical forms: windows of |old| lines are
 * seeded by anchor lines (old lines whose canonical form occurs at most 50 times in the file) and by a sliding
 * trigram count over the whole file; the best windows are aligned semi-globally (the candidate may start and end
 * anywhere in its window) with Levenshtein costs where whitespace edits weigh 0.1, within a budget of DP cells.
 */
import { canonicalize, invariantRuns } from "./canonical.js";
import { countUpTo, lineIndex } from "./search.js";

export interface FuzzyOptions {
  /** DP cells allowed in all ([edit] fuzzy_work_budget, 2e7 by default). */
  budget: number;
  minSimilarity?: number;
  maxCandidates?: number;
}

const MAX_ANCHOR_OCCURRENCES = 50;
/** Best trigram windows aligned besides the anchored ones. */
const TOP_WINDOWS = 12;
/** Windows aligned at most, best trigram overlap first. */
const MAX_WINDOWS = 10;
const TABLE = 1 << 16;

function lineOffsets(s: string): number[] {
  const starts = [0];
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

const WS = 1;
const CHAR = 10;

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 9;
}

/** Semi-global alignment of `a` (all of it) against a substring of `b`: [cost ×10, start, end] in b. */
function alignInside(a: string, b: string, maxCost = Number.POSITIVE_INFINITY): [number, number, number] | undefined {
  const m = a.length;
  const k = b.length;
  let prev = new Int32Array(k + 1);
  let cur = new Int32Array(k + 1);
  let prevStart = new Int32Array(k + 1);
  let curStart = new Int32Array(k + 1);
  for (let j = 0; j <= k; j++) prevStart[j] = j;
  const bc = new Int32Array(k);
  for (let j = 0; j < k; j++) bc[j] = b.charCodeAt(j);
  for (let i = 1; i <= m; i++) {
    const ac = a.charCodeAt(i - 1);
    const aWs = isWs(ac);
    const delCost = aWs ? WS : CHAR;
    cur[0] = prev[0] + delCost;
    curStart[0] = 0;
    let rowMin = cur[0];
    for (let j = 1; j <= k; j++) {
      const c = bc[j - 1];
      let best = prev[j - 1] + (c === ac ? 0 : aWs && isWs(c) ? WS : CHAR);
      let start = prevStart[j - 1];
      const del = prev[j] + delCost;
      if (del < best) {
        best = del;
        start = prevStart[j];
      }
      const ins = cur[j - 1] + (isWs(c) ? WS : CHAR);
      if (ins < best) {
        best = ins;
        start = curStart[j - 1];
      }
      cur[j] = best;
      curStart[j] = start;
      if (best < rowMin) rowMin = best;
    }
    // Costs never decrease down a column: once every cell of a row is over the limit, so is the answer.
    if (rowMin > maxCost) return undefined;
    const t = prev;
    prev = cur;
    cur = t;
    const ts = prevStart;
    prevStart = curStart;
    curStart = ts;
  }
  let bestJ = 0;
  for (let j = 1; j <= k; j++) if (prev[j] < prev[bestJ]) bestJ = j;
  return [prev[bestJ], prevStart[bestJ], bestJ];
}

/** Trigram hash of each line of `s` with whitespace skipped and quotes unified, as one flat array. */
function lineTrigrams(s: string, starts: readonly number[]): { hashes: Int32Array; at: Int32Array } {
  const at = new Int32Array(starts.length + 1);
  const hashes = new Int32Array(Math.max(0, s.length));
  let k = 0;
  for (let l = 0; l < starts.length; l++) {
    at[l] = k;
    const end = l + 1 < starts.length ? starts[l + 1] - 1 : s.length;
    let c1 = -1;
    let c2 = -1;
    for (let i = starts[l]; i < end; i++) {
      let c = s.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) continue;
      if (c === 39 || c === 96) c = 34;
      if (c1 >= 0) hashes[k++] = ((c1 * 31 + c2) * 31 + c) & (TABLE - 1);
      c1 = c2;
      c2 = c;
    }
  }
  at[starts.length] = k;
  return { hashes, at };
}

/** Non-whitespace characters of `a` (counted in `aCounts`) that `w` cannot supply: each costs a full edit. */
function missingChars(aCounts: ReadonlyMap<number, number>, w: string): number {
  const have = new Map<number, number>();
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (aCounts.has(c)) have.set(c, (have.get(c) ?? 0) + 1);
  }
  let missing = 0;
  for (const [c, n] of aCounts) missing += Math.max(0, n - (have.get(c) ?? 0));
  return missing;
}

export interface SourceCandidate {
  start: number;
  end: number;
  similarity: number;
}

/**
 * Candidate spans of `old` in the file (LF view), best first, pairwise disjoint. Windows come from anchors (rare
 * invariant runs of old's lines) and from a sliding trigram count; each window is canonicalised (L5) and aligned.
 */
export function fuzzyCandidates(
  lf: string,
  starts: readonly number[],
  old: string,
  options: FuzzyOptions,
): SourceCandidate[] {
  const minSim = options.minSimilarity ?? 0.6;
  const a = canonicalize(old, 5).s.replace(/^\n+|\n+$/gu, "");
  if (a.length === 0 || lf.length === 0) return [];
  const oldRaw = old.replace(/^\n+|\n+$/gu, "").split("\n");
  const n = oldRaw.length;
  const lineCount = starts.length;
  const endOf = (line: number) => (line + 1 < lineCount ? starts[line + 1] - 1 : lf.length);

  const want = new Int32Array(TABLE);
  const oldTri = lineTrigrams(oldRaw.join("\n"), lineOffsets(oldRaw.join("\n")));
  const total = oldTri.at[oldTri.at.length - 1];
  for (let i = 0; i < total; i++) want[oldTri.hashes[i]]++;
  const tri = lineTrigrams(lf, starts);
  const have = new Int32Array(TABLE);
  const overlap = new Int32Array(lineCount);
  let cur = 0;
  const addLine = (l: number) => {
    for (let i = tri.at[l]; i < tri.at[l + 1]; i++) {
      const h = tri.hashes[i];
      if (have[h] < want[h]) cur++;
      have[h]++;
    }
  };
  const removeLine = (l: number) => {
    for (let i = tri.at[l]; i < tri.at[l + 1]; i++) {
      const h = tri.hashes[i];
      have[h]--;
      if (have[h] < want[h]) cur--;
    }
  };
  for (let l = 0; l < Math.min(n, lineCount); l++) addLine(l);
  for (let s = 0; s < lineCount; s++) {
    overlap[s] = cur;
    removeLine(s);
    if (s + n < lineCount) addLine(s + n);
  }

  // Window starts: anchors (rare invariant runs of old's lines), then the best trigram windows.
  const seeds = new Set<number>();
  oldRaw.forEach((line, j) => {
    const run = invariantRuns(line, 4)[0];
    if (!run) return;
    const hits = countUpTo(lf, run, MAX_ANCHOR_OCCURRENCES);
    if (hits.length > MAX_ANCHOR_OCCURRENCES) return;
    for (const p of hits) seeds.add(Math.max(0, lineIndex(starts, p) - j));
  });
  const top: number[] = [];
  for (let s = 0; s < lineCount; s++) {
    if (top.length < TOP_WINDOWS || overlap[s] > overlap[top[top.length - 1]]) {
      top.push(s);
      top.sort((x, y) => overlap[y] - overlap[x]);
      if (top.length > TOP_WINDOWS) top.pop();
    }
  }
  for (const s of top) seeds.add(s);
  // Each non-whitespace edit destroys at most 3 trigrams: an upper bound of the similarity a window can reach.
  const bound = (s: number) =>
    total === 0 ? 1 : 1 - (total - overlap[Math.min(s, lineCount - 1)]) / (3 * 1.5 * a.length);
  const ranked = [...seeds].filter((s) => bound(s) >= minSim).sort((x, y) => overlap[y] - overlap[x] || x - y);

  const aCounts = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (!isWs(c)) aCounts.set(c, (aCounts.get(c) ?? 0) + 1);
  }
  const pad = Math.max(1, Math.ceil(n * 0.1));
  const hits: SourceCandidate[] = [];
  const done: number[] = [];
  let spent = 0;
  const near = Math.max(1, Math.floor(n / 4));
  for (const s of ranked) {
    if (done.length >= MAX_WINDOWS) break;
    if (done.some((d) => Math.abs(d - s) < near)) continue;
    const from = starts[Math.max(0, s - pad)];
    const to = endOf(Math.min(lineCount - 1, s + n - 1 + pad));
    const window = canonicalize(lf.slice(from, to), 5);
    const cells = a.length * window.s.length;
    if (spent + cells > options.budget) continue;
    done.push(s);
    const longest = Math.max(a.length, window.s.length);
    if (1 - missingChars(aCounts, window.s) / longest < minSim) continue;
    spent += cells;
    const aligned = alignInside(a, window.s, Math.floor((1 - minSim) * CHAR * longest));
    if (!aligned) continue;
    const [cost, st, en] = aligned;
    if (en <= st) continue;
    const len = Math.max(a.length, en - st);
    const similarity = 1 - cost / CHAR / len;
    if (similarity >= minSim) {
      hits.push({ start: from + window.map[st], end: from + window.map[en - 1] + 1, similarity });
    }
  }
  hits.sort((x, y) => y.similarity - x.similarity || x.start - y.start);
  const out: SourceCandidate[] = [];
  for (const h of hits) {
    if (out.some((o) => h.start < o.end && o.start < h.end)) continue;
    out.push(h);
    if (out.length >= (options.maxCandidates ?? 3)) break;
  }
  return out;
}
