/**
 * Confidence as a probability: the chance that a ranked tool is the one the request wants, from the evidence the two
 * lanes give for it (docs/router.md, "Confidence"). A logistic model over measurements that mean the same thing in a
 * catalog of 2 tools or 2,000: how similar the tool is to the request in each lane, by how much it leads every other
 * tool in each lane and in the weaker of the two, and the catalog's size (a lead over one rival says less than a lead
 * over a thousand); then a monotone map (isotonic regression of the outcomes on the logistic's output) for the bend a
 * linear model misses. Fitted once on development data (`npx tsx bench/router/calibrate.ts`, which prints these
 * coefficients and the reliability table) and checked on hand-written catalogs and requests it never saw
 * (`npm run bench -- router`).
 */

/** What the lanes say about one ranked tool, every value a plain measurement (no constant of ours inside). */
export interface Evidence {
  /** The lexical lane's score of the tool (weighted signals, soft-clipped), in [0, 1]. */
  lexical: number;
  /** The semantic lane's similarity of the tool, in [0, 1]; 0 when the lane is off. */
  semantic: number;
  /** The tool's lexical score minus the best lexical score of any other tool (negative when another leads). */
  lexicalLead: number;
  /** The same in the semantic lane. */
  semanticLead: number;
  /** Tools in the catalog. */
  tools: number;
}

export interface CalibrationModel {
  bias: number;
  lexical: number;
  semantic: number;
  lexicalLead: number;
  semanticLead: number;
  /** Weight of the weaker of the two leads: both lanes must separate the tool (an AND the sum above cannot say). */
  weakerLead: number;
  /** Weight of ln(tools). */
  logTools: number;
  /** The monotone map: knots (logistic output, observed accuracy), ascending; interpolated linearly, flat outside. */
  knots: ReadonlyArray<readonly [number, number]>;
}

/** Both lanes (the default once the model is loaded). */
export const FUSED_MODEL: CalibrationModel = {
  bias: -2.9361,
  lexical: 2.4376,
  semantic: 2.7421,
  lexicalLead: 3.6648,
  semanticLead: 4.456,
  weakerLead: 2.5005,
  logTools: 0.1534,
  knots: [
    [0.1121, 0.0649],
    [0.1472, 0.0861],
    [0.1723, 0.0971],
    [0.1956, 0.136],
    [0.2391, 0.1769],
    [0.2873, 0.192],
    [0.314, 0.2356],
    [0.3545, 0.3424],
    [0.399, 0.435],
    [0.4566, 0.4513],
    [0.5111, 0.5593],
    [0.5578, 0.6224],
    [0.6166, 0.6753],
    [0.6605, 0.7143],
    [0.7099, 0.8222],
    [0.7585, 0.85],
    [0.7961, 0.887],
    [0.8517, 0.92],
    [0.9081, 0.9367],
    [0.9428, 0.9569],
    [0.9661, 0.97],
    [0.9897, 0.9958],
  ],
};

/** The lexical lane alone (the model still loading, or embeddings off). */
export const LEXICAL_MODEL: CalibrationModel = {
  bias: -0.7871,
  lexical: 2.7964,
  semantic: 0.0,
  lexicalLead: 5.5382,
  semanticLead: 0.0,
  weakerLead: 0.0,
  logTools: -0.1144,
  knots: [
    [0.2389, 0.1215],
    [0.2543, 0.1638],
    [0.2648, 0.1698],
    [0.2877, 0.1861],
    [0.3131, 0.1864],
    [0.3269, 0.2961],
    [0.3501, 0.3462],
    [0.3911, 0.3785],
    [0.4299, 0.5],
    [0.4513, 0.5196],
    [0.4909, 0.5687],
    [0.5406, 0.62],
    [0.5775, 0.6911],
    [0.6241, 0.7037],
    [0.6951, 0.8146],
    [0.7871, 0.8667],
    [0.8645, 0.9007],
    [0.9235, 0.9292],
    [0.9803, 0.9643],
  ],
};

/** The features a model weighs, in a fixed order (the fitting script uses the same). */
export function featuresOf(e: Evidence): number[] {
  return [
    e.lexical,
    e.semantic,
    e.lexicalLead,
    e.semanticLead,
    Math.min(e.lexicalLead, e.semanticLead),
    Math.log(Math.max(1, e.tools)),
  ];
}

/** The probability that the tool is the right one. */
export function calibratedConfidence(e: Evidence, model: CalibrationModel): number {
  return monotoneMap(logisticOutput(e, model), model.knots);
}

/** The logistic model alone (the fitting script maps it). */
function logisticOutput(e: Evidence, model: CalibrationModel): number {
  const [lexical, semantic, lexicalLead, semanticLead, weakerLead, logTools] = featuresOf(e);
  const z =
    model.bias +
    model.lexical * lexical +
    model.semantic * semantic +
    model.lexicalLead * lexicalLead +
    model.semanticLead * semanticLead +
    model.weakerLead * weakerLead +
    model.logTools * logTools;
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
