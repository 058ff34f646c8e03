/** `multiline: true`: one record per file (its path, then its whole content), for queries spanning lines. */
import { isAbsolute, join } from "node:path";
import { PathAccessError } from "../core/beneath.js";
import { readRegularFileSync } from "../core/files.js";
import { Field } from "./fzf/matcher.js";
import { displayPath } from "./paths.js";
import { runRipgrep } from "./ripgrep.js";
import { compareHits, type Hit, type ScanBase, type ScanResult } from "./scan.js";

export const MULTILINE_MAX_BYTES = 1024 * 1024;

export interface MultilineOptions extends ScanBase {
  /** rg arguments that list files (`--files-with-matches` or `--files`), NUL-separated. */
  args: string[];
}

export interface MultilineResult extends ScanResult {
  skippedLarge: number;
}

/** 1-based line of character offset `at`. */
function lineOf(content: string, at: number): number {
  let line = 1;
  for (let i = content.indexOf("\n"); i >= 0 && i < at; i = content.indexOf("\n", i + 1)) line++;
  return line;
}

export async function scanMultiline(o: MultilineOptions): Promise<MultilineResult> {
  const paths: string[] = [];
  const run = await runRipgrep({
    rg: o.rg,
    args: o.args,
    cwd: o.cwd,
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    roots: o.roots,
    separator: "\0",
    onRecord: (record) => {
      const p = record.replace(/^\n+/u, "");
      if (p !== "") paths.push(p);
      return true;
    },
  });
  let lines = 0;
  let skippedLarge = 0;
  const deadline = Date.now() + o.timeoutMs;
  let timedOut = run.timedOut;
  let stoppedEarly = false;
  for (const raw of paths.sort()) {
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    const abs = isAbsolute(raw) ? raw : join(o.cwd, raw);
    let content: string;
    try {
      content = readRegularFileSync(abs, MULTILINE_MAX_BYTES).toString("utf8");
    } catch (e) {
      if (e instanceof PathAccessError && e.reason === "too_large") skippedLarge++;
      continue;
    }
    if (content.endsWith("\n")) content = content.slice(0, -1);
    const path = displayPath(raw);
    lines += 1;
    const contentField = new Field(content);
    const fields = o.contentOnly ? [contentField] : [new Field(path), contentField];
    let accepted = false;
    for (const c of o.collectors) {
      const m = c.matcher.match(fields);
      if (!m) continue;
      accepted = true;
      c.count++;
      // The record is the span the match covers, from its earliest matched character's line to its last's: its
      // first line is kept here (verification compares it), the others are read back from the verified file.
      const line = m.contentFrom >= 0 ? lineOf(content, m.contentFrom) : 1;
      const endLine = m.contentTo > 0 ? lineOf(content, m.contentTo - 1) : line;
      const from = m.contentFrom >= 0 ? content.lastIndexOf("\n", m.contentFrom - 1) + 1 : 0;
      const lineEnd = content.indexOf("\n", from);
      const hit: Hit = {
        file: path,
        line,
        content: content.slice(from, lineEnd < 0 ? content.length : lineEnd),
        score: m.score,
        length: path.length + content.length,
        contentStart: m.contentFrom >= 0 ? m.contentFrom - from : 0,
        endLine,
      };
      if (c.top.admits((w) => compareHits(hit, w) < 0)) c.top.push(hit);
    }
    o.counter?.add(fields);
    if (o.stopAtFirst && accepted) {
      stoppedEarly = true;
      break;
    }
  }
  return {
    ...run,
    timedOut,
    stoppedEarly,
    lines,
    filesSearched: paths.length,
    filesWithLines: paths.length,
    skippedLarge,
  };
}
