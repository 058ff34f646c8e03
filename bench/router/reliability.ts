import { rng } from "../lib/random.js";

/**
 * Calibration measures: a logistic fit (for bench/router/calibrate.ts), the reliability table of predicted
 * confidence against observed accuracy in ten equal-width bins, and the expected calibration error (ECE: the
 * examples' share-weighted gap between mean confidence and accuracy per bin).
 */

/** One ranked tool: its features (calibration.ts featuresOf) and whether it was the right tool. */
export interface Example {
  x: number[];
  y: number;
}

export interface Logistic {
  bias: number;
  weights: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function predict(model: Logistic, x: readonly number[]): number {
  return sigmoid(model.weights.reduce((z, w, j) => z + w * x[j], model.bias));
}

/** Newton's method on the log-likelihood with an L2 penalty `lambda` on the weights (not the bias). */
export function fitLogistic(examples: readonly Example[], lambda = 1e-3, iterations = 50): Logistic {
  const d = examples[0].x.length + 1;
  const beta = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const e of examples) {
      const row = [1, ...e.x];
      const p = sigmoid(row.reduce((z, v, j) => z + v * beta[j], 0));
      const w = Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j < d; j++) {
        grad[j] += (e.y - p) * row[j];
        for (let k = 0; k < d; k++) hess[j][k] += w * row[j] * row[k];
      }
    }
    for (let j = 1; j < d; j++) {
      grad[j] -= lambda * examples.length * beta[j];
      hess[j][j] += lambda * examples.length;
    }
    const step = solve(hess, grad);
    let moved = 0;
    for (let j = 0; j < d; j++) {
      beta[j] += step[j];
      moved = Math.max(moved, Math.abs(step[j]));
    }
    if (moved < 1e-8) break;
  }
  return { bias: beta[0], weights: beta.slice(1) };
}

/** Gaussian elimination with partial pivoting: A x = b. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x;
}

/** A confidence and whether the answer was right. */
export interface Judged {
  confidence: number;
  right: boolean;
}

export interface Bin {
  from: number;
  to: number;
  n: number;
  confidence: number;
  accuracy: number;
}

export function bins(judged: readonly Judged[], count = 10): Bin[] {
  const out: Bin[] = Array.from({ length: count }, (_, k) => ({
    from: k / count,
    to: (k + 1) / count,
    n: 0,
    confidence: 0,
    accuracy: 0,
  }));
  for (const j of judged) {
    const b = out[Math.min(count - 1, Math.floor(j.confidence * count))];
    b.n++;
    b.confidence += j.confidence;
    b.accuracy += j.right ? 1 : 0;
  }
  for (const b of out) {
    if (b.n === 0) continue;
    b.confidence /= b.n;
    b.accuracy /= b.n;
  }
  return out;
}

export function expectedCalibrationError(judged: readonly Judged[]): number {
  const total = Math.max(1, judged.length);
  return bins(judged).reduce((sum, b) => sum + (b.n / total) * Math.abs(b.confidence - b.accuracy), 0);
}

const judgedBy = (examples: readonly Example[], model: Logistic): Judged[] =>
  examples.map((e) => ({ confidence: predict(model, e.x), right: e.y === 1 }));

export function ece(examples: readonly Example[], model: Logistic): number {
  return expectedCalibrationError(judgedBy(examples, model));
}

/**
 * Isotonic regression (pool adjacent violators) of the labels on a score, pooled into blocks of at least `minBlock`
 * examples so that no knot rests on a handful of rows: the knots (mean score, mean label) of a monotone map.
 */
export function fitIsotonic(points: ReadonlyArray<{ p: number; y: number }>, minBlock = 100): Array<[number, number]> {
  const sorted = [...points].sort((a, b) => a.p - b.p);
  const blocks: Array<{ p: number; y: number; n: number }> = [];
  for (const pt of sorted) {
    blocks.push({ p: pt.p, y: pt.y, n: 1 });
    // Merge while the last block is below the previous (a violation) or too small to stand alone.
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.y / a.n < b.y / b.n && a.n >= minBlock) break;
      blocks.splice(blocks.length - 2, 2, { p: a.p + b.p, y: a.y + b.y, n: a.n + b.n });
    }
  }
  if (blocks.length > 1 && blocks[blocks.length - 1].n < minBlock) {
    const b = blocks.pop() as { p: number; y: number; n: number };
    const a = blocks[blocks.length - 1];
    blocks[blocks.length - 1] = { p: a.p + b.p, y: a.y + b.y, n: a.n + b.n };
  }
  return blocks.map((b) => [b.p / b.n, b.y / b.n]);
}

/**
 * The expected calibration error that sampling alone gives a perfectly calibrated confidence on these requests: each
 * outcome drawn as right with its own confidence, the error measured, `draws` times (a fixed generator, so the figure
 * repeats). Below some hundreds of requests this floor is itself several hundredths.
 */
export function samplingFloor(confidences: readonly number[], draws = 2000): { mean: number; p90: number } {
  const next = rng(20261128);
  const errors: number[] = [];
  for (let d = 0; d < draws; d++) {
    errors.push(expectedCalibrationError(confidences.map((c) => ({ confidence: c, right: next() < c }))));
  }
  errors.sort((a, b) => a - b);
  const mean = errors.reduce((s, e) => s + e, 0) / Math.max(1, errors.length);
  return { mean, p90: errors[Math.floor(0.9 * (errors.length - 1))] ?? 0 };
}
