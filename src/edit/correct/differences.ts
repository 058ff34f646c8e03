/** Classifies how a candidate's text differs from `old_str` (docs/edit.md, `differences` values), hunk by hunk. */
import { diffChars } from "../diff.js";
import { foldUnicode } from "./canonical.js";
import { stripLineNumbers, unescapeOnce } from "./repairs.js";

export type Difference =
  | "eol"
  | "trailing_whitespace"
  | "indentation"
  | "tabs_spaces"
  | "whitespace"
  | "blank_lines"
  | "unicode"
  | "quotes"
  | "escaping"
  | "line_numbers"
  | "punctuation"
  | "content";

const ORDER: readonly Difference[] = [
  "eol",
  "line_numbers",
  "trailing_whitespace",
  "indentation",
  "tabs_spaces",
  "whitespace",
  "blank_lines",
  "unicode",
  "quotes",
  "escaping",
  "punctuation",
  "content",
];

const ALL_ESCAPES = { classic: true, unicode: true };
const WS_ONLY = /^[ \t\n]*$/u;
const QUOTES_ONLY = /^['"`]*$/u;

/** Differences that a correction may carry over without changing what the code means. */
export const SAFE_DIFFERENCES: ReadonlySet<Difference> = new Set([
  "whitespace",
  "indentation",
  "tabs_spaces",
  "trailing_whitespace",
  "blank_lines",
  "quotes",
  "unicode",
  "punctuation",
]);

export function classifyDifferences(oldStr: string, text: string): Difference[] {
  const found = new Set<Difference>();
  let old = oldStr;
  const stripped = stripLineNumbers(old, true);
  if (stripped !== undefined && !text.includes(old)) {
    found.add("line_numbers");
    old = stripped;
  }
  for (const h of diffChars(old, text)) {
    const a = old.slice(h.aStart, h.aEnd);
    const b = text.slice(h.bStart, h.bEnd);
    const before = h.aStart === 0 ? "\n" : old[h.aStart - 1];
    const afterText = text.slice(h.bEnd);
    const atLineEnd = h.aEnd === old.length || old[h.aEnd] === "\n";
    if (WS_ONLY.test(a) && WS_ONLY.test(b)) {
      if (a.includes("\n") || b.includes("\n")) found.add("blank_lines");
      else if (before === "\n" || /^[ \t]*$/u.test(lineBefore(old, h.aStart))) {
        found.add("indentation");
        if ((a + b).includes("\t") && (a + b).includes(" ")) found.add("tabs_spaces");
      } else if (atLineEnd) found.add("trailing_whitespace");
      else found.add("whitespace");
    } else if (foldUnicode(a) === foldUnicode(b) && a !== b) found.add("unicode");
    else if (QUOTES_ONLY.test(a) && QUOTES_ONLY.test(b)) found.add("quotes");
    else if (
      (a + b).includes("\\") &&
      (a.replaceAll("\\", "") === b.replaceAll("\\", "") ||
        unescapeOnce(a, ALL_ESCAPES) === b ||
        unescapeOnce(b, ALL_ESCAPES) === a)
    ) {
      found.add("escaping");
    } else if (/^[;,]*$/u.test(a) && /^[;,]*$/u.test(b) && (atLineEnd || /^[ \t]*(\n|$)/u.test(afterText))) {
      found.add("punctuation");
    } else for (const d of combined(a, b, atLineEnd || /^[ \t]*(\n|$)/u.test(afterText))) found.add(d);
  }
  return ORDER.filter((d) => found.has(d));
}

/** A hunk that mixes kinds (`';` → `"`): the safe normalisations that together make both sides equal, else content. */
function combined(a: string, b: string, atLineEnd: boolean): Difference[] {
  const steps: Array<[Difference, (s: string) => string]> = [
    ["unicode", foldUnicode],
    ["quotes", (s) => s.replace(/['"`]/gu, '"')],
    ["whitespace", (s) => s.replace(/[ \t\n]+/gu, "")],
    ["punctuation", (s) => (atLineEnd ? s.replace(/[;,]+$/u, "") : s)],
  ];
  const norm = (s: string, skip?: number) => steps.reduce((acc, [, f], i) => (i === skip ? acc : f(acc)), s);
  if (norm(a) !== norm(b)) return ["content"];
  const needed = steps.filter((_, i) => norm(a, i) !== norm(b, i)).map(([d]) => d);
  return needed.length > 0 ? needed : ["content"];
}

function lineBefore(s: string, i: number): string {
  const start = s.lastIndexOf("\n", i - 1) + 1;
  return s.slice(start, i);
}
