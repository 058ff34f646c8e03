/**
 * Reading listed files here instead of through ripgrep's output (the default `regex_pattern`, '.'): ripgrep lists the
 * files, so .gitignore, globs, types and hidden-file rules stay ripgrep's, and the lines are cut from the bytes here,
 * with byte-level checks that skip a file or a line no term can match. A file ripgrep would read differently — a NUL
 * byte (binary), a UTF-16 byte-order mark (transcoded), or too large to hold in memory — is searched by ripgrep
 * itself, so every file gives exactly the lines `rg -n .` prints.
 */
import { isAscii } from "node:buffer";
import { basename, dirname, isAbsolute, join } from "node:path";
import { PathAccessError } from "../core/beneath.js";
import { readRegularFileSync } from "../core/files.js";
import { Field } from "./fzf/matcher.js";
import { FILE_SELECTION_FLAGS, type ListOptions } from "./listing.js";
import { displayPath } from "./paths.js";
import { LINE_ARGS, type RgRunResult, runRipgrep } from "./ripgrep.js";
import { RecordScorer, type ScanBase, scoreLine } from "./scan.js";
import { type BufferEnd, offerEveryLine, pathDecidedScores } from "./whole-file.js";

/** Flags that change nothing about which lines '.' selects. */
const LINE_NEUTRAL_FLAGS = ["--ignore-case", "--case-sensitive", "--smart-case"];

export function onlyFileSelection(argv: readonly string[]): boolean {
  return argv.every((a) => FILE_SELECTION_FLAGS.includes(a.split("=")[0]));
}

/** Whether the default pattern with these flags selects every non-empty line of the listed files. */
export function readsEveryLine(argv: readonly string[]): boolean {
  return argv.every((a) => FILE_SELECTION_FLAGS.includes(a.split("=")[0]) || LINE_NEUTRAL_FLAGS.includes(a));
}

/** Larger files are left to ripgrep, which streams them: a whole-file buffer here would break the memory budget. */
const READ_HERE_MAX_BYTES = 8 * 1024 * 1024;

export interface ReadOptions extends ScanBase {
  hidden: boolean;
  /** Larger files are not searched (ripgrep's --max-filesize, when the listing did not apply it). */
  maxFilesize?: number;
  /** Absolute time (ms) after which reading stops and the result is marked as timed out. */
  deadline: number;
  /** Set by whoever stops the scan (the first accepted line of `stopAtFirst`, or a concurrent ripgrep run). */
  halt: { stopped: boolean };
}

export interface ReadResult {
  lines: number;
  files: number;
  timedOut: boolean;
  aborted: boolean;
  stoppedEarly: boolean;
  /** The worst exit of the ripgrep runs for files read by ripgrep (0 when none ran). */
  exitCode: number;
  stderr: string;
}

/**
 * The file's bytes, "large" when ripgrep should stream it, undefined when it cannot be read or is over `cap` (which
 * ripgrep would not search either).
 */
function readListedFile(abs: string, cap = Number.POSITIVE_INFINITY): Buffer | "large" | undefined {
  try {
    // Never blocks: a FIFO or device swapped in after ripgrep listed the file is refused unopened.
    return readRegularFileSync(abs, Math.min(READ_HERE_MAX_BYTES, cap));
  } catch (e) {
    if (!(e instanceof PathAccessError && e.reason === "too_large")) return undefined;
    return (e.detail.size ?? 0) > cap ? undefined : "large";
  }
}

/** ripgrep reads these differently from plain UTF-8: binary detection, or transcoding from UTF-16. */
function needsRipgrep(buf: Buffer): boolean {
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) return true;
  return buf.includes(0);
}

/** A glob matching exactly this base name (`-g` takes gitignore lines: a backslash escapes the next character). */
function literalGlob(name: string): string {
  return name.replace(/[\\*?[\]{}!,# ]/gu, (c) => `\\${c}`);
}

/** ripgrep's own lines of one listed file: a walk of its directory, one level deep, that selects it by name. */
async function scanOneFile(raw: string, o: ReadOptions): Promise<RgRunResult & { lines: number }> {
  const scorer = new RecordScorer(o);
  const run = await runRipgrep({
    rg: o.rg,
    args: [
      ...LINE_ARGS,
      "--hidden",
      "--max-depth=1",
      `--glob=${literalGlob(basename(raw))}`,
      "-e",
      ".",
      "--",
      dirname(raw),
    ],
    cwd: o.cwd,
    timeoutMs: Math.max(1, o.deadline - Date.now()),
    signal: o.signal,
    separator: "\n",
    onRecord: scorer.onRecord,
    roots: o.roots,
  });
  return { ...run, lines: scorer.lines };
}

/** Scores every non-empty line of the listed files `paths` (raw, as ripgrep printed them). */
export async function readFiles(paths: readonly string[], o: ReadOptions): Promise<ReadResult> {
  const out: ReadResult = {
    lines: 0,
    files: 0,
    timedOut: false,
    aborted: false,
    stoppedEarly: false,
    exitCode: 0,
    stderr: "",
  };
  // Files are read synchronously, one at a time: each buffer dies young (a read-ahead queue kept buffers alive long
  // enough to reach the old generation and doubled peak RSS). The loop yields regularly for timeouts and cancellation.
  let lastYield = Date.now();
  for (let i = 0; i < paths.length; i++) {
    if (Date.now() - lastYield > 50) {
      await new Promise((r) => setImmediate(r));
      lastYield = Date.now();
    }
    if (o.halt.stopped) {
      out.stoppedEarly = true;
      break;
    }
    if (o.signal?.aborted) {
      out.aborted = true;
      break;
    }
    if (Date.now() > o.deadline) {
      out.timedOut = true;
      break;
    }
    const raw = paths[i];
    if (o.progress) o.progress.files++;
    const buf = readListedFile(isAbsolute(raw) ? raw : join(o.cwd, raw), o.maxFilesize);
    if (buf === undefined || buf.length === 0) continue;
    if (buf === "large" || needsRipgrep(buf)) {
      const r = await scanOneFile(raw, o);
      out.lines += r.lines;
      out.files++;
      if (r.exitCode === 2) {
        out.exitCode = 2;
        out.stderr ||= r.stderr;
      }
      if (r.timedOut) out.timedOut = true;
      if (r.aborted) out.aborted = true;
      if (r.stoppedEarly) {
        out.stoppedEarly = true;
        o.halt.stopped = true;
      }
      if (out.timedOut || out.aborted || out.stoppedEarly) break;
      continue;
    }
    out.files++;
    const read = readBuffer(raw, buf, o);
    out.lines += read.lines;
    if (read.end === "stopped") {
      out.stoppedEarly = true;
      o.halt.stopped = true;
      break;
    }
    if (read.end === "timeout") out.timedOut = true;
    if (read.end === "aborted") out.aborted = true;
    if (read.end !== "done") break;
  }
  return out;
}

/**
 * Scores the lines of one file's bytes; `stopped` when a line ended the scan. Lines are cut from the bytes and decoded
 * one at a time (never the whole file as one string, which outlived young-generation collections and grew the heap);
 * an ASCII line is first checked on its bytes, which rules most lines out before any string is made.
 */
function readBuffer(raw: string, bytes: Buffer, o: ReadOptions): { lines: number; end: BufferEnd } {
  // ripgrep drops a UTF-8 byte-order mark.
  const buf = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const path = displayPath(raw);
  const pathField = new Field(path);
  const ascii = isAscii(buf);
  if (ascii && !o.counter && !o.collectors.some((c) => c.matcher.mayMatchBytes(pathField, buf, o.contentOnly))) {
    return { lines: countNonEmptyLines(buf), end: "done" };
  }
  const uniform = ascii ? pathDecidedScores(pathField, o) : undefined;
  if (uniform) return { lines: countNonEmptyLines(buf), end: offerEveryLine(path, buf, uniform, o) };
  let lines = 0;
  let line = 0;
  let start = 0;
  while (start < buf.length) {
    let end = buf.indexOf(10, start);
    if (end < 0) end = buf.length;
    line++;
    // One file can hold many lines, each costly for a long query: the deadline and cancellation are checked here too.
    if ((line & 255) === 0) {
      if (o.signal?.aborted) return { lines, end: "aborted" };
      if (Date.now() > o.deadline) return { lines, end: "timeout" };
      if (o.halt.stopped) return { lines, end: "stopped" };
    }
    if (end > start) {
      const stop = buf[end - 1] === 13 ? end - 1 : end;
      lines++;
      let content: string | undefined;
      let field: Field | undefined;
      if (ascii || isAscii(buf.subarray(start, stop))) {
        if (
          o.counter ||
          o.collectors.some((c) => c.matcher.mayMatchLineBytes(pathField, buf, start, stop, o.contentOnly))
        ) {
          content = buf.toString("latin1", start, stop);
          field = new Field(content, { ascii: true });
        }
      } else {
        content = buf.toString("utf8", start, stop);
        field = new Field(content, { ascii: false });
      }
      if (content !== undefined && !scoreLine(o, path, pathField, line, content, field))
        return { lines, end: "stopped" };
    }
    start = end + 1;
  }
  return { lines, end: "done" };
}

function countNonEmptyLines(buf: Buffer): number {
  let n = 0;
  let start = 0;
  for (;;) {
    const end = buf.indexOf(10, start);
    if (end < 0) return n + (buf.length > start ? 1 : 0);
    if (end > start) n++;
    start = end + 1;
  }
}

export interface DirectOptions extends ScanBase {
  /** File-selection flags for `rg --files` (already normalised); case flags are allowed and left out of the listing. */
  flags: string[];
  /** The size cap dwim adds (bytes): ripgrep's scan and dwim's reads apply it, the listing does not. */
  maxFilesize?: number;
  hidden: boolean;
  noIgnore?: boolean;
  target: string;
  /** false: score every line of every listed file (the reference the prefiltered scan must equal). */
  prefilter?: boolean;
  /** Reuse a kept listing while its witness holds (listing-cache.ts); default true. */
  listingCache?: boolean;
}

export function listOptions(o: DirectOptions): ListOptions {
  return {
    rg: o.rg,
    cwd: o.cwd,
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    flags: o.flags.filter((f) => !LINE_NEUTRAL_FLAGS.includes(f)),
    hidden: o.hidden,
    noIgnore: o.noIgnore,
    target: o.target,
    roots: o.roots,
  };
}
