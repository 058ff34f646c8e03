/**
 * The replacements an edit makes, and splicing them into the file. Exact matches of one old_str are kept packed
 * (one Int32Array of starts, one shared text): replace_all over a large file can find millions, and a plain object
 * per match took gigabytes (docs/edit.md, "Bounded work").
 */
import { Pacer } from "./pace.js";
import { type DecodedFile, encodeText, toOriginal } from "./text.js";

/** A replacement of LF-view characters [start, end) by `text` (LF newlines). */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/** Non-overlapping replacements in file order. */
export class SpanList implements Iterable<Span> {
  private constructor(
    private readonly list: readonly Span[] | undefined,
    private readonly starts: Int32Array,
    private readonly width: number,
    private readonly text: string,
  ) {}

  static of(spans: readonly Span[]): SpanList {
    return new SpanList(
      [...spans].sort((a, b) => a.start - b.start),
      new Int32Array(0),
      0,
      "",
    );
  }

  /** `width` characters at each of `starts` (ascending) replaced by `text`. */
  static uniform(starts: Int32Array, width: number, text: string): SpanList {
    return new SpanList(undefined, starts, width, text);
  }

  get size(): number {
    return this.list ? this.list.length : this.starts.length;
  }

  at(i: number): Span {
    if (this.list) return this.list[i];
    const start = this.starts[i];
    return { start, end: start + this.width, text: this.text };
  }

  /** For spans of one shared text: their starts, width and text (undefined for a list of different spans). */
  packed(): { starts: Int32Array; width: number; text: string } | undefined {
    return this.list ? undefined : { starts: this.starts, width: this.width, text: this.text };
  }

  /** The first `n` spans. */
  head(n: number): Span[] {
    const out: Span[] = [];
    for (let i = 0; i < Math.min(n, this.size); i++) out.push(this.at(i));
    return out;
  }

  *[Symbol.iterator](): Iterator<Span> {
    for (let i = 0; i < this.size; i++) yield this.at(i);
  }
}

/** Non-overlapping occurrences of `needle` in `hay`, packed; the pacer gets a turn every few thousand. */
export async function findAllPacked(hay: string, needle: string, pacer: Pacer): Promise<Int32Array> {
  let out = new Int32Array(16);
  let n = 0;
  if (needle === "") return out.subarray(0, 0);
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) {
    if (n === out.length) {
      const grown = new Int32Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[n++] = i;
    if ((n & 4095) === 0) await pacer.tick();
  }
  return out.length > 2 * n + 16 ? out.slice(0, n) : out.subarray(0, n);
}

/** Parts joined into one string per this many spans: the pieces of a huge splice never pile up. */
const CHUNK_SPANS = 4096;

/**
 * The file's text with the spans replaced, spliced by index into the original characters (never
 * String.prototype.replace, whose `$&` and `$$` would rewrite the inserted text); inserted newlines use the file's
 * dominant EOL; the BOM is not part of it (see encodeText).
 */
export async function spliceText(file: DecodedFile, spans: SpanList, pacer: Pacer = Pacer.none): Promise<string> {
  const packed = spans.packed();
  if (packed && file.crlfAt.length === 0) return splicePacked(file.text, packed, pacer);
  const crlf = file.dominantEol === "\r\n";
  const chunks: string[] = [];
  let parts: string[] = [];
  let pos = 0;
  let lastText: string | undefined;
  let lastEncoded = "";
  for (let i = 0; i < spans.size; i++) {
    const s = spans.at(i);
    if (s.text !== lastText) {
      lastText = s.text;
      lastEncoded = crlf ? s.text.replaceAll("\n", "\r\n") : s.text;
    }
    const start = toOriginal(file, s.start);
    parts.push(file.text.slice(pos, start), lastEncoded);
    pos = toOriginal(file, s.end);
    if ((i + 1) % CHUNK_SPANS === 0) {
      chunks.push(parts.join(""));
      parts = [];
      await pacer.tick();
    }
  }
  parts.push(file.text.slice(pos));
  chunks.push(parts.join(""));
  return chunks.length === 1 ? chunks[0] : chunks.join("");
}

/** The common case of replace_all in an LF file: offsets need no mapping, every span has the same text. */
async function splicePacked(
  text: string,
  { starts, width, text: replacement }: { starts: Int32Array; width: number; text: string },
  pacer: Pacer,
): Promise<string> {
  const chunks: string[] = [];
  let parts: string[] = [];
  let pos = 0;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i];
    if (start > pos) parts.push(text.slice(pos, start));
    parts.push(replacement);
    pos = start + width;
    if ((i + 1) % CHUNK_SPANS === 0) {
      chunks.push(parts.join(""));
      parts = [];
      await pacer.tick();
    }
  }
  parts.push(text.slice(pos));
  chunks.push(parts.join(""));
  return chunks.length === 1 ? chunks[0] : chunks.join("");
}

/** The spliced text and the bytes to write (UTF-8, the file's BOM kept). */
export async function spliceSpans(
  file: DecodedFile,
  spans: SpanList,
  pacer: Pacer = Pacer.none,
): Promise<{ text: string; bytes: Buffer }> {
  const text = await spliceText(file, spans, pacer);
  return { text, bytes: encodeText(file, text) };
}
