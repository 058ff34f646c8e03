/** Stage 4: scored fuzzy candidates, the likely_fix gate (docs/edit.md, stage 4), and head/tail search for elided old_str. */
import { classifyDifferences, SAFE_DIFFERENCES } from "./correct/differences.js";
import { fuzzyCandidates } from "./correct/fuzzy.js";
import { transplant } from "./correct/transplant.js";
import { clip } from "./diagnostics.js";
import type { Candidate, PlanInput } from "./plan.js";
import { lineOf } from "./text.js";
import {
  atLineBoundary,
  type FileView,
  keepFinalNewline,
  keepsLines,
  type LineClaims,
  type SnappedSpan,
  snap,
} from "./view.js";

/** Characters of candidate text in one error, all candidates together (errors stay near 2 KB). */
export const CANDIDATE_TEXT_BUDGET = 800;

export interface Scored {
  candidates: Candidate[];
  /** old_str leaves code out with a `...` line; the first candidate spans head to tail. */
  elided?: boolean;
  /** The best candidate when it qualifies for a likely_fix or an apply (docs/edit.md, stage 4). */
  apply?: { span: { start: number; end: number }; text: string; candidate: Candidate };
}

const ELISION = /^[ \t]*(?:(?:\/\/|#|--|\/\*|\*|<!--)[ \t]*)?(?:\.\.\.|…)[ \t]*(?:\*\/|-->)?[ \t]*$/u;

/**
 * old_str with a `...` line in place of code it left out: the head and the tail are located separately, and the
 * span from one to the other is offered as a candidate (never applied: the elided lines are unknown).
 */
function elidedCandidate(
  view: FileView,
  old: string,
  budget: number,
): { start: number; end: number; similarity: number } | undefined {
  const lines = old.split("\n");
  const at = lines.findIndex((l) => ELISION.test(l));
  if (at <= 0 || at >= lines.length - 1) return undefined;
  const head = lines.slice(0, at).join("\n");
  const tail = lines.slice(at + 1).join("\n");
  const starts = view.lineStarts();
  const options = { budget: budget / 2, minSimilarity: 0.75, maxCandidates: 8 };
  const heads = fuzzyCandidates(view.lf, starts, head, options);
  const tails = fuzzyCandidates(view.lf, starts, tail, options);
  let best: { start: number; end: number; similarity: number; gap: number } | undefined;
  for (const h of heads) {
    for (const t of tails) {
      const gap = lineOf(starts, t.start) - lineOf(starts, h.end);
      if (t.start < h.end || gap > 500) continue;
      const similarity = Math.min(h.similarity, t.similarity);
      // Equal scores (repeated heads or tails): the nearest pair is the likeliest block.
      if (!best || similarity > best.similarity || (similarity === best.similarity && gap < best.gap)) {
        best = { start: h.start, end: t.end, similarity, gap };
      }
    }
  }
  return best && { start: best.start, end: best.end, similarity: best.similarity };
}

/**
 * A candidate that old_str's line claims put on whole lines is widened to them (`bbb\n` near `bbb-x` shows the line
 * `bbb-x`), its similarity lowered by the characters added (whitespace weighs 0.1, as in the alignment).
 */
function widenToClaims(
  view: FileView,
  s: SnappedSpan,
  similarity: number,
  claims: LineClaims,
): { span: SnappedSpan; similarity: number } {
  const lf = view.lf;
  let { start, end } = s;
  if (claims.start && !atLineBoundary(lf, start)) start = lf.lastIndexOf("\n", start - 1) + 1;
  if (claims.end && !atLineBoundary(lf, end)) {
    const nl = lf.indexOf("\n", end);
    end = nl === -1 ? lf.length : nl + 1;
  }
  if (start === s.start && end === s.end) return { span: s, similarity };
  const added = lf.slice(start, s.start) + lf.slice(s.end, end);
  const cost = [...added].reduce((c, ch) => c + (/\s/u.test(ch) ? 0.1 : 1), 0);
  const before = s.end - s.start;
  const widened = end - start;
  return {
    span: { start, end, midLine: s.midLine && start === s.start },
    similarity: Math.max(0, 1 - ((1 - similarity) * before + cost) / widened),
  };
}

export function fuzzy(view: FileView, old: string, neu: string, input: PlanInput, claims: LineClaims): Scored {
  const hits = fuzzyCandidates(view.lf, view.lineStarts(), old, { budget: input.fuzzy_work_budget });
  const elided = elidedCandidate(view, old, input.fuzzy_work_budget);
  if (elided) {
    const rest = hits.filter((h) => h.end <= elided.start || h.start >= elided.end);
    hits.splice(0, hits.length, elided, ...rest.slice(0, 2));
  }
  const candidates: Candidate[] = [];
  const spans: SnappedSpan[] = [];
  let budget = CANDIDATE_TEXT_BUDGET;
  for (const h of hits) {
    const widened = widenToClaims(view, snap(view, old, h), h.similarity, claims);
    const s = widened.span;
    const text = view.lf.slice(s.start, s.end);
    const share = Math.max(80, Math.floor(budget / (hits.length - candidates.length)));
    const shown = clip(text, share);
    budget -= shown.length;
    spans.push(s);
    candidates.push({
      ...view.range(s.start, s.end),
      similarity: Math.round(widened.similarity * 1000) / 1000,
      differences: h === elided ? ["content"] : classifyDifferences(old, text),
      text: shown,
    });
  }
  const best = candidates[0];
  if (elided) return { candidates, elided: true };
  if (!best) return { candidates };
  const second = candidates[1]?.similarity ?? 0;
  const nonWs = old.replace(/\s/gu, "").length;
  const qualifies =
    best.similarity >= 0.95 &&
    best.similarity - second >= 0.05 &&
    nonWs >= 24 &&
    best.differences.every((d) => SAFE_DIFFERENCES.has(d)) &&
    keepsLines(view.lf, spans[0], claims);
  if (!qualifies) return { candidates };
  const ours = view.lf.slice(spans[0].start, spans[0].end);
  const t = transplant(old, neu, ours, view.indentUnit(spans[0].start), spans[0].midLine);
  if (!t.ok) return { candidates };
  return {
    candidates,
    apply: { span: spans[0], text: keepFinalNewline(view, spans[0], t.text, old), candidate: best },
  };
}
