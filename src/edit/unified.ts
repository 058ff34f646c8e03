/**
 * The unified diff an edit reports, built from the edit's own spans rather than by diffing the whole file: work and
 * memory follow the part shown (at most `maxBytes`), not the file's size or the number of replacements. Each block
 * of changed lines is refined with a bounded Myers diff; a block too large for it is shown whole, and the diff says
 * so (docs/edit.md, "Bounded work").
 */
import { diffSequences, interner } from "./diff.js";
import { Pacer } from "./pace.js";
import type { SpanList } from "./spans.js";
import { lineOf, lineStarts } from "./text.js";

const CONTEXT = 3;
/** A run of changed lines longer than this is shown as several hunks (so a huge change is cut, not computed). */
const MAX_BLOCK_LINES = 200;
/** Characters of one diff line shown; a longer line is cut with `…`. */
const MAX_LINE_CHARS = 300;
/** Lines of a block's two sides beyond which it is not refined line by line. */
const REFINE_MAX_D = 400;
/** Bytes kept for the notes at the end. */
const RESERVED = 120;

/** Lines [first, last] (0-based) of the old text replaced by lines [newFirst, newLast] of the new one. */
interface Block {
  first: number;
  last: number;
  /** Offset in the new text where line newFirst starts. */
  newStart: number;
  newFirst: number;
  /** newFirst - 1 when the old lines were removed without a trace. */
  newLast: number;
}

class Lines {
  readonly starts: number[];
  constructor(readonly text: string) {
    this.starts = lineStarts(text);
    // A final newline does not start another line.
    if (text.endsWith("\n") || text === "") this.starts.pop();
  }
  get count(): number {
    return this.starts.length;
  }
  /** 0-based line of offset i. */
  of(i: number): number {
    return Math.min(this.count - 1, lineOf(this.starts, i) - 1);
  }
  /** 0-based line that starts at offset i (a line start); `count` at the end of the text. */
  startingAt(i: number): number {
    return i >= this.text.length ? this.count : this.of(i);
  }
  line(k: number): string {
    const end = k + 1 < this.count ? this.starts[k + 1] - 1 : this.text.length;
    const s = this.text.slice(this.starts[k], end);
    return s.endsWith("\n") ? s.slice(0, -1) : s;
  }
}

function clipLine(s: string): string {
  return s.length <= MAX_LINE_CHARS ? s : `${s.slice(0, MAX_LINE_CHARS - 1)}…`;
}

/** Unified diff (3 lines of context) of `before` → `after` (LF texts), where `after` is `before` with `spans` spliced. */
export async function editDiff(
  path: string,
  before: string,
  after: string,
  spans: SpanList,
  maxBytes = 4096,
  pacer: Pacer = Pacer.none,
): Promise<string> {
  const a = new Lines(before);
  const b = new Lines(after);
  const out = new DiffWriter(path, a, b, maxBytes);
  if (a.count === 0) return out.whole();
  let block: Block | undefined;
  // Characters the spans before the current one added (their text's length minus what they replaced).
  let charDelta = 0;
  let prevEnd = -1;
  const packed = spans.packed();
  let steps = 0;
  for (let i = 0; i < spans.size && !out.full; i++) {
    if ((++steps & 4095) === 0) await pacer.tick();
    const s = spans.at(i);
    const first = a.of(s.start);
    let last = s.end > s.start ? a.of(s.end - 1) : first;
    // Replacing a line's newline by text without one joins the next line to it.
    if (s.end > s.start && last + 1 < a.count && s.end === a.starts[last + 1] && !s.text.endsWith("\n")) last++;
    // A long run of changed lines is split where one line is left whole between two spans.
    const gap = first > (block?.last ?? 0) + 1;
    const long = block !== undefined && first > block.last && block.last - block.first >= MAX_BLOCK_LINES;
    if (block && (gap || (long && prevEnd < a.starts[first]))) {
      out.add(block);
      block = undefined;
    }
    prevEnd = s.end;
    // The new text of old lines first..last starts where old line `first` starts, moved by the spans before, and
    // ends where the line after `last` starts, moved by these spans too.
    const newStart = block ? block.newStart : a.starts[first] + charDelta;
    charDelta += s.text.length - (s.end - s.start);
    const lastEnd = last + 1 < a.count ? a.starts[last + 1] : before.length;
    block = {
      first: block ? block.first : first,
      last: Math.max(last, block?.last ?? last),
      newStart,
      newFirst: b.startingAt(newStart),
      newLast: 0,
    };
    block.newLast = newLastLine(b, block, lastEnd + charDelta);
    if (packed) {
      // Spans of one text that end inside the block's lines only add to its delta: skip them in one step (a
      // 10 MB line holding millions of them is one block).
      const blockEnd = block.last + 1 < a.count ? a.starts[block.last + 1] : before.length;
      // (A span ending exactly at the next line's start may join that line: it is taken one by one.)
      const j = firstAbove(packed.starts, blockEnd - 1 - packed.width, i + 1);
      if (j > i + 1) {
        charDelta += (j - i - 1) * (packed.text.length - packed.width);
        prevEnd = packed.starts[j - 1] + packed.width;
        block.newLast = newLastLine(b, block, blockEnd + charDelta);
        i = j - 1;
      }
    }
  }
  if (block && !out.full) out.add(block);
  return out.finish();
}

/** The last new line of a block whose new text ends (exclusive) at offset `newEnd` of the new text. */
function newLastLine(b: Lines, block: Block, newEnd: number): number {
  return newEnd <= block.newStart ? block.newFirst - 1 : b.of(newEnd - 1);
}

/** The first index at or after `from` whose value is above `limit` (values ascending). */
function firstAbove(values: Int32Array, limit: number, from: number): number {
  let lo = from;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Writes hunks (blocks within 2 × CONTEXT lines of each other share one) until the byte budget is used. */
class DiffWriter {
  private readonly lines: string[];
  private size: number;
  private pending: Block[] = [];
  private pendingLines = 0;
  private coarse = false;
  private cut = false;

  constructor(
    path: string,
    private readonly a: Lines,
    private readonly b: Lines,
    private readonly maxBytes: number,
  ) {
    this.lines = [`--- a/${path}`, `+++ b/${path}`];
    this.size = this.lines.join("\n").length + 1;
  }

  get full(): boolean {
    return this.cut;
  }

  /** The whole new text as added lines (creating a file, or filling an empty one). */
  whole(): string {
    const n = this.b.count;
    if (n === 0) return this.render();
    const body: string[] = [`@@ -0,0 +1,${n} @@`];
    for (let k = 0; k < n; k++) body.push(`+${clipLine(this.b.line(k))}`);
    this.append(body, true);
    return this.render();
  }

  add(block: Block): void {
    const prev = this.pending[this.pending.length - 1];
    if (prev && block.first - prev.last - 1 > 2 * CONTEXT) this.flush();
    this.pending.push(block);
    this.pendingLines += block.last - block.first + block.newLast - block.newFirst + 2;
    // Every diff line takes at least two bytes: a hunk this long cannot fit, so it is written (cut) now.
    if (this.pendingLines * 2 > this.maxBytes) this.flush();
  }

  finish(): string {
    this.flush();
    return this.render();
  }

  private flush(): void {
    if (this.pending.length === 0 || this.cut) return;
    const blocks = this.pending;
    this.pending = [];
    this.pendingLines = 0;
    const first = blocks[0];
    const last = blocks[blocks.length - 1];
    const from = Math.max(0, first.first - CONTEXT);
    const to = Math.min(this.a.count - 1, last.last + CONTEXT);
    const newFrom = first.newFirst - (first.first - from);
    const newTo = last.newLast + (to - last.last);
    const newCount = newTo - newFrom + 1;
    // An empty side is numbered by the line before it, as diff(1) does.
    const body: string[] = [
      `@@ -${from + 1},${to - from + 1} +${newCount === 0 ? newFrom : newFrom + 1},${newCount} @@`,
    ];
    let pos = from;
    for (const blk of blocks) {
      for (; pos < blk.first; pos++) body.push(` ${clipLine(this.a.line(pos))}`);
      this.block(body, blk);
      pos = blk.last + 1;
    }
    for (; pos <= to; pos++) body.push(` ${clipLine(this.a.line(pos))}`);
    this.append(body, this.lines.length === 2);
  }

  /**
   * Adds a hunk whole when it fits the budget; the first hunk of a diff is added as far as it fits (its header then
   * counts more lines than are shown, and the note says the diff was cut), later ones not at all.
   */
  private append(body: string[], partial: boolean): void {
    const room = this.maxBytes - RESERVED;
    const bytes = body.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    if (this.size + bytes <= room) {
      this.size += bytes;
      this.lines.push(...body);
      return;
    }
    this.cut = true;
    if (!partial) return;
    for (const line of body) {
      const n = Buffer.byteLength(line) + 1;
      if (this.size + n > room) break;
      this.size += n;
      this.lines.push(line);
    }
  }

  /** The block's lines, refined to the lines that changed when that is cheap; whole otherwise. */
  private block(body: string[], blk: Block): void {
    const oldLines: string[] = [];
    for (let k = blk.first; k <= blk.last; k++) oldLines.push(this.a.line(k));
    const newLines: string[] = [];
    for (let k = blk.newFirst; k <= blk.newLast; k++) newLines.push(this.b.line(k));
    const id = interner();
    const refined = diffSequences(oldLines.map(id), newLines.map(id), REFINE_MAX_D);
    if (!refined) this.coarse = true;
    const hunks = refined ?? [{ aStart: 0, aEnd: oldLines.length, bStart: 0, bEnd: newLines.length }];
    let pos = 0;
    for (const h of hunks) {
      for (; pos < h.aStart; pos++) body.push(` ${clipLine(oldLines[pos])}`);
      for (let x = h.aStart; x < h.aEnd; x++) body.push(`-${clipLine(oldLines[x])}`);
      for (let y = h.bStart; y < h.bEnd; y++) body.push(`+${clipLine(newLines[y])}`);
      pos = h.aEnd;
    }
    for (; pos < oldLines.length; pos++) body.push(` ${clipLine(oldLines[pos])}`);
  }

  private render(): string {
    const notes: string[] = [];
    if (this.cut) notes.push(`… (diff cut at ${this.maxBytes} bytes)`);
    if (this.coarse) notes.push("… (changed blocks too large to compare line by line are shown whole)");
    return `${[...this.lines, ...notes].join("\n")}\n`;
  }
}
