/**
 * Refusals that are not about a spelling: several readings, different dimensions or kinds, no conversion path. Each
 * names the cause and what would make the call succeed; a likely_fix only when the call can then succeed.
 */
import type { ToolError } from "../core/errors.js";
import { type Dim, equal } from "./dimension.js";
import type { EquivalenceName } from "./equivalence.js";
import type { Quantity } from "./evaluate.js";
import { formatUnit, type Term } from "./registry.js";
import type { Units } from "./system.js";
import { stepText, unitError, type Where } from "./unit-error.js";

export function buildAmbiguousError(
  units: Units,
  atom: string,
  position: number,
  readings: ReadonlyArray<{ terms: Term[]; label: string }>,
  options: Where & { other?: Dim },
): ToolError {
  const candidates = readings.map(({ terms, label }) => {
    const one = terms.length === 1 && terms[0].exp === 1 ? terms[0] : undefined;
    let dim = terms[0].unit.dim.map(() => 0) as Dim;
    for (const t of terms) dim = dim.map((x, i) => x + t.unit.dim[i] * t.exp);
    return {
      unit: label,
      name: one ? formatUnit(one) : terms.map((t) => formatUnit(t)).join(" × "),
      dimension: units.dimensionName(dim),
    };
  });
  const list = candidates.map((c) => `${c.unit} (${c.name.replace(/ \(.*\)$/u, "")}, ${c.dimension})`).join(", ");
  const same =
    options.other !== undefined && candidates.length > 1 && new Set(candidates.map((c) => c.dimension)).size === 1;
  return unitError("ambiguous_unit", `'${atom}' has several readings${stepText(options)}: ${list}`, options, {
    got: atom,
    position,
    candidates,
    hints: [
      `Write the unit you mean: ${candidates.map((c) => c.unit).join(" or ")}`,
      same
        ? "All readings fit the other unit; dwim will not guess between them"
        : "Not guessed: the readings measure different things",
    ],
  });
}

/** kg → m: the compatible units that really convert, and a pointer to check_dimensions. */
export function buildDimensionMismatchError(
  units: Units,
  from: { text: string; q: Quantity },
  to: { text: string; q: Quantity },
  where: Partial<Where>,
  reason: "dimension" | "pseudo",
  equivalence?: { name: EquivalenceName; likely_fix?: unknown },
): ToolError {
  const got = units.dimensionName(to.q.dim);
  const expected = units.dimensionName(from.q.dim);
  const hints = [`${from.text} is ${expected}; ${to.text} is ${got}`];
  if (equivalence) {
    hints.push(
      equivalence.name === "reciprocal"
        ? `${expected} and ${got} are reciprocal: pass equivalence="reciprocal" to convert 1/x (e.g. a period from a frequency)`
        : `${expected} and ${got} are related through c and h: pass equivalence="spectral" (wavelength, frequency, wavenumber, photon energy)`,
    );
  }
  if (reason === "pseudo") {
    hints.push(`${expected} and ${got} are isolated pseudo-dimensions — they cannot interconvert`);
    if (got === "ratio" && expected === "angle")
      hints.push("To express an angle as a fraction of a turn, divide by 2π rad (1 rev) explicitly");
  } else {
    const context = contextHint(from.q.dim, to.q.dim);
    if (context) hints.push(context);
    const compatible = units.compatibleUnits(from.q.dim, from.q.kind);
    if (compatible.length > 0) hints.push(`Compatible ${expected} units: ${compatible.join(", ")}`);
    hints.push("Use check_dimensions() to verify compatibility");
  }
  return unitError(
    "dimension_mismatch",
    `Cannot convert '${from.text}' to '${to.text}'${stepText(where)}: ${expected} is not compatible with ${got}`,
    where,
    equivalence?.likely_fix === undefined
      ? { got, expected, hints }
      : { got, expected, likely_fix: equivalence.likely_fix, hints },
  );
}

/** Mass ↔ amount needs a molar mass; mass ↔ volume a density. */
function contextHint(a: Dim, b: Dim): string | undefined {
  const d = a.map((x, i) => x - b[i]);
  const only = (pairs: Record<number, number>) => d.every((x, i) => x === (pairs[i] ?? 0));
  if (only({ 1: 1, 5: -1 }) || only({ 1: -1, 5: 1 })) {
    return "Mass and amount of substance need a molar mass: pass context={molar_mass: <g/mol>}";
  }
  if (only({ 1: 1, 0: -3 }) || only({ 1: -1, 0: 3 }))
    return "Mass and volume need a density: pass context={density: <g/mL>}";
  return undefined;
}

export function buildKoqError(
  units: Units,
  from: { text: string; kind?: string },
  to: { text: string; kind?: string },
  where: Partial<Where>,
  dim: Dim,
  photometric = false,
  toDim?: Dim,
): ToolError {
  const fk = from.kind ?? units.dimensionName(dim);
  const tk = to.kind ?? "another kind";
  // Declared kinds over different dimensions: neither koq_policy nor a kind override would make it convert.
  const apart = toDim !== undefined && !equal(dim, toDim);
  const hints = photometric
    ? ["Photometric units weigh light by the eye's response; convert through a luminous efficacy (lm/W) you know"]
    : apart
      ? [
          `${from.text} measures ${fk} (${units.dimensionName(dim)}); ${to.text} measures ${tk} (${units.dimensionName(toDim)}): different kinds and different dimensions`,
          "No unit conversion relates them: use the physical relation between the two quantities (compute with its factors)",
        ]
      : [`${from.text} measures ${fk}; ${to.text} measures ${tk}: same dimension, different kinds of quantity`];
  if (!photometric && !apart)
    hints.push(`If you mean it, pass kind="${from.kind ?? to.kind}" (or target_kind) or koq_policy="warn"`);
  return unitError(
    "koq_mismatch",
    `Cannot convert '${from.text}' (${fk}) to '${to.text}' (${tk}): different kinds of quantity${stepText(where)}`,
    where,
    { got: to.kind ?? tk, expected: from.kind ?? fk, hints },
  );
}

export function buildNoPathError(fromText: string, toText: string, where: Partial<Where>, hints: string[]): ToolError {
  return unitError(
    "no_conversion_path",
    `No conversion path from '${fromText}' to '${toText}'${stepText(where)}`,
    where,
    {
      hints,
    },
  );
}
