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
  bias: -2.0421,
  lexical: 2.0982,
  coverage: 0.3564,
  semantic: 1.4385,
  lexicalLead: 0.0,
  semanticLead: 4.5048,
  weakerLead: 2.5293,
  logTools: 0.0155,
  logMatched: 1.4089,
  logTerms: -0.3103,
  knots: [
    [0.0892, 0.0657],
    [0.1102, 0.0824],
    [0.1323, 0.1187],
    [0.1633, 0.1385],
    [0.1932, 0.1473],
    [0.2266, 0.1628],
    [0.2733, 0.2405],
    [0.312, 0.2762],
    [0.3351, 0.2845],
    [0.3837, 0.3846],
    [0.4348, 0.4472],
    [0.48, 0.4597],
    [0.5262, 0.5],
    [0.5614, 0.5596],
    [0.5988, 0.6724],
    [0.6405, 0.6977],
    [0.6812, 0.6984],
    [0.7139, 0.74],
    [0.7583, 0.79],
    [0.816, 0.84],
    [0.8569, 0.8942],
    [0.8859, 0.96],
    [0.9421, 0.9731],
    [0.9879, 1.0],
  ],
};

/**
 * The lexical lane alone (the model still loading, or embeddings off). Fitted with half its development examples
 * fitting no tool (bench/router/calibrate.ts): without the semantic lane, a request sharing one word with a tool
 * cannot be told from one for that tool, so this model reads the number of words shared, and claims a match on less
 * evidence only where that holds up when nothing may fit.
 */
export const LEXICAL_MODEL: CalibrationModel = {
  bias: -1.7962,
  lexical: 2.4136,
  coverage: 0.0,
  semantic: 0.0,
  lexicalLead: 4.4064,
  semanticLead: 0.0,
  weakerLead: 0.0,
  logTools: -0.4554,
  logMatched: 1.9696,
  logTerms: 0.0,
  knots: [
    [0.0607, 0.0214],
    [0.0716, 0.0436],
    [0.0804, 0.054],
    [0.0904, 0.0602],
    [0.1036, 0.1046],
    [0.1321, 0.1123],
    [0.1535, 0.1217],
    [0.1639, 0.1474],
    [0.1732, 0.181],
    [0.2086, 0.211],
    [0.2549, 0.2128],
    [0.3075, 0.2842],
    [0.3594, 0.36],
    [0.3798, 0.3839],
    [0.4023, 0.4034],
    [0.4297, 0.4404],
    [0.4652, 0.4672],
    [0.5013, 0.5046],
    [0.5459, 0.6167],
    [0.5975, 0.6699],
    [0.6726, 0.8135],
    [0.7589, 0.8276],
    [0.8258, 0.8857],
    [0.8735, 0.92],
    [0.9583, 0.9646],
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
