/**
 * One quantity written in several units (`5 ft 6 in`, `1 h 30 min`, `5'11"`) was a dimension mismatch (an area, a
 * time squared) or a parse error, with no fix. Now the sum is the likely_fix, in the part's unit that writes it
 * exactly; the expression as written still converts when it makes sense (`5 ft 6 in` to ft² is an area).
 */
import { describe, expect, it } from "vitest";
import { applyLikelyFix } from "../../src/core/fix.js";
import type { ConvertInput } from "../../src/units/convert.js";
import { mixedQuantity } from "../../src/units/mixed.js";
import { conv, units } from "./helpers.js";

describe("mixedQuantity", () => {
  it.each([
    ["5 ft 6 in", 66, "in"],
    ["5'11\"", 71, "in"],
    ["5′ 11″", 71, "in"],
    ["1 h 30 min", 90, "min"],
    ["2 lb 3 oz", 35, "oz"],
  ])("%s is %s %s", (text, total, unit) => {
    expect(mixedQuantity(units, text)).toMatchObject({ total, unit });
  });

  it.each(["5 ft", "ft 6 in", "3 m 20 s", "1 °C 5 K", "5 ft 6 zorks", "5 6 in"])("%s is not one", (text) => {
    expect(mixedQuantity(units, text)).toBeUndefined();
  });
});

describe("convert offers the sum", () => {
  it.each([
    [1, "5 ft 6 in", "cm", 167.64],
    [1, "5'11\"", "cm", 180.34],
    [2, "1 h 30 min", "min", 180],
  ])("%s × %s → %s: the fix converts to %s", (value, from, to, expected) => {
    const r = conv(value, from, to);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.hints[0]).toMatch(/^Read as one quantity: /u);
    const fixed = applyLikelyFix({ name: "convert", arguments: { value, from_unit: from, to_unit: to } }, r.error);
    if (!fixed) throw new Error("no likely_fix");
    const args = fixed.arguments as unknown as ConvertInput;
    const again = conv(args.value, args.from_unit, args.to_unit);
    expect(again.ok && again.out.quantity).toBeCloseTo(expected, 9);
  });

  it("the expression as written still converts where it makes sense", () => {
    const area = conv(1, "5 ft 6 in", "ft^2");
    expect(area.ok && area.out.quantity).toBeCloseTo(2.5, 12);
  });
});
