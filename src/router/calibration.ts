/**
 * Confidence as a probability: the chance that a ranked tool is the one the request wants, from the evidence the two
 * lanes give for it (docs/router.md, "Confidence"). A logistic model over measurements that mean the same thing in a
 * catalog of 2 tools or 2,000: how similar the tool is to the request in each lane, how much of the request it accounts
 * for, by how much it leads every other tool in the semantic lane and in the weaker of the two lanes, and the
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
   * one word a tool repeats in every field can carry `lexical` while the rest of the request meets nothing.
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
  bias: -2.7678,
  lexical: 2.9105,
  coverage: 1.8149,
  semantic: 2.6089,
  lexicalLead: 0.0,
  semanticLead: 4.3395,
  weakerLead: 3.3623,
  logTools: 0.0821,
  logMatched: 0.0,
  knots: [
    [0.1006, 0.0459],
    [0.1318, 0.0667],
    [0.1646, 0.0965],
    [0.1951, 0.1074],
    [0.2145, 0.1316],
    [0.2343, 0.1667],
    [0.2588, 0.209],
    [0.2903, 0.2363],
    [0.3216, 0.3],
    [0.3466, 0.3418],
    [0.4133, 0.4344],
    [0.48, 0.46],
    [0.5082, 0.5096],
    [0.537, 0.5983],
    [0.5713, 0.6286],
    [0.6135, 0.6522],
    [0.6589, 0.7442],
    [0.7019, 0.781],
    [0.7618, 0.8544],
    [0.8126, 0.8725],
    [0.8534, 0.9176],
    [0.9059, 0.9226],
    [0.9458, 0.9688],
    [0.9836, 0.9848],
  ],
};

/**
 * The lexical lane alone (the model still loading, or embeddings off). Fitted with half its development examples
 * fitting no tool (bench/router/calibrate.ts): without the semantic lane, a request sharing one word with a tool
 * cannot be told from one for that tool, so this model reads the number of words shared, and claims a match on less
 * evidence only where that holds up when nothing may fit.
 */
export const LEXICAL_MODEL: CalibrationModel = {
  bias: -1.585,
  lexical: 2.515,
  coverage: 0.0,
  semantic: 0.0,
  lexicalLead: 4.1194,
  semanticLead: 0.0,
  weakerLead: 0.0,
  logTools: -0.4906,
  logMatched: 1.9532,
  knots: [
    [0.0677, 0.0366],
    [0.0753, 0.0645],
    [0.0852, 0.0675],
    [0.0964, 0.094],
    [0.1065, 0.1071],
    [0.1348, 0.1103],
    [0.1578, 0.125],
    [0.1713, 0.1395],
    [0.2109, 0.2103],
    [0.2594, 0.2327],
    [0.2814, 0.2456],
    [0.3173, 0.2804],
    [0.3616, 0.3242],
    [0.3943, 0.4088],
    [0.4254, 0.4388],
    [0.4673, 0.4671],
    [0.5125, 0.6018],
    [0.5724, 0.65],
    [0.6463, 0.7778],
    [0.6955, 0.8073],
    [0.7584, 0.8675],
    [0.8279, 0.88],
    [0.8882, 0.9138],
    [0.9674, 0.9664],
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
