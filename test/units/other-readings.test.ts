/**
 * Spellings with a second reading that the other unit settles, offered and never applied: `mil` (a thousandth of an
 * inch) beside an angle is the angular mil, as `C` and `F` beside a temperature are °C and °F; and abbreviations that
 * name one unit as a whole, never a prefix or a product: `GRT` and `NRT` are register tons (SP 811, ton, register).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type UnitsSession, unitsSession } from "./mcp-session.js";

let session: UnitsSession;
beforeAll(async () => {
  session = await unitsSession();
});
afterAll(() => session.close());

describe("mil beside an angle", () => {
  it.each([
    ["mil", "rad", { from_unit: "mil_ang" }, (2 * Math.PI) / 6400],
    ["mils", "°", { from_unit: "mil_ang" }, 360 / 6400],
    ["rad", "mil", { to_unit: "mil_ang" }, 6400 / (2 * Math.PI)],
  ])("%s → %s offers the angular mil as likely_fix, which converts", async (from_unit, to_unit, changed, quantity) => {
    const args = { value: 1, from_unit, to_unit };
    const { first, retried } = await session.withOneRetry("convert", args);
    expect(first.structuredContent).toMatchObject({
      error_type: "dimension_mismatch",
      likely_fix: { name: "convert", arguments: { ...args, ...changed } },
    });
    expect(String((first.structuredContent?.hints as string[] | undefined)?.[0])).toContain("Read as angles");
    expect((retried?.structuredContent?.quantity as number) / quantity).toBeCloseTo(1, 12);
  });

  it("the length mil stays a length, and beside anything else gets no angular reading", async () => {
    expect(
      (await session.call("convert", { value: 2, from_unit: "mil", to_unit: "mm" })).structuredContent?.quantity,
    ).toBeCloseTo(0.0508, 12);
    const charge = await session.call("convert", { value: 1, from_unit: "mil", to_unit: "C" });
    expect(charge.structuredContent?.error_type).toBe("dimension_mismatch");
    expect(charge.structuredContent?.likely_fix).toBeUndefined();
  });
});

describe("register tons", () => {
  it.each([
    ["GRT", 2.8316846592],
    ["NRT", 2.8316846592],
    ["gross register tons", 2.8316846592],
  ])("%s is the register ton of 100 ft³", async (from_unit, m3) => {
    const r = await session.call("convert", { value: 1, from_unit, to_unit: "m^3" });
    expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
    expect(r.structuredContent?.quantity).toBeCloseTo(m3, 9);
  });
});
