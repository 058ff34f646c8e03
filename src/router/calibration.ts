/**
 * Confidence as a probability: the chance that a ranked tool is the one the request wants, from the evidence the two
 * lanes give for it (docs/router.md, "Confidence"). A logistic model over measurements that mean the same thing in a
 * catalog of 2 tools or 2,000: how similar the tool is to the request in each lane, how much of the request it accounts
 * for (the lexical lane alone: how many of its words), by how much it leads every other tool in the semantic lane and in the weaker of the two lanes, and the
 * catalog's size (a lead over one rival says less than a lead
 * over a thousand); then a monotone map (isotonic regression of the outcomes on the logistic's output) for the bend a
 * linear model misses. Fitted once on development data (`npx tsx bench/router/calibrate.ts`, which prints these
 * coefficients and the reliability table) and checked on hand-written catalogs and requests it never saw
 * (`npm run bench -- router`).
 */

/** What the lanes say about one ranked tool, every value a plain measurement (no constant of ours inside). */
export interface Evidence {
  /** The lexical lane's score of the tool (weighted signals, soft-clipped), in [0, 1]. */
  lexical: number;
  /**
   * Share of the request's words (by idf, words the catalog lacks at the highest) that the tool has at all, each once:
   * one word a tool repeats in every field can carry `lexical` while the rest of the request meets nothing. The
   * lexical model reads `matched` instead (the two measure much the same there).
   */
  coverage: number;
  /** The semantic lane's similarity of the tool, in [0, 1]; 0 when the lane is off. */
  semantic: number;
  /** The tool's lexical score minus the best lexical score of any other tool (negative when another leads). */
  lexicalLead: number;
  /** The same in the semantic lane. */
  semanticLead: number;
  /** Tools in the catalog. */
  tools: number;
  /**
   * Distinct words of the request the tool has at all. A tool sharing one word ("check", "open", "write") with a
   * request that says more is weak evidence in any catalog: in a small one that word is often the tool's alone, so
   * its lead is its whole score.
   */
  matched: number;
}

export interface CalibrationModel {
  bias: number;
  lexical: number;
  coverage: number;
  semantic: number;
  /** 0 in the fused model: see weakerLead. */
  lexicalLead: number;
  semanticLead: number;
  /**
   * Weight of the weaker of the two leads: both lanes must separate the tool. With both lanes the lexical lead has no
   * weight of its own: in a small catalog with curated keywords one word unique to a tool ("check", "suggest", "create") makes its
   * lead as large as its score, so alone it read an off-topic request as a confident match.
   */
  weakerLead: number;
  /** Weight of ln(tools). */
  logTools: number;
  /** Weight of ln(1 + matched). */
  logMatched: number;
  /** The monotone map: knots (logistic output, observed accuracy), ascending; interpolated linearly, flat outside. */
  knots: ReadonlyArray<readonly [number, number]>;
}

/** Both lanes (the default once the model is loaded). */
export const FUSED_MODEL: CalibrationModel = {
  bias: -2.7646,
  lexical: 2.8798,
  coverage: 1.8322,
  semantic: 2.618,
  lexicalLead: 0.0,
  semanticLead: 4.2901,
  weakerLead: 3.2852,
  logTools: 0.0762,
  logMatched: 0.0,
  knots: [
    [0.1, 0.0566],
    [0.1311, 0.0613],
    [0.1641, 0.0981],
    [0.1981, 0.1031],
    [0.2207, 0.155],
    [0.2372, 0.1607],
    [0.2561, 0.2266],
    [0.2887, 0.2302],
    [0.3375, 0.3404],
    [0.3979, 0.4286],
    [0.466, 0.4333],
    [0.5202, 0.5664],
    [0.5787, 0.628],
    [0.6464, 0.7283],
    [0.6921, 0.78],
    [0.7302, 0.8403],
    [0.7904, 0.8532],
    [0.846, 0.898],
    [0.8985, 0.9305],
    [0.9416, 0.9716],
    [0.9813, 0.9797],
  ],
};

/**
 * The lexical lane alone (the model still loading, or embeddings off). Fitted with half its development examples
 * fitting no tool (bench/router/calibrate.ts): without the semantic lane, a request sharing one word with a tool
 * cannot be told from one for that tool, so this model reads the number of words shared, and claims a match on less
 * evidence only where that holds up when nothing may fit.
 */
export const LEXICAL_MODEL: CalibrationModel = {
  bias: -1.5717,
  lexical: 2.5364,
  coverage: 0.0,
  semantic: 0.0,
  lexicalLead: 4.0702,
  semanticLead: 0.0,
  weakerLead: 0.0,
  logTools: -0.4902,
  logMatched: 1.932,
  knots: [
    [0.068, 0.0388],
    [0.0753, 0.0528],
    [0.0867, 0.0712],
    [0.1211, 0.1024],
    [0.1548, 0.1333],
    [0.1719, 0.1503],
    [0.2129, 0.2094],
    [0.2628, 0.2431],
    [0.2843, 0.2544],
    [0.2979, 0.2745],
    [0.3287, 0.2843],
    [0.3676, 0.378],
    [0.3936, 0.3864],
    [0.4249, 0.443],
    [0.4684, 0.4636],
    [0.5138, 0.5827],
    [0.5619, 0.6372],
    [0.6203, 0.7358],
    [0.677, 0.7778],
    [0.7476, 0.861],
    [0.8273, 0.88],
    [0.8856, 0.9048],
    [0.9422, 0.95],
    [0.9835, 0.9722],
  ],
};

/** The features a model weighs, in a fixed order (the fitting script uses the same). */
export function featuresOf(e: Evidence): number[] {
  return [
    e.lexical,
    e.coverage,
    e.semantic,
    e.lexicalLead,
    e.semanticLead,
    Math.min(e.lexicalLead, e.semanticLead),
    Math.log(Math.max(1, e.tools)),
    Math.log(1 + e.matched),
  ];
}

/** The probability that the tool is the right one. */
export function calibratedConfidence(e: Evidence, model: CalibrationModel): number {
  return monotoneMap(logisticOutput(e, model), model.knots);
}

/** The logistic model alone (the fitting script maps it). */
function logisticOutput(e: Evidence, model: CalibrationModel): number {
  const [lexical, coverage, semantic, lexicalLead, semanticLead, weakerLead, logTools, logMatched] = featuresOf(e);
  const z =
    model.bias +
    model.lexical * lexical +
    model.coverage * coverage +
    model.semantic * semantic +
    model.lexicalLead * lexicalLead +
    model.semanticLead * semanticLead +
    model.weakerLead * weakerLead +
    model.logTools * logTools +
    model.logMatched * logMatched;
  return 1 / (1 + Math.exp(-z));
}

/** `p` through the knots: linear between them, flat outside. */
export function monotoneMap(p: number, knots: CalibrationModel["knots"]): number {
  if (knots.length === 0) return p;
  if (p <= knots[0][0]) return knots[0][1];
  for (let k = 1; k < knots.length; k++) {
    const [x1, y1] = knots[k];
    if (p <= x1) {
      const [x0, y0] = knots[k - 1];
      return x1 === x0 ? y1 : y0 + ((p - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return knots[knots.length - 1][1];
}
