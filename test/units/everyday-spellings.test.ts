/**
 * Everyday spellings that failed: British plurals (`metres`, `kilometres`, `litres`: the singular `metre` was known,
 * its plural was not), `sq m` and `sq km` beside the known `sq ft`, and `ozs` (read as ounce-seconds) beside `lbs`.
 */
import { describe, expect, it } from "vitest";
import { otherNamePlurals } from "../../src/units/registry.js";
import { conv } from "./helpers.js";

const quantity = (value: number, from: string, to: string) => {
  const r = conv(value, from, to);
  if (!r.ok) throw new Error(`${from} → ${to}: ${r.error.error_type} ${r.error.error}`);
  return r.out.quantity;
};

describe("everyday spellings", () => {
  it.each([
    ["metres", "m", 1],
    ["kilometres", "m", 1000],
    ["centimetres", "mm", 10],
    ["litres", "L", 1],
    ["millilitres", "L", 0.001],
    ["square metres", "m^2", 1],
    ["square kilometres", "km^2", 1],
    ["sq m", "m^2", 1],
    ["sq km", "m^2", 1e6],
  ])("1 %s is %s %s", (from, to, expected) => {
    expect(quantity(1, from, to)).toBeCloseTo(expected, 12);
  });

  it("ozs is the ounce, as lbs is the pound", () => {
    expect(quantity(3, "ozs", "g")).toBe(quantity(3, "oz", "g"));
    expect(quantity(2, "lbs", "ozs")).toBeCloseTo(32, 12);
  });
});

describe("otherNamePlurals", () => {
  it("forms the other names' plurals as the name's own is formed", () => {
    expect(otherNamePlurals({ name: "liter", names: ["litre", "l_x"] })).toEqual(["litres"]);
    expect(otherNamePlurals({ name: "square meter", names: ["square_meter", "square metre", "sq m"] })).toEqual([
      "square metres",
    ]);
    expect(otherNamePlurals({ name: "inch", names: ["inch_i"] })).toEqual([]);
  });

  it("leaves irregular and absent plurals alone", () => {
    expect(otherNamePlurals({ name: "foot", plural: "feet", names: ["foots"] })).toEqual([]);
    expect(otherNamePlurals({ name: "each", plural: null, names: ["piece"] })).toEqual([]);
  });
});

describe("C and F written alone beside a temperature", () => {
  it.each([
    ["C", "F", "°C", "°F"],
    ["F", "C", "°F", "°C"],
    ["degC", "F", "degC", "°F"],
    ["K", "C", "K", "°C"],
  ])("%s → %s fails as charge or capacitance, and the fix reads %s → %s", (from, to, fixedFrom, fixedTo) => {
    const r = conv(100, from, to);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      error_type: "dimension_mismatch",
      likely_fix: { from_unit: fixedFrom, to_unit: fixedTo },
    });
    expect(r.error.hints[0]).toContain("Read as temperatures");
  });

  it("the fix gives the temperature conversion, for any value", () => {
    for (const value of [-40, 0, 37, 100, 451]) {
      const r = conv(value, "C", "F");
      if (r.ok) throw new Error("C → F converted as written");
      const args = r.error.likely_fix as { from_unit: string; to_unit: string };
      expect(quantity(value, args.from_unit, args.to_unit)).toBeCloseTo(quantity(value, "°C", "°F"), 9);
    }
  });

  it("coulombs and farads among themselves, or beside other units, are left as they are", () => {
    expect(quantity(100, "C", "mAh")).toBeCloseTo(27.7777777777778, 9);
    const r = conv(1, "C", "m");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.likely_fix).toBeUndefined();
  });
});
