/**
 * convert and check_dimensions: thin wrappers over one decision procedure (plan.ts), with the value applied, the
 * result shaped, and every likely_fix tried before it is sent (verify.ts).
 */
import { type Correction, didYouMean } from "../core/corrections.js";
import { isToolError, type ToolError } from "../core/errors.js";
import type { Quantity } from "./evaluate.js";
import { mixedQuantity } from "./mixed.js";
import { applyPlan, type ConvertInput, plan, tryResolve } from "./plan.js";
import { termName } from "./registry.js";
import { refuseRepeatedValue } from "./repeated.js";
import { checkSpeciesFactors } from "./species.js";
import { resolveUnit, unitError } from "./suggestions.js";
import type { Units } from "./system.js";
import { checkLength, MAX_UNIT_HINTS } from "./unit-error.js";
import { withVerifiedFix } from "./verify.js";

export { applyPlan, type ConvertContext, type ConvertInput, plan } from "./plan.js";
export { checkSpeciesFactors, type SpeciesFactors, sameSpeciesCounts } from "./species.js";

export interface ConvertOutput {
  [key: string]: unknown;
  quantity: number;
  unit: string;
  unit_name: string;
  dimension: string;
  kind?: string;
  factor: number;
  warnings?: string[];
}

/** convert(value, from_unit, to_unit): the result, or the structured error whose likely_fix has been tried. */
export function convert(units: Units, input: ConvertInput): ConvertOutput {
  return withVerifiedFix("convert", input, (args) => convertOnce(units, args));
}

function convertOnce(units: Units, input: ConvertInput): ConvertOutput {
  if (!Number.isFinite(input.value)) {
    throw unitError(
      "invalid_input",
      `value must be a finite number, got ${input.value}`,
      { parameter: "value" },
      { got: input.value },
    );
  }
  refuseRepeatedValue(input.value, input.from_unit, "from_unit", "value", (from_unit) => ({
    name: "convert",
    arguments: { ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)), from_unit },
  }));
  checkSpeciesFactors(input);
  for (const [key, v] of Object.entries(input.context ?? {})) {
    if (typeof v === "string") checkLength(v, `context.${key}`);
  }
  if (input.kind !== undefined) checkLength(input.kind, "kind");
  if (input.target_kind !== undefined) checkLength(input.target_kind, "target_kind");
  // A prefixed non-scalable from_unit (5 kft) has a mechanical fix: the same call with the value rescaled.
  const rescale = (label: string, factor: number) => ({
    name: "convert",
    arguments: {
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
      value: tidy(input.value * factor),
      from_unit: label,
    },
  });
  const withArgs = (patch: Record<string, unknown>) => ({
    name: "convert",
    arguments: { ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)), ...patch },
  });
  const p = withMixedQuantityFix(units, input, withArgs, () => plan(units, input, undefined, rescale, withArgs));
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
function withMixedQuantityFix<T>(
  units: Units,
  input: ConvertInput,
  withArgs: (patch: Record<string, unknown>) => unknown,
  run: () => T,
): T {
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
    e.payload.likely_fix = withArgs({ value: tidy(input.value * mixed.total), from_unit: mixed.unit });
    e.payload.hints = [
      `Read as one quantity: ${written} = ${tidy(mixed.total)} ${mixed.unit}`,
      ...e.payload.hints,
    ].slice(0, MAX_UNIT_HINTS);
    throw e;
  }
}

/** did_you_mean for spellings read by the other unit or by another case. */
function readingsNote(corrections: Correction[]) {
  return didYouMean(
    corrections,
    corrections
      .map((c) =>
        c.correction_type === "case_variant"
          ? `'${String(c.original)}' read as ${String(c.corrected)} (another letter case of a unit)`
          : `'${String(c.original)}' read as ${String(c.corrected)} (the only reading that fits the other unit)`,
      )
      .join("; "),
  );
}

/** Removes binary floating-point noise (0.30000000000000004) without losing real precision. */
export function tidy(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  return Number(x.toPrecision(15));
}

export function unitName(q: Quantity): string {
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
  return withVerifiedFix("check_dimensions", { unit_a: unitA, unit_b: unitB }, (a) =>
    checkOnce(units, a.unit_a, a.unit_b),
  );
}

function checkOnce(units: Units, unitA: string, unitB: string): CheckOutput {
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
    const p = plan(units, { from_unit: unitA, to_unit: unitB }, names);
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
    const quietB = tryResolve(units, unitB, { parameter: "unit_b" });
    const a = resolveUnit(units, unitA, { parameter: "unit_a", other: quietB.ok ? quietB.q.dim : undefined });
    const b = quietB.ok ? quietB.q : resolveUnit(units, unitB, { parameter: "unit_b", other: a.dim });
    return { ...describe(a, b), relation: payload.error_type, reason: payload.error, hints: payload.hints };
  }
}
