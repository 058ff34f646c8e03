/** The catalog's breadth: at least 400 units, the exact factors of later additions, and readings that pin defects. */
import { describe, expect, it } from "vitest";
import { CATALOG } from "../../src/units/catalog.js";
import { close, conv, failure, units, value } from "./helpers.js";

describe("catalog coverage (at least 400 units)", () => {
  it("has at least 400 entries, each resolving by its symbol or name", () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(400);
    expect(units.system.allUnits().length).toBe(CATALOG.length);
  });
  it("exact factors of the added units (HB 44, UCUM, SP 811, CFR, W3C)", () => {
    const cases: Array<[string, number]> = [
      ["lb_ap", 0.3732417216],
      ["fl_dr_imp", 4.54609e-3 / 1280],
      ["min_imp", 4.54609e-3 / 76800],
      ["ch_us", (66 * 1200) / 3937],
      ["sq_rd", 25.29285264],
      ["tsp_m", 5e-6],
      ["tbsp_m", 15e-6],
      ["fl_oz_m", 30e-6],
      ["cup_legal", 240e-6],
      ["drp", 5e-8],
      ["Ch", 1e-3 / 3],
      ["mH2O", 9806.65],
      ["hyl", 9.80665],
      ["px", 0.0254 / 96],
      ["didot", 0.3248 / 12 / 12 / 6],
      ["cicero", (0.3248 / 12 / 12 / 6) * 12],
      ["pnt_pr", 0.013837 * 0.0254],
      ["mo_g", (365.2425 * 86400) / 12],
      ["inHg_32F", 3386.38],
      ["BTU_60F", 1054.68],
      ["ft_pdl", 0.3048 * 0.45359237 * 0.3048],
      ["WU", (133.322387415 * 60) / 1e-3],
    ];
    for (const [symbol, si] of cases) {
      const ev = units.evaluator.evaluate(symbol);
      if (!ev.ok) throw new Error(`${symbol} does not resolve`);
      expect(Math.abs(ev.q.factor - si) / si, symbol).toBeLessThanOrEqual(1e-12);
    }
  });
  it("mg% is mg/dL (UCUM g% with a prefix), never mg × percent", () => {
    expect(value(conv(100, "mg%", "mg/dL"))).toBe(100);
    close(value(conv(1, "g%", "g/L")), 10);
  });
  it("kbps, Mbps, Gbps read as bit rates, not as a typo of kip", () => {
    expect(value(conv(1, "kbps", "bit/s"))).toBe(1000);
    expect(value(conv(1, "Gbps", "Mbps"))).toBe(1000);
    expect(value(conv(2, "kilobits per second", "bit/s"))).toBe(2000);
  });
  it("VAh and varh are apparent and reactive energy, not an ambiguous product", () => {
    expect(value(conv(1, "kVAh", "VAh"))).toBe(1000);
    expect(failure(conv(1, "VAh", "J")).error_type).toBe("koq_mismatch");
    expect(failure(conv(1, "varh", "VAh")).error_type).toBe("koq_mismatch");
  });
  it("stellar magnitude is logarithmic without a reference", () => {
    expect(value(conv(3, "mag", "mag"))).toBe(3);
    expect(failure(conv(1, "mag", "W/m^2")).error_type).toBe("no_conversion_path");
  });
});
