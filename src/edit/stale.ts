/**
 * Stale reads (docs/edit.md, "Stale reads"): an edit planned against the version of the file this session last saw.
 * The lines of that version are matched to the current file's (whitespace ignored, blank lines neutral, a bounded
 * diff); the edit applies only where old_str's lines are unchanged since, and lands where it would have landed in
 * the version read. A match on lines someone else changed is refused with those lines as they read now.
 */
import { ToolError } from "../core/errors.js";
import { diffSequences, type Hunk, interner } from "./diff.js";
import { Pacer } from "./pace.js";
import { type Plan, type PlanInput, planEdit } from "./plan.js";
import { numberedLine } from "./read.js";
import type { SpanList } from "./spans.js";
import { type DecodedFile, lineOf, lineStarts } from "./text.js";

/** How the lines of the version read map onto the current file's. */
class LineDrift {
  /** Current line (0-based) of each read line; -1 where it changed or went, or is blank. */
  readonly toCurrent: Int32Array;
  /** Per current line, 1 where it is new or changed since the read (blank lines never are). */
  readonly changed: Uint8Array;
  /** Per current line k, 1 where read lines were removed just before it (k = count: at the end). */
  readonly cutBefore: Uint8Array;
  /** Prefix sums of changed + cutBefore, for range checks in O(1). */
  private readonly marks: Int32Array;
  readonly readStarts: number[];
  readonly currentStarts: number[];

  constructor(
    readonly read: string,
    readonly current: string,
    hunks: ReadonlyArray<{ aStart: number; aEnd: number; bStart: number; bEnd: number }>,
    readNonBlank: readonly number[],
    currentNonBlank: readonly number[],
  ) {
    this.readStarts = lineStarts(read);
    this.currentStarts = lineStarts(current);
    this.toCurrent = new Int32Array(this.readStarts.length).fill(-1);
    this.changed = new Uint8Array(this.currentStarts.length);
    this.cutBefore = new Uint8Array(this.currentStarts.length + 1);
    let a = 0;
    let b = 0;
    const equalUntil = (aEnd: number) => {
      for (; a < aEnd; a++, b++) this.toCurrent[readNonBlank[a]] = currentNonBlank[b];
    };
    for (const h of hunks) {
      equalUntil(h.aStart);
      for (let k = h.bStart; k < h.bEnd; k++) this.changed[currentNonBlank[k]] = 1;
      if (h.bStart === h.bEnd && h.aEnd > h.aStart) {
        this.cutBefore[h.bStart < currentNonBlank.length ? currentNonBlank[h.bStart] : this.currentStarts.length] = 1;
      }
      a = h.aEnd;
      b = h.bEnd;
    }
    equalUntil(readNonBlank.length);
    this.marks = new Int32Array(this.currentStarts.length + 2);
    for (let k = 0; k <= this.currentStarts.length; k++) {
      this.marks[k + 1] = this.marks[k] + (this.changed[k] ?? 0) + this.cutBefore[k];
    }
  }

  /** Current line k (0-based), without its newline. */
  currentLine(k: number): string {
    const end = k + 1 < this.currentStarts.length ? this.currentStarts[k + 1] - 1 : this.current.length;
    return this.current.slice(this.currentStarts[k], end);
  }

  /** Current lines first..last (0-based) are unchanged since the read, with nothing removed between them. */
  unchanged(first: number, last: number): boolean {
    const changedIn = (from: number, to: number) => this.marks[to + 1] - this.marks[from];
    let inside = changedIn(first, last);
    // A cut just before the first line is outside the range.
    inside -= this.cutBefore[first];
    return inside === 0;
  }

  /**
   * Some of read lines first..last went without a replacement: more of them changed or went than lines of the
   * current region (`at`) are new.
   */
  partlyRemoved(first: number, last: number, at: { first: number; last: number }): boolean {
    let gone = 0;
    for (let k = first; k <= last; k++) {
      const end = k + 1 < this.readStarts.length ? this.readStarts[k + 1] - 1 : this.read.length;
      if (this.toCurrent[k] < 0 && this.read.slice(this.readStarts[k], end).trim() !== "") gone++;
    }
    let added = 0;
    for (let k = Math.max(0, at.first); k <= at.last && k < this.changed.length; k++) added += this.changed[k];
    return gone > added;
  }

  /**
   * Where read lines first..last are now: the current lines between the nearest unchanged read lines around them
   * (empty, first = last + 1, when they were removed).
   */
  currentRegion(first: number, last: number): { first: number; last: number } {
    let before = -1;
    for (let k = first - 1; k >= 0; k--) {
      if (this.toCurrent[k] >= 0) {
        before = this.toCurrent[k];
        break;
      }
    }
    let after = this.currentStarts.length;
    for (let k = last + 1; k < this.toCurrent.length; k++) {
      if (this.toCurrent[k] >= 0) {
        after = this.toCurrent[k];
        break;
      }
    }
    return { first: before + 1, last: after - 1 };
  }
}

/** Steps of the line diff beyond which the changed middle is taken whole (every line in it counts as changed). */
const DRIFT_MAX_D = 2000;

interface NonBlank {
  /** Line index of each non-blank line. */
  index: number[];
  /** Its text without whitespace: what the diff compares. */
  keys: string[];
  /** Its text as written: what breaks ties between look-alikes. */
  texts: string[];
}

function nonBlankLines(lf: string, starts: readonly number[]): NonBlank {
  const out: NonBlank = { index: [], keys: [], texts: [] };
  for (let k = 0; k < starts.length; k++) {
    const end = k + 1 < starts.length ? starts[k + 1] - 1 : lf.length;
    const text = lf.slice(starts[k], end);
    const key = text.replace(/\s+/gu, "");
    if (key === "") continue;
    out.index.push(k);
    out.keys.push(key);
    out.texts.push(text);
  }
  return out;
}

/** The drift from the version read to the current text (whitespace-only changes count as none). */
async function lineDrift(read: string, current: string, pacer: Pacer = Pacer.none): Promise<LineDrift> {
  const a = nonBlankLines(read, lineStarts(read));
  await pacer.tick();
  const b = nonBlankLines(current, lineStarts(current));
  await pacer.tick();
  const id = interner();
  const aIds = a.keys.map(id);
  const bIds = b.keys.map(id);
  const found = diffSequences(aIds, bIds, DRIFT_MAX_D);
  const hunks = found ? slideToExactPairs(found, aIds, bIds, a.texts, b.texts) : wholeMiddle(aIds, bIds);
  await pacer.tick();
  return new LineDrift(read, current, hunks, a.index, b.index);
}

/**
 * A block removed or added next to a look-alike (the same lines but for whitespace) can be placed on either copy,
 * and the diff takes the first it meets: deleting a block followed by a copy with trailing blanks paired the
 * survivor with the deleted lines, and an edit of those lines landed on the copy. Each pure removal or insertion is
 * slid along its run of equal keys to where the most paired lines are identical as written; ties keep the diff's
 * place.
 */
function slideToExactPairs(
  hunks: readonly Hunk[],
  a: readonly number[],
  b: readonly number[],
  aText: readonly string[],
  bText: readonly string[],
): Hunk[] {
  const out = hunks.map((h) => ({ ...h }));
  const same = (i: number, j: number) => (aText[i] === bText[j] ? 1 : 0);
  for (let h = 0; h < out.length; h++) {
    const cur = out[h];
    const removal = cur.bStart === cur.bEnd;
    if (removal === (cur.aStart === cur.aEnd)) continue;
    // The equal runs around the hunk bound the slide.
    const lowA = h > 0 ? out[h - 1].aEnd : 0;
    const highA = h + 1 < out.length ? out[h + 1].aStart : a.length;
    const lowB = h > 0 ? out[h - 1].bEnd : 0;
    const highB = h + 1 < out.length ? out[h + 1].bStart : b.length;
    let best = 0;
    let shift = 0;
    let gain = 0;
    // Up: the pair above the hunk moves to the hunk's last line.
    for (let k = 1; ; k++) {
      const s = removal ? cur.aStart - k : cur.bStart - k;
      const e = removal ? cur.aEnd - k : cur.bEnd - k;
      if (removal ? s < lowA || a[s] !== a[e] : s < lowB || b[s] !== b[e]) break;
      gain += removal
        ? same(e, cur.bStart - k) - same(s, cur.bStart - k)
        : same(cur.aStart - k, e) - same(cur.aStart - k, s);
      if (gain > best) [best, shift] = [gain, -k];
    }
    gain = 0;
    // Down: the pair below the hunk moves to the hunk's first line.
    for (let k = 0; ; k++) {
      const s = removal ? cur.aStart + k : cur.bStart + k;
      const e = removal ? cur.aEnd + k : cur.bEnd + k;
      if (removal ? e >= highA || a[s] !== a[e] : e >= highB || b[s] !== b[e]) break;
      gain += removal
        ? same(s, cur.bStart + k) - same(e, cur.bStart + k)
        : same(cur.aStart + k, s) - same(cur.aStart + k, e);
      if (gain > best) [best, shift] = [gain, k + 1];
    }
    out[h] = { aStart: cur.aStart + shift, aEnd: cur.aEnd + shift, bStart: cur.bStart + shift, bEnd: cur.bEnd + shift };
  }
  return out;
}

/** One hunk between the common head and tail: when the diff is too large to compute, all of it counts as changed. */
function wholeMiddle(a: readonly number[], b: readonly number[]) {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  return [{ aStart: pre, aEnd: a.length - suf, bStart: pre, bEnd: b.length - suf }];
}

/** 0-based lines of each span's first and last character. */
function* spanLines(spans: SpanList, starts: readonly number[]): Generator<{ first: number; last: number }> {
  for (const s of spans) {
    const first = lineOf(starts, s.start) - 1;
    yield { first, last: s.end > s.start ? lineOf(starts, s.end - 1) - 1 : first };
  }
}

/** Read lines first..last with blank lines at either end left out (they map nowhere); undefined if all blank. */
function nonBlankExtent(drift: LineDrift, first: number, last: number): { first: number; last: number } | undefined {
  let f = first;
  let l = last;
  const blank = (k: number) => {
    const end = k + 1 < drift.readStarts.length ? drift.readStarts[k + 1] - 1 : drift.read.length;
    return drift.read.slice(drift.readStarts[k], end).trim() === "";
  };
  while (f <= l && blank(f)) f++;
  while (l >= f && blank(l)) l--;
  return f <= l ? { first: f, last: l } : undefined;
}

export interface StaleContext {
  path: string;
  sha256: string;
}

/**
 * Plans the edit on `current`: against the version the session last saw (`read`) when the file changed since,
 * plainly when it did not or when no version was seen.
 */
export function planKnowingRead(
  read: DecodedFile | undefined,
  current: DecodedFile,
  input: PlanInput,
  where: StaleContext,
): Promise<Plan> {
  return read && read.sha256 !== current.sha256 ? planSinceRead(read, current, input, where) : planEdit(current, input);
}

/**
 * Plans the edit on `current` knowing the session last saw `read`. Where old_str is in the version read, its lines
 * must be unchanged since, and the edit lands on those same lines now; where it is not, the match in the current
 * file must not fall on lines changed since. Otherwise EDIT_CHANGED_SINCE_READ with the lines as they are now.
 */
async function planSinceRead(
  read: DecodedFile,
  current: DecodedFile,
  input: PlanInput,
  where: StaleContext,
): Promise<Plan> {
  const pacer = input.pacer ?? Pacer.none;
  const drift = await lineDrift(read.lf, current.lf, pacer);
  const inRead = await planEdit(read, { ...input, trace: undefined }).catch((e: unknown) => {
    if (e instanceof ToolError) return undefined;
    throw e;
  });
  if (!inRead) return planOnUnchangedLines(drift, current, input, where);
  // Where old_str's lines are now, span by span; any of them changed since the read: refused.
  const targets: Array<{ first: number; last: number }> = [];
  let blankOnly = false;
  for (const r of spanLines(inRead.spans, drift.readStarts)) {
    await pacer.tick();
    const extent = nonBlankExtent(drift, r.first, r.last);
    if (!extent) {
      blankOnly = true;
      continue;
    }
    const first = drift.toCurrent[extent.first];
    const last = drift.toCurrent[extent.last];
    if (first < 0 || last < 0 || !drift.unchanged(first, last)) throw staleError(drift, r, where);
    targets.push({ first, last });
  }
  // Blank lines map nowhere: an old_str of blank lines only may take any unchanged place.
  const accept = blankOnly ? acceptUnchanged(drift) : acceptOnTargets(drift, targets);
  const plan = await planEdit(current, { ...input, accept });
  // The edit lands where it did in the version read: the same lines, in the same number.
  let i = 0;
  for (const c of spanLines(plan.spans, drift.currentStarts)) {
    const t = targets[i++];
    if (t && (c.last < t.first || c.first > t.last)) throw movedError(drift, t, c, where);
  }
  return plan;
}

/** old_str is not in the version read: the edit may apply only on lines nobody changed since. */
async function planOnUnchangedLines(
  drift: LineDrift,
  current: DecodedFile,
  input: PlanInput,
  where: StaleContext,
): Promise<Plan> {
  const plan = await planEdit(current, input);
  for (const c of spanLines(plan.spans, drift.currentStarts)) {
    if (!drift.unchanged(c.first, c.last)) throw staleError(drift, undefined, where, c);
  }
  return plan;
}

function acceptUnchanged(drift: LineDrift): (span: { start: number; end: number }) => boolean {
  return (s) => {
    const { first, last } = linesOf(drift, s);
    return drift.unchanged(first, last);
  };
}

function linesOf(drift: LineDrift, s: { start: number; end: number }): { first: number; last: number } {
  const first = lineOf(drift.currentStarts, s.start) - 1;
  return { first, last: s.end > s.start ? lineOf(drift.currentStarts, s.end - 1) - 1 : first };
}

/**
 * Places on unchanged lines that overlap where old_str was read. A line elsewhere that a correction would also take
 * (a look-alike at another indentation, once a formatter re-indented the file) was not what the agent read.
 */
function acceptOnTargets(
  drift: LineDrift,
  targets: ReadonlyArray<{ first: number; last: number }>,
): (span: { start: number; end: number }) => boolean {
  // Prefix sums of target lines per current line: an overlap test in O(1) however many targets replace_all has.
  const covered = new Int32Array(drift.currentStarts.length + 1);
  for (const t of targets) {
    covered[t.first] += 1;
    covered[t.last + 1] -= 1;
  }
  const inTarget = new Int32Array(drift.currentStarts.length + 1);
  for (let k = 0, depth = 0; k < drift.currentStarts.length; k++) {
    depth += covered[k];
    inTarget[k + 1] = inTarget[k] + (depth > 0 ? 1 : 0);
  }
  return (s) => {
    const { first, last } = linesOf(drift, s);
    return inTarget[last + 1] - inTarget[first] > 0 && drift.unchanged(first, last);
  };
}

/** Lines of the current text shown in an error: at most this many, and this many characters. */
const SHOWN_LINES = 40;
const SHOWN_CHARS = 3000;

interface Shown {
  start_line: number;
  end_line: number;
  /** The lines as read_file shows them. */
  text: string;
  cut: boolean;
}

/**
 * Current lines of a region, its blank edges left out; a region with nothing left was removed. Where some of the
 * lines went (`widen`), the nearest non-blank line on either side is shown too: what now surrounds them.
 */
function shownRegion(
  drift: LineDrift,
  first: number,
  last: number,
  widen = false,
): { from: number; to: number; removed: boolean } {
  const count = drift.current.endsWith("\n") ? drift.currentStarts.length - 1 : drift.currentStarts.length;
  const blank = (k: number) => drift.currentLine(k).trim() === "";
  let f = Math.max(0, first);
  let l = Math.min(count - 1, last);
  while (f <= l && blank(f)) f++;
  while (l >= f && blank(l)) l--;
  if (f <= l && widen) {
    do f--;
    while (f > 0 && blank(f));
    do l++;
    while (l < count - 1 && blank(l));
    return { from: Math.max(0, f), to: Math.min(count - 1, l), removed: false };
  }
  if (f <= l) return { from: f, to: l, removed: false };
  // Removed: the nearest non-blank line on either side shows where the lines were.
  let from = Math.min(first, count) - 1;
  while (from > 0 && blank(from)) from--;
  let to = Math.max(last + 1, 0);
  while (to < count - 1 && blank(to)) to++;
  return { from: Math.max(0, from), to: Math.min(count - 1, to), removed: true };
}

/** Current lines from..to (0-based) as read_file numbers them, cut to SHOWN_LINES and SHOWN_CHARS. */
function currentLines(drift: LineDrift, from: number, to: number): Shown {
  const out: string[] = [];
  let size = 0;
  let cut = false;
  for (let k = from; k <= to; k++) {
    const line = numberedLine(k + 1, drift.currentLine(k));
    if (out.length >= SHOWN_LINES || size + line.length > SHOWN_CHARS) {
      cut = true;
      break;
    }
    out.push(line);
    size += line.length + 1;
  }
  return { start_line: from + 1, end_line: Math.max(from, to) + 1, text: out.join("\n"), cut };
}

/** The payload fields every refusal shares: the lines as they are now (range and text) and the file's hash. */
function current(shown: Shown, where: StaleContext) {
  return {
    current_lines: { start_line: shown.start_line, end_line: shown.end_line },
    current_sha256: where.sha256,
    detail: `Lines ${shown.start_line}–${shown.end_line} of '${where.path}' now (sha256 ${where.sha256.slice(0, 12)}…):\n${shown.text}`,
  };
}

function range(first: number, last: number): string {
  return first === last ? `line ${first + 1}` : `lines ${first + 1}–${last + 1}`;
}

function staleError(
  drift: LineDrift,
  read: { first: number; last: number } | undefined,
  where: StaleContext,
  currentMatch?: { first: number; last: number },
): ToolError {
  const region = read ? drift.currentRegion(read.first, read.last) : (currentMatch as { first: number; last: number });
  const partly = read !== undefined && drift.partlyRemoved(read.first, read.last, region);
  const { from, to, removed } = shownRegion(drift, region.first, region.last, partly);
  const shown = currentLines(drift, from, to);
  const change = removed
    ? "those lines were removed"
    : partly
      ? "some of those lines were removed"
      : "those lines changed";
  const what = read
    ? `old_str is at ${range(read.first, read.last)} of the version you last read, and ${change} since`
    : `old_str matches ${range(region.first, region.last)}, which changed since your last read`;
  return new ToolError({
    error: `${what} (someone else edited '${where.path}'); nothing was written`,
    error_type: "EDIT_CHANGED_SINCE_READ",
    parameter: "old_str",
    ...(read ? { read_lines: { start_line: read.first + 1, end_line: read.last + 1 } } : {}),
    ...current(shown, where),
    hints: [
      removed
        ? `They are gone; the lines shown (${shown.start_line}–${shown.end_line}) surround where they were`
        : partly
          ? `The lines shown (${shown.start_line}–${shown.end_line}) are what is left of them now, with the lines around them: write old_str and new_str against it`
          : `The lines shown (${shown.start_line}–${shown.end_line}) are their text now: write old_str and new_str against it`,
      ...(shown.cut ? [`Only part of them is shown: read_file offset ${shown.start_line} for the rest`] : []),
    ],
  });
}

function movedError(
  drift: LineDrift,
  target: { first: number; last: number },
  matched: { first: number; last: number },
  where: StaleContext,
): ToolError {
  const shown = currentLines(drift, target.first, target.last);
  return new ToolError({
    error: `old_str is now at ${range(target.first, target.last)} (where you read it), but the edit matched ${range(matched.first, matched.last)} of '${where.path}', which changed since; nothing was written`,
    error_type: "EDIT_CHANGED_SINCE_READ",
    parameter: "old_str",
    ...current(shown, where),
    hints: ["Copy the lines shown exactly into old_str"],
  });
}
