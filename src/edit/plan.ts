/**
 * The edit pipeline without I/O (spec §4, stages 0–4 and 6): from a decoded file and the call's strings to the spans
 * to write, or a ToolError that says why not and where the closest text is. The exact path (stage 1) runs before any
 * normalisation code; every later stage must end in exactly `expected_replacements` matches to be applied.
 */
import type { Correction } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { findAll, LEVEL_CONFIDENCE, LEVELS, type Level } from "./correct/canonical.js";
import { classifyDifferences, type Difference } from "./correct/differences.js";
import { applyRepair, type RepairStep, repairCombinations } from "./correct/repairs.js";
import { transplant } from "./correct/transplant.js";
import { clip, newPlaceholder } from "./diagnostics.js";
import { mismatchError, noOccurrence } from "./failures.js";
import { CANDIDATE_TEXT_BUDGET, fuzzy } from "./scored.js";
import type { DecodedFile, LineRange, Span } from "./text.js";
import { toLf } from "./text.js";
import { FileView, keepFinalNewline, snap } from "./view.js";

export type Strategy = "exact" | "repair" | "canonical" | "fuzzy" | "llm";

export interface PlanInput {
  old_str: string;
  new_str: string;
  expected_replacements: number;
  replace_all: boolean;
  fuzzy_policy: "hint" | "apply";
  fuzzy_work_budget: number;
  /** Checked between stages (the seed's context.Context). */
  signal?: AbortSignal;
  /** Debug record per stage. */
  trace?: (stage: string, detail: Record<string, unknown>) => void;
}

export interface Plan {
  strategy: Strategy;
  spans: Span[];
  corrections: Correction[];
  confidence: number;
}

export interface Candidate extends LineRange {
  similarity: number;
  differences: Difference[];
  text: string;
}

const LEVEL_TYPE: Record<Level, string> = {
  1: "trailing_whitespace",
  2: "indentation",
  3: "unicode_fold",
  4: "whitespace_collapse",
  5: "quote_style",
};

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new ToolError({
      error: "The edit was cancelled before it was written; the file is unchanged",
      error_type: "EDIT_WRITE_ERROR",
      hints: ["Retry the call if it was cancelled by a timeout"],
    });
  }
}

/** Stage 0 checks on the strings alone. */
export function validateStrings(oldStr: string, newStr: string): void {
  if (oldStr === newStr) {
    throw new ToolError({
      error: "old_str and new_str are identical: the edit would change nothing",
      error_type: "EDIT_NO_CHANGE",
      parameter: "new_str",
      hints: ["Put the new text in new_str"],
    });
  }
  const placeholder = newPlaceholder(oldStr, newStr);
  if (placeholder !== undefined) {
    throw new ToolError({
      error: "new_str contains an omission placeholder that old_str does not: the code it stands for would be deleted",
      error_type: "EDIT_OMISSION_PLACEHOLDER",
      parameter: "new_str",
      got: clip(placeholder.trim(), 120),
      hints: [
        "Write out the code in full, or make old_str smaller so that new_str needs no placeholder",
        "Edit the part before and the part after the unchanged code in two separate edits",
      ],
    });
  }
}

export function planEdit(file: DecodedFile, input: PlanInput): Plan {
  const view = new FileView(file);
  const old = toLf(input.old_str);
  const neu = toLf(input.new_str);
  const E = input.expected_replacements;
  const trace = input.trace ?? (() => {});

  // Stage 1: exact. The path for a correct call: a count and a splice, nothing else.
  const exact = findAll(view.lf, old);
  trace("exact", { occurrences: exact.length, expected: input.replace_all ? "all" : E });
  if (input.replace_all ? exact.length > 0 : exact.length === E) {
    return {
      strategy: "exact",
      spans: exact.map((p) => ({ start: p, end: p + old.length, text: neu })),
      corrections: [],
      confidence: 1,
    };
  }
  if (exact.length > 0) {
    throw mismatchError(
      view,
      exact.map((p) => ({ start: p, end: p + old.length })),
      E,
      "old_str",
    );
  }
  if (input.replace_all) throw noOccurrence(view, neu, input, { candidates: [] });

  // Stage 2: lossless repairs of channel artifacts; the smallest combination that matches decides.
  checkAbort(input.signal);
  for (const steps of repairCombinations(old)) {
    const o = steps[steps.length - 1].old;
    const hits = findAll(view.lf, o);
    if (hits.length === 0) continue;
    const names = steps.map((s) => s.type).join(" + ");
    trace("repair", { repairs: names, occurrences: hits.length });
    if (hits.length !== E) {
      throw mismatchError(
        view,
        hits.map((p) => ({ start: p, end: p + o.length })),
        E,
        `old_str after ${names}`,
      );
    }
    const n = steps.reduce((acc, s) => s.next(acc), neu);
    const corrections: Correction[] = steps.map((s, i) => ({
      parameter: "old_str",
      original: clip(i === 0 ? input.old_str : steps[i - 1].old, 300),
      corrected: clip(s.old, 300),
      correction_type: s.type,
      confidence: 1,
    }));
    if (n !== neu) {
      corrections.push({
        parameter: "new_str",
        original: clip(input.new_str, 300),
        corrected: clip(n, 300),
        correction_type: steps.find((s) => s.next(neu) !== neu)?.type ?? steps[0].type,
        confidence: 1,
      });
    }
    return {
      strategy: "repair",
      spans: hits.map((p) => ({ start: p, end: p + o.length, text: n })),
      corrections,
      confidence: 1,
    };
  }
  trace("repair", { repairs: "none matched" });

  // Stage 3: canonical levels, on old_str with its structural artifacts (line numbers, fence) removed.
  const structural: RepairStep[] = [];
  let base = old;
  let baseNew = neu;
  for (const t of ["line_number_prefix", "code_fence"] as const) {
    const step = applyRepair(t, base);
    if (step) {
      structural.push(step);
      base = step.old;
      baseNew = step.next(baseNew);
    }
  }
  const prefixCorrections: Correction[] = structural.map((s) => ({
    parameter: "old_str",
    original: clip(input.old_str, 300),
    corrected: clip(s.old, 300),
    correction_type: s.type,
    confidence: 1,
  }));
  const oldStartsIndented = /^[ \t]/u.test(base.replace(/^([ \t]*\n)+/u, ""));
  for (const level of LEVELS) {
    checkAbort(input.signal);
    const hits = view.search.search(base, level, level >= 2 && oldStartsIndented);
    trace("canonical", { level, occurrences: hits.length });
    if (hits.length === 0) continue;
    const spans = hits.map((h) => snap(view, base, h));
    if (hits.length !== E) throw mismatchError(view, spans, E, `old_str (canonical L${level}, ${LEVEL_TYPE[level]})`);
    const out: Span[] = [];
    for (const s of spans) {
      const ours = view.lf.slice(s.start, s.end);
      const t = transplant(base, baseNew, ours, view.indentUnit(s.start), s.midLine);
      trace("transplant", { ok: t.ok, reindented: t.reindented, reason: t.reason });
      if (!t.ok) {
        const r = view.range(s.start, s.end);
        const candidate: Candidate = {
          ...r,
          similarity: LEVEL_CONFIDENCE[level],
          differences: classifyDifferences(base, ours),
          text: clip(ours, CANDIDATE_TEXT_BUDGET),
        };
        throw new ToolError({
          error: `old_str matches lines ${r.start_line}–${r.end_line} up to ${LEVEL_TYPE[level].replace("_", " ")}, but new_str cannot be carried over: ${t.reason}`,
          error_type: "EDIT_NO_OCCURRENCE_FOUND",
          parameter: "old_str",
          candidates: [candidate],
          hints: [
            `Copy lines ${r.start_line}–${r.end_line} exactly (read_file) into old_str and write new_str against them`,
          ],
        });
      }
      out.push({ start: s.start, end: s.end, text: keepFinalNewline(view, s, t.text, base) });
    }
    const ours0 = view.lf.slice(spans[0].start, spans[0].end);
    const corrections: Correction[] = [
      ...prefixCorrections,
      {
        parameter: "old_str",
        original: clip(input.old_str, 300),
        corrected: clip(ours0, 300),
        correction_type: LEVEL_TYPE[level],
        confidence: LEVEL_CONFIDENCE[level],
      },
    ];
    if (out[0].text !== neu) {
      corrections.push({
        parameter: "new_str",
        original: clip(input.new_str, 300),
        corrected: clip(out[0].text, 300),
        correction_type: "transplant",
        confidence: LEVEL_CONFIDENCE[level],
      });
    }
    return { strategy: "canonical", spans: out, corrections, confidence: LEVEL_CONFIDENCE[level] };
  }

  // Stage 4 (scored fuzzy) and stage 6 (diagnostics).
  checkAbort(input.signal);
  const scored = fuzzy(view, base, baseNew, input);
  trace("fuzzy", { candidates: scored.candidates.length, best: scored.candidates[0]?.similarity });
  if (scored.apply && input.fuzzy_policy === "apply" && E === 1) {
    const { span, text, candidate } = scored.apply;
    return {
      strategy: "fuzzy",
      spans: [{ start: span.start, end: span.end, text }],
      corrections: [
        ...prefixCorrections,
        {
          parameter: "old_str",
          original: clip(input.old_str, 300),
          corrected: clip(candidate.text, 300),
          correction_type: "fuzzy",
          confidence: candidate.similarity,
        },
        ...(text !== neu
          ? [
              {
                parameter: "new_str",
                original: clip(input.new_str, 300),
                corrected: clip(text, 300),
                correction_type: "transplant",
                confidence: candidate.similarity,
              },
            ]
          : []),
      ],
      confidence: candidate.similarity,
    };
  }
  throw noOccurrence(view, baseNew, input, scored, scored.apply && E === 1 ? scored.apply : undefined);
}
