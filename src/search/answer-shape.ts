/** Shaping an answer to its budget: long lines cut around the match, context lines, the `max_chars` cap. */
import type { FileLines } from "./verify.js";

export interface ContentMatch {
  file: string;
  line: number;
  content: string;
  score: number;
  before?: string[];
  after?: string[];
  truncated_line?: boolean;
}

export const LINE_WINDOW = 500;
export const SHORT_LINE_WINDOW = 200;
/** ripgrep's `--max-columns-preview` suffix. */
const RG_PREVIEW = / \[\.\.\. \d+ more matche?s?\]$/u;

/** At most `window` characters around `at` (the first matched character), with `…` marking the cuts. */
export function cutLine(content: string, at: number, window = LINE_WINDOW): { text: string; cut: boolean } {
  let text = content;
  let cut = false;
  const preview = RG_PREVIEW.exec(text);
  if (preview) {
    text = text.slice(0, preview.index);
    cut = true;
  }
  if (text.length <= window) return { text: cut ? `${text}…` : text, cut };
  const anchor = Math.min(Math.max(at, 0), text.length);
  let start = Math.max(0, anchor - Math.floor(window / 4));
  const end = Math.min(text.length, start + window);
  start = Math.max(0, end - window);
  return { text: `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length || cut ? "…" : ""}`, cut: true };
}

/** Adds `before`/`after` lines from the returned files' verified lines (verify.ts). */
export function addContext(matches: ContentMatch[], lines: number, verified: ReadonlyMap<string, FileLines>): void {
  if (lines <= 0) return;
  const range = (file: FileLines, from: number, to: number) => {
    const out: string[] = [];
    for (let i = Math.max(0, from); i < to; i++) {
      const line = file.at(i);
      if (line === undefined) break;
      out.push(cutLine(line, 0, SHORT_LINE_WINDOW).text);
    }
    return out;
  };
  for (const m of matches) {
    const fileLines = verified.get(m.file);
    if (!fileLines) continue;
    const i = m.line - 1;
    m.before = range(fileLines, i - lines, i);
    m.after = range(fileLines, i + 1, i + 1 + lines);
  }
}

/**
 * Fits `result` (whose `matches` are the returned page) into `maxChars` of JSON: first drops context, then cuts
 * content to 200 characters, then drops matches from the tail and says where to continue.
 */
export interface Budgeted {
  matches: object[];
  truncated: boolean;
  next_offset?: number;
  returned: number;
  offset: number;
}

export function fitBudget<T extends Budgeted>(result: T, maxChars: number): T {
  const size = () => JSON.stringify(result).length;
  if (size() <= maxChars) return result;
  const matches = result.matches as Array<Record<string, unknown>>;
  for (const m of matches) {
    delete m.before;
    delete m.after;
  }
  if (size() <= maxChars) return result;
  for (const m of matches) {
    if (typeof m.content === "string" && m.content.length > SHORT_LINE_WINDOW) {
      m.content = `${m.content.slice(0, SHORT_LINE_WINDOW)}…`;
      m.truncated_line = true;
    }
  }
  while (result.matches.length > 0 && size() > maxChars) {
    result.matches.pop();
    result.truncated = true;
  }
  result.returned = result.matches.length;
  result.next_offset = result.offset + result.returned;
  return result;
}
