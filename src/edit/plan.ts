/**
 * The edit pipeline without I/O (docs/edit.md, "How a call is resolved", stages 1–4 and 6): from a decoded file and
 * the call's strings to the spans to write, or a ToolError that says why not and where the closest text is. The
 * exact path (stage 1) runs before any normalisation code; every later stage must end in exactly
 * `expected_replacements` matches to be applied.
 */
import type { Correction } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { findAll, LEVEL_CONFIDENCE, LEVELS, type Level } from "./correct/canonical.js";
import { classifyDifferences, type Difference } from "./correct/differences.js";
import { applyRepair, type RepairStep, repairCombinations } from "./correct/repairs.js";
import { transplant } from "./correct/transplant.js";
import { clip, newPlaceholder } from "./diagnostics.js";
import { mismatchError, noOccurrence } from "./failures.js";
import { Pacer } from "./pace.js";
import { CANDIDATE_TEXT_BUDGET, fuzzy } from "./scored.js";
import { findAllPacked, type Span, SpanList } from "./spans.js";
import type { DecodedFile, LineRange } from "./text.js";
import { toLf } from "./text.js";
import { FileView, keepFinalNewline, keepsLines, type LineClaims, lineClaims, snap } from "./view.js";

export type Strategy = "exact" | "repair" | "canonical" | "fuzzy" | "llm";

export interface PlanInput {
  old_str: string;
  new_str: string;
  expected_replacements: number;
  replace_all: boolean;
  fuzzy_policy: "hint" | "apply";
  fuzzy_work_budget: number;
  /** Gives other calls a turn during long work and stops it at the deadline or on cancellation. */
  pacer?: Pacer;
  /**
   * Places a match may take; others are not counted (the edit's read version decides: docs/edit.md, "Stale
   * reads"). Every place by default.
   */
  accept?: (span: { start: number; end: number }) => boolean;
  /** Debug record per stage. */
  trace?: (stage: string, detail: Record<string, unknown>) => void;
}

export interface Plan {
  strategy: Strategy;
  spans: SpanList;
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

/** A repaired old_str as lineClaims reads it. */
function formOf(step: RepairStep): { text: string; numbered: boolean } {
  return { text: step.old, numbered: step.type === "line_number_prefix" };
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

/** What every stage needs: the file, the strings in the LF view, and the call's options. */
interface Stage {
  view: FileView;
  old: string;
  neu: string;
  expected: number;
  input: PlanInput;
  pacer: Pacer;
  accept: (span: { start: number; end: number }) => boolean;
  trace: (stage: string, detail: Record<string, unknown>) => void;
  /** Where old_str as written sits inside a line that goes on (computed after the exact and repair stages). */
  cutShort: Array<{ start: number; end: number }>;
}

/** old_str with its structural artifacts (line numbers, a fence) removed: what the canonical and fuzzy stages read. */
interface Structural {
  base: string;
  baseNew: string;
  corrections: Correction[];
  claims: LineClaims;
}

export async function planEdit(file: DecodedFile, input: PlanInput): Promise<Plan> {
  const pacer = input.pacer ?? Pacer.none;
  const stage: Stage = {
    view: new FileView(file),
    old: toLf(input.old_str),
    neu: toLf(input.new_str),
    expected: input.expected_replacements,
    input,
    pacer,
    accept: input.accept ?? (() => true),
    trace: input.trace ?? (() => {}),
    cutShort: [],
  };
  const exact = await exactStage(stage);
  if (exact) return exact;
  if (input.replace_all) throw noOccurrence(stage.view, stage.neu, input, { candidates: [] });
  pacer.check();
  const repaired = await repairStage(stage);
  if (repaired) return repaired;
  stage.cutShort = cutShortLines(stage);
  const structural = structuralForm(stage);
  const canonical = await canonicalStage(stage, structural);
  if (canonical) return canonical;
  await pacer.tick();
  pacer.check();
  return fuzzyStage(stage, structural);
}

/** Stage 1: the path for a correct call, a count and a splice, nothing else. */
async function exactStage(st: Stage): Promise<Plan | undefined> {
  const { view, old, neu, expected, input } = st;
  let hits = await findAllPacked(view.lf, old, st.pacer);
  if (st.input.accept) hits = hits.filter((p) => st.accept({ start: p, end: p + old.length }));
  st.trace("exact", { occurrences: hits.length, expected: input.replace_all ? "all" : expected });
  if (input.replace_all ? hits.length > 0 : hits.length === expected) {
    return { strategy: "exact", spans: SpanList.uniform(hits, old.length, neu), corrections: [], confidence: 1 };
  }
  if (hits.length > 0) throw mismatchError(view, SpanList.uniform(hits, old.length, ""), expected, "old_str");
  return undefined;
}

/**
 * Stage 2: lossless repairs of channel artifacts; the smallest combination that matches decides. A match that loses
 * a line boundary old_str asserts (`bbb\n` found inside `bbb-x`) is no match.
 */
async function repairStage(st: Stage): Promise<Plan | undefined> {
  const { view, old, neu, expected, input } = st;
  for (const steps of repairCombinations(old)) {
    await st.pacer.tick();
    const o = steps[steps.length - 1].old;
    const claims = lineClaims([{ text: old }, ...steps.map(formOf)]);
    const hits = findAll(view.lf, o)
      .map((p) => ({ start: p, end: p + o.length }))
      .filter((s) => keepsLines(view.lf, s, claims) && st.accept(s));
    if (hits.length === 0) continue;
    const names = steps.map((s) => s.type).join(" + ");
    st.trace("repair", { repairs: names, occurrences: hits.length });
    if (hits.length !== expected)
      throw mismatchError(view, SpanList.of(hits.map(withText(""))), expected, `old_str after ${names}`);
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
    return { strategy: "repair", spans: SpanList.of(hits.map(withText(n))), corrections, confidence: 1 };
  }
  st.trace("repair", { repairs: "none matched" });
  return undefined;
}

/**
 * Places where old_str as written, but for the line break it claims at an end, lies inside a line that goes on
 * (`bbb\n` against `bbb-x`). A line quoted cut short is then as likely as a whitespace slip: a correction that lands
 * elsewhere (`bbb` on another line at another indentation) is not unique (docs/edit.md, "Corrections keep line
 * structure").
 */
function cutShortLines(st: Stage): Array<{ start: number; end: number }> {
  const claims = lineClaims([{ text: st.old }]);
  let text = st.old;
  if (claims.end) text = text.replace(/\n[ \t]*$/u, "");
  if (claims.start) text = text.replace(/^[ \t]*\n/u, "");
  if (text === st.old || text.trim() === "") return [];
  return findAll(st.view.lf, text, 20)
    .map((p) => ({ start: p, end: p + text.length }))
    .filter((s) => !keepsLines(st.view.lf, s, claims) && st.accept(s));
}

/** A line cut short competes with corrections that land on other lines than it. */
function competes(st: Stage, spans: ReadonlyArray<{ start: number; end: number }>): boolean {
  const lineStart = (i: number) => st.view.lf.lastIndexOf("\n", i - 1) + 1;
  return st.cutShort.some((c) => !spans.some((s) => lineStart(s.start) <= c.end && lineStart(c.start) <= s.end));
}

function withText(text: string): (s: { start: number; end: number }) => Span {
  return (s) => ({ start: s.start, end: s.end, text });
}

function structuralForm(st: Stage): Structural {
  const steps: RepairStep[] = [];
  let base = st.old;
  let baseNew = st.neu;
  for (const t of ["line_number_prefix", "code_fence"] as const) {
    const step = applyRepair(t, base);
    if (step) {
      steps.push(step);
      base = step.old;
      baseNew = step.next(baseNew);
    }
  }
  const corrections: Correction[] = steps.map((s) => ({
    parameter: "old_str",
    original: clip(st.input.old_str, 300),
    corrected: clip(s.old, 300),
    correction_type: s.type,
    confidence: 1,
  }));
  return { base, baseNew, corrections, claims: lineClaims([{ text: st.old }, ...steps.map(formOf)]) };
}

/** Stage 3: canonical levels, first level with exactly the expected count; new_str is transplanted. */
async function canonicalStage(st: Stage, sf: Structural): Promise<Plan | undefined> {
  const { view, expected, input } = st;
  const { base, baseNew } = sf;
  const oldStartsIndented = /^[ \t]/u.test(base.replace(/^([ \t]*\n)+/u, ""));
  for (const level of LEVELS) {
    await st.pacer.tick();
    st.pacer.check();
    const spans = view.search
      .search(base, level, level >= 2 && oldStartsIndented)
      .map((h) => snap(view, base, h))
      .filter((s) => keepsLines(view.lf, s, sf.claims) && st.accept(s));
    st.trace("canonical", { level, occurrences: spans.length });
    if (spans.length === 0) continue;
    if (competes(st, spans)) {
      st.trace("canonical", { level, cut_short: st.cutShort.length });
      return undefined;
    }
    if (spans.length !== expected) {
      throw mismatchError(
        view,
        SpanList.of(spans.map(withText(""))),
        expected,
        `old_str (canonical L${level}, ${LEVEL_TYPE[level]})`,
      );
    }
    const out: Span[] = [];
    for (const s of spans) {
      const ours = view.lf.slice(s.start, s.end);
      const t = transplant(base, baseNew, ours, view.indentUnit(s.start), s.midLine);
      st.trace("transplant", { ok: t.ok, reindented: t.reindented, reason: t.reason });
      if (!t.ok) throw untransplantable(st, sf, level, s, ours, t.reason ?? "");
      out.push({ start: s.start, end: s.end, text: keepFinalNewline(view, s, t.text, base) });
    }
    const ours0 = view.lf.slice(spans[0].start, spans[0].end);
    const corrections: Correction[] = [
      ...sf.corrections,
      {
        parameter: "old_str",
        original: clip(input.old_str, 300),
        corrected: clip(ours0, 300),
        correction_type: LEVEL_TYPE[level],
        confidence: LEVEL_CONFIDENCE[level],
      },
    ];
    if (out[0].text !== st.neu) {
      corrections.push({
        parameter: "new_str",
        original: clip(input.new_str, 300),
        corrected: clip(out[0].text, 300),
        correction_type: "transplant",
        confidence: LEVEL_CONFIDENCE[level],
      });
    }
    return { strategy: "canonical", spans: SpanList.of(out), corrections, confidence: LEVEL_CONFIDENCE[level] };
  }
  return undefined;
}

function untransplantable(
  st: Stage,
  sf: Structural,
  level: Level,
  s: { start: number; end: number },
  ours: string,
  reason: string,
): ToolError {
  const r = st.view.range(s.start, s.end);
  const candidate: Candidate = {
    ...r,
    similarity: LEVEL_CONFIDENCE[level],
    differences: classifyDifferences(sf.base, ours),
    text: clip(ours, CANDIDATE_TEXT_BUDGET),
  };
  return new ToolError({
    error: `old_str matches lines ${r.start_line}–${r.end_line} up to ${LEVEL_TYPE[level].replace("_", " ")}, but new_str cannot be carried over: ${reason}`,
    error_type: "EDIT_NO_OCCURRENCE_FOUND",
    parameter: "old_str",
    candidates: [candidate],
    hints: [`Copy lines ${r.start_line}–${r.end_line} exactly (read_file) into old_str and write new_str against them`],
  });
}

/** Stage 4 (scored fuzzy: applied only under fuzzy_policy = "apply") and stage 6 (diagnostics). */
function fuzzyStage(st: Stage, sf: Structural): Plan {
  const { view, expected, input } = st;
  const scored = fuzzy(view, sf.base, sf.baseNew, input, sf.claims);
  if (scored.apply && (!st.accept(scored.apply.span) || competes(st, [scored.apply.span]))) scored.apply = undefined;
  st.trace("fuzzy", { candidates: scored.candidates.length, best: scored.candidates[0]?.similarity });
  if (scored.apply && input.fuzzy_policy === "apply" && expected === 1) {
    const { span, text, candidate } = scored.apply;
    const corrections: Correction[] = [
      ...sf.corrections,
      {
        parameter: "old_str",
        original: clip(input.old_str, 300),
        corrected: clip(candidate.text, 300),
        correction_type: "fuzzy",
        confidence: candidate.similarity,
      },
    ];
    if (text !== st.neu) {
      corrections.push({
        parameter: "new_str",
        original: clip(input.new_str, 300),
        corrected: clip(text, 300),
        correction_type: "transplant",
        confidence: candidate.similarity,
      });
    }
    return {
      strategy: "fuzzy",
      spans: SpanList.of([{ start: span.start, end: span.end, text }]),
      corrections,
      confidence: candidate.similarity,
    };
  }
  const cut = st.cutShort.map((c) => view.range(c.start, c.end).start_line);
  const leading = cut.length > 0 ? [cutShortHint(cut)] : [];
  throw noOccurrence(
    view,
    sf.baseNew,
    input,
    scored,
    scored.apply && expected === 1 ? scored.apply : undefined,
    leading,
  );
}

function cutShortHint(lines: readonly number[]): string {
  const where = lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.slice(0, 3).join(", ")}`;
  return `old_str as written is inside ${where}, which goes on where old_str ends the line: copy the whole line (read_file), or the line you meant`;
}
