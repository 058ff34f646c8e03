/** What a failed edit tells the agent: distinguishing lines for ambiguous matches, omission placeholders, sizes. */
import type { LineRange } from "./text.js";

/**
 * A comment-only line with `...`/`…` and "rest of / existing / remaining / unchanged … code / methods / lines"
 * (as gemini-cli's omissionPlaceholderDetector). A bare `...` is Python's Ellipsis, not a placeholder.
 */
const PLACEHOLDER =
  /^\s*(?:\/\/|#|--|;|\/\*|\*|<!--|%)\s*(?:\.\.\.|…)?.*\b(?:rest of|existing|remaining|unchanged|previous|other)\b.*\b(?:code|methods?|lines?|functions?|content|implementation|logic)\b.*$/iu;

function placeholderLines(s: string): string[] {
  return s.split("\n").filter((l) => PLACEHOLDER.test(l) && /\.\.\.|…/u.test(l));
}

/** The placeholder line of `new_str` that `old_str` does not have, if any. */
export function newPlaceholder(oldStr: string, newStr: string): string | undefined {
  const inOld = new Set(placeholderLines(oldStr).map((l) => l.trim()));
  return placeholderLines(newStr).find((l) => !inOld.has(l.trim()));
}

/**
 * Per occurrence, the nearest preceding non-blank line that differs from the line at the same distance before every
 * other occurrence: the text an agent can add to old_str to make it unique.
 */
function distinguishingLines(lines: readonly string[], ranges: readonly LineRange[]): Array<string | undefined> {
  return ranges.map((r, idx) => {
    for (let k = 1; k <= 200 && r.start_line - k >= 1; k++) {
      const text = lines[r.start_line - k - 1];
      if (text.trim() === "") continue;
      const clash = ranges.some((o, j) => {
        if (j === idx) return false;
        const other = lines[o.start_line - k - 1];
        return other !== undefined && other.trim() === text.trim();
      });
      if (!clash) return `line ${r.start_line - k}: ${clip(text.trim(), 80)}`;
    }
    return undefined;
  });
}

export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** Hints for an occurrence mismatch: how to tell the occurrences apart. */
export function mismatchHints(
  lines: readonly string[],
  ranges: readonly LineRange[],
  found: number,
  expected: number,
): string[] {
  const hints: string[] = [];
  const marks = distinguishingLines(lines, ranges.slice(0, 3));
  marks.forEach((m, i) => {
    const r = ranges[i];
    if (m) hints.push(`Occurrence at lines ${r.start_line}–${r.end_line} follows ${m}`);
  });
  hints.push(
    found > expected
      ? `Add a distinguishing line to old_str, or set expected_replacements: ${found} to replace all of them`
      : `Set expected_replacements: ${found}, or check that old_str is the text you meant`,
  );
  return hints.slice(0, 4);
}
