/**
 * Confidence as a probability: the chance that a ranked tool is the one the request wants, from the evidence the two
 * lanes give for it (docs/router.md, "Confidence"). A logistic model over measurements that mean the same thing in a
 * catalog of 2 tools or 2,000: how similar the tool is to the request in each lane, how much of the request it accounts
 * for and how many of its words it has, how many words the request says, by how much it leads every other tool in the
 * semantic lane and in the weaker of the two lanes, and the catalog's size (a lead over one rival says less than a
 * lead over a thousand); then a monotone map (isotonic regression of the outcomes on the logistic's output) for the bend a
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
   * lexical model reads `matched` instead (the two measure much the same there); the fused model reads both.
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
  /**
   * Distinct words of the request (stop words and values out): how much the request says. One tool having every word
   * of a two-word request is weaker evidence than one having most words of a sentence.
   */
  terms: number;
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
  /** Weight of ln(1 + terms). */
  logTerms: number;
  /** The monotone map: knots (logistic output, observed accuracy), ascending; interpolated linearly, flat outside. */
  knots: ReadonlyArray<readonly [number, number]>;
}

/** Both lanes (the default once the model is loaded). */
export const FUSED_MODEL: CalibrationModel = {
  bias: -2.0874,
  lexical: 1.983,
  coverage: 0.237,
  semantic: 1.9117,
  lexicalLead: 0.0,
  semanticLead: 4.6867,
  weakerLead: 2.4414,
  logTools: 0.0049,
  logMatched: 1.4431,
  logTerms: -0.3514,
  knots: [
    [0.0877, 0.063],
    [0.1125, 0.0952],
    [0.146, 0.1066],
    [0.206, 0.171],
    [0.255, 0.2398],
    [0.2884, 0.245],
    [0.3239, 0.3081],
    [0.3953, 0.3815],
    [0.4601, 0.46],
    [0.4898, 0.4696],
    [0.5254, 0.4906],
    [0.5625, 0.5241],
    [0.6257, 0.6584],
    [0.6993, 0.7401],
    [0.7457, 0.78],
    [0.7929, 0.8377],
    [0.8427, 0.9038],
    [0.881, 0.936],
    [0.9441, 0.9798],
    [0.9884, 1.0],
  ],
};

/**
 * The lexical lane alone (the model still loading, or embeddings off). Fitted with half its development examples
 * fitting no tool (bench/router/calibrate.ts): without the semantic lane, a request sharing one word with a tool
 * cannot be told from one for that tool, so this model reads the number of words shared, and claims a match on less
 * evidence only where that holds up when nothing may fit.
 */
export const LEXICAL_MODEL: CalibrationModel = {
  bias: -1.5731,
  lexical: 2.5314,
  coverage: 0.0,
  semantic: 0.0,
  lexicalLead: 4.0655,
  semanticLead: 0.0,
  weakerLead: 0.0,
  logTools: -0.4911,
  logMatched: 1.9378,
  logTerms: 0.0,
  knots: [
    [0.0678, 0.0385],
    [0.0751, 0.0526],
    [0.0865, 0.0695],
    [0.1229, 0.1042],
    [0.1621, 0.1396],
    [0.2131, 0.2107],
    [0.2631, 0.2419],
    [0.284, 0.2569],
    [0.311, 0.2837],
    [0.3428, 0.2869],
    [0.3675, 0.3701],
    [0.3906, 0.3846],
    [0.4213, 0.4326],
    [0.4741, 0.4863],
    [0.5201, 0.6],
    [0.5629, 0.6239],
    [0.6191, 0.7327],
    [0.6761, 0.7805],
    [0.7482, 0.8595],
    [0.8272, 0.88],
    [0.8851, 0.9032],
    [0.9411, 0.95],
    [0.9832, 0.9726],
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
    Math.log(1 + e.terms),
  ];
}

/** The probability that the tool is the right one. */
export function calibratedConfidence(e: Evidence, model: CalibrationModel): number {
  return monotoneMap(logisticOutput(e, model), model.knots);
}

/** The logistic model alone (the fitting script maps it). */
function logisticOutput(e: Evidence, model: CalibrationModel): number {
  const [lexical, coverage, semantic, lexicalLead, semanticLead, weakerLead, logTools, logMatched, logTerms] =
    featuresOf(e);
  const z =
    model.bias +
    model.lexical * lexical +
    model.coverage * coverage +
    model.semantic * semantic +
    model.lexicalLead * lexicalLead +
    model.semanticLead * semanticLead +
    model.weakerLead * weakerLead +
    model.logTools * logTools +
    model.logMatched * logMatched +
    model.logTerms * logTerms;
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
