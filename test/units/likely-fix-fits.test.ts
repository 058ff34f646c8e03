/**
 * A unit typo's likely_fix must lead to a call that can succeed: the other unit settles ties and rules out fixes it
 * cannot take, a prefix-aware reading competes with a whole-word fix, and a prefixed unit that takes no prefix is
 * rescaled only where that is mechanical (docs/units.md, Errors).
 */
import { describe, expect, it } from "vitest";
import { conv, failure } from "./helpers.js";

describe("unit typos: a likely_fix must lead to a call that can succeed", () => {
  it("a fix the other unit cannot take is demoted to a hint", () => {
    const e = failure(conv(1, "peter", "Np"));
    expect(e.likely_fix).toBeUndefined();
    expect(e.hints.join(" ")).toContain("meter");
    expect(failure(conv(1, "peter", "km")).likely_fix).toBe("meter (m)");
  });
  it("a three-letter typo is fixed when the other unit leaves one reading with a two-edit lead", () => {
    // hour is one edit from `hur`; hartley and revolution, two away, are not time units.
    expect(failure(conv(1, "hur", "s")).likely_fix).toBe("hour (h)");
    expect(failure(conv(1, "trr", "Pa")).likely_fix).toBe("torr (Torr)");
    // Alone, the same spelling is only a hint; beside km, mile and mil are both one edit away: no fix.
    expect(failure(conv(1, "hur", "hur")).likely_fix).toBeUndefined();
    expect(failure(conv(1, "mie", "km")).likely_fix).toBeUndefined();
  });
  it("ties inside a composite are broken on the repaired expression (mle/h beside km/h → mi/h)", () => {
    expect(failure(conv(1, "mle/h", "km/h")).likely_fix).toBe("mi/h");
    expect(failure(conv(3, "kg/m^3", "gramm/L")).likely_fix).toBe("g/L");
    expect(failure(conv(1, "mle/h", "mol/s")).likely_fix).toBe("mol/h");
  });
  it("the prefix-aware reading competes with a whole-token fix and respects the other unit", () => {
    expect(failure(conv(1, "centigra", "kg")).likely_fix).toBe("centigram (cg)");
    expect(failure(conv(1, "centigra", "°F")).likely_fix).toBe("degree Celsius (°C)");
    // kilopond and kilo + pond are one unit: no tie between them.
    expect(failure(conv(1, "kiopond", "N")).likely_fix).toBe("kilogram-force (kgf)");
  });
  it("a prefixed non-scalable unit that cannot convert to the other unit gets no rescaled call", () => {
    const e = failure(conv(1, "hrem", "kg"));
    expect(e.error_type).toBe("non_scalable_unit");
    expect(e.likely_fix).toBeUndefined();
    expect(failure(conv(5, "kft", "m")).likely_fix).toEqual({ value: 5000, from_unit: "ft" });
  });
  it("nor when another unit that fits is a typo away, or the prefix is beyond three decades", () => {
    // yocto-rod, or a yard with a stray letter: two readings, so no fix; both are named.
    const yrd = failure(conv(1, "yrd", "m"));
    expect(yrd.error_type).toBe("non_scalable_unit");
    expect(yrd.likely_fix).toBeUndefined();
    expect(yrd.hints[0]).toBe("Did you mean yard (yd)?");
    expect(yrd.hints.join(" ")).toContain("scale the value by 1e-24");
    // zepto-tablespoons would rescale by 1e-21: kept as a hint, never applied.
    expect(failure(conv(1, "ztablespoons", "mL")).likely_fix).toBeUndefined();
    expect(failure(conv(2, "kea", "ea")).likely_fix).toEqual({ value: 2000, from_unit: "ea" });
  });
});
