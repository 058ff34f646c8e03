/**
 * The fast path for the default `regex_pattern` ('.', every non-empty line): ripgrep only lists the files (so
 * .gitignore, globs, types and hidden-file rules stay ripgrep's), and the lines are read here. This avoids piping the
 * whole tree through ripgrep's output, and lets a file be skipped at once when some term can match neither its path
 * nor anywhere in its content. Results are the same lines `rg -n .` would give for text files.
 */
import { isAscii } from "node:buffer";
import { isAbsolute, join } from "node:path";
import { readRegularFileSync } from "../core/files.js";
import { Field } from "./fzf/matcher.js";
import { releaseScanGarbage } from "./memory.js";
import { displayPath } from "./paths.js";
import { runRipgrep } from "./ripgrep.js";
import { compareHits, type Hit, type ScanBase, type ScanResult } from "./scan.js";

/** Flags that only choose files: with these (and the default pattern) the direct path gives rg's lines. */
export const FILE_SELECTION_FLAGS = [
  "--glob",
  "--iglob",
  "--glob-case-insensitive",
  "--type",
  "--type-not",
  "--max-depth",
  "--max-filesize",
  "--no-ignore",
  "--no-ignore-vcs",
  "--no-ignore-parent",
  "--no-ignore-dot",
  "--no-ignore-global",
  "--no-ignore-exclude",
  "--no-ignore-files",
  "--one-file-system",
  "--threads",
];

export function onlyFileSelection(argv: readonly string[]): boolean {
  return argv.every((a) => FILE_SELECTION_FLAGS.includes(a.split("=")[0]));
}

export interface DirectOptions extends ScanBase {
  /** Flags for `rg --files` (already normalised). */
  flags: string[];
  hidden: boolean;
  target: string;
}

export async function scanDirect(o: DirectOptions): Promise<ScanResult> {
  const started = Date.now();
  const paths: string[] = [];
  const list = await runRipgrep({
    rg: o.rg,
    args: [
      "--no-config",
      "--no-require-git",
      "--files",
      "--null",
      ...(o.hidden ? ["--hidden"] : []),
      ...o.flags,
      "--",
      o.target,
    ],
    cwd: o.cwd,
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    separator: "\0",
    onRecord: (r) => {
      if (r !== "") paths.push(r);
      return true;
    },
  });
  let lines = 0;
  let files = 0;
  let timedOut = list.timedOut;
  let aborted = list.aborted;
  let stoppedEarly = false;
  const deadline = started + o.timeoutMs;
  // Files are read synchronously, one at a time: each buffer dies young (a read-ahead queue kept buffers alive long
  // enough to reach the old generation and doubled peak RSS). The loop yields regularly for timeouts and cancellation.
  let lastYield = Date.now();
  for (let i = 0; i < paths.length && !timedOut && !aborted && !stoppedEarly; i++) {
    if (Date.now() - lastYield > 50) {
      await new Promise((r) => setImmediate(r));
      lastYield = Date.now();
    }
    let buf: Buffer | undefined;
    try {
      const p = paths[i];
      // Never blocks: a FIFO or device swapped in after ripgrep listed the file is refused unopened.
      buf = readRegularFileSync(isAbsolute(p) ? p : join(o.cwd, p));
    } catch {
      buf = undefined;
    }
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    if (o.signal?.aborted) {
      aborted = true;
      break;
    }
    // ripgrep treats a file with a NUL byte as binary and skips it.
    if (!buf || buf.length === 0 || buf.includes(0)) continue;
    const path = displayPath(paths[i]);
    const pathField = new Field(path);
    files++;
    const ascii = isAscii(buf);
    if (ascii && !o.counter && !o.collectors.some((c) => c.matcher.mayMatchBytes(pathField, buf, o.contentOnly))) {
      lines += countNonEmptyLines(buf);
      continue;
    }
    const onLine = (line: number, content: string, lower: string | undefined): boolean => {
      lines++;
      const contentField = new Field(content, { ascii: ascii ? true : undefined, lower });
      const fields = o.contentOnly ? [contentField] : [pathField, contentField];
      let accepted = false;
      for (const c of active) {
        const m = c.matcher.match(fields);
        if (!m) continue;
        accepted = true;
        c.count++;
        const length = path.length + String(line).length + 2 + content.trimEnd().length;
        if (c.top.admits((w) => compareHits({ score: m.score, length, file: path, line } as Hit, w) < 0)) {
          c.top.push({ file: path, line, content, score: m.score, length, contentStart: m.contentStart });
        }
      }
      o.counter?.add(fields);
      return !(o.stopAtFirst && accepted);
    };
    let active = o.collectors;
    if (ascii) {
      // ASCII files are cut into lines straight from the bytes: small strings only, no whole-file copies.
      let line = 0;
      let start = 0;
      while (start < buf.length) {
        let end = buf.indexOf(10, start);
        if (end < 0) end = buf.length;
        line++;
        if (end > start) {
          const stop = buf[end - 1] === 13 ? end - 1 : end;
          if (
            !o.counter &&
            !active.some((c) => c.matcher.mayMatchLineBytes(pathField, buf, start, stop, o.contentOnly))
          ) {
            lines++;
          } else if (!onLine(line, buf.toString("latin1", start, stop), undefined)) {
            stoppedEarly = true;
            break;
          }
        }
        start = end + 1;
      }
      continue;
    }
    const text = buf.toString("utf8");
    const whole = new Field(text, { ascii: false });
    if (!o.counter) active = o.collectors.filter((c) => c.matcher.mayMatchFile(pathField, whole, o.contentOnly));
    if (active.length === 0 && !o.counter) {
      lines += countNonEmptyLines(buf);
      continue;
    }
    // Lower-case the file once and slice it per line, instead of lower-casing every line.
    const needsLower = active.some((c) => c.matcher.sets.some((set) => set.some((t) => !t.caseSensitive)));
    const lowerText = needsLower ? whole.comparable(false, false) : undefined;
    let line = 0;
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf("\n", start);
      if (end < 0) end = text.length;
      line++;
      if (end > start) {
        const stop = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
        if (!onLine(line, text.slice(start, stop), lowerText?.slice(start, stop))) {
          stoppedEarly = true;
          break;
        }
      }
      start = end + 1;
    }
  }
  releaseScanGarbage(lines);
  return {
    exitCode: list.exitCode,
    stderr: list.stderr,
    timedOut,
    stoppedEarly,
    aborted,
    lines,
    filesSearched: paths.length,
    filesWithLines: files,
  };
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
