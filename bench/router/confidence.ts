/**
 * Does the confidence mean what it says? For a set of requests (each with its right tool, or none when nothing in the
 * catalog fits), the top match's confidence against whether it was right: the reliability table and the expected
 * calibration error, and the answered rate and precision at the suggest and auto thresholds. dwim's calibrated
 * confidence and the plain 0.5/0.5 blend run side by side on the same rankings.
 */
import type { SemanticInput } from "../../src/router/intent.js";
import type { Router } from "../../src/router/router.js";
import type { Bm25Router } from "./baseline.js";
import { bins, expectedCalibrationError, type Judged } from "./reliability.js";

export interface ConfidenceCase {
  query: string;
  /** The right tool; null when no tool of the catalog fits. */
  expected: string | null;
}

export interface ConfidenceOutcome {
  /** dwim: calibrated confidence of the top match (lifts included), and whether it was right. */
  calibrated: Judged;
  /** The plain blend's top score on the same ranking. */
  blend: Judged;
  /** Plain BM25's top-1 was right. */
  bm25Right: boolean;
  /** The first tool of dwim's lexical lane alone, and of its semantic lane alone (false when the lane is off), was right. */
  lexicalRight: boolean;
  semanticRight: boolean;
  inScope: boolean;
}

/** The top match of each request under both confidences; the ranking is the same (calibration never reorders). */
export async function measureConfidence(
  router: Router,
  bm25: Bm25Router,
  cases: readonly ConfidenceCase[],
): Promise<ConfidenceOutcome[]> {
  const weight = router.config.settings.semantic_weight;
  const out: ConfidenceOutcome[] = [];
  for (const c of cases) {
    const analysis = await router.analyzeIntent(c.query, 1, false);
    // analyze_intent lists only matches at or above suggest_threshold: below it, the confidence is the ranking's.
    let name = analysis.matches[0]?.tool;
    let confidence = analysis.matches[0]?.confidence ?? 0;
    if (name === undefined) {
      const [top] = await router.rankFused(c.query, 1);
      name = top?.tool.name;
      confidence = top?.score ?? 0;
    }
    const scores = await router.semantic.score(c.query);
    const blendInput: SemanticInput | undefined = scores
      ? { scores, weight, agreement: false, calibrate: false }
      : undefined;
    const ranked = router.index.rank(c.query, 1, blendInput);
    const lexicalFirst = router.index.rank(c.query, 1)[0]?.tool.name;
    const semanticFirst = scores && scores.length > 0 ? router.registry.tools[argMax(scores)].name : undefined;
    out.push({
      calibrated: { confidence, right: c.expected !== null && name === c.expected },
      blend: { confidence: ranked[0]?.score ?? 0, right: c.expected !== null && ranked[0]?.tool.name === c.expected },
      bm25Right: c.expected !== null && bm25.rank(c.query)[0]?.tool === c.expected,
      lexicalRight: c.expected !== null && lexicalFirst === c.expected,
      semanticRight: c.expected !== null && semanticFirst === c.expected,
      inScope: c.expected !== null,
    });
  }
  return out;
}

/** Index of the largest value (the first of equals). */
function argMax(xs: Float64Array): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i] > xs[best]) best = i;
  return best;
}

export interface AnswerStats {
  /** Share of in-scope requests whose top confidence reaches the threshold. */
  answered: number;
  /** Share of answered requests (in scope or not) whose top match is right. */
  precision: number;
  /** Share of requests no tool fits that stay under the threshold. */
  abstained: number;
}

export function answerStats(judged: readonly Judged[], inScope: readonly boolean[], threshold: number): AnswerStats {
  let answeredIn = 0;
  let answered = 0;
  let right = 0;
  let out = 0;
  let abstained = 0;
  judged.forEach((j, k) => {
    const yes = j.confidence >= threshold;
    if (yes) {
      answered++;
      if (j.right) right++;
    }
    if (inScope[k]) {
      if (yes) answeredIn++;
    } else {
      out++;
      if (!yes) abstained++;
    }
  });
  const inCount = judged.length - out;
  return {
    answered: inCount === 0 ? 0 : (100 * answeredIn) / inCount,
    precision: answered === 0 ? 0 : (100 * right) / answered,
    abstained: out === 0 ? 0 : (100 * abstained) / out,
  };
}

/** The reliability table as note lines: per bin, how many, mean confidence and observed accuracy. */
export function reliabilityLines(label: string, judged: readonly Judged[]): string[] {
  return [
    `${label}: ECE ${expectedCalibrationError(judged).toFixed(3)} over ${judged.length} requests; per confidence bin: n, mean confidence → accuracy`,
    ...bins(judged)
      .filter((b) => b.n > 0)
      .map(
        (b) =>
          `  ${b.from.toFixed(1)}–${b.to.toFixed(1)}: ${b.n}, ${b.confidence.toFixed(3)} → ${b.accuracy.toFixed(3)}`,
      ),
  ];
}
