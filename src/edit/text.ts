/**
 * Decoding a file for editing: BOM, per-line EOLs and an LF view with a map back to the original text, so a span
 * found in the LF view is spliced into the original characters by index and every byte outside it stays as it was.
 */
import { createHash, webcrypto } from "node:crypto";
import { ToolError } from "../core/errors.js";

export type EolStyle = "lf" | "crlf" | "mixed" | "none";

export interface DecodedFile {
  bytes: Buffer;
  bom: boolean;
  /** Decoded text without the BOM, original line endings. */
  text: string;
  /** `text` with every CRLF as LF: all matching happens here. */
  lf: string;
  /** LF-view offsets of the `\n` characters that are CRLF in `text`, ascending. */
  crlfAt: number[];
  eol: EolStyle;
  /** Line ending used for newlines that an edit inserts. */
  dominantEol: "\n" | "\r\n";
  finalNewline: boolean;
  sha256: string;
}

const BINARY_PROBE_BYTES = 8192;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Past this size a hash is computed off the event loop (WebCrypto digests run in the thread pool). */
const ASYNC_HASH_BYTES = 1 << 20;

/** sha256Hex, off the event loop for large inputs. */
export async function sha256Off(bytes: Uint8Array): Promise<string> {
  if (bytes.length < ASYNC_HASH_BYTES) return sha256Hex(bytes);
  return Buffer.from(await webcrypto.subtle.digest("SHA-256", bytes)).toString("hex");
}

/**
 * Decodes UTF-8 text; a NUL in the first 8 KB or invalid UTF-8 is EDIT_FILE_READ_ERROR (binary files are not edited).
 * `sha256` is the bytes' hash when the caller has it already (see decodeFileOff).
 */
export function decodeFile(bytes: Buffer, path: string, sha256?: string): DecodedFile {
  const probe = bytes.subarray(0, BINARY_PROBE_BYTES);
  if (probe.includes(0)) {
    throw new ToolError({
      error: `'${path}' looks binary (NUL byte in the first 8 KB); only text files can be read or edited`,
      error_type: "EDIT_FILE_READ_ERROR",
      parameter: "path",
      got: path,
      hints: ["Pick a text file; binary files are never edited"],
    });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ToolError({
      error: `'${path}' is not valid UTF-8; only UTF-8 text files can be read or edited`,
      error_type: "EDIT_FILE_READ_ERROR",
      parameter: "path",
      got: path,
      hints: ["Convert the file to UTF-8 first, or edit it with a tool that knows its encoding"],
    });
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  const crlfAt: number[] = [];
  let lfCount = 0;
  let out = "";
  let from = 0;
  for (let i = text.indexOf("\r\n"); i !== -1; i = text.indexOf("\r\n", i + 2)) {
    out += text.slice(from, i);
    crlfAt.push(out.length);
    out += "\n";
    from = i + 2;
  }
  const lf = crlfAt.length === 0 ? text : out + text.slice(from);
  for (let i = lf.indexOf("\n"); i !== -1; i = lf.indexOf("\n", i + 1)) lfCount++;
  const pureLf = lfCount - crlfAt.length;
  const eol: EolStyle = lfCount === 0 ? "none" : crlfAt.length === 0 ? "lf" : pureLf === 0 ? "crlf" : "mixed";
  return {
    bytes,
    bom,
    text,
    lf,
    crlfAt,
    eol,
    dominantEol: crlfAt.length > pureLf ? "\r\n" : "\n",
    finalNewline: lf.endsWith("\n"),
    sha256: sha256 ?? sha256Hex(bytes),
  };
}

/** decodeFile with the hash computed off the event loop. */
export async function decodeFileOff(bytes: Buffer, path: string): Promise<DecodedFile> {
  return decodeFile(bytes, path, await sha256Off(bytes));
}

/** Index in `text` of LF-view offset `i` (a CRLF counts two characters there). */
export function toOriginal(file: DecodedFile, i: number): number {
  const a = file.crlfAt;
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < i) lo = mid + 1;
    else hi = mid;
  }
  return i + lo;
}

/** CRLF → LF, as the file's LF view. */
export function toLf(s: string): string {
  return s.includes("\r\n") ? s.replaceAll("\r\n", "\n") : s;
}

/** The bytes to write: UTF-8, with the file's BOM kept. */
export function encodeText(file: DecodedFile, text: string): Buffer {
  const body = Buffer.from(text, "utf8");
  return file.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/** Offsets of line starts in `s` (LF view). */
export function lineStarts(s: string): number[] {
  const starts = [0];
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of offset `i`, given the line starts. */
export function lineOf(starts: readonly number[], i: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

export interface LineRange {
  start_line: number;
  end_line: number;
}

/** 1-based inclusive line range of LF-view span [start, end); an empty span or one ending after `\n` is trimmed. */
export function rangeOf(starts: readonly number[], start: number, end: number): LineRange {
  const first = lineOf(starts, start);
  const lastChar = end > start ? end - 1 : start;
  return { start_line: first, end_line: Math.max(first, lineOf(starts, lastChar)) };
}
