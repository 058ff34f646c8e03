/**
 * Equivalences: conversions between different dimensions that hold only under a stated physical relation, so they
 * are never applied unless the call asks for them (`equivalence`), as astropy's `u.spectral()` works.
 *
 * - reciprocal: x ↔ 1/x between reciprocal dimensions (frequency ↔ period, diopter ↔ focal length).
 * - spectral: wavelength λ, frequency ν, wavenumber σ and photon energy E related by c and h (ν = c/λ = c·σ = E/h);
 *   c and h are exact in the SI (SI Brochure 9th ed., Table 1).
 */
import { type Dim, equal } from "./dimension.js";

export type EquivalenceName = "reciprocal" | "spectral";
export const EQUIVALENCES: readonly EquivalenceName[] = ["reciprocal", "spectral"];

const C = 299792458;
const H = 6.62607015e-34;

const LENGTH: Dim = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const FREQUENCY: Dim = [0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const WAVENUMBER: Dim = [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const ENERGY: Dim = [2, 1, -2, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** Each spectral quantity to and from frequency in Hz (SI values). */
const SPECTRAL: ReadonlyArray<{ dim: Dim; name: string; toHz: (x: number) => number; fromHz: (nu: number) => number }> =
  [
    { dim: LENGTH, name: "wavelength", toHz: (x) => C / x, fromHz: (nu) => C / nu },
    { dim: FREQUENCY, name: "frequency", toHz: (x) => x, fromHz: (nu) => nu },
    { dim: WAVENUMBER, name: "wavenumber", toHz: (x) => C * x, fromHz: (nu) => nu / C },
    { dim: ENERGY, name: "photon energy", toHz: (x) => x / H, fromHz: (nu) => H * nu },
  ];

export interface EquivalenceMap {
  /** From the SI value of the source to the SI value of the target. */
  si: (x: number) => number;
  note: string;
}

function isReciprocal(a: Dim, b: Dim): boolean {
  return (
    a.some((x) => x !== 0) &&
    equal(
      a,
      b.map((x) => (x === 0 ? 0 : -x)),
    )
  );
}

/** The relation named `name` between two dimensions, when it applies. */
export function equivalenceBetween(name: EquivalenceName, a: Dim, b: Dim): EquivalenceMap | undefined {
  if (equal(a, b)) return undefined;
  if (name === "reciprocal") {
    if (!isReciprocal(a, b)) return undefined;
    return {
      si: (x) => 1 / x,
      note: "Converted the reciprocal (equivalence=reciprocal): 1/x, e.g. a period from a frequency",
    };
  }
  const from = SPECTRAL.find((s) => equal(s.dim, a));
  const to = SPECTRAL.find((s) => equal(s.dim, b));
  if (!from || !to) return undefined;
  return {
    si: (x) => to.fromHz(from.toHz(x)),
    note: `Related ${from.name} and ${to.name} through c and h (equivalence=spectral)`,
  };
}

/** The equivalence that relates two dimensions, if any: what a dimension_mismatch offers as its likely_fix. */
export function equivalenceFor(a: Dim, b: Dim): EquivalenceName | undefined {
  for (const name of EQUIVALENCES) if (equivalenceBetween(name, a, b)) return name;
  return undefined;
}
