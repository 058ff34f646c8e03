/**
 * Myers diff (O(ND)) over character, token or line sequences, as hunks in the coordinates of both sides, within
 * budgets of memory and steps; large inputs fall back from characters to lines, then to one hunk, so work stays
 * bounded (docs/edit.md, "Bounded work"). The unified diff an edit reports is unified.ts.
 */

/** a[aStart, aEnd) was replaced by b[bStart, bEnd). */
export interface Hunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/**
 * Most trace cells one diff may keep (16 MB): the trace of step d holds 2d + 3 cells, so this bounds the edit
 * distance to about 2,000 whatever maxD says. Before, each step kept a copy of the whole diagonal array, and a
 * 100,000-line change took gigabytes.
 */
const MAX_TRACE_CELLS = 4_000_000;
/** Most diagonal and snake steps one diff may take (tens of milliseconds). */
const MAX_WORK = 20_000_000;

/**
 * Myers on number sequences; undefined when the edit distance exceeds maxD or the work its memory and time budgets
 * allow (callers then show a coarser diff).
 */
export function diffSequences(a: ArrayLike<number>, b: ArrayLike<number>, maxD: number): Hunk[] | undefined {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const n = a.length - pre - suf;
  const m = b.length - pre - suf;
  if (n === 0 && m === 0) return [];
  if (n === 0 || m === 0) return [{ aStart: pre, aEnd: pre + n, bStart: pre, bEnd: pre + m }];
  const max = Math.min(n + m, maxD);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[offset - d - 1 .. offset + d + 1] as it was before step d.
  const trace: Int32Array[] = [];
  let cells = 0;
  let work = 0;
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    cells += 2 * d + 3;
    if (cells > MAX_TRACE_CELLS || work > MAX_WORK) return undefined;
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])) x = v[offset + k + 1];
      else x = v[offset + k - 1] + 1;
      let y = x - k;
      const x0 = x;
      while (x < n && y < m && a[pre + x] === b[pre + y]) {
        x++;
        y++;
      }
      work += 1 + x - x0;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return undefined;
  // Walk back through the trace collecting the edit path, then group consecutive edits into hunks.
  const edits: Array<[number, number, number, number]> = []; // [x0, y0, x1, y1] of each single edit step
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const vd = trace[d];
    const at = (k: number) => vd[k + d + 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    const midX = down ? prevX : prevX + 1;
    edits.push([prevX, prevY, midX, midX - k]);
    x = prevX;
    y = prevY;
  }
  edits.reverse();
  const hunks: Hunk[] = [];
  for (const [x0, y0, x1, y1] of edits) {
    const last = hunks[hunks.length - 1];
    if (last && last.aEnd === pre + x0 && last.bEnd === pre + y0) {
      last.aEnd = pre + x1;
      last.bEnd = pre + y1;
    } else hunks.push({ aStart: pre + x0, aEnd: pre + x1, bStart: pre + y0, bEnd: pre + y1 });
  }
  return hunks;
}

/** Numbers for strings, equal strings equal numbers: lines or tokens as diffSequences compares them. */
export function interner(): (s: string) => number {
  const ids = new Map<string, number>();
  return (s) => {
    let id = ids.get(s);
    if (id === undefined) {
      id = ids.size;
      ids.set(s, id);
    }
    return id;
  };
}

function codes(s: string): Uint16Array {
  const out = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Line ids (shared interner) and the offset where each line starts, with a sentinel at the end. */
function lineTokens(s: string, id: (s: string) => number): { ids: number[]; starts: number[] } {
  const ids: number[] = [];
  const starts: number[] = [];
  let pos = 0;
  while (pos < s.length) {
    const nl = s.indexOf("\n", pos);
    const end = nl === -1 ? s.length : nl + 1;
    ids.push(id(s.slice(pos, end)));
    starts.push(pos);
    pos = end;
  }
  starts.push(s.length);
  return { ids, starts };
}

const CHAR_MAX_D = 600;

/**
 * Character hunks from `a` to `b`. Small differences are diffed per character; otherwise per line, and each changed
 * block of lines per character when that stays cheap (else the block is one hunk).
 */
export function diffChars(a: string, b: string): Hunk[] {
  const direct = diffSequences(codes(a), codes(b), CHAR_MAX_D);
  if (direct) return direct;
  const id = interner();
  const la = lineTokens(a, id);
  const lb = lineTokens(b, id);
  const lines = diffSequences(la.ids, lb.ids, 4000) ?? [
    { aStart: 0, aEnd: la.ids.length, bStart: 0, bEnd: lb.ids.length },
  ];
  const out: Hunk[] = [];
  for (const h of lines) {
    const aS = la.starts[h.aStart];
    const aE = la.starts[h.aEnd];
    const bS = lb.starts[h.bStart];
    const bE = lb.starts[h.bEnd];
    const inner = diffSequences(codes(a.slice(aS, aE)), codes(b.slice(bS, bE)), CHAR_MAX_D);
    if (!inner) out.push({ aStart: aS, aEnd: aE, bStart: bS, bEnd: bE });
    else
      for (const i of inner)
        out.push({ aStart: aS + i.aStart, aEnd: aS + i.aEnd, bStart: bS + i.bStart, bEnd: bS + i.bEnd });
  }
  return out;
}

const TOKEN = /[\p{L}\p{N}_$]+|[ \t]+|\n|[\s\S]/gu;

/** Token boundaries (start offsets, plus the end) of words, runs of blanks, newlines and single other characters. */
function tokenize(s: string, id: (s: string) => number): { ids: number[]; starts: number[] } {
  const ids: number[] = [];
  const starts: number[] = [];
  for (const m of s.matchAll(TOKEN)) {
    ids.push(id(m[0]));
    starts.push(m.index ?? 0);
  }
  starts.push(s.length);
  return { ids, starts };
}

/**
 * Hunks over tokens, in character offsets. A run of blanks or an identifier is never split, so a three-way merge
 * cannot borrow a file's trailing spaces as the indentation of a new line, or wedge a space inside a renamed word.
 */
export function diffTokens(a: string, b: string): Hunk[] {
  const id = interner();
  const ta = tokenize(a, id);
  const tb = tokenize(b, id);
  const hunks = diffSequences(ta.ids, tb.ids, 3000) ?? [
    { aStart: 0, aEnd: ta.ids.length, bStart: 0, bEnd: tb.ids.length },
  ];
  return hunks.map((h) => ({
    aStart: ta.starts[h.aStart],
    aEnd: ta.starts[h.aEnd],
    bStart: tb.starts[h.bStart],
    bEnd: tb.starts[h.bEnd],
  }));
}
