/**
 * compute: a chain of factors applied to a starting quantity, with step localisation (0-based `step`, JSON-path
 * `parameter`) and a numeric audit of every factor whose numerator and denominator measure the same thing
 * (`1 kg / 2.0 lb` is 10.2 % off: `inconsistent_factor` at that step, with the corrected denominator as likely_fix).
 */

import { applyPlan, checkSpeciesFactors, plan, sameSpeciesCounts } from "./convert.js";
import { COMPONENTS, DIMENSIONLESS, type Dim, equal, mul, pow } from "./dimension.js";
import { labelOf, mergeTerms, type Quantity } from "./evaluate.js";
import { type Term, termFactor, termLabel } from "./registry.js";
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

interface ComputeStep {
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
  checkChain(input);
  const initial = resolveUnit(units, input.initial_unit, { parameter: "initial_unit", quiet });
  input.factors.forEach(checkFactorShape);
  const chain: Chain = {
    value: finite(input.initial_value * initial.scalar, { parameter: "initial_value" }, "The initial quantity"),
    terms: initial.terms.map((t) => ({ ...t })),
    dim: initial.dim,
    warnings: [...initial.warnings, ...initial.syntaxHints, ...readAs(initial)],
  };
  const steps: ComputeOutput["steps"] = [
    {
      step: "initial",
      quantity: tidy(chain.value),
      unit: labelOf(chain.terms),
      dimension: units.dimensionName(chain.dim),
    },
  ];
  const audit = { mode: input.audit ?? "error", tolerance: input.tolerance ?? DEFAULT_TOLERANCE };
  for (const [i, f] of input.factors.entries()) steps.push(applyFactor(units, chain, f, i, audit, quiet));
  const { value, unit } = inExpectedUnit(units, chain, input, quiet);
  const out: ComputeOutput = { quantity: tidy(value), unit, dimension: units.dimensionName(chain.dim), steps };
  const uniq = [...new Set(chain.warnings)];
  if (uniq.length > 0) out.warnings = uniq;
  return out;
}

/** The running quantity of a chain: value in the units of `terms`, their dimension, and the warnings so far. */
interface Chain {
  value: number;
  terms: Term[];
  dim: Dim;
  warnings: string[];
}

interface Audit {
  mode: "error" | "warn" | "off";
  tolerance: number;
}

/** Checks of the call as a whole, before any unit is read. */
function checkChain(input: ComputeInput): void {
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
}

/** A factor's shape: a numerator, and a finite value when one is given. */
function checkFactorShape(f: Factor, i: number): void {
  const at = (field: string) => ({ parameter: `factors[${i}].${field}`, step: i });
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
}

/** Multiplies the chain by factor i (value × numerator / denominator) and returns its step. */
function applyFactor(units: Units, chain: Chain, f: Factor, i: number, audit: Audit, quiet?: boolean): ComputeStep {
  const at = (field: string) => ({ parameter: `factors[${i}].${field}`, step: i, quiet });
  const numerator = f.numerator as string;
  const lone = f.denominator === undefined || f.denominator.trim() === "";
  const denominatorText = lone ? "1" : (f.denominator as string);
  const num = resolveUnit(units, numerator, at("numerator"));
  const den = resolveUnit(units, denominatorText, { ...at("denominator"), other: num.dim });
  if (den.factor === 0 || den.scalar === 0) {
    throw unitError("computation_error", `factors[${i}] (step ${i}) divides by zero`, at("denominator"), {
      got: f.denominator,
    });
  }
  chain.warnings.push(...num.warnings, ...den.warnings, ...num.syntaxHints, ...den.syntaxHints, ...readAs(num, den));
  if (lone) {
    const reading = loneNumerator(chain, f, i, num);
    if (reading) chain.warnings.push(reading);
  }
  const { multiplier, note } = factorValue(chain, f, i, num, den, denominatorText, audit);
  chain.value = finite(chain.value * multiplier, at(f.value !== undefined ? "value" : "numerator"), `Step ${i}`);
  chain.terms = mergeTerms(mergeTerms(chain.terms, num.terms, 1), den.terms, -1);
  chain.dim = chain.dim.map((x, k) => Math.round((x + num.dim[k] - den.dim[k]) * 1e9) / 1e9);
  const step: ComputeStep = {
    index: i,
    factor: describe(f),
    quantity: tidy(chain.value),
    unit: labelOf(chain.terms),
    dimension: units.dimensionName(chain.dim),
  };
  if (note) step.audit = note;
  return step;
}

/**
 * What factor i multiplies the value by, and the audit's note: a factor whose numerator and denominator measure the
 * same quantity in different units is a conversion, exact when it has no numbers (`lb/kg`), checked when it has.
 */
function factorValue(
  chain: Chain,
  f: Factor,
  i: number,
  num: Quantity,
  den: Quantity,
  denominatorText: string,
  audit: Audit,
): { multiplier: number; note?: string } {
  const numerator = f.numerator as string;
  const plain = { multiplier: (f.value ?? 1) * (num.scalar / den.scalar) };
  // `1 mmol / 2 mEq` states a valence (`1 mmol / 2 mOsm` a particle count): counts against moles are data, never a
  // conversion to audit.
  const sameQuantity =
    equal(num.dim, den.dim) &&
    (num.kind === undefined || den.kind === undefined || num.kind === den.kind) &&
    sameSpeciesCounts(num, den);
  if (!sameQuantity || labelOf(num.terms) === labelOf(den.terms)) return plain;
  const numUnit = num.factor / num.scalar;
  const denUnit = den.factor / den.scalar;
  const hasNumbers = f.value !== undefined || /\d/u.test(numerator) || /\d/u.test(denominatorText);
  if (!hasNumbers) {
    // `lb/kg` without numbers: the exact conversion factor.
    const multiplier = denUnit / numUnit;
    return { multiplier, note: `exact conversion ${sig(multiplier)} ${labelOf(num.terms)}/${labelOf(den.terms)}` };
  }
  if (audit.mode === "off") return plain;
  const ratio = ((f.value ?? 1) * num.factor) / den.factor;
  const rel = Math.abs(ratio - 1);
  // A conversion factor names both amounts (`1 kg / 2.0 lb`), or sits within two orders of magnitude of 1.
  // `5 mg/kg` (a dose per body mass) is neither: it is data, like mol/mol.
  const bothNumbered = (f.value !== undefined || /\d/u.test(numerator)) && /\d/u.test(denominatorText);
  if (!bothNumbered && (ratio < 0.01 || ratio > 100)) return plain;
  if (rel <= audit.tolerance) return rel > ROUNDING_FLOOR ? { ...plain, note: "rounded factor" } : plain;
  const correctDen = ((f.value ?? 1) * num.factor) / denUnit;
  const fixed = `${sig(correctDen)} ${unitText(denominatorText) || labelOf(den.terms)}`;
  const oneNum = `${sig((f.value ?? 1) * num.scalar)} ${unitText(numerator) || labelOf(num.terms)}`;
  const message = `Factor ${describe(f)} is ${(rel * 100).toFixed(1)} % off (${oneNum} = ${fixed})`;
  if (audit.mode === "error") {
    throw unitError(
      "inconsistent_factor",
      `${message} at factors[${i}] (step ${i})`,
      { parameter: `factors[${i}].denominator`, step: i },
      {
        got: `${oneNum} / ${denominatorText.trim()}`,
        expected: `${oneNum} / ${fixed}`,
        likely_fix: fixed,
        hints: [
          "The numerator and denominator measure the same quantity, so their ratio must be 1",
          'Pass audit="warn" if the factor is deliberate',
        ],
      },
    );
  }
  chain.warnings.push(`step ${i}: ${message}`);
  return { ...plain, note: "inconsistent factor" };
}

/**
 * A factor with a numerator and no denominator multiplies the chain by that quantity. That is what `80 kg` after a
 * dose per kilogram means (it cancels kg), but `km` after a length would make an area (`100 m·km`): a conversion
 * factor with its other side missing. Such a factor (it raises the power of a dimension the chain already has, and
 * cancels none) is refused, naming the denominator, with the one that makes it a conversion as likely_fix; a product
 * is written with `denominator: "1"`. Other lone numerators are kept, and a warning says which reading was used.
 */
function loneNumerator(chain: Chain, f: Factor, i: number, num: Quantity): string | undefined {
  // Above and below the chain's line separately: mcg/(kg·min) has mass on both sides, and 80 kg cancels the kg.
  const above = sideDim(chain.terms, 1);
  const below = sideDim(chain.terms, -1);
  const compounds = num.dim.some((x, k) => (x > 0 && above[k] > 0) || (x < 0 && below[k] > 0));
  const cancels = num.dim.some((x, k) => (x > 0 && below[k] > 0) || (x < 0 && above[k] > 0));
  const numerator = (f.numerator as string).trim();
  const times = `${f.value !== undefined && f.value !== 1 ? `${f.value} × ` : ""}${numerator}`;
  if (!compounds) {
    return cancels || num.dim.every((x) => x === 0)
      ? undefined
      : `factors[${i}] (step ${i}) has no denominator: read as a product, × ${times}; give a denominator for a ratio`;
  }
  if (cancels) return undefined;
  const product = labelOf(mergeTerms(chain.terms, num.terms, 1));
  // The chain's own unit of the numerator's quantity, when there is exactly one and it is another unit.
  const same = chain.terms.filter((t) => t.exp > 0 && equal(t.unit.dim, num.dim));
  const own = same.length === 1 && labelOf([{ ...same[0], exp: 1 }]) !== labelOf(num.terms) ? same[0] : undefined;
  const denominator = own
    ? `${sig(((f.value ?? 1) * num.factor) / termFactor({ ...own, exp: 1 }))} ${termLabel(own)}`
    : undefined;
  throw unitError(
    "invalid_input",
    `factors[${i}] (step ${i}) has a numerator (${times}) and no denominator: as written it multiplies ${labelOf(chain.terms)} by ${times}, giving ${product}`,
    { parameter: `factors[${i}].denominator`, step: i },
    {
      got: f.denominator,
      expected: denominator ?? "a unit of the same quantity as the numerator, for a conversion factor",
      likely_fix: denominator,
      hints: [
        denominator
          ? `For a conversion to ${numerator.replace(/^[\d.eE+-]+\s*/u, "")}, the denominator is ${denominator}`
          : "For a conversion factor, give the denominator: the same quantity in the unit it replaces",
        `For a product (${product}), give denominator "1"`,
      ],
    },
  );
}

/** The dimension of the terms above (1) or below (-1) the line, with positive exponents. */
function sideDim(terms: readonly Term[], side: 1 | -1): Dim {
  let d: Dim = DIMENSIONLESS;
  for (const t of terms) if (Math.sign(t.exp) === side) d = mul(d, pow(t.unit.dim, Math.abs(t.exp)));
  return d;
}

/** The chain's result, converted to expected_unit when one is given. */
function inExpectedUnit(
  units: Units,
  chain: Chain,
  input: ComputeInput,
  quiet?: boolean,
): { value: number; unit: string } {
  const unit = labelOf(chain.terms);
  if (input.expected_unit === undefined) return { value: chain.value, unit };
  const expected = resolveUnit(units, input.expected_unit, { parameter: "expected_unit", quiet, other: chain.dim });
  if (!compatibility(chain.dim, expected.dim).ok) {
    throw unitError(
      "dimension_mismatch",
      `The result is ${units.dimensionName(chain.dim)} (${unit}), but expected_unit '${input.expected_unit}' is ${units.dimensionName(expected.dim)}`,
      { parameter: "expected_unit" },
      {
        got: units.dimensionName(chain.dim),
        expected: units.dimensionName(expected.dim),
        hints: missingHints(chain.dim, expected.dim, units),
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
  const value = finite(
    applyPlan(p, chain.value),
    { parameter: "expected_unit" },
    `The result in ${input.expected_unit}`,
  );
  chain.warnings.push(...p.warnings);
  return { value, unit: input.expected_unit.trim() };
}

/** Spellings read by the other unit or by another letter case are stated, as convert states them in did_you_mean. */
function readAs(...qs: Quantity[]): string[] {
  return qs.flatMap((q) => q.resolved.map((r) => `'${r.original}' read as ${r.corrected} (${r.reason})`));
}

/** A chain longer than this is no factor-label calculation an agent writes; it only costs time. */
const MAX_FACTORS = 200;

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
