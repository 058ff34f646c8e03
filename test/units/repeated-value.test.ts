/**
 * A quantity written twice (`value: 5, from_unit: "5 km"`) used to convert silently as 5 × 5 km = 25 km. It is now
 * ambiguous_unit, with the repeated-quantity reading as the likely_fix; a unit of a size other than the value
 * (`2` of `100 g`), a value of 1, and the parenthesised unit (`(5 km)`) still convert as written.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyLikelyFix } from "../../src/core/fix.js";
import type { ConvertInput } from "../../src/units/convert.js";
import { repeatedValue } from "../../src/units/repeated.js";
import { comp, conv, units } from "./helpers.js";

/** The from_unit of a fixed call; fails the test when there is no fixed call. */
function fromUnitOf(fixed: { arguments?: unknown } | undefined): string {
  if (!fixed) throw new Error("expected a likely_fix to apply");
  return (fixed.arguments as ConvertInput).from_unit;
}

describe("repeatedValue", () => {
  it.each([
    [5, "5 km", "km"],
    [5, "5km", "km"],
    [2.5, "2.5*kg", "kg"],
    [2.5, "2.5 · kg", "kg"],
    [1500, "1.5e3 m", "m"],
    [5, "5 km/h", "km/h"],
    [-3, "-3 degC", "degC"],
  ])("%s with %s repeats the value: %s", (value, unit, rest) => {
    expect(repeatedValue(value, unit)).toBe(rest);
  });

  it.each([
    [2, "100 g"],
    [1, "1 km"],
    [5, "(5 km)"],
    [5, "km"],
    [5, "5"],
    [5, "55 km"],
    [5, `5 ${"k".repeat(300)}`],
  ])("%s with %s does not", (value, unit) => {
    expect(repeatedValue(value, unit)).toBeUndefined();
  });
});

describe("convert and compute refuse the repeated quantity, and the fix converts it once", () => {
  it("convert: ambiguous_unit, both readings in the hints, the fix gives 5 km", () => {
    const r = conv(5, "5 km", "m");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ error_type: "ambiguous_unit", parameter: "from_unit" });
    expect(r.error.hints).toEqual(["For 5 km, give from_unit 'km'", "For 5 units of 5 km, write from_unit '(5 km)'"]);
    const fixed = applyLikelyFix(
      { name: "convert", arguments: { value: 5, from_unit: "5 km", to_unit: "m" } },
      r.error,
    );
    const again = conv(5, fromUnitOf(fixed), "m");
    expect(again.ok && again.out.quantity).toBe(5000);
  });

  it("compute: the same on initial_unit", () => {
    const r = comp({ initial_value: 2, initial_unit: "2 kg", factors: [{ numerator: "1000 g", denominator: "1 kg" }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ error_type: "ambiguous_unit", parameter: "initial_unit" });
  });

  it("a unit of another size, a value of 1 and the parenthesised unit convert as written", () => {
    const per100 = conv(2, "100 g", "kg");
    expect(per100.ok && per100.out.quantity).toBeCloseTo(0.2, 12);
    const one = conv(1, "1 km", "m");
    expect(one.ok && one.out.quantity).toBe(1000);
    const explicit = conv(5, "(5 km)", "m");
    expect(explicit.ok && explicit.out.quantity).toBe(25_000);
  });

  it("for any value but 1 and any length unit, the fix gives the value in that unit", () => {
    const lengths = ["m", "km", "mi", "ft", "nmi", "cm"];
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 1e6, noNaN: true }).filter((v) => v !== 1),
        fc.constantFrom(...lengths),
        (value, unit) => {
          const written = `${value} ${unit}`;
          const r = conv(value, written, "m");
          expect(r.ok).toBe(false);
          if (r.ok) return;
          const fixed = applyLikelyFix(
            { name: "convert", arguments: { value, from_unit: written, to_unit: "m" } },
            r.error,
          );
          const direct = conv(value, unit, "m", {}, units);
          const viaFix = conv(value, fromUnitOf(fixed), "m");
          expect(viaFix.ok && direct.ok && viaFix.out.quantity).toBe(direct.ok ? direct.out.quantity : Number.NaN);
        },
      ),
      { numRuns: 200 },
    );
  });
});
