/**
 * Nothing leaves a search unverified (issue 12, item 1). ripgrep opens files by path, so a directory swapped for a
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
export const VERIFY_MAX_BYTES = 64 * 1024 * 1024;

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

/**
 * The file's lines, read race-free beneath the roots, in each decoding a scan may have shown them in (ripgrep's,
 * and plain UTF-8 for dwim's own reads); undefined when it is not a regular file inside the roots.
 */
async function verifiedLines(file: string, env: VerifyEnv): Promise<string[][] | undefined> {
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
    const plain = bytes.toString("utf8");
    const asRipgrep = ripgrepText(bytes, env.encoding);
    return (asRipgrep === plain ? [plain] : [asRipgrep, plain]).map(splitLines);
  } catch {
    return undefined;
  } finally {
    if (opened) closeSync(opened.fd);
    located.dir.close();
  }
}

function splitLines(text: string): string[] {
  const lines = text.split("\n");
  // A final newline ends the last line; it does not start another.
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

/** Bytes to text the way ripgrep shows them: a BOM picks UTF-8/16 and is dropped, else `--encoding`, else UTF-8. */
function ripgrepText(bytes: Buffer, encoding: string | undefined): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.toString("utf8", 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (encoding && !/^(auto|none|utf-?8)$/iu.test(encoding)) {
    try {
      return new TextDecoder(encoding).decode(bytes);
    } catch {
      // A label TextDecoder does not know: compare as UTF-8 (mismatching lines are dropped, never invented).
    }
  }
  return bytes.toString("utf8");
}

/** ripgrep's `--max-columns-preview` suffix and its omitted-line placeholder. */
const PREVIEW = / \[\.\.\. \d+ more matche?s?\]$/u;
const OMITTED = /^\[Omitted long (?:line|context line)(?: with \d+ match(?:es)?)?\]$/u;

function consistent(reported: string, actual: string): boolean {
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
  lines: Map<string, string[]>;
}

/** Keeps the matches whose file, opened race-free inside the roots, has the reported line. */
export async function verifyMatches<T extends Reported>(matches: readonly T[], env: VerifyEnv): Promise<Verified<T>> {
  const lines = new Map<string, string[]>();
  const kept: T[] = [];
  const byFile = new Map<string, T[]>();
  for (const m of matches) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
  for (const [file, ms] of byFile) {
    const decodings = await verifiedLines(file, env);
    if (!decodings) continue;
    if (env.keepLines) lines.set(file, decodings[0]);
    for (const m of ms) {
      if (decodings.some((d) => d[m.line - 1] !== undefined && consistent(m.content, d[m.line - 1]))) kept.push(m);
    }
  }
  // Back in the page's order.
  const order = new Map(matches.map((m, i) => [m, i]));
  kept.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
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
