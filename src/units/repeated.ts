/**
 * A quantity written twice: `value: 5, from_unit: "5 km"`. A unit expression may carry a number (`100 g` reads as a
 * unit of 100 grams, for "per 100 g" labels), so the call is 5 × 5 km = 25 km as written; but a unit whose number is
 * the value itself is far likelier the quantity repeated than a unit of that size, and the two readings differ by
 * that factor. Refused as ambiguous, with the repeated-quantity reading as the fix (ambiguity is refused, never
 * guessed: docs/units.md, Errors). A value of 1 reads the same either way and passes.
 */
import { MAX_UNIT_CHARS } from "./tokenize.js";
import { type ArgumentPatch, unitError } from "./unit-error.js";

const LEADING_NUMBER = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*(?:[*·×]\s*)?(?=[^\d\s.*·×])(.*\S)\s*$/u;

/** The unit after the leading number of `unit`, when that number is `value` (and not 1); undefined otherwise. */
export function repeatedValue(value: number, unit: string): string | undefined {
  // Past the length limit the unit is refused as it is; no scan of a 4 MB argument here (bench/units refusal times).
  if (unit.length > MAX_UNIT_CHARS) return undefined;
  const m = LEADING_NUMBER.exec(unit);
  if (!m || value === 1 || Number(m[1]) !== value) return undefined;
  return m[2];
}

/**
 * Throws ambiguous_unit when the unit field repeats the value, with the unit alone as the fix. Checked before the unit
 * is read, so the error is the same whatever the unit is.
 */
export function refuseRepeatedValue(value: number, unit: string, parameter: string, valueParameter: string): void {
  const rest = repeatedValue(value, unit);
  if (rest === undefined) return;
  const likely_fix: ArgumentPatch = { [parameter]: rest };
  throw unitError(
    "ambiguous_unit",
    `${parameter} '${unit}' repeats ${valueParameter} ${value}: as written it is ${value} × ${unit}`,
    { parameter },
    {
      got: unit,
      likely_fix,
      hints: [
        `For ${value} ${rest}, give ${parameter} '${rest}'`,
        `For ${value} units of ${unit}, write ${parameter} '(${unit})'`,
      ],
    },
  );
}
