/** Units and readings added after the first release: each case pins a defect that was fixed or a unit that was added. */
import { describe, expect, it } from "vitest";
import { CATALOG } from "../../src/units/catalog.js";
import { close, conv, failure, units, value } from "./helpers.js";

describe("catalog additions (≥ 400 units, U14)", () => {
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

describe("equivalences: frequency ↔ period, wavelength ↔ frequency (asked for, never implied)", () => {
  it("a reciprocal mismatch offers the same call with equivalence=reciprocal, which converges", () => {
    const e = failure(conv(60, "Hz", "ms"));
    expect(e.error_type).toBe("dimension_mismatch");
    expect(e.likely_fix).toEqual({
      name: "convert",
      arguments: { value: 60, from_unit: "Hz", to_unit: "ms", equivalence: "reciprocal" },
    });
    close(value(conv(60, "Hz", "ms", { equivalence: "reciprocal" })), 16.6666667);
    close(value(conv(2, "dpt", "mm", { equivalence: "reciprocal" })), 500);
  });
  it("spectral: wavelength, frequency, wavenumber and photon energy through exact c and h", () => {
    expect(failure(conv(632.8, "nm", "THz")).likely_fix).toMatchObject({ arguments: { equivalence: "spectral" } });
    close(value(conv(632.8, "nm", "THz", { equivalence: "spectral" })), 473.755464);
    close(value(conv(1, "eV", "nm", { equivalence: "spectral" })), 1239.841984);
    close(value(conv(1000, "1/cm", "µm", { equivalence: "reciprocal" })), 10);
    close(value(conv(1, "THz", "1/cm", { equivalence: "spectral" })), 33.35641);
  });
  it("an equivalence that does not relate the two dimensions still refuses, and mismatches without one get no fix", () => {
    expect(failure(conv(1, "kg", "nm", { equivalence: "spectral" })).error_type).toBe("dimension_mismatch");
    expect(failure(conv(1, "kg", "m")).likely_fix).toBeUndefined();
    expect(failure(conv(20, "°C", "1/K")).likely_fix).toBeUndefined();
  });
});

describe("logarithmic levels with a reference", () => {
  it("pH = −log10(c / 1 mol/L) (UCUM [pH]); pH is picohenry only when only that fits", () => {
    close(value(conv(7, "pH", "mol/L")), 1e-7);
    close(value(conv(1, "mmol/L", "pH")), 3);
    const ph = conv(1, "pH", "nH");
    close(value(ph), 0.001);
    expect(ph.ok && ph.out.did_you_mean).toBeTruthy();
  });
  it("a referenced level against another dimension is a dimension_mismatch, not a missing path", () => {
    expect(failure(conv(1, "dBm", "kg")).error_type).toBe("dimension_mismatch");
    expect(failure(conv(7, "pH", "g")).error_type).toBe("dimension_mismatch");
    expect(failure(conv(1, "dB", "kg")).error_type).toBe("no_conversion_path");
  });
  it("declared kinds are compared for log units too (apparent vs absolute magnitude)", () => {
    const e = failure(conv(5, "mag", "mag", { kind: "apparent_magnitude", target_kind: "absolute_magnitude" }));
    expect(e.error_type).toBe("koq_mismatch");
    expect(value(conv(5, "mag", "mag", { kind: "apparent_magnitude" }))).toBe(5);
  });
});

describe("declared kinds of quantity are open-ended", () => {
  it("kinds outside the catalog are compared with each other; a typo of a known kind is still an error", async () => {
    const { checkKind } = await import("../../src/units/listing.js");
    expect(() => checkKind(units, "gibbs_energy", "kind", true)).not.toThrow();
    expect(() => checkKind(units, "enrgy", "kind", true)).toThrow(/Unknown kind/u);
    expect(() => checkKind(units, "gibbs_energy", "kind")).toThrow(/Unknown kind/u);
    const e = failure(conv(-50, "kJ/mol", "kJ/mol", { kind: "enthalpy", target_kind: "gibbs_energy" }));
    expect(e.error_type).toBe("koq_mismatch");
    expect(failure(conv(200, "GPa", "GPa", { kind: "stress", target_kind: "pressure" })).error_type).toBe(
      "koq_mismatch",
    );
  });
  it("two declared kinds that differ are the cause reported even when the dimensions differ too", () => {
    const e = failure(conv(300, "mOsm/kg", "mOsm/L", { kind: "osmolality", target_kind: "osmolarity" }));
    expect(e.error_type).toBe("koq_mismatch");
    expect(e.got).toBe("osmolarity");
    expect(e.expected).toBe("osmolality");
    expect(e.hints[0]).toContain("different dimensions");
    // koq_policy would not make it convert, so it is not offered.
    expect(e.hints.join(" ")).not.toContain("koq_policy");
    expect(failure(conv(5, "pc", "mag", { kind: "distance", target_kind: "absolute_magnitude" })).error_type).toBe(
      "koq_mismatch",
    );
    // Without both declarations, or under koq_policy="warn", the dimension mismatch is the error.
    expect(failure(conv(300, "mOsm/kg", "mOsm/L", { kind: "osmolality" })).error_type).toBe("dimension_mismatch");
    expect(
      failure(conv(300, "mOsm/kg", "mOsm/L", { kind: "osmolality", target_kind: "osmolarity", koq_policy: "warn" }))
        .error_type,
    ).toBe("dimension_mismatch");
    // A context that bridges the dimensions still converts when only one kind is declared.
    close(value(conv(100, "mg/dL", "mmol/L", { kind: "glucose", context: { molar_mass: 180.16 } })), 5.55062);
  });
});

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
    expect(failure(conv(5, "kft", "m")).likely_fix).toMatchObject({ arguments: { value: 5000, from_unit: "ft" } });
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
    expect(failure(conv(2, "kea", "ea")).likely_fix).toMatchObject({ arguments: { value: 2000, from_unit: "ea" } });
  });
});
