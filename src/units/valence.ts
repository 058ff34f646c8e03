/**
 * Equivalents (Eq, mEq) are moles of charge: they relate to moles of the ion only through its valence, which the
 * caller states; converting without it would be off by the charge number (4.5 mEq/L of Ca²⁺ is 2.25 mmol/L).
 */
import type { Quantity } from "./evaluate.js";
import { unitError } from "./unit-error.js";

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
export function valenceFactor(from: Quantity, to: Quantity, valence: number | undefined, warnings: string[]): number {
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
