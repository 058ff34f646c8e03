/**
 * convert and check_dimensions: one decision procedure (`plan`) serves both, so check_dimensions reports
 * "compatible" exactly when convert would succeed.
 */
import { type Correction, didYouMean } from "../core/corrections.js";
import { isToolError, type ToolError } from "../core/errors.js";
import type { Dim } from "./dimension.js";
import { type EquivalenceName, equivalenceBetween, equivalenceFor } from "./equivalence.js";
import type { Quantity } from "./evaluate.js";
import { termName } from "./registry.js";
import {
  buildDimensionMismatchError,
  buildKoqError,
  buildNoPathError,
  resolveUnit,
  unitError,
  type Where,
} from "./suggestions.js";
import { compatibility, type Units } from "./system.js";
import { withVerifiedFix } from "./verify.js";

export interface ConvertContext {
  /** g/mol, or a string with a unit ("180.16 g/mol"). */
  molar_mass?: number | string;
  /** g/mL, or a string with a unit ("1.03 kg/L"). */
  density?: number | string;
}

export interface ConvertInput {
  value: number;
  from_unit: string;
  to_unit: string;
  kind?: string;
  target_kind?: string;
  koq_policy?: "refuse" | "warn";
  delta?: boolean;
  context?: ConvertContext;
  /** A relation between different dimensions that the caller asks for (frequency ↔ period, wavelength ↔ Hz). */
  equivalence?: EquivalenceName;
  /** Charge number of the ion, relating equivalents to moles (1 mol Ca²⁺ = 2 Eq); the sign is ignored. */
  valence?: number;
  strict_syntax?: boolean;
}

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

interface Plan {
  from: Quantity;
  to: Quantity;
  /** out = (v × scale + shift) when affine, else v × scale. */
  scale: number;
  affine?: { fromOffset: number; toOffset: number };
  log?: (v: number) => number;
  warnings: string[];
  corrections: Correction[];
  relation: "identical" | "equivalent" | "convertible" | "context" | "equivalence";
}

const MOLAR_MASS_UNIT = "g/mol";
const DENSITY_UNIT = "g/mL";

/** Resolves both units and decides how (or whether) they convert; throws the structured error. */
/** Plans per unit system, by endpoints and options: repeated conversions skip resolution entirely. */
const planCache = new WeakMap<Units, Map<string, Plan>>();
const PLAN_CACHE_SIZE = 2000;

export function plan(
  units: Units,
  input: Omit<ConvertInput, "value">,
  names = { from: "from_unit", to: "to_unit" },
  rescale?: (unitText: string, factor: number) => unknown,
  withArgs?: (patch: Record<string, unknown>) => unknown,
): Plan {
  let cache = planCache.get(units);
  if (!cache) {
    cache = new Map();
    planCache.set(units, cache);
  }
  const key = `${input.from_unit}\u0000${input.to_unit}\u0000${names.from}\u0000${names.to}\u0000${input.kind ?? ""}\u0000${input.target_kind ?? ""}\u0000${input.koq_policy ?? ""}\u0000${input.delta ?? ""}\u0000${input.strict_syntax ?? ""}\u0000${input.context ? JSON.stringify(input.context) : ""}\u0000${input.equivalence ?? ""}\u0000${input.valence ?? ""}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const p = makePlan(units, input, names, rescale, withArgs);
  if (cache.size >= PLAN_CACHE_SIZE) cache.clear();
  cache.set(key, p);
  return p;
}

function makePlan(
  units: Units,
  input: Omit<ConvertInput, "value">,
  names: { from: string; to: string },
  rescale?: (unitText: string, factor: number) => unknown,
  withArgs?: (patch: Record<string, unknown>) => unknown,
): Plan {
  const strict = input.strict_syntax;
  // to_unit first, quietly: its dimension narrows an ambiguous from_unit and orders from_unit's suggestions, and
  // from_unit's error (if any) is still the one reported, computed once.
  const quietTo = tryResolve(units, input.to_unit, { parameter: names.to, strict });
  let from = resolveUnit(units, input.from_unit, {
    parameter: names.from,
    strict,
    rescale,
    other: quietTo.ok ? quietTo.q.dim : undefined,
  });
  let to = quietTo.ok ? quietTo.q : resolveUnit(units, input.to_unit, { parameter: names.to, strict, other: from.dim });
  if (!compatibility(from.dim, to.dim).ok) {
    // `IU/L → nkat/L`: a usual reading taken blind; test the alternatives against the other endpoint.
    if (to.defaulted) {
      const again = tryResolve(units, input.to_unit, { parameter: names.to, strict, other: from.dim });
      if (again.ok && compatibility(from.dim, again.q.dim).ok) to = again.q;
    }
    if (from.defaulted) {
      const again = tryResolve(units, input.from_unit, { parameter: names.from, strict, other: to.dim });
      if (again.ok && compatibility(again.q.dim, to.dim).ok) from = again.q;
    }
  }

  const warnings = [...from.warnings, ...to.warnings.filter((w) => !from.warnings.includes(w))];
  for (const h of [...from.syntaxHints, ...to.syntaxHints]) warnings.push(h);
  const corrections: Correction[] = [];
  for (const [param, q] of [
    [names.from, from],
    [names.to, to],
  ] as const) {
    for (const r of q.resolved) {
      corrections.push({
        parameter: param,
        original: r.original,
        corrected: r.corrected,
        correction_type: r.reason,
        confidence: 1,
      });
    }
  }
  for (const q of [from, to]) {
    const pending = q.terms.find((t) => !t.unit.convertible);
    if (pending) {
      throw buildNoPathError(input.from_unit, input.to_unit, { parameter: q === from ? names.from : names.to }, [
        `${pending.unit.name} was defined in this session without a conversion`,
        `Use define_conversion(src="${pending.unit.id}", dst=<unit>, factor=<n>)`,
      ]);
    }
  }

  const fromKind = input.kind ?? from.kind;
  const toKind = input.target_kind ?? input.kind ?? to.kind;
  const refuseKinds = (dim: Dim) => {
    if (fromKind === undefined || toKind === undefined || fromKind === toKind) return;
    if (input.koq_policy !== "warn") {
      throw buildKoqError(
        units,
        { text: input.from_unit, kind: fromKind },
        { text: input.to_unit, kind: toKind },
        { parameter: names.to },
        dim,
      );
    }
    warnings.push(`Converted ${fromKind} to ${toKind}: different kinds of quantity (koq_policy=warn)`);
  };

  // Kinds the caller declared on both sides that differ (osmolality vs osmolarity): the request equates two
  // different quantities, and that is the cause reported even when their dimensions differ as well.
  const declaredApart =
    input.kind !== undefined &&
    input.target_kind !== undefined &&
    input.kind !== input.target_kind &&
    input.koq_policy !== "warn";
  const declaredKoqError = () =>
    buildKoqError(
      units,
      { text: input.from_unit, kind: input.kind },
      { text: input.to_unit, kind: input.target_kind },
      { parameter: names.to },
      from.dim,
      false,
      to.dim,
    );

  // Logarithmic units: only with a reference level; declared kinds (apparent vs absolute magnitude) still count.
  if (from.log || to.log) {
    let lp: ReturnType<typeof logPlan>;
    try {
      lp = logPlan(units, input, from, to, names);
    } catch (e) {
      throw declaredApart && isToolError(e) ? declaredKoqError() : e;
    }
    if (from.log && to.log && from.log === to.log) refuseKinds(from.dim);
    return { ...lp, warnings, corrections };
  }

  let c = compatibility(from.dim, to.dim);
  let contextScale = 1;
  if (!c.ok && input.context) {
    const ctx = applyContext(units, from.dim, to.dim, input.context);
    if (ctx) {
      contextScale = ctx.scale;
      c = { ok: true, adjust: 1, warnings: [ctx.note] };
    }
  }
  if (!c.ok && input.equivalence) {
    const eq = equivalenceBetween(input.equivalence, from.dim, to.dim);
    if (eq && from.offset === undefined && to.offset === undefined && from.kind !== "torque" && to.kind !== "torque") {
      const fromFactor = from.factor;
      const toFactor = to.factor;
      return {
        from,
        to,
        scale: Number.NaN,
        log: (v) => eq.si(v * fromFactor) / toFactor,
        warnings: [...warnings, eq.note],
        corrections,
        relation: "equivalence",
      };
    }
  }
  if (!c.ok) {
    if (declaredApart) throw declaredKoqError();
    if (c.reason === "photometric") {
      throw buildKoqError(
        units,
        { text: input.from_unit, kind: "luminous_flux" },
        { text: input.to_unit, kind: "radiant_power" },
        { parameter: names.to },
        from.dim,
        true,
      );
    }
    // Frequency ↔ period, wavelength ↔ frequency: no conversion without a stated relation; the one that exists
    // is offered as the fix (the same call with `equivalence`).
    // Only between spellings read as written: `Nmi → m` is a nautical mile misread as N·mi, not a photon energy,
    // and a torque is no photon energy either; there the relation would return a nonsense number.
    const offerable =
      input.equivalence === undefined &&
      from.offset === undefined &&
      to.offset === undefined &&
      !from.guessed &&
      !to.guessed &&
      from.kind !== "torque" &&
      to.kind !== "torque";
    const relation = offerable ? equivalenceFor(from.dim, to.dim) : undefined;
    throw buildDimensionMismatchError(
      units,
      { text: input.from_unit, q: from },
      { text: input.to_unit, q: to },
      { parameter: names.to },
      c.reason,
      relation ? { name: relation, likely_fix: withArgs?.({ equivalence: relation }) } : undefined,
    );
  }
  refuseKinds(from.dim);
  warnings.push(...c.warnings);
  const valenceScale = valenceFactor(from, to, input.valence, warnings);

  const scale = (from.factor / to.factor) * c.adjust * contextScale * valenceScale;
  const absolute = from.offset !== undefined && to.offset !== undefined && input.delta !== true;
  const relation =
    contextScale !== 1
      ? "context"
      : from.label === to.label
        ? "identical"
        : Math.abs(scale - 1) < 1e-12
          ? "equivalent"
          : "convertible";
  return {
    from,
    to,
    scale,
    affine: absolute ? { fromOffset: from.offset ?? 0, toOffset: to.offset ?? 0 } : undefined,
    warnings,
    corrections,
    relation,
  };
}

/** Net exponent of equivalents (Eq, mEq) in a quantity: they are moles of charge, not of the substance. */
export function equivalentExponent(q: Quantity): number {
  let e = 0;
  for (const t of q.terms) if (t.unit.kind === EQUIVALENTS) e += t.exp;
  return e;
}

const EQUIVALENTS = "equivalents";

/**
 * Equivalents and moles of an ion differ by its charge number (4.5 mEq/L of Ca²⁺ is 2.25 mmol/L): converted only with
 * the valence the caller gives, otherwise refused with an error that asks for it. Eq ↔ Eq needs nothing.
 */
function valenceFactor(from: Quantity, to: Quantity, valence: number | undefined, warnings: string[]): number {
  const delta = equivalentExponent(to) - equivalentExponent(from);
  if (delta === 0) return 1;
  if (valence === undefined) {
    throw unitError(
      "invalid_input",
      "Converting between equivalents (Eq) and moles needs the valence of the ion: 1 mol = |z| Eq",
      { parameter: "valence" },
      {
        expected: "the charge number of the ion, e.g. 1 for Na⁺, K⁺, Cl⁻; 2 for Ca²⁺, Mg²⁺",
        hints: [
          "Pass valence: the ion's charge number (the sign is ignored)",
          "Without it the conversion is ambiguous: 4.5 mEq/L of Ca²⁺ is 2.25 mmol/L, of Na⁺ 4.5 mmol/L",
        ],
      },
    );
  }
  const z = Math.abs(valence);
  warnings.push(`Related equivalents and moles by valence ${z} (1 mol = ${z} Eq)`);
  return z ** delta;
}

function tryResolve(
  units: Units,
  text: string,
  where: Where & { strict?: boolean; other?: Dim; rescale?: (unitText: string, factor: number) => unknown },
): { ok: true; q: Quantity } | { ok: false; error: ToolError } {
  try {
    return { ok: true, q: resolveUnit(units, text, where) };
  } catch (e) {
    if (e instanceof Error && "payload" in e) return { ok: false, error: e as ToolError };
    throw e;
  }
}

function logPlan(
  units: Units,
  input: Omit<ConvertInput, "value">,
  from: Quantity,
  to: Quantity,
  names: { from: string; to: string },
): Omit<Plan, "warnings" | "corrections"> {
  if (from.log && to.log && from.log === to.log) return { from, to, scale: 1, relation: "identical" };
  const toLinear = (q: Quantity) => {
    const ref = q.log?.log?.reference;
    if (!ref) return undefined;
    const r = units.evaluator.evaluate(ref);
    return r.ok ? r.q : undefined;
  };
  const noPath = () =>
    buildNoPathError(input.from_unit, input.to_unit, { parameter: names.to }, [
      "dB and Np are ratios of levels: without a reference level they do not convert to linear units",
      "Use a referenced level such as dBm (1 mW) or dBW (1 W)",
    ]);
  const fromRef = from.log ? toLinear(from) : from;
  const toRef = to.log ? toLinear(to) : to;
  if (!fromRef || !toRef) throw noPath();
  const c = compatibility(fromRef.dim, toRef.dim);
  if (!c.ok) {
    // Referenced levels (dBm, pH) measure a linear quantity: a different dimension is a mismatch, not a missing path.
    throw buildDimensionMismatchError(
      units,
      { text: input.from_unit, q: fromRef },
      { text: input.to_unit, q: toRef },
      { parameter: names.to },
      c.reason === "pseudo" ? "pseudo" : "dimension",
    );
  }
  const fromLog = from.log?.log;
  const toLog = to.log?.log;
  const log = (v: number) => {
    const linear = fromLog ? 10 ** (v / fromLog.multiplier) * fromRef.factor : v * from.factor;
    return toLog ? toLog.multiplier * Math.log10(linear / toRef.factor) : linear / to.factor;
  };
  return { from, to, scale: Number.NaN, log, relation: "convertible" };
}

/** Molar mass (mass ↔ amount) or density (mass ↔ volume) from the call's context. */
function applyContext(
  units: Units,
  a: Dim,
  b: Dim,
  context: ConvertContext,
): { scale: number; note: string } | undefined {
  const d = a.map((x, i) => x - b[i]);
  const only = (pairs: Record<number, number>) => d.every((x, i) => x === (pairs[i] ?? 0));
  const read = (v: number | string, defaultUnit: string): number | undefined => {
    const text = typeof v === "number" ? `${v} ${defaultUnit}` : v;
    const r = units.evaluator.evaluate(text);
    return r.ok ? r.q.factor : undefined;
  };
  if (context.molar_mass !== undefined) {
    const mm = read(context.molar_mass, MOLAR_MASS_UNIT);
    if (mm !== undefined) {
      if (only({ 1: 1, 5: -1 }))
        return { scale: 1 / mm, note: `Used molar mass ${context.molar_mass} (g/mol unless given)` };
      if (only({ 1: -1, 5: 1 }))
        return { scale: mm, note: `Used molar mass ${context.molar_mass} (g/mol unless given)` };
    }
  }
  if (context.density !== undefined) {
    const rho = read(context.density, DENSITY_UNIT);
    if (rho !== undefined) {
      if (only({ 1: 1, 0: -3 })) return { scale: 1 / rho, note: `Used density ${context.density} (g/mL unless given)` };
      if (only({ 1: -1, 0: 3 })) return { scale: rho, note: `Used density ${context.density} (g/mL unless given)` };
    }
  }
  return undefined;
}

export function applyPlan(p: Plan, value: number): number {
  if (p.relation === "identical") return value;
  if (p.log) return p.log(value);
  if (p.affine) {
    const si = value * p.from.factor + p.affine.fromOffset;
    return (si - p.affine.toOffset) / p.to.factor;
  }
  return value * p.scale;
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
  checkValence(input.valence);
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
  const p = plan(units, input, undefined, rescale, withArgs);
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
  if (p.corrections.length > 0) {
    out.did_you_mean = didYouMean(
      p.corrections,
      p.corrections
        .map(
          (c) => `'${String(c.original)}' read as ${String(c.corrected)} (the only reading that fits the other unit)`,
        )
        .join("; "),
    );
  }
  return out;
}

/** A valence, when given, is a finite non-zero number (phosphate's average 1.8 is one). */
export function checkValence(valence: number | undefined): void {
  if (valence === undefined || (Number.isFinite(valence) && valence !== 0)) return;
  throw unitError(
    "invalid_input",
    `valence must be a finite non-zero number, got ${valence}`,
    { parameter: "valence" },
    {
      got: valence,
    },
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
