/**
 * A compute factor with a numerator and no denominator multiplies the chain by that quantity. Where that compounds a
 * quantity the chain already has and cancels none (`100 m` × `km` = `100 m·km`, an area), it is a conversion factor
 * missing its other side: refused with invalid_input on `factors[i].denominator`, with the denominator that makes it
 * a conversion as likely_fix. A product is written with `denominator: "1"`; a lone numerator that cancels something
 * (a dose per kilogram × `80 kg`) is the product it says; one that adds a new quantity is kept with a warning that
 * says how it was read (docs/units.md, compute).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type UnitsSession, unitsSession } from "./mcp-session.js";

let session: UnitsSession;
beforeAll(async () => {
  session = await unitsSession();
});
afterAll(() => session.close());

describe("a factor with a numerator and no denominator", () => {
  it.each([
    ["a unit written alone", { value: 1, numerator: "km" }, 100, "m", "1000 m", 0.1, "km"],
    ["a count of the unit", { numerator: "1000 m" }, 5, "km", "1 km", 5000, "m"],
    ["another unit of the same quantity", { numerator: "m" }, 3, "ft", "3.28084 ft", 0.9144, "m"],
  ])(
    "compounding the chain (%s) is refused, naming the denominator, and the fix converts",
    async (_, factor, initial_value, initial_unit, denominator, quantity, unit) => {
      const args = { initial_value, initial_unit, factors: [factor] };
      const { first, retried } = await session.withOneRetry("compute", args);
      expect(first.structuredContent).toMatchObject({
        error_type: "invalid_input",
        parameter: "factors[0].denominator",
        step: 0,
        likely_fix: denominator,
      });
      expect(first.structuredContent?.error).toMatch(/no denominator/u);
      expect(retried?.isError, JSON.stringify(retried?.structuredContent)).toBeFalsy();
      expect(retried?.structuredContent?.unit).toBe(unit);
      expect((retried?.structuredContent?.quantity as number) / quantity).toBeCloseTo(1, 5);
    },
  );

  it("a product is written with denominator 1", async () => {
    const area = await session.call("compute", {
      initial_value: 5,
      initial_unit: "m",
      factors: [{ numerator: "3 m", denominator: "1" }],
    });
    expect(area.structuredContent).toMatchObject({ quantity: 15, unit: "m^2", dimension: "area" });
    const refused = await session.call("compute", {
      initial_value: 5,
      initial_unit: "m",
      factors: [{ numerator: "3 m" }],
    });
    expect(refused.structuredContent).toMatchObject({
      error_type: "invalid_input",
      parameter: "factors[0].denominator",
    });
    expect(refused.structuredContent?.likely_fix).toBeUndefined();
    expect(JSON.stringify(refused.structuredContent?.hints)).toContain('denominator \\"1\\"');
  });

  it("that cancels a quantity of the chain is the product it says, without a warning", async () => {
    const r = await session.call("compute", {
      initial_value: 5,
      initial_unit: "mcg/(kg·min)",
      factors: [{ numerator: "80 kg" }, { numerator: "60 min", denominator: "h" }],
    });
    expect(r.structuredContent).toMatchObject({ quantity: 24000, unit: "µg/h" });
    expect(r.structuredContent?.warnings).toBeUndefined();
    const trip = await session.call("compute", {
      initial_value: 60,
      initial_unit: "km/h",
      factors: [{ numerator: "2 h" }],
    });
    expect(trip.structuredContent).toMatchObject({ quantity: 120, unit: "km" });
  });

  it("that adds a new quantity is kept, and the warning says it was read as a product", async () => {
    const r = await session.call("compute", { initial_value: 100, initial_unit: "mg", factors: [{ numerator: "h" }] });
    expect(r.structuredContent).toMatchObject({ quantity: 100, unit: "mg·h" });
    expect(r.structuredContent?.warnings).toEqual([expect.stringMatching(/factors\[0\].*no denominator.*product/u)]);
  });

  it("a factor without a numerator is still reported before any unit is read", async () => {
    const r = await session.call("compute", {
      initial_value: 3,
      initial_unit: "kg",
      factors: [{ numerator: "1 g" }, { denominator: "kg" }],
    });
    expect(r.structuredContent).toMatchObject({
      error_type: "invalid_input",
      parameter: "factors[1].numerator",
      step: 1,
    });
  });
});
