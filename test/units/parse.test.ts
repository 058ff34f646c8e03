/** Tokenizer and parser: positions, Unicode, associativity, and properties over generated expressions. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { isParseFailure, parseUnit } from "../../src/units/parse.js";
import { resolveUnit } from "../../src/units/suggestions.js";
import { units } from "./helpers.js";

const factorOf = (text: string) => {
  const ev = units.evaluator.evaluate(text);
  if (!ev.ok) throw new Error(`${text}: ${JSON.stringify(ev.failure)}`);
  return ev.q;
};

describe("parser", () => {
  it("reads Unicode operators, superscripts and micro signs like their ASCII forms", () => {
    const pairs: Array<[string, string]> = [
      ["m²", "m^2"],
      ["s⁻¹", "s^-1"],
      ["kg·m/s²", "kg*m/s^2"],
      ["kg⋅m×s", "kg*m*s"],
      ["µg", "ug"],
      ["μg", "ug"],
      ["m**2", "m^2"],
      ["m^(1/2)^2", "m"],
      ["cm3", "cm^3"],
      ["s-1", "1/s"],
      ["Ω", "ohm"],
      ["\u2126", "Ω"],
      ["\u212A", "K"],
      ["N m", "N*m"],
      ["(m/s)^2", "m^2/s^2"],
    ];
    for (const [a, b] of pairs) {
      const qa = factorOf(a);
      const qb = factorOf(b);
      expect(qa.factor, a).toBeCloseTo(qb.factor, 12);
      expect(qa.dim, a).toEqual(qb.dim);
    }
  });

  it("is left-associative and hints every a/b*c and a/b c", () => {
    const p = parseUnit("m/s*kg");
    expect(isParseFailure(p)).toBe(false);
    if (!isParseFailure(p)) expect(p.syntaxHints).toHaveLength(1);
    const q = parseUnit("J/mol K");
    if (!isParseFailure(q)) expect(q.syntaxHints[0]).toMatch(/left to right/u);
    const r = parseUnit("J/(mol*K)");
    if (!isParseFailure(r)) expect(r.syntaxHints).toEqual([]);
    expect(factorOf("mg/kg/day").dim).toEqual(factorOf("mg/(kg*day)").dim);
    const strict = parseUnit("m/s*kg", { strict: true });
    expect(isParseFailure(strict)).toBe(true);
  });

  it("keeps multi-word names and the 'name (symbol)' form together", () => {
    expect(factorOf("fluid ounce").factor).toBeCloseTo(2.95735295625e-5, 15);
    expect(factorOf("nautical mile/h").factor).toBeCloseTo(1852 / 3600, 12);
    expect(factorOf("kilogram (kg)").factor).toBe(1);
    expect(factorOf("degree Celsius (°C)").offset).toBe(273.15);
    // Disagreeing name and symbol are not accepted as the pair form.
    expect(units.evaluator.evaluate("meter (kg)").ok && factorOf("meter (kg)").dim).not.toEqual(factorOf("m").dim);
  });

  it("reports positions in code points", () => {
    const p = parseUnit("µm²/(s");
    expect(isParseFailure(p) && p.position).toBe(6);
    const q = parseUnit("m//s");
    expect(isParseFailure(q) && q.position).toBe(2);
    expect(isParseFailure(q) && q.fix).toBe("m/s");
    const r = parseUnit("m/");
    expect(isParseFailure(r) && r.position).toBe(2);
    const bad = parseUnit("kg$m");
    expect(isParseFailure(bad) && bad.position).toBe(2);
  });

  it("never throws on arbitrary input: a result or a structured error", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."mkgs/*^()²³⁻·µ°CF 0123456789.-+abxyz%".split("")), maxLength: 14 }),
        (s) => {
          try {
            resolveUnit(units, s, { parameter: "from_unit" });
          } catch (e) {
            if (!isToolError(e)) throw e;
            const p = e.payload;
            if (typeof p.position === "number") {
              expect(p.position).toBeGreaterThanOrEqual(0);
              expect(p.position).toBeLessThanOrEqual([...s].length);
            }
            expect(p.hints.length).toBeLessThanOrEqual(3);
          }
        },
      ),
      { numRuns: 1500, seed: 7 },
    );
  });

  it("evaluates generated products and quotients to the product of their factors", () => {
    const atoms = ["m", "kg", "s", "A", "K", "mol", "cd", "N", "J", "W", "Pa", "L", "h", "min", "ft", "lb", "km", "mg"];
    const term = fc.record({
      atom: fc.constantFrom(...atoms),
      exp: fc.integer({ min: -3, max: 3 }).filter((e) => e !== 0),
    });
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (terms) => {
        const text = terms.map((t) => `${t.atom}^${t.exp}`).join("*");
        const expected = terms.reduce((p, t) => p * factorOf(t.atom).factor ** t.exp, 1);
        const got = factorOf(text).factor;
        return Math.abs(got - expected) <= 1e-12 * Math.abs(expected);
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});
