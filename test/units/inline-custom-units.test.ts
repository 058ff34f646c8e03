/**
 * Stateless clients define units inline: convert and compute both take `custom_units` and `custom_edges`, for that
 * call only; the session's own units are untouched, and a bad definition is reported at its JSON path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type UnitsSession, unitsSession } from "./mcp-session.js";

const cubit = {
  custom_units: [{ name: "cubit", dimension: "length" }],
  custom_edges: [{ src: "cubit", dst: "cm", factor: 45.72 }],
};

let session: UnitsSession;
beforeAll(async () => {
  session = await unitsSession();
});
afterAll(() => session.close());

describe("inline custom units", () => {
  it("serve compute as they serve convert", async () => {
    const converted = await session.call("convert", { value: 300, from_unit: "cubit", to_unit: "m", ...cubit });
    expect(converted.structuredContent?.quantity).toBeCloseTo(137.16, 9);
    const computed = await session.call("compute", {
      initial_value: 300,
      initial_unit: "cubit",
      factors: [{ numerator: "50 cubit", denominator: "1" }],
      expected_unit: "m^2",
      ...cubit,
    });
    expect(computed.isError, JSON.stringify(computed.structuredContent)).toBeFalsy();
    expect(computed.structuredContent?.quantity).toBeCloseTo(300 * 50 * 0.4572 ** 2, 6);
  });

  it("last for that call only", async () => {
    const after = await session.call("compute", { initial_value: 1, initial_unit: "cubit", factors: [] });
    expect(after.structuredContent).toMatchObject({ error_type: "unknown_unit", parameter: "initial_unit" });
  });

  it("a bad definition is an error at its path", async () => {
    const r = await session.call("compute", {
      initial_value: 1,
      initial_unit: "m",
      factors: [],
      custom_units: [{ name: "m", dimension: "length" }],
    });
    expect(r.structuredContent).toMatchObject({
      error_type: "duplicate_definition",
      parameter: "custom_units[0].name",
    });
  });
});
