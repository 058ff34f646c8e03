/**
 * Failures that name where to look: occurrence mismatches, not-found with candidates, already applied (docs/edit.md,
 * "How a call is resolved", stage 6).
 */
import { ToolError } from "../core/errors.js";
import { clip, mismatchHints } from "./diagnostics.js";
import type { PlanInput } from "./plan.js";
import type { Scored } from "./scored.js";
import type { SpanList } from "./spans.js";
import type { LineRange } from "./text.js";
import type { FileView } from "./view.js";

const MAX_OCCURRENCES = 20;

export function mismatchError(view: FileView, spans: SpanList, expected: number, what: string): ToolError {
  const ranges = spans.head(MAX_OCCURRENCES).map((s) => view.range(s.start, s.end));
  return new ToolError({
    error: `${what} occurs ${spans.size} times, expected ${expected}`,
    error_type: "EDIT_EXPECTED_OCCURRENCE_MISMATCH",
    parameter: "old_str",
    got: String(spans.size),
    expected: String(expected),
    occurrences: ranges,
    hints: mismatchHints(view.lineTexts(), ranges, spans.size, expected),
  });
}

export function noOccurrence(
  view: FileView,
  neu: string,
  input: PlanInput,
  scored: Scored,
  likely?: Scored["apply"],
  leading: readonly string[] = [],
): ToolError {
  const candidates = scored.candidates;
  // Stage 6: the edit may already be in the file.
  const applied = alreadyApplied(view, neu);
  if (applied) {
    return new ToolError({
      error: `old_str is not in the file, but new_str already is (lines ${applied.start_line}–${applied.end_line}): the edit seems applied`,
      error_type: "EDIT_ALREADY_APPLIED",
      parameter: "old_str",
      occurrences: [applied],
      hints: ["Nothing to do if this edit was yours; re-read the file before another edit"],
    });
  }
  const hints: string[] = [...leading];
  const best = candidates[0];
  if (best && scored.elided) {
    hints.push(
      `old_str leaves code out with a '...' line; its first and last parts match lines ${best.start_line}–${best.end_line}: copy those lines in full`,
    );
  } else if (best) {
    hints.push(
      `Closest text: lines ${best.start_line}–${best.end_line} (similarity ${best.similarity}), differing in ${best.differences.join(", ")}`,
    );
    if (best.differences.includes("content"))
      hints.push("The content differs, not only its form: re-read those lines with read_file");
    if (best.differences.includes("escaping"))
      hints.push("Backslashes differ: send old_str exactly as the file spells it");
  } else {
    hints.push("No text in the file is similar to old_str; re-read the file with read_file and copy the lines exactly");
  }
  if (input.replace_all) hints.unshift("replace_all matches exact text only");
  if (likely && candidates[0]) {
    // The likely_fix carries the full text of the best candidate already.
    candidates[0] = { ...candidates[0], text: clip(candidates[0].text, 120) };
  }
  const error = new ToolError({
    error: best
      ? `old_str was not found; the closest text is at lines ${best.start_line}–${best.end_line}`
      : "old_str was not found, and nothing in the file is close to it",
    error_type: "EDIT_NO_OCCURRENCE_FOUND",
    parameter: "old_str",
    likely_fix: likely
      ? { old_str: view.lf.slice(likely.span.start, likely.span.end), new_str: likely.text }
      : undefined,
    candidates,
    hints: hints.slice(0, 4),
  });
  fitCandidates(error);
  return error;
}

const MAX_ERROR_BYTES = 2048;

/** Shortens candidate texts (line ranges stay) until the error fits 2 KB, or no text is left to cut. */
function fitCandidates(error: ToolError): void {
  const payload = error.payload;
  const list = (payload.candidates ?? []) as Array<{ text: string }>;
  for (const max of [300, 120, 40, 0]) {
    if (Buffer.byteLength(JSON.stringify(payload)) <= MAX_ERROR_BYTES) return;
    for (const c of list) c.text = max === 0 ? "" : clip(c.text, max);
  }
}

/** new_str (L4 form, at least 3 non-whitespace characters) present exactly once, on word boundaries. */
function alreadyApplied(view: FileView, neu: string): LineRange | undefined {
  if (neu.replace(/\s/gu, "").length < 3) return undefined;
  const hits = view.search.search(neu.replace(/^\n+|\n+$/gu, ""), 4, false);
  if (hits.length !== 1) return undefined;
  const span = hits[0];
  return view.range(span.start, span.end);
}
