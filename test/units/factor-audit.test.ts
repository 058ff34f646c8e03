/** compute: every seeded wrong factor is flagged at its own step; correct chains pass untouched. */
import { describe, expect, it } from "vitest";
import { close, comp, failure, value } from "./helpers.js";

/** Correct same-quantity factors, as numerator value/unit and denominator value/unit. */
const GOOD: Array<[number, string, number, string]> = [
  [1, "kg", 2.20462, "lb"],
  [1, "in", 2.54, "cm"],
  [1, "h", 60, "min"],
  [1, "mg", 1000, "mcg"],
  [1, "gal", 3.78541, "L"],
  [1, "mi", 1.60934, "km"],
  [1, "BTU", 1055.06, "J"],
  [1, "atm", 101.325, "kPa"],
];

const MUTATIONS: Array<[string, (d: number) => number]> = [
  ["+5 %", (d) => d * 1.05],
  ["-5 %", (d) => d * 0.95],
  ["×10", (d) => d * 10],
  ["÷10", (d) => d / 10],
];

describe("compute factor audit", () => {
  it("passes correct factors at any position", () => {
    const factors = GOOD.map(([nv, nu, dv, du]) => ({ numerator: `${nv} ${nu}`, denominator: `${dv} ${du}` }));
    const r = comp({ initial_value: 1, initial_unit: "1", factors });
    expect(r.ok).toBe(true);
  });

  it("flags every mutated factor at its step with the corrected denominator", () => {
    let flagged = 0;
    let total = 0;
    GOOD.forEach(([, , dv, du], step) => {
      for (const [, mutate] of MUTATIONS) {
        const factors = GOOD.map(([a, b, c, d], i) => ({
          numerator: `${a} ${b}`,
          denominator: `${i === step ? Number(mutate(c).toPrecision(6)) : c} ${d}`,
        }));
        total++;
        const e = failure(comp({ initial_value: 1, initial_unit: "1", factors }));
        if (
          e.error_type === "inconsistent_factor" &&
          e.step === step &&
          e.parameter === `factors[${step}].denominator`
        ) {
          flagged++;
          close(Number(String(e.likely_fix).split(" ")[0]), dv, 1e-4);
          expect(String(e.likely_fix).endsWith(du)).toBe(true);
        }
      }
      // Inverted: numerator and denominator swapped.
      const inverted = GOOD.map(([a, b, c, d], i) =>
        i === step
          ? { numerator: `${a} ${d}`, denominator: `${c} ${b}` }
          : { numerator: `${a} ${b}`, denominator: `${c} ${d}` },
      );
      total++;
      const e = failure(comp({ initial_value: 1, initial_unit: "1", factors: inverted }));
      if (e.error_type === "inconsistent_factor" && e.step === step) flagged++;
    });
    expect(flagged).toBe(total);
  });

  it("audit off and audit warn", () => {
    const factors = [{ numerator: "1 kg", denominator: "2 lb" }];
    close(value(comp({ initial_value: 100, initial_unit: "lb", factors, audit: "off" })), 50);
    const w = comp({ initial_value: 100, initial_unit: "lb", factors, audit: "warn" });
    expect(w.ok && w.out.warnings?.join(" ")).toMatch(/step 0/u);
  });

  it("a looser tolerance accepts a coarse factor", () => {
    const factors = [{ numerator: "1 kg", denominator: "2.2 lb" }];
    expect(failure(comp({ initial_value: 1, initial_unit: "kg", factors })).error_type).toBe("inconsistent_factor");
    expect(comp({ initial_value: 1, initial_unit: "kg", factors, tolerance: 0.01 }).ok).toBe(true);
  });

  it("does not audit a dose per body mass (5 mg/kg is data, not a conversion)", () => {
    const r = comp({ initial_value: 70, initial_unit: "kg", factors: [{ numerator: "5 mg", denominator: "kg" }] });
    close(value(r), 350);
    expect(r.ok && r.out.unit).toBe("mg");
  });

  it("keeps mg and kg apart and converts to expected_unit", () => {
    const r = comp({
      initial_value: 2,
      initial_unit: "kg",
      factors: [{ numerator: "5 mg", denominator: "kg" }],
      expected_unit: "g",
    });
    close(value(r), 0.01);
    expect(r.ok && r.out.steps).toHaveLength(2);
    expect(r.ok && r.out.unit).toBe("g");
  });
});
