import { describe, expect, it } from "vitest";
import * as engine from "../../src/units/engine.js";

describe("dwim/units/engine", () => {
  it("converts without the tool layer and fails with the same structured errors", () => {
    const units = engine.builtinUnits();
    const r = engine.convert(units, { value: 1, from_unit: "km", to_unit: "mi" });
    expect(r.quantity).toBeCloseTo(0.621371192237334, 12);
    let payload: unknown;
    try {
      engine.convert(units, { value: 1, from_unit: "kilgoram", to_unit: "g" });
    } catch (e) {
      payload = (e as { payload?: unknown }).payload;
    }
    expect(payload).toMatchObject({ error_type: "unknown_unit", likely_fix: "kilogram (kg)" });
  });
});
