/** Shaping an answer to its budget: long lines cut around the match, context lines, the `max_chars` cap. */
import type { Hit } from "./scan.js";
import type { FileLines } from "./verify.js";

export interface ContentMatch {
  file: string;
  line: number;
  /** A multiline record: the line of the match's last character (`line` is its first's). */
  end_line?: number;
  content: string;
  score: number;
  before?: string[];
  after?: string[];
  truncated_line?: boolean;
}

const LINE_WINDOW = 500;
const SHORT_LINE_WINDOW = 200;
/** ripgrep's `--max-columns-preview` suffix. */
const RG_PREVIEW = / \[\.\.\. \d+ more matche?s?\]$/u;

/** At most `window` characters around `at` (the first matched character), with `…` marking the cuts. */
function cutLine(content: string, at: number, window = LINE_WINDOW): { text: string; cut: boolean } {
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

/** A matched line, cut around its first matched character. */
export function lineMatch(h: Hit): ContentMatch {
  const cut = cutLine(h.content, h.contentStart);
  const m: ContentMatch = { file: h.file, line: h.line, content: cut.text, score: h.score };
  if (cut.cut) m.truncated_line = true;
  return m;
}

/**
 * A multiline record: the lines its match spans (`line`..`end_line`), read from the verified file (`lines`), at most
 * `window` characters of them from the first (what is cut is marked).
 */
export function recordMatch(h: Hit, lines: FileLines | undefined, window: number): ContentMatch {
  let last = h.endLine ?? h.line;
  const parts: string[] = [];
  let size = 0;
  for (let i = h.line; i <= last && size <= window; i++) {
    const text = i === h.line ? h.content.replace(/\r$/u, "") : lines?.at(i - 1);
    // The file lost lines since the scan (verification read it again): the range ends where it does now.
    if (text === undefined) {
      last = i - 1;
      break;
    }
    parts.push(text);
    size += text.length + 1;
  }
  const joined = parts.join("\n");
  const cut = joined.length > window || h.line + parts.length - 1 < last;
  const m: ContentMatch = {
    file: h.file,
    line: h.line,
    end_line: last,
    content: joined.length > window ? `${joined.slice(0, window)}…` : joined,
    score: h.score,
  };
  if (cut) m.truncated_line = true;
  return m;
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
    const last = (m.end_line ?? m.line) - 1;
    m.before = range(fileLines, i - lines, i);
    m.after = range(fileLines, last + 1, last + 1 + lines);
  }
}

/**
 * Fits `result` (whose `matches` are the returned page) into `maxChars` of JSON: first drops context, then cuts
 * content — a line to 200 characters, a multiline record to its share of what the budget leaves (at least 200) —
 * then drops matches from the tail and says where to continue.
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
  const records = matches.filter((m) => m.end_line !== undefined);
  const share = records.length > 0 ? recordShare(result, records, maxChars) : SHORT_LINE_WINDOW;
  for (const m of matches) {
    if (typeof m.content !== "string") continue;
    if (
      m.end_line !== undefined ? JSON.stringify(m.content).length - 2 > share : m.content.length > SHORT_LINE_WINDOW
    ) {
      m.content = `${m.end_line !== undefined ? fitJson(m.content, share) : m.content.slice(0, SHORT_LINE_WINDOW)}…`;
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

/** The JSON characters each multiline record may take: what the answer leaves without them, shared (at least 200). */
function recordShare(result: Budgeted, records: Array<Record<string, unknown>>, maxChars: number): number {
  const kept = records.map((m) => m.content);
  for (const m of records) m.content = "";
  const rest = JSON.stringify(result).length;
  records.forEach((m, i) => {
    m.content = kept[i];
  });
  // Each cut record also gains an ellipsis and a `truncated_line` flag.
  return Math.max(SHORT_LINE_WINDOW, Math.floor((maxChars - rest) / records.length) - 32);
}

/** The longest prefix of `text` whose JSON string form (quotes aside) takes at most `chars` characters. */
function fitJson(text: string, chars: number): string {
  let n = Math.min(text.length, chars);
  while (n > 0 && JSON.stringify(text.slice(0, n)).length - 2 > chars) n = Math.floor(n * 0.9);
  return text.slice(0, n);
}
