/**
 * read_file: numbered lines in the one format edit_file recognises and strips when an agent pastes them back
 * (`String(n).padStart(6) + "\t" + text`, the `cat -n` layout); the file's hash for `expected_hash`.
 */
import { ToolError } from "../core/errors.js";
import type { ToolContext } from "../core/tool.js";
import { closeEditTarget, openEditTarget, readTarget } from "./paths.js";
import { decodeFileOff, type EolStyle } from "./text.js";
import { seenVersions } from "./versions.js";

const MAX_LINE_CHARS = 2000;
export const DEFAULT_LIMIT = 2000;
export const MAX_LIMIT = 5000;

export interface ReadArgs {
  path: string;
  offset?: number;
  limit?: number;
  line_numbers?: boolean;
}

export interface ReadOutput {
  [key: string]: unknown;
  path: string;
  content: string;
  start_line: number;
  end_line: number;
  total_lines: number;
  has_more: boolean;
  next_offset?: number;
  truncated_lines?: number[];
  sha256: string;
  eol: EolStyle;
  bom: boolean;
  final_newline: boolean;
}

/** One line as read_file shows it. */
export function numberedLine(n: number, text: string): string {
  return `${String(n).padStart(6)}\t${text}`;
}

export async function readFile(args: ReadArgs, ctx: ToolContext, maxBytes: number): Promise<ReadOutput> {
  const target = openEditTarget(args.path, ctx);
  let bytes: Buffer;
  try {
    bytes = await readTarget(target, args.path, maxBytes, "offset");
  } finally {
    closeEditTarget(target);
  }
  const file = await decodeFileOff(bytes, args.path);
  seenVersions(ctx).remember(target.absolute, bytes, file.sha256);
  const lines = file.lf === "" ? [] : file.lf.replace(/\n$/u, "").split("\n");
  const total = lines.length;
  const offset = args.offset ?? 1;
  const limit = Math.min(args.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  if (offset > Math.max(total, 1)) {
    const last = Math.max(1, total - limit + 1);
    throw new ToolError({
      error: `offset ${offset} is past the end of '${args.path}', which has ${total} lines`,
      error_type: "EDIT_INVALID_ARGUMENT",
      parameter: "offset",
      got: offset,
      expected: `1..${Math.max(total, 1)}`,
      likely_fix: { offset: last },
      hints: [`The file has ${total} lines`],
    });
  }
  const from = offset - 1;
  const to = Math.min(total, from + limit);
  const numbers = args.line_numbers ?? true;
  const truncated: number[] = [];
  const out: string[] = [];
  for (let i = from; i < to; i++) {
    let text = lines[i];
    if (text.length > MAX_LINE_CHARS) {
      text = text.slice(0, MAX_LINE_CHARS);
      truncated.push(i + 1);
    }
    // A lone CR (not part of CRLF) is not shown either: it would move the terminal's cursor.
    text = text.replaceAll("\r", "");
    out.push(numbers ? numberedLine(i + 1, text) : text);
  }
  const result: ReadOutput = {
    path: args.path,
    content: out.join("\n"),
    start_line: total === 0 ? 0 : offset,
    end_line: to,
    total_lines: total,
    has_more: to < total,
    sha256: file.sha256,
    eol: file.eol,
    bom: file.bom,
    final_newline: file.finalNewline,
  };
  if (to < total) result.next_offset = to + 1;
  if (truncated.length > 0) result.truncated_lines = truncated;
  return result;
}
