/**
 * A parenthesis after a composite unit, as SP 811 prints them: a qualifier reads on the factor
 * before it (`oz/gal (UK)`), a definition names the reading meant (`year (365 days)`).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check, close, conv, failure, units, value } from "./helpers.js";

const factor = (text: string) => {
  const ev = units.evaluator.evaluate(text);
  if (!ev.ok) throw new Error(`${text}: ${JSON.stringify(ev.failure)}`);
  return ev.q.factor;
};

describe("a qualifier after a composite unit", () => {
  it("reads on the factor before it, as SP 811 prints oz/gal (UK), lb/gal (UK), mi/gal (US)", () => {
    close(value(conv(1, "oz/gal (UK)", "kg/m^3")), value(conv(1, "oz/gal_imp", "kg/m^3")));
    close(value(conv(1, "lb/gal (UK)", "kg/m^3")), 0.45359237 / 4.54609e-3);
    close(value(conv(1, "oz/gal (US)", "kg/m^3")), 0.028349523125 / 3.785411784e-3);
    close(value(conv(30, "mi/gal (UK)", "km/L")), (30 * 1.609344) / 4.54609);
    // The mile keeps its usual reading; the note says which factor took the qualifier, and how to qualify the other.
    const r = conv(1, "mi/gal (US)", "km/L");
    close(value(r), 1.609344 / 3.785411784);
    expect(r.ok && r.out.warnings?.some((w) => w.includes("(US) read on gal") && w.includes("mi_us"))).toBe(true);
    // The qualified gallon is explicit: no warning that gal was read as the US gallon.
    expect(r.ok && r.out.warnings?.some((w) => w.startsWith("gal read as"))).toBe(false);
  });

  it("reads on the only factor that takes it when the last does not", () => {
    close(value(conv(1, "gal/h (UK)", "L/h")), 4.54609);
  });

  it("property: A op B (Q) reads as A op (B with qualifier Q), whatever the style of Q", () => {
    const plain = fc.constantFrom("kg", "lb", "oz", "g", "mi", "km", "m^2", "s");
    const qualified = fc.constantFrom("gal", "pt", "qt", "bu");
    const qualifier = fc.constantFrom("UK", "U.K.", "imperial", "Imp", "US", "U.S.");
    fc.assert(
      fc.property(plain, fc.constantFrom("/", "*", "·"), qualified, qualifier, (a, op, b, q) => {
        const alone = units.evaluator.evaluate(`${b} (${q})`);
        fc.pre(alone.ok);
        const bq = factor(`${b} (${q})`);
        const want = op === "/" ? factor(a) / bq : factor(a) * bq;
        const got = factor(`${a}${op}${b} (${q})`);
        expect(Math.abs(got / want - 1)).toBeLessThan(1e-12);
      }),
      { numRuns: 200, seed: 164 },
    );
  });

  it("refuses a qualifier no factor takes, saying how to write the qualified unit, with no fix to guess", () => {
    const e = failure(conv(1, "m/s (UK)", "m/s"));
    expect(e.error_type).toBe("unknown_unit");
    expect(e.likely_fix).toBeUndefined();
    expect(e.hints.some((h) => h.includes("gal_imp"))).toBe(true);
    expect(e.position).toBe(5);
  });

  it("check_dimensions reads it the same way", () => {
    const c = check("oz/gal (UK)", "kg/m^3");
    expect(c.ok && c.out.compatible).toBe(true);
  });
});

describe("a definition in parentheses", () => {
  it("names the reading meant: the catalog unit named after the word before it with exactly that value", () => {
    close(value(conv(1, "year (365 days)", "s")), 365 * 86400);
    close(value(conv(1, "year (365 days)", "common_year")), 1);
    close(value(conv(1, "ton (2000 lb)", "kg")), 907.18474);
    close(value(conv(1, "ton (2240 lb)", "kg")), 1016.0469088);
    const r = conv(1, "year (365 days)", "d");
    expect(r.ok && r.out.warnings?.some((w) => w.includes("common year"))).toBe(true);
    close(value(conv(1, "gallon (4.54609 L)", "gal_imp")), 1);
  });

  it("is only a catalog unit named after the word before it, never an arbitrary quantity", () => {
    expect(conv(1, "m (5 ft)", "m").ok).toBe(false);
    // `m (1.1 m)` names no unit: a product (1.1 m²), and `m (2 m)` is no `name (symbol)` form either.
    close(value(conv(1, "m (1.1 m)", "m^2")), 1.1);
    close(value(conv(1, "m (2 m)", "m^2")), 2);
    expect(conv(1, "year (5 days)", "d").ok && value(conv(1, "year (5 days)", "d"))).not.toBe(5);
  });
});
