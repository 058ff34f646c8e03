/**
 * convert and check_dimensions: thin wrappers over one decision procedure (plan.ts), with the value applied, the
 * result shaped, and every likely_fix tried before it is sent (verify.ts). A fix that changes several arguments is
 * an argument patch over the input (`{value: 5000, from_unit: "ft"}`); the tool layer turns it into a whole call.
 */
import { type Correction, type DidYouMean, didYouMean } from "../core/corrections.js";
import { isToolError, type ToolError } from "../core/errors.js";
import type { Quantity } from "./evaluate.js";
import { mixedQuantity } from "./mixed.js";
import { applyPlan, type ConvertInput, plan, tryResolve } from "./plan.js";
import { termName } from "./registry.js";
import { refuseRepeatedValue } from "./repeated.js";
import { checkSpeciesFactors } from "./species.js";
import { resolveUnit, unitError } from "./suggestions.js";
import type { Units } from "./system.js";
import { tidy } from "./tidy.js";
import { type ArgumentPatch, checkLength, MAX_UNIT_HINTS } from "./unit-error.js";
import { type Effort, withVerifiedFix } from "./verify.js";

export { applyPlan, type ConvertInput, plan } from "./plan.js";
export { checkSpeciesFactors, sameSpeciesCounts } from "./species.js";

export interface ConvertOutput {
  [key: string]: unknown;
  quantity: number;
  unit: string;
  unit_name: string;
  dimension: string;
  kind?: string;
  factor: number;
  warnings?: string[];
  did_you_mean?: DidYouMean;
}

export interface ConvertOptions {
  /**
   * A from_unit or to_unit that is a typo the core matcher would auto-correct, and that fits the other unit, is read
   * as its fix when the call then converts; reported in did_you_mean (`correction_type: "typo"`).
   */
  autoCorrect?: boolean;
}

/** convert(value, from_unit, to_unit): the result, or the structured error whose likely_fix has been tried. */
export function convert(units: Units, input: ConvertInput, options: ConvertOptions = {}): ConvertOutput {
  try {
    return withVerifiedFix(input, (args, effort) => convertOnce(units, args, effort));
  } catch (e) {
    if (!options.autoCorrect || !isToolError(e) || e.payload.error_type !== "unknown_unit") throw e;
    // The call as written failed on a spelling: read it as its typo fix, or report the error as it was.
    try {
      return convertOnce(units, input, { quiet: true, autoCorrect: true });
    } catch (again) {
      throw isToolError(again) ? e : again;
    }
  }
}

function convertOnce(units: Units, input: ConvertInput, effort: Effort & { autoCorrect?: boolean }): ConvertOutput {
  if (!Number.isFinite(input.value)) {
    throw unitError(
      "invalid_input",
      `value must be a finite number, got ${input.value}`,
      { parameter: "value" },
      { got: input.value },
    );
  }
  refuseRepeatedValue(input.value, input.from_unit, "from_unit", "value");
  checkSpeciesFactors(input);
  for (const [key, v] of Object.entries(input.context ?? {})) {
    if (typeof v === "string") checkLength(v, `context.${key}`);
  }
  if (input.kind !== undefined) checkLength(input.kind, "kind");
  if (input.target_kind !== undefined) checkLength(input.target_kind, "target_kind");
  // With the value given, a prefixed non-scalable from_unit (5 kft) has a mechanical fix: the value rescaled.
  const p = withMixedQuantityFix(units, input, () =>
    plan(units, input, undefined, { value: input.value, quiet: effort.quiet, autoCorrect: effort.autoCorrect }),
  );
  const quantity = applyPlan(p, input.value);
  if (!Number.isFinite(quantity)) {
    throw unitError(
      "computation_error",
      `Converting ${input.value} ${input.from_unit} to ${input.to_unit} overflows`,
      { parameter: "value" },
      {},
    );
  }
  const out: ConvertOutput = {
    quantity: tidy(quantity),
    unit: input.to_unit.trim(),
    unit_name: unitName(p.to),
    dimension: units.dimensionName(p.to.dim),
    factor: p.log || p.affine ? Number.NaN : tidy(p.scale),
  };
  if (p.log || p.affine) delete (out as Record<string, unknown>).factor;
  const kind = input.target_kind ?? input.kind ?? p.to.kind;
  if (kind) out.kind = kind;
  if (p.warnings.length > 0) out.warnings = [...new Set(p.warnings)];
  if (p.corrections.length > 0) out.did_you_mean = readingsNote(p.corrections);
  return out;
}

/**
 * `plan` for a from_unit that may be one quantity written in several units (`5 ft 6 in`): when it fails as written
 * (an area, or a parse error on `5'11"`), the error carries the sum in the first unit as its likely_fix.
 */
function withMixedQuantityFix<T>(units: Units, input: ConvertInput, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (!isToolError(e)) throw e;
    // A parse repair of `5'11"` (dropping a mark) is no fix of a quantity; a stated equivalence is kept.
    const replaceable =
      e.payload.error_type === "parse_error" ||
      (e.payload.error_type === "dimension_mismatch" && e.payload.likely_fix === undefined);
    if (!replaceable) throw e;
    const mixed = mixedQuantity(units, input.from_unit);
    if (!mixed) throw e;
    const written = mixed.parts.map(([n, unit]) => `${n} ${unit}`).join(" + ");
    // The patch holds the parameter at fault (to_unit for an area against a length) even where it keeps its value.
    const likely_fix: ArgumentPatch = {
      value: tidy(input.value * mixed.total),
      from_unit: mixed.unit,
      ...(e.payload.parameter === "to_unit" ? { to_unit: input.to_unit } : {}),
    };
    e.payload.likely_fix = likely_fix;
    e.payload.hints = [
      `Read as one quantity: ${written} = ${tidy(mixed.total)} ${mixed.unit}`,
      ...e.payload.hints,
    ].slice(0, MAX_UNIT_HINTS);
    throw e;
  }
}

/** Why a spelling was read as another, for did_you_mean. */
const READ_BECAUSE: Readonly<Record<string, string>> = {
  case_variant: "another letter case of a unit",
  typo: "typo fixed by auto_correct: the one close unit that fits the other unit",
};

/** did_you_mean for spellings read by the other unit, by another case, or as a typo fix. */
function readingsNote(corrections: Correction[]) {
  return didYouMean(
    corrections,
    corrections
      .map(
        (c) =>
          `'${String(c.original)}' read as ${String(c.corrected)} (${READ_BECAUSE[c.correction_type] ?? "the only reading that fits the other unit"})`,
      )
      .join("; "),
  );
}

function unitName(q: Quantity): string {
  const part = (exp: number, name: string) =>
    exp === 1 ? name : exp === 2 ? `square ${name}` : exp === 3 ? `cubic ${name}` : `${name}^${exp}`;
  const num = q.terms.filter((t) => t.exp > 0).map((t) => part(t.exp, termName(t)));
  const den = q.terms.filter((t) => t.exp < 0).map((t) => part(-t.exp, termName(t)));
  const head = num.length > 0 ? num.join(" ") : "1";
  return den.length > 0 ? `${head} per ${den.join(" ")}` : head;
}

export interface CheckOutput {
  [key: string]: unknown;
  compatible: boolean;
  dimension_a: string;
  dimension_b: string;
  kind_a?: string;
  kind_b?: string;
  relation: string;
  factor?: number;
  reason?: string;
}

/** check_dimensions(unit_a, unit_b): unknown units are errors; an incompatible pair is a normal answer. */
export function checkDimensions(units: Units, unitA: string, unitB: string): CheckOutput {
  return withVerifiedFix({ unit_a: unitA, unit_b: unitB }, (a, effort) => checkOnce(units, a.unit_a, a.unit_b, effort));
}

function checkOnce(units: Units, unitA: string, unitB: string, effort: Effort): CheckOutput {
  const names = { from: "unit_a", to: "unit_b" };
  const describe = (a: Quantity, b: Quantity): CheckOutput => {
    const out: CheckOutput = {
      compatible: false,
      dimension_a: units.dimensionName(a.dim),
      dimension_b: units.dimensionName(b.dim),
      relation: "incompatible",
    };
    if (a.kind) out.kind_a = a.kind;
    if (b.kind) out.kind_b = b.kind;
    return out;
  };
  try {
    // The same decision procedure as convert: compatible exactly when convert would succeed.
    const p = plan(units, { from_unit: unitA, to_unit: unitB }, names, { quiet: effort.quiet });
    const out: CheckOutput = { ...describe(p.from, p.to), compatible: true, relation: p.relation };
    // A factor beyond the doubles (`Qm^30` vs `qm^30`) is left out rather than sent as null.
    if (!p.log && !p.affine && Number.isFinite(p.scale)) out.factor = tidy(p.scale);
    if (p.warnings.length > 0) out.warnings = p.warnings;
    if (p.corrections.length > 0) out.did_you_mean = readingsNote(p.corrections);
    return out;
  } catch (e) {
    if (!(e instanceof Error && "payload" in e)) throw e;
    const payload = (e as ToolError).payload;
    if (["ambiguous_unit", "unknown_unit", "parse_error", "non_scalable_unit"].includes(payload.error_type)) throw e;
    const firstB = tryResolve(units, unitB, { parameter: "unit_b", quiet: true });
    const quiet = effort.quiet;
    const a = resolveUnit(units, unitA, { parameter: "unit_a", quiet, other: firstB.ok ? firstB.q.dim : undefined });
    const b = firstB.ok ? firstB.q : resolveUnit(units, unitB, { parameter: "unit_b", quiet, other: a.dim });
    return { ...describe(a, b), relation: payload.error_type, reason: payload.error, hints: payload.hints };
  }
}
