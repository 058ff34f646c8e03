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
  bias: -2.7623,
  lexical: 2.8828,
  coverage: 1.8241,
  semantic: 2.6167,
  lexicalLead: 0.0,
  semanticLead: 4.2939,
  weakerLead: 3.2843,
  logTools: 0.0757,
  logMatched: 0.0,
  knots: [
    [0.1001, 0.0566],
    [0.1312, 0.0613],
    [0.1642, 0.0977],
    [0.1944, 0.1056],
    [0.212, 0.1176],
    [0.2307, 0.1685],
    [0.2547, 0.223],
    [0.2884, 0.2268],
    [0.3373, 0.3416],
    [0.4076, 0.4256],
    [0.4761, 0.4332],
    [0.524, 0.5731],
    [0.583, 0.6335],
    [0.6451, 0.7247],
    [0.6908, 0.783],
    [0.7298, 0.839],
    [0.7901, 0.8545],
    [0.8459, 0.8973],
    [0.8979, 0.9293],
    [0.9412, 0.9722],
    [0.9812, 0.9797],
  ],
};

/**
 * The lexical lane alone (the model still loading, or embeddings off). Fitted with half its development examples
 * fitting no tool (bench/router/calibrate.ts): without the semantic lane, a request sharing one word with a tool
 * cannot be told from one for that tool, so this model reads the number of words shared, and claims a match on less
 * evidence only where that holds up when nothing may fit.
 */
export const LEXICAL_MODEL: CalibrationModel = {
  bias: -1.5796,
  lexical: 2.5416,
  coverage: 0.0,
  semantic: 0.0,
  lexicalLead: 4.0734,
  semanticLead: 0.0,
  weakerLead: 0.0,
  logTools: -0.4909,
  logMatched: 1.9382,
  knots: [
    [0.0676, 0.0388],
    [0.0749, 0.0528],
    [0.0862, 0.0691],
    [0.1205, 0.1025],
    [0.1543, 0.1326],
    [0.1714, 0.1503],
    [0.2124, 0.2086],
    [0.2623, 0.242],
    [0.2835, 0.2569],
    [0.2969, 0.2692],
    [0.32, 0.2871],
    [0.3449, 0.2871],
    [0.3673, 0.376],
    [0.3927, 0.3876],
    [0.424, 0.4408],
    [0.4683, 0.4605],
    [0.5116, 0.5841],
    [0.559, 0.632],
    [0.6198, 0.7333],
    [0.6767, 0.7797],
    [0.7471, 0.8595],
    [0.8265, 0.88],
    [0.885, 0.9055],
    [0.9419, 0.95],
    [0.9835, 0.9724],
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
