/**
 * The decision procedure shared by convert and check_dimensions (so check_dimensions says "compatible" exactly when
 * convert succeeds): both units resolved, each against the other, then how, or whether, they convert.
 */
import type { Correction } from "../core/corrections.js";
import { isToolError, type ToolError } from "../core/errors.js";
import type { Dim } from "./dimension.js";
import { type EquivalenceName, equivalenceBetween, equivalenceFor } from "./equivalence.js";
import type { Quantity } from "./evaluate.js";
import { type SpeciesFactors, speciesFactor } from "./species.js";
import {
  buildDimensionMismatchError,
  buildKoqError,
  buildNoPathError,
  type ResolveOptions,
  resolveUnit,
} from "./suggestions.js";
import { compatibility, type Units } from "./system.js";
import { type ArgumentPatch, MAX_UNIT_HINTS } from "./unit-error.js";

interface ConvertContext {
  /** g/mol, or a string with a unit ("180.16 g/mol"). */
  molar_mass?: number | string;
  /** g/mL, or a string with a unit ("1.03 kg/L"). */
  density?: number | string;
}

export interface ConvertInput extends SpeciesFactors {
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
  strict_syntax?: boolean;
}

export interface Plan {
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

/** JSON paths of the two unit fields: `from_unit`/`to_unit`, `unit_a`/`unit_b`. */
export interface FieldNames {
  from: string;
  to: string;
}

export interface PlanOptions {
  /**
   * The value of a conversion (convert's `value`): a refusal may then fix several of its arguments at once, as an
   * argument patch (the value rescaled for `5 kft`, `equivalence` set, both units read as temperatures).
   */
  value?: number;
  /** Errors without suggestions (a retry that checks a likely_fix). */
  quiet?: boolean;
  /** Whole-field unit typos the core matcher would auto-correct are read as their fix and reported. */
  autoCorrect?: boolean;
}

/** Plans per unit system, by endpoints and options: repeated conversions skip resolution entirely. */
const planCache = new WeakMap<Units, Map<string, Plan>>();
const PLAN_CACHE_SIZE = 2000;
const MAX_PLAN_KEY = 2048;

/** Resolves both units and decides how (or whether) they convert; throws the structured error. */
export function plan(
  units: Units,
  input: Omit<ConvertInput, "value">,
  names: FieldNames = { from: "from_unit", to: "to_unit" },
  options: PlanOptions = {},
): Plan {
  let cache = planCache.get(units);
  if (!cache) {
    cache = new Map();
    planCache.set(units, cache);
  }
  // Only what can change a successful plan is in the key: the value and `quiet` shape errors alone.
  const key = `${input.from_unit}\u0000${input.to_unit}\u0000${names.from}\u0000${names.to}\u0000${input.kind ?? ""}\u0000${input.target_kind ?? ""}\u0000${input.koq_policy ?? ""}\u0000${input.delta ?? ""}\u0000${input.strict_syntax ?? ""}\u0000${input.context ? JSON.stringify(input.context) : ""}\u0000${input.equivalence ?? ""}\u0000${input.valence ?? ""}\u0000${input.particles ?? ""}\u0000${options.autoCorrect ?? ""}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const p = makePlan(units, input, names, options);
  // Keys are bounded (unit fields are at most 256 characters) except by what else the caller sends: a long kind or
  // context is not worth a cache entry of its size.
  if (key.length > MAX_PLAN_KEY) return p;
  if (cache.size >= PLAN_CACHE_SIZE) cache.clear();
  cache.set(key, p);
  return p;
}

function makePlan(units: Units, input: Omit<ConvertInput, "value">, names: FieldNames, options: PlanOptions): Plan {
  const { quiet, autoCorrect } = options;
  const strict = input.strict_syntax;
  // to_unit first, without suggestions: its dimension narrows an ambiguous from_unit and orders from_unit's
  // suggestions, and from_unit's error (if any) is still the one reported, computed once.
  const firstTo = tryResolve(units, input.to_unit, { parameter: names.to, strict, quiet: true });
  let from = resolveUnit(units, input.from_unit, {
    parameter: names.from,
    strict,
    quiet,
    autoCorrect,
    value: options.value === undefined ? undefined : { parameter: "value", amount: options.value },
    other: firstTo.ok ? firstTo.q.dim : undefined,
  });
  let to = firstTo.ok
    ? firstTo.q
    : resolveUnit(units, input.to_unit, { parameter: names.to, strict, quiet, autoCorrect, other: from.dim });
  if (!compatibility(from.dim, to.dim).ok) {
    // `IU/L → nkat/L`: a usual reading taken blind; test the alternatives against the other endpoint.
    if (to.defaulted) {
      const again = tryResolve(units, input.to_unit, { parameter: names.to, strict, quiet: true, other: from.dim });
      if (again.ok && compatibility(from.dim, again.q.dim).ok) to = again.q;
    }
    if (from.defaulted) {
      const again = tryResolve(units, input.from_unit, { parameter: names.from, strict, quiet: true, other: to.dim });
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
        confidence: r.confidence ?? 1,
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
    // Only a conversion has an `equivalence` to set and units to read again (C as °C, mil as the angular mil).
    const conversion = options.value !== undefined;
    const withRelation: ArgumentPatch | undefined =
      relation && conversion ? { [names.to]: input.to_unit, equivalence: relation } : undefined;
    const error = buildDimensionMismatchError(
      units,
      { text: input.from_unit, q: from },
      { text: input.to_unit, q: to },
      { parameter: names.to },
      c.reason,
      relation ? { name: relation, likely_fix: withRelation } : undefined,
    );
    const reread = relation || !conversion ? undefined : otherReading(units, input.from_unit, input.to_unit, quiet);
    if (reread) {
      error.payload.likely_fix = { [names.from]: reread.from, [names.to]: reread.to };
      error.payload.hints = [
        `Read as ${reread.as}: ${reread.from} → ${reread.to} (${reread.why})`,
        ...error.payload.hints,
      ].slice(0, MAX_UNIT_HINTS);
    }
    throw error;
  }
  refuseKinds(from.dim);
  warnings.push(...c.warnings);
  const speciesScale = speciesFactor(from, to, input, warnings);

  const scale = (from.factor / to.factor) * c.adjust * contextScale * speciesScale;
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

/**
 * Spellings that, written alone, name one unit but beside a unit of another quantity usually mean another: `C` and
 * `F` are the coulomb and the farad, or beside a temperature °C and °F; `mil` is a thousandth of an inch (SP 811),
 * or beside an angle the angular mil, 2π/6400 rad (SP 811, mil (angle)).
 */
const OTHER_READINGS: Readonly<Record<string, { unit: string; dimension: string; as: string; why: string }>> = {
  C: { unit: "°C", dimension: "temperature", as: "temperatures", why: "C and F alone are coulomb and farad" },
  F: { unit: "°F", dimension: "temperature", as: "temperatures", why: "C and F alone are coulomb and farad" },
  mil: { unit: "mil_ang", dimension: "angle", as: "angles", why: "mil alone is a thousandth of an inch" },
  mils: { unit: "mil_ang", dimension: "angle", as: "angles", why: "mil alone is a thousandth of an inch" },
};

/**
 * The units of a conversion that fails as written (`100 C → F`: charge to capacitance; `1 mil → rad`: length to
 * angle) with a bare spelling read its other way, when that makes both sides of that quantity (`C → F`, `K → C`,
 * `mil → °`, `rad → mil`); undefined otherwise. Offered as the likely_fix, never applied: C, F and mil are real units.
 */
function otherReading(
  units: Units,
  fromText: string,
  toText: string,
  quiet?: boolean,
): { from: string; to: string; as: string; why: string } | undefined {
  const readings = [OTHER_READINGS[fromText.trim()], OTHER_READINGS[toText.trim()]];
  const reading = readings[0] ?? readings[1];
  if (!reading || (readings[0] && readings[1] && readings[0].dimension !== readings[1].dimension)) return undefined;
  const from = readings[0]?.unit ?? fromText;
  const to = readings[1]?.unit ?? toText;
  const a = tryResolve(units, from, { parameter: "from_unit", quiet });
  const b = tryResolve(units, to, { parameter: "to_unit", quiet });
  if (!a.ok || !b.ok) return undefined;
  const of = (q: Quantity) => units.dimensionName(q.dim) === reading.dimension;
  return of(a.q) && of(b.q) ? { from, to, as: reading.as, why: reading.why } : undefined;
}

export function tryResolve(
  units: Units,
  text: string,
  options: ResolveOptions,
): { ok: true; q: Quantity } | { ok: false; error: ToolError } {
  try {
    return { ok: true, q: resolveUnit(units, text, options) };
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

/** `x` without the digits past the 15th significant one of `magnitude` (x itself when that would lose more). */
function roundBelow(x: number, magnitude: number): number {
  if (!Number.isFinite(x) || !(magnitude > 0) || !Number.isFinite(magnitude)) return x;
  const digits = 14 - Math.floor(Math.log10(magnitude));
  if (digits < 0 || digits > 300) return x;
  const step = 10 ** digits;
  const rounded = Math.round(x * step) / step;
  return Number.isFinite(rounded) ? rounded : x;
}

export function applyPlan(p: Plan, value: number): number {
  if (p.relation === "identical") return value;
  if (p.log) return p.log(value);
  if (p.affine) {
    const scaled = value * p.from.factor;
    const si = scaled + p.affine.fromOffset;
    const out = (si - p.affine.toOffset) / p.to.factor;
    // Adding and taking away the offsets leaves an absolute error of a few ulps of the largest term: digits below
    // that are noise (-40 °C → -40.00000000000006 °F), so the answer keeps none of them.
    const largest = Math.max(
      Math.abs(scaled),
      Math.abs(p.affine.fromOffset),
      Math.abs(si),
      Math.abs(p.affine.toOffset),
    );
    return roundBelow(out, largest / p.to.factor);
  }
  return value * p.scale;
}
