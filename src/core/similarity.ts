/**
 * String similarity primitives shared by every matcher in dwim.
 * Pure functions, no allocation-heavy tricks; inputs are short names (tools, parameters, units).
 */

const rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment (restricted Damerau-Levenshtein) distance. Returns `max + 1` as soon as it is exceeded. */
export function osa(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  // Three rolling rows (two back for transpositions, previous, current), reused across calls. With a bound, only the
  // band of cells within `max` of the diagonal can hold a value <= max, so the rest is skipped.
  if (rows[0].length < lb + 2) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(2 * (lb + 2));
  const band = Number.isFinite(max) ? max : lb + la;
  const big = 1 << 29;
  let twoBack = rows[0];
  let prev = rows[1];
  let cur = rows[2];
  twoBack.fill(big, 0, lb + 2);
  for (let j = 0; j <= lb; j++) prev[j] = j <= band ? j : big;
  prev[lb + 1] = big;
  for (let i = 1; i <= la; i++) {
    const lo = Math.max(1, i - band);
    const hi = Math.min(lb, i + band);
    cur[lo - 1] = lo - 1 === 0 ? i : big;
    if (hi + 1 <= lb) cur[hi + 1] = big;
    let rowMin = lo - 1 === 0 ? i : big;
    const ca = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, twoBack[j - 2] + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = twoBack;
    twoBack = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[lb], max + 1);
}

/** Python difflib.SequenceMatcher(None, a, b).ratio() without the autojunk heuristic (identical for len(b) < 200). */
export function rawRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  return (2 * matchingCharacters(a, b)) / total;
}

/** Symmetrised ratio: max(r(a,b), r(b,a)), removing difflib's argument-order dependence (tide/diet). */
export function ratio(a: string, b: string): number {
  const ab = rawRatio(a, b);
  return ab === 1 ? 1 : Math.max(ab, rawRatio(b, a));
}

/** Sum of the sizes of difflib's matching blocks (longest match first, then recursively left and right). */
function matchingCharacters(a: string, b: string): number {
  if (dpRows[0].length < b.length + 1)
    dpRows = [new Int32Array(2 * (b.length + 1)), new Int32Array(2 * (b.length + 1))];
  let total = 0;
  const stack: number[] = [0, a.length, 0, b.length];
  while (stack.length > 0) {
    const bhi = stack.pop() as number;
    const blo = stack.pop() as number;
    const ahi = stack.pop() as number;
    const alo = stack.pop() as number;
    const [i, j, k] = longestMatch(a, b, alo, ahi, blo, bhi);
    if (k === 0) continue;
    total += k;
    if (alo < i && blo < j) stack.push(alo, i, blo, j);
    if (i + k < ahi && j + k < bhi) stack.push(i + k, ahi, j + k, bhi);
  }
  return total;
}

let dpRows: [Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64)];

/**
 * difflib's find_longest_match without junk: the longest block a[i:i+k] == b[j:j+k] inside the window, the first one
 * met scanning i then j upwards (so the same block difflib picks), by a two-row dynamic programme with no allocation.
 */
function longestMatch(
  a: string,
  b: string,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): [number, number, number] {
  let besti = alo;
  let bestj = blo;
  let bestSize = 0;
  let prev = dpRows[0];
  let cur = dpRows[1];
  prev.fill(0, blo, bhi + 1);
  for (let i = alo; i < ahi; i++) {
    const ca = a.charCodeAt(i);
    cur[blo] = 0;
    for (let j = blo; j < bhi; j++) {
      // cur[j + 1]: length of the common run ending at a[i], b[j].
      const k = ca === b.charCodeAt(j) ? prev[j] + 1 : 0;
      cur[j + 1] = k;
      if (k > bestSize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestSize = k;
      }
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return [besti, bestj, bestSize];
}

let jwFlags: [Uint8Array, Uint8Array] = [new Uint8Array(64), new Uint8Array(64)];

/** Jaro-Winkler similarity with scaling p = 0.1 over a common prefix of at most 4 characters. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (jwFlags[0].length < Math.max(la, lb))
    jwFlags = [new Uint8Array(2 * la + 2 * lb), new Uint8Array(2 * la + 2 * lb)];
  const aMatched = jwFlags[0].fill(0, 0, la);
  const bMatched = jwFlags[1].fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (!bMatched[j] && a[i] === b[j]) {
        aMatched[i] = 1;
        bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** max(ratio, Jaro-Winkler): the confirmation score of the name matcher. */
export function confirmScore(a: string, b: string): number {
  return Math.max(ratio(a, b), jaroWinkler(a, b));
}

/**
 * Canonical spelling of a name: NFKC (folds µ into μ, full-width forms), locale-free lower case, wrapping
 * brackets/quotes/backticks and a trailing `()` removed, `-`, `.`-free whitespace and runs of separators become `_`.
 */
export function normalize(input: string): string {
  let s = input.normalize("NFKC").trim();
  s = s.replace(/\(\)$/u, "");
  s = s.replace(/^[[`'"]+|[\]`'"]+$/gu, "");
  s = s.replace(/\(\)$/u, "");
  s = s.toLowerCase();
  s = s.replace(/[\s-]+/gu, "_");
  return s;
}

/** Words of an identifier: splits snake, kebab, camelCase, spaces and digit runs; lower-cased. */
export function tokens(input: string): string[] {
  // ASCII fast path (most names): the same splits without Unicode property classes.
  if (/^[\x20-\x7e]*$/u.test(input)) {
    return input
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .replace(/([A-Za-z])([0-9])/g, "$1 $2")
      .replace(/([0-9])([A-Za-z])/g, "$1 $2")
      .split(/[^A-Za-z0-9]+/)
      .filter((t) => t.length > 0)
      .map((t) => t.toLowerCase());
  }
  return input
    .normalize("NFKC")
    .replace(/([a-z])([A-Z])/gu, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/gu, "$1 $2")
    .replace(/(\p{L})(\p{N})/gu, "$1 $2")
    .replace(/(\p{N})(\p{L})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .map((t) => t.toLowerCase());
}

const SINGULAR_EXCEPTIONS = new Set(["status", "analysis", "alias", "bias", "gas", "bus", "axis", "series", "news"]);

/** Simple English singular: -ies → -y, -sses → -ss, -xes/-ches/-shes → drop "es", -s → drop; -ss/-us/-is kept. */
export function singularize(word: string): string {
  if (word.length <= 3 || SINGULAR_EXCEPTIONS.has(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (/(x|ch|sh)es$/u.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/u.test(word)) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** The comparison key of a name: its tokens singularised and joined by `_` (`fuzzySearchFiles` → `fuzzy_search_file`). */
export function nameKey(input: string): string {
  return tokens(input).map(singularize).join("_");
}

/**
 * difflib's quick_ratio: an upper bound of ratio from shared character counts, with no allocation per candidate.
 * Characters are counted in 128 buckets (non-ASCII ones by code modulo 128): a collision can only raise the shared
 * count, so the result stays an upper bound.
 */
export class RatioBound {
  private readonly counts = new Int32Array(128);

  upper(a: string, b: string): number {
    const total = a.length + b.length;
    if (total === 0) return 1;
    const counts = this.counts;
    let shared = 0;
    for (let i = 0; i < a.length; i++) counts[a.charCodeAt(i) & 127]++;
    for (let i = 0; i < b.length; i++) {
      const c = b.charCodeAt(i) & 127;
      if (counts[c] > 0) {
        counts[c]--;
        shared++;
      }
    }
    for (let i = 0; i < a.length; i++) counts[a.charCodeAt(i) & 127] = 0;
    return (2 * shared) / total;
  }
}

/** Upper bound of ratio from lengths alone: 2·min / (la + lb). */
export function couldReachRatio(a: string, b: string, floor: number): boolean {
  return (2 * Math.min(a.length, b.length)) / (a.length + b.length) >= floor;
}
