/**
 * compute: a chain of factors applied to a starting quantity, with step localisation (0-based `step`, JSON-path
 * `parameter`) and a numeric audit of every factor whose numerator and denominator measure the same thing
 * (`1 kg / 2.0 lb` is 10.2 % off: `inconsistent_factor` at that step, with the corrected denominator as likely_fix).
 */

import { applyPlan, checkSpeciesFactors, plan, sameSpeciesCounts } from "./convert.js";
import { COMPONENTS, type Dim, equal } from "./dimension.js";
import { labelOf, mergeTerms, type Quantity } from "./evaluate.js";
import type { Term } from "./registry.js";
import { refuseRepeatedValue } from "./repeated.js";
import { resolveUnit, unitError } from "./suggestions.js";
import { compatibility, type Units } from "./system.js";
import { tidy } from "./tidy.js";
import { type Effort, withVerifiedFix } from "./verify.js";

export interface Factor {
  value?: number;
  numerator?: string;
  denominator?: string;
}

export interface ComputeInput {
  initial_value: number;
  initial_unit: string;
  factors: readonly Factor[];
  expected_unit?: string;
  audit?: "error" | "warn" | "off";
  tolerance?: number;
  /** Charge number of the ion, when expected_unit relates equivalents and moles. */
  valence?: number;
  /** Particles per formula unit, when expected_unit relates osmoles and moles. */
  particles?: number;
}

export interface ComputeStep {
  [key: string]: unknown;
  index: number;
  factor: string;
  quantity: number;
  unit: string;
  dimension: string;
  audit?: string;
}

export interface ComputeOutput {
  [key: string]: unknown;
  quantity: number;
  unit: string;
  dimension: string;
  steps: Array<ComputeStep | { step: "initial"; quantity: number; unit: string; dimension: string }>;
  warnings?: string[];
}

const DEFAULT_TOLERANCE = 1e-3;
const ROUNDING_FLOOR = 1e-6;

function sig(x: number, digits = 6): string {
  return String(Number(x.toPrecision(digits)));
}

/** The unit part of a factor field: `"2.205 lb"` → `"lb"`. */
function unitText(field: string): string {
  return field.replace(/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*/u, "").trim();
}

function describe(f: Factor): string {
  const v = f.value !== undefined && f.value !== 1 ? `${f.value} × ` : "";
  return `${v}${f.numerator ?? "?"}${f.denominator !== undefined ? ` / ${f.denominator}` : ""}`;
}

/** compute(initial, factors…): the result, or the structured error whose likely_fix has been tried. */
export function compute(units: Units, input: ComputeInput): ComputeOutput {
  return withVerifiedFix(input, (args, effort) => computeOnce(units, args, effort));
}

function computeOnce(units: Units, input: ComputeInput, { quiet }: Effort): ComputeOutput {
  if (!Number.isFinite(input.initial_value)) {
    throw unitError(
      "invalid_input",
      "initial_value must be a finite number",
      { parameter: "initial_value" },
      { got: input.initial_value },
    );
  }
  if (input.factors.length > MAX_FACTORS) {
    throw unitError(
      "invalid_input",
      `compute takes at most ${MAX_FACTORS} factors, got ${input.factors.length}`,
      { parameter: "factors" },
      { got: input.factors.length, hints: ["Split the chain into several compute calls"] },
    );
  }
  refuseRepeatedValue(input.initial_value, input.initial_unit, "initial_unit", "initial_value");
  checkSpeciesFactors(input);
  const tolerance = input.tolerance ?? DEFAULT_TOLERANCE;
  const auditMode = input.audit ?? "error";
  const initial = resolveUnit(units, input.initial_unit, { parameter: "initial_unit", quiet });
  let value = finite(input.initial_value * initial.scalar, { parameter: "initial_value" }, "The initial quantity");
  let terms: Term[] = initial.terms.map((t) => ({ ...t }));
  let dim: Dim = initial.dim;
  const warnings: string[] = [...initial.warnings, ...initial.syntaxHints, ...readAs(initial)];
  const steps: ComputeOutput["steps"] = [
    { step: "initial", quantity: tidy(value), unit: labelOf(terms), dimension: units.dimensionName(dim) },
  ];

  input.factors.forEach((f, i) => {
    const at = (field: string) => ({ parameter: `factors[${i}].${field}`, step: i, quiet });
    if (f.numerator === undefined || String(f.numerator).trim() === "") {
      throw unitError("invalid_input", `factors[${i}] (step ${i}) has no numerator`, at("numerator"), {
        expected: 'a unit, optionally with a number: "2.205 lb"',
        hints: [
          'Each factor is {value?, numerator, denominator?}, e.g. {"numerator": "1 kg", "denominator": "2.20462 lb"}',
        ],
      });
    }
    if (f.value !== undefined && !Number.isFinite(f.value)) {
      throw unitError("invalid_input", `factors[${i}].value (step ${i}) must be a finite number`, at("value"), {
        got: f.value,
      });
    }
    const denominatorText = f.denominator === undefined || f.denominator.trim() === "" ? "1" : f.denominator;
    const num = resolveUnit(units, f.numerator, at("numerator"));
    const den = resolveUnit(units, denominatorText, { ...at("denominator"), other: num.dim });
    if (den.factor === 0 || den.scalar === 0) {
      throw unitError("computation_error", `factors[${i}] (step ${i}) divides by zero`, at("denominator"), {
        got: f.denominator,
      });
    }
    warnings.push(...num.warnings, ...den.warnings, ...num.syntaxHints, ...den.syntaxHints, ...readAs(num, den));
    let multiplier = (f.value ?? 1) * (num.scalar / den.scalar);
    let note: string | undefined;
    const hasNumbers = f.value !== undefined || /\d/u.test(f.numerator) || /\d/u.test(denominatorText);
    // `1 mmol / 2 mEq` states a valence (`1 mmol / 2 mOsm` a particle count): counts against moles are data, never a
    // conversion to audit.
    const sameQuantity =
      equal(num.dim, den.dim) &&
      (num.kind === undefined || den.kind === undefined || num.kind === den.kind) &&
      sameSpeciesCounts(num, den);
    const differentUnits = labelOf(num.terms) !== labelOf(den.terms);
    if (sameQuantity && differentUnits) {
      const numUnit = num.factor / num.scalar;
      const denUnit = den.factor / den.scalar;
      if (!hasNumbers) {
        // `lb/kg` without numbers: the exact conversion factor.
        multiplier = denUnit / numUnit;
        note = `exact conversion ${sig(multiplier)} ${labelOf(num.terms)}/${labelOf(den.terms)}`;
      } else if (auditMode !== "off") {
        const ratio = ((f.value ?? 1) * num.factor) / den.factor;
        const rel = Math.abs(ratio - 1);
        // A conversion factor names both amounts (`1 kg / 2.0 lb`), or sits within two orders of magnitude of 1.
        // `5 mg/kg` (a dose per body mass) is neither: it is data, like mol/mol.
        const bothNumbered = (f.value !== undefined || /\d/u.test(f.numerator)) && /\d/u.test(denominatorText);
        const conversionLike = bothNumbered || (ratio >= 0.01 && ratio <= 100);
        if (!conversionLike) {
          note = undefined;
        } else if (rel > tolerance) {
          const correctDen = ((f.value ?? 1) * num.factor) / denUnit;
          const fixed = `${sig(correctDen)} ${unitText(denominatorText) || labelOf(den.terms)}`;
          const oneNum = `${sig((f.value ?? 1) * num.scalar)} ${unitText(f.numerator) || labelOf(num.terms)}`;
          const message = `Factor ${describe(f)} is ${(rel * 100).toFixed(1)} % off (${oneNum} = ${fixed})`;
          if (auditMode === "error") {
            throw unitError("inconsistent_factor", `${message} at factors[${i}] (step ${i})`, at("denominator"), {
              got: `${oneNum} / ${denominatorText.trim()}`,
              expected: `${oneNum} / ${fixed}`,
              likely_fix: fixed,
              hints: [
                "The numerator and denominator measure the same quantity, so their ratio must be 1",
                'Pass audit="warn" if the factor is deliberate',
              ],
            });
          }
          warnings.push(`step ${i}: ${message}`);
          note = "inconsistent factor";
        } else if (rel > ROUNDING_FLOOR) note = "rounded factor";
      }
    }
    value = finite(value * multiplier, at(f.value !== undefined ? "value" : "numerator"), `Step ${i}`);
    terms = mergeTerms(mergeTerms(terms, num.terms, 1), den.terms, -1);
    dim = dim.map((x, k) => Math.round((x + num.dim[k] - den.dim[k]) * 1e9) / 1e9);
    const step: ComputeStep = {
      index: i,
      factor: describe(f),
      quantity: tidy(value),
      unit: labelOf(terms),
      dimension: units.dimensionName(dim),
    };
    if (note) step.audit = note;
    steps.push(step);
  });

  let unit = labelOf(terms);
  if (input.expected_unit !== undefined) {
    const expected = resolveUnit(units, input.expected_unit, { parameter: "expected_unit", quiet, other: dim });
    const c = compatibility(dim, expected.dim);
    if (!c.ok) {
      throw unitError(
        "dimension_mismatch",
        `The result is ${units.dimensionName(dim)} (${unit}), but expected_unit '${input.expected_unit}' is ${units.dimensionName(expected.dim)}`,
        { parameter: "expected_unit" },
        {
          got: units.dimensionName(dim),
          expected: units.dimensionName(expected.dim),
          hints: missingHints(dim, expected.dim, units),
        },
      );
    }
    const p = plan(
      units,
      {
        from_unit: unit === "1" ? "1" : unit,
        to_unit: input.expected_unit,
        valence: input.valence,
        particles: input.particles,
      },
      { from: "factors", to: "expected_unit" },
      { quiet },
    );
    value = finite(applyPlan(p, value), { parameter: "expected_unit" }, `The result in ${input.expected_unit}`);
    warnings.push(...p.warnings);
    unit = input.expected_unit.trim();
  }
  const out: ComputeOutput = { quantity: tidy(value), unit, dimension: units.dimensionName(dim), steps };
  const uniq = [...new Set(warnings)];
  if (uniq.length > 0) out.warnings = uniq;
  return out;
}

/** Spellings read by the other unit or by another letter case are stated, as convert states them in did_you_mean. */
function readAs(...qs: Quantity[]): string[] {
  return qs.flatMap((q) => q.resolved.map((r) => `'${r.original}' read as ${r.corrected} (${r.reason})`));
}

/** A chain longer than this is no factor-label calculation an agent writes; it only costs time. */
export const MAX_FACTORS = 200;

/** A value that overflowed (or underflowed to nothing useful) is a computation_error, never `quantity: null`. */
function finite(value: number, where: { parameter: string; step?: number }, what: string): number {
  if (Number.isFinite(value)) return value;
  throw unitError(
    "computation_error",
    `${what} is not a finite number (${value}): the chain overflows${where.step !== undefined ? ` at factors[${where.step}] (step ${where.step})` : ""}`,
    where,
    { got: String(value), hints: ["Check the magnitudes of the values and factors; rescale them into range"] },
  );
}

/** "Missing 'time' in the denominator": what the chain lacks to reach the expected dimension. */
function missingHints(result: Dim, expected: Dim, units: Units): string[] {
  const hints: string[] = [];
  expected.forEach((e, k) => {
    const d = e - result[k];
    if (d === 0) return;
    const name = COMPONENTS[k];
    const power = Math.abs(d) === 1 ? "" : `^${Math.abs(d)}`;
    hints.push(
      d < 0
        ? `Missing '${name}'${power} in the denominator: add a factor with a ${name} unit below the line`
        : `Missing '${name}'${power} in the numerator: add a factor with a ${name} unit above the line`,
    );
  });
  hints.push(`Result so far: ${units.dimensionName(result)}; expected: ${units.dimensionName(expected)}`);
  return hints;
}

export type { Quantity };
