/**
 * Nothing leaves a search unverified. ripgrep opens files by path, so a directory swapped for a
 * symlink during its walk can make it read (and list) files outside the roots. Before a page of results is returned,
 * each file on it is opened again race-free beneath the roots (core/beneath.ts) and each match is kept only if that
 * file, inside the roots, has the reported line with the reported text. Context lines come from the same read.
 *
 * Guaranteed: every returned path names a regular file inside the roots at verification time, and every returned
 * line (and context line) is that file's content. Not guaranteed: counts (`total_matches`, diagnostics) may include
 * lines ripgrep read through a swapped path; they reveal numbers, never text.
 */
import { closeSync } from "node:fs";
import { locate } from "../core/beneath.js";
import { readOpenFile } from "../core/files.js";

/** Files bigger than this are not re-read for verification; their matches are dropped. */
const VERIFY_MAX_BYTES = 64 * 1024 * 1024;

export interface VerifyEnv {
  roots: readonly string[];
  cwd: string;
  /** ripgrep's `--encoding`, when given; otherwise UTF-8 with BOM sniffing, as ripgrep does. */
  encoding?: string;
  /** Keep each file's lines in the result (for context lines); otherwise only the current file's are held. */
  keepLines?: boolean;
}

interface Reported {
  file: string;
  line: number;
  content: string;
}

/** A file's lines in one decoding, decoded when asked for (a page needs a few lines of each file, not all). */
export interface FileLines {
  /** Line `index` (0-based) without its line ending; undefined past the last line. */
  at(index: number): string | undefined;
}

/**
 * UTF-8 lines of `bytes` from byte `start`, found with the native byte search and decoded one by one. A line decodes
 * as it would inside the whole text: a newline byte never sits inside a UTF-8 sequence.
 */
class Utf8Lines implements FileLines {
  /** starts[i]: the byte where line i begins (found so far). */
  private readonly starts: number[];

  constructor(
    private readonly bytes: Buffer,
    start: number,
  ) {
    this.starts = [start];
  }

  at(index: number): string | undefined {
    const { bytes, starts } = this;
    while (starts.length <= index + 1) {
      const from = starts[starts.length - 1];
      if (from >= bytes.length) break;
      const nl = bytes.indexOf(10, from);
      starts.push(nl < 0 ? bytes.length : nl + 1);
    }
    const from = starts[index];
    // A final newline ends the last line; it does not start another.
    if (from === undefined || from >= bytes.length) return undefined;
    let end = starts[index + 1] ?? bytes.length;
    if (end > from && bytes[end - 1] === 10) end--;
    if (end > from && bytes[end - 1] === 13) end--;
    return bytes.toString("utf8", from, end);
  }
}

/** Lines of text decoded whole (UTF-16, a named `--encoding`), split on first use. */
class TextLines implements FileLines {
  private lines: string[] | undefined;

  constructor(private readonly text: string) {}

  at(index: number): string | undefined {
    if (!this.lines) {
      const lines = this.text.split("\n");
      if (lines[lines.length - 1] === "") lines.pop();
      this.lines = lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
    }
    return this.lines[index];
  }
}

/**
 * The file's lines, read race-free beneath the roots, in each decoding a scan may have shown them in (ripgrep's,
 * and plain UTF-8 for dwim's own reads); undefined when it is not a regular file inside the roots.
 */
async function verifiedLines(file: string, env: VerifyEnv): Promise<FileLines[] | undefined> {
  let located: ReturnType<typeof locate>;
  try {
    located = locate(file, env.roots, env.cwd, { open: true });
  } catch {
    return undefined;
  }
  const opened = located.file;
  try {
    if (!opened) return undefined;
    const bytes = await readOpenFile(opened.fd, opened.stat.size, VERIFY_MAX_BYTES, located.absolute);
    return decodings(bytes, env.encoding);
  } catch {
    return undefined;
  } finally {
    if (opened) closeSync(opened.fd);
    located.dir.close();
  }
}

/**
 * The text the way ripgrep shows it — a BOM picks UTF-8/16 and is dropped, else `--encoding`, else UTF-8 — and, when
 * that differs, as plain UTF-8.
 */
function decodings(bytes: Buffer, encoding: string | undefined): FileLines[] {
  const plain = new Utf8Lines(bytes, 0);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return [new Utf8Lines(bytes, 3), plain];
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : "";
  if (utf16) return [new TextLines(new TextDecoder(utf16).decode(bytes.subarray(2))), plain];
  if (encoding && !/^(auto|none|utf-?8)$/iu.test(encoding)) {
    try {
      return [new TextLines(new TextDecoder(encoding).decode(bytes)), plain];
    } catch {
      // A label TextDecoder does not know: compare as UTF-8 (mismatching lines are dropped, never invented).
    }
  }
  return [plain];
}

/** ripgrep's `--max-columns-preview` suffix and its omitted-line placeholder. */
const PREVIEW = / \[\.\.\. \d+ more matche?s?\]$/u;
const OMITTED = /^\[Omitted long (?:line|context line)(?: with \d+ match(?:es)?)?\]$/u;

function consistent(reported: string, actual: string | undefined): boolean {
  if (actual === undefined) return false;
  // A line may itself start with U+FEFF (a BOM only marks the encoding at the start of the file).
  if (reported === actual) return true;
  // The fast path keeps a UTF-8 BOM on line 1 and a CR before the newline; ripgrep drops both.
  let text = reported.charCodeAt(0) === 0xfeff ? reported.slice(1) : reported;
  if (text.endsWith("\r")) text = text.slice(0, -1);
  if (text === actual) return true;
  if (OMITTED.test(text)) return true;
  const preview = PREVIEW.exec(text);
  return preview !== null && actual.startsWith(text.slice(0, preview.index));
}

export interface Verified<T> {
  kept: T[];
  dropped: number;
  /** Each kept file's verified lines (for context). */
  lines: Map<string, FileLines>;
}

/** Files verified at once (each holds a descriptor and its bytes until done). */
const VERIFY_CONCURRENCY = 8;

/** Keeps the matches whose file, opened race-free inside the roots, has the reported line. */
export async function verifyMatches<T extends Reported>(matches: readonly T[], env: VerifyEnv): Promise<Verified<T>> {
  const lines = new Map<string, FileLines>();
  const byFile = new Map<string, T[]>();
  for (const m of matches) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
  const files = [...byFile];
  const keep = new Set<T>();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const [file, ms] = files[next++];
      const decoded = await verifiedLines(file, env);
      if (!decoded) continue;
      if (env.keepLines) lines.set(file, decoded[0]);
      for (const m of ms) {
        if (decoded.some((d) => consistent(m.content, d.at(m.line - 1)))) keep.add(m);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(VERIFY_CONCURRENCY, files.length) }, worker));
  // In the page's order.
  const kept = matches.filter((m) => keep.has(m));
  return { kept, dropped: matches.length - kept.length, lines };
}

/** Keeps the listed paths that are regular files inside the roots now (a listing through a swapped path is not). */
export function verifyPaths<T extends { file: string }>(matches: readonly T[], env: VerifyEnv): Verified<T> {
  const kept = matches.filter((m) => {
    try {
      const located = locate(m.file, env.roots, env.cwd);
      located.dir.close();
      return located.stat !== undefined;
    } catch {
      return false;
    }
  });
  return { kept, dropped: matches.length - kept.length, lines: new Map() };
}

/** The warning that goes with dropped results. */
export function droppedWarning(n: number): string {
  return `${n} result(s) dropped: the file changed, vanished or resolved outside the allowed roots between ripgrep's read and verification`;
}
