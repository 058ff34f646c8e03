/**
 * A conversion through offsets (°C, °F, K) carries an absolute error of a few ulps of the largest offset it added or
 * took away; the answer keeps no digits below that, so the familiar values come out exact.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as engine from "../../src/units/engine.js";

const units = engine.builtinUnits();
const quantity = (value: number, from_unit: string, to_unit: string) =>
  engine.convert(units, { value, from_unit, to_unit }).quantity;

describe("conversions with offsets", () => {
  it("give the familiar values exactly", () => {
    expect(quantity(-40, "degC", "degF")).toBe(-40);
    expect(quantity(37, "degC", "degF")).toBe(98.6);
    expect(quantity(98.6, "degF", "degC")).toBe(37);
    expect(quantity(100, "degC", "degF")).toBe(212);
    expect(quantity(-273.15, "degC", "K")).toBe(0);
    expect(quantity(0, "degF", "degC")).toBe(-17.777777777778);
  });

  it("keep the input's own digits where the offsets allow them", () => {
    expect(quantity(20.123456789, "degC", "K")).toBe(293.273456789);
    expect(quantity(1e-9, "degC", "degF")).toBe(32.0000000018);
  });

  it("stay within a part in 10^13 of the exact affine map, round trips included", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (c) => {
        const f = quantity(c, "degC", "degF");
        expect(Math.abs(f - (c * 9) / 5 - 32)).toBeLessThanOrEqual(1e-13 * Math.max(1, Math.abs(f), 460));
        const back = quantity(f, "degF", "degC");
        expect(Math.abs(back - c)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(c), 460));
      }),
    );
  });
});
