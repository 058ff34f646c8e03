/**
 * Amounts of substance counted per something other than the formula unit: equivalents (Eq, mEq) count moles of
 * charge, osmoles (Osm, mOsm) moles of dissolved particles. Each relates to moles of the species only through a
 * per-species factor the caller states (the ion's valence, the particles per formula unit); converting without it
 * would be off by that factor (4.5 mEq/L of Ca²⁺ is 2.25 mmol/L; 300 mOsm/L of NaCl is 150 mmol/L), so it is
 * refused with an error that names the parameter. Eq ↔ mEq and Osm ↔ mOsm need nothing.
 */
import type { Quantity } from "./evaluate.js";
import { unitError } from "./unit-error.js";

/** The per-species factors a call may state (tool parameters of the same names). */
export interface SpeciesFactors {
  /** Charge number of the ion: 1 mol = |z| Eq. */
  valence?: number;
  /** Dissolved particles per formula unit (van 't Hoff factor): 1 mol = i Osm. */
  particles?: number;
}

interface Species {
  /** The catalog kind of the counting unit. */
  kind: string;
  parameter: keyof SpeciesFactors;
  /** The counting unit, named and as a symbol, and the symbol of the factor: `1 mol = |z| Eq`. */
  noun: string;
  unit: string;
  symbol: string;
  what: string;
  expected: string;
  hints: string[];
  /** The factor from the stated value (the sign of a valence is ignored). */
  factor: (stated: number) => number;
  /** Why a stated value is unusable, or undefined. */
  invalid: (stated: number) => string | undefined;
}

const SPECIES: readonly Species[] = [
  {
    kind: "equivalents",
    parameter: "valence",
    noun: "equivalents",
    unit: "Eq",
    symbol: "|z|",
    what: "the valence of the ion",
    expected: "the charge number of the ion, e.g. 1 for Na⁺, K⁺, Cl⁻; 2 for Ca²⁺, Mg²⁺",
    hints: [
      "Pass valence: the ion's charge number (the sign is ignored)",
      "Without it the conversion is ambiguous: 4.5 mEq/L of Ca²⁺ is 2.25 mmol/L, of Na⁺ 4.5 mmol/L",
    ],
    factor: Math.abs,
    // Phosphate's average 1.8 is a valence too.
    invalid: (z) => (Number.isFinite(z) && z !== 0 ? undefined : "a finite non-zero number"),
  },
  {
    kind: "osmolarity",
    parameter: "particles",
    noun: "osmoles",
    unit: "Osm",
    symbol: "i",
    what: "the particles per formula unit (van 't Hoff factor)",
    expected: "particles per formula unit, e.g. 1 for glucose, urea; 2 for NaCl, KCl; 3 for CaCl₂",
    hints: [
      "Pass particles: how many particles one formula unit dissolves into (1.86 for an effective value is fine)",
      "Without it the conversion is ambiguous: 300 mOsm/L of NaCl is 150 mmol/L, of glucose 300 mmol/L",
    ],
    factor: (i) => i,
    invalid: (i) => (Number.isFinite(i) && i > 0 ? undefined : "a finite positive number"),
  },
];

/** Net exponent of one species' counting unit (Eq, Osm) in a quantity. */
function speciesExponent(q: Quantity, kind: string): number {
  let e = 0;
  for (const t of q.terms) if (t.unit.kind === kind) e += t.exp;
  return e;
}

/** Whether two quantities count every species alike (`1 mmol / 2 mEq` does not: it states a valence). */
export function sameSpeciesCounts(a: Quantity, b: Quantity): boolean {
  return SPECIES.every((s) => speciesExponent(a, s.kind) === speciesExponent(b, s.kind));
}

/**
 * The factor relating `from` to `to` through the stated per-species factors (1 when both count alike), with a
 * warning per factor used; refused with an error naming the missing parameter otherwise.
 */
export function speciesFactor(from: Quantity, to: Quantity, stated: SpeciesFactors, warnings: string[]): number {
  let scale = 1;
  for (const s of SPECIES) {
    const delta = speciesExponent(to, s.kind) - speciesExponent(from, s.kind);
    if (delta === 0) continue;
    const value = stated[s.parameter];
    if (value === undefined) {
      throw unitError(
        "invalid_input",
        `Converting between ${s.noun} (${s.unit}) and moles needs ${s.what}: 1 mol = ${s.symbol} ${s.unit}`,
        { parameter: s.parameter },
        { expected: s.expected, hints: s.hints },
      );
    }
    const f = s.factor(value);
    warnings.push(`Related ${s.noun} and moles by ${s.parameter} ${f} (1 mol = ${f} ${s.unit})`);
    scale *= f ** delta;
  }
  return scale;
}

/** Stated per-species factors, when given, are usable numbers. */
export function checkSpeciesFactors(stated: SpeciesFactors): void {
  for (const s of SPECIES) {
    const value = stated[s.parameter];
    if (value === undefined) continue;
    const problem = s.invalid(value);
    if (problem === undefined) continue;
    throw unitError(
      "invalid_input",
      `${s.parameter} must be ${problem}, got ${value}`,
      { parameter: s.parameter },
      {
        got: value,
      },
    );
  }
}
