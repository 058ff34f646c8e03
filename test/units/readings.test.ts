/**
 * Units the way people write them (Unicode, UCUM syntax, case, qualifiers), equivalents that need
 * a valence, and names with several legal readings that say which one was used.
 */
import { describe, expect, it } from "vitest";
import { check, close, comp, conv, failure, value } from "./helpers.js";

const corrections = (o: ReturnType<typeof conv>) =>
  o.ok
    ? ((o.out.did_you_mean as { corrections: Array<{ corrected: string; correction_type: string }> })?.corrections ??
      [])
    : [];

describe("Unicode and punctuation as people type them", () => {
  it("reads subscript digits, the many middle dots, fullwidth forms and odd spaces like their plain forms", () => {
    const same: Array<[string, string]> = [
      ["mH₂O", "mH2O"],
      ["cm H₂O", "cmH2O"],
      ["N∙m", "N*m"],
      ["N・m", "N*m"],
      ["kW\u0387h", "kW*h"],
      ["ｋｇ", "kg"],
      ["kg\u2009m", "kg*m"],
      ["kg\u00a0m", "kg*m"],
      ["m\u2215s", "m/s"],
      ["ºC", "°C"],
    ];
    for (const [a, b] of same) close(value(conv(1, a, b, { delta: true })), 1);
  });

  it("reads abbreviations with periods and the spaced forms of symbols", () => {
    close(value(conv(1, "fl. oz.", "mL")), 29.5735295625);
    close(value(conv(1, "in.", "cm")), 2.54);
    close(value(conv(1, "l.y.", "m")), 9460730472580800);
    close(value(conv(1, "sq ft", "m^2")), 0.09290304);
    close(value(conv(760, "mm Hg", "atm")), 1);
    close(value(conv(20, "° C", "°F")), 68);
  });

  it("reads UCUM syntax: '.' products, [codes], {annotations}, a leading solidus, 10*n", () => {
    close(value(conv(1, "kg.m2.s-2", "J")), 1);
    close(value(conv(1, "[lb_av]", "g")), 453.59237);
    close(value(conv(5, "10*3/uL", "10*9/L")), 5);
    close(value(conv(1, "{cells}/uL", "/mL")), 1000);
    close(value(conv(60, "/min", "Hz")), 1);
    close(value(conv(1, "mL{total}", "L")), 0.001);
    // Only the literal 10 followed by * and an integer is a power of ten: 2*3 is six.
    close(value(conv(1, "2*3 m", "m")), 6);
  });
});

describe("another letter case", () => {
  it("reads a spelling in another case when one unit fits, and reports it", () => {
    for (const [text, to, want, as] of [
      ["CFM", "L/s", 0.4719474432, "cfm"],
      ["KW", "W", 1000, "kW"],
      ["KWh", "MJ", 3.6, "kWh"],
      ["Nmi", "km", 1.852, "nmi"],
      ["Mph", "km/h", 1.609344, "mph"],
    ] as const) {
      const o = conv(1, text, to);
      close(value(o), want);
      expect(
        corrections(o).map((c) => [c.corrected, c.correction_type]),
        text,
      ).toContainEqual([as, "case_variant"]);
    }
  });

  it("refuses a case that could be either of two units, and never reads case into a single letter or µ", () => {
    expect(failure(conv(1, "MHZ", "Hz")).error_type).toBe("ambiguous_unit");
    expect(failure(conv(1, "k", "K")).error_type).toBe("unknown_unit");
    expect(failure(conv(1, "US", "ms")).error_type).toBe("unknown_unit");
    // The bit is a lower-case b: Mb is a megabit, and KB is refused between kB and KiB.
    close(value(conv(1, "Mb", "kbit")), 1000);
    expect(failure(conv(1, "KB", "B")).error_type).toBe("ambiguous_unit");
  });

  it("keeps standard prefixed symbols: nm is the nanometre, never the nautical mile by case", () => {
    close(value(conv(1, "nm", "m")), 1e-9);
    expect(corrections(conv(1, "nm", "m"))).toEqual([]);
  });
});

describe("qualified names", () => {
  it("reads a qualifier in any order and style", () => {
    for (const text of ["imperial gallon", "UK gallon", "gallon_imperial", "gal (UK)", "gal_imp", "[gal_br]"]) {
      close(value(conv(1, text, "L")), 4.54609);
    }
    for (const text of ["Btu_IT", "BTU (IT)", "[Btu_IT]"]) close(value(conv(1, text, "J")), 1055.05585262);
    close(value(conv(1, "cal (mean)", "J")), 4.19002);
    close(value(conv(1, "oz troy", "g")), 31.1034768);
  });

  it("fixes a slip only to a unit that carries the same qualifier", () => {
    expect(failure(conv(1, "imperial fluid ounse", "mL")).likely_fix).toBe("imperial fluid ounce (fl_oz_imp)");
    expect(failure(conv(1, "imperal gallon", "L")).likely_fix).toBe("imperial gallon (gal_imp)");
    expect(failure(conv(1, "survey fot", "m")).likely_fix).toBe("US survey foot (ft_us)");
    // Two qualified readings a slip away: no fix.
    expect(failure(conv(1, "tup_us", "mL")).likely_fix).toBeUndefined();
  });
});

describe("conventions are stated", () => {
  const warned = (from: string, to: string) => {
    const o = conv(1, from, to);
    return o.ok ? (o.out.warnings ?? []).join(" ") : "";
  };

  it("says which reading a name with several was given, and names the alternative", () => {
    expect(warned("year", "d")).toMatch(/Julian year.*common_year/u);
    expect(warned("ft", "m")).toMatch(/international foot.*ft_us/u);
    expect(warned("acre", "m^2")).toMatch(/international acre.*survey_acre/u);
    expect(warned("chain", "m")).toMatch(/international chain.*ch_us/u);
    expect(warned("gal", "L")).toMatch(/US liquid gallon.*gal_imp/u);
    expect(warned("oz", "g")).toMatch(/avoirdupois.*ozt/u);
    expect(warned("fl oz", "mL")).toMatch(/US fluid ounce.*fl_oz_imp/u);
    expect(failure(conv(1, "ton", "kg")).error_type).toBe("ambiguous_unit");
  });

  it("is silent for a qualified name or a UCUM code, which pick the reading", () => {
    for (const [from, to] of [
      ["julian_year", "d"],
      ["a_j", "d"],
      ["international foot", "m"],
      ["[ft_i]", "m"],
      ["US gallon", "L"],
      ["[gal_us]", "L"],
      ["avoirdupois ounce", "g"],
      ["survey foot", "m"],
    ]) {
      expect(warned(from, to), from).toBe("");
    }
    close(value(conv(1, "common year", "d")), 365);
    close(value(conv(1, "survey acre", "m^2")), 4046.872609874252);
  });

  it("`a` and `st` keep their usual reading unless only the other fits", () => {
    close(value(conv(1, "a", "d")), 365.25);
    close(value(conv(1, "a", "m^2")), 100);
    close(value(conv(1, "st", "lb")), 14);
    close(value(conv(1, "st", "m^3")), 1);
  });
});

describe("equivalents need a valence", () => {
  it("refuses mEq ↔ mmol without a valence, asking for it, and converts with one", () => {
    const e = failure(conv(4.5, "mEq/L", "mmol/L"));
    expect(e.error_type).toBe("invalid_input");
    expect(e.parameter).toBe("valence");
    close(value(conv(4.5, "mEq/L", "mmol/L", { valence: 2 })), 2.25);
    close(value(conv(2.25, "mmol/L", "mEq/L", { valence: -2 })), 4.5);
    close(value(conv(140, "meq/L", "Eq/L")), 0.14);
    expect(
      check("mEq/L", "mmol/L").ok && (check("mEq/L", "mmol/L") as { out: { compatible: boolean } }).out.compatible,
    ).toBe(false);
  });

  it("compute: a factor that states a valence is data, and expected_unit takes the valence", () => {
    const r = comp({
      initial_value: 4.5,
      initial_unit: "mEq/L",
      factors: [{ numerator: "1 mmol", denominator: "2 mEq" }],
    });
    close(value(r), 2.25);
    expect(r.ok && r.out.unit).toBe("mmol/L");
    close(
      value(comp({ initial_value: 4.5, initial_unit: "mEq/L", factors: [], expected_unit: "mmol/L", valence: 2 })),
      2.25,
    );
    expect(
      failure(comp({ initial_value: 4.5, initial_unit: "mEq/L", factors: [], expected_unit: "mmol/L" })).parameter,
    ).toBe("valence");
  });
});

describe("osmoles need a particle count, as equivalents need a valence", () => {
  it("refuses Osm ↔ mol without particles, naming the parameter, and converts with them", () => {
    for (const [from, to] of [
      ["mOsm/L", "mmol/L"],
      ["osmol", "mol"],
      ["mmol/kg", "mOsm/kg"],
    ]) {
      const e = failure(conv(300, from, to));
      expect(e.error_type).toBe("invalid_input");
      expect(e.parameter).toBe("particles");
      expect(e.hints.some((h) => h.includes("particles"))).toBe(true);
    }
    close(value(conv(300, "mOsm/L", "mmol/L", { particles: 2 })), 150);
    close(value(conv(100, "mmol/L", "mOsm/L", { particles: 3 })), 300);
    close(value(conv(290, "mOsm/kg", "mmol/kg", { particles: 1.86 })), 290 / 1.86);
    const out = conv(300, "mOsm/L", "mmol/L", { particles: 2 });
    expect(out.ok && out.out.warnings?.some((w) => w.includes("particles 2"))).toBe(true);
  });

  it("Osm ↔ mOsm and osmol spellings stay plain conversions, needing nothing", () => {
    close(value(conv(1, "osmol", "mOsm")), 1000);
    close(value(conv(300, "mosmol/kg", "Osm/kg")), 0.3);
    close(value(conv(300, "mOsm/L", "osm/m^3")), 300);
    // A particle count is not needed where nothing changes, and is ignored there.
    close(value(conv(1, "Osm", "mOsm", { particles: 2 })), 1000);
  });

  it("check_dimensions agrees with convert: not compatible without the particle count", () => {
    const c = check("mOsm/L", "mmol/L");
    expect(c.ok && c.out.compatible).toBe(false);
  });

  it("particles must be a finite positive number", () => {
    for (const particles of [0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      const e = failure(conv(1, "mOsm", "mmol", { particles }));
      expect(e.error_type).toBe("invalid_input");
      expect(e.parameter).toBe("particles");
    }
  });

  it("one mechanism for every per-species factor: Osm → Eq under koq_policy=warn needs both", () => {
    expect(failure(conv(1, "Osm", "Eq", { koq_policy: "warn", particles: 2 })).parameter).toBe("valence");
    expect(failure(conv(1, "Osm", "Eq", { koq_policy: "warn", valence: 2 })).parameter).toBe("particles");
    close(value(conv(1, "Osm", "Eq", { koq_policy: "warn", particles: 2, valence: 2 })), 1);
    close(value(conv(3, "Osm", "Eq", { koq_policy: "warn", particles: 3, valence: 2 })), 2);
  });

  it("compute: a factor that states a particle count is data, and expected_unit takes particles", () => {
    const r = comp({
      initial_value: 300,
      initial_unit: "mOsm/L",
      factors: [{ numerator: "1 mmol", denominator: "2 mOsm" }],
    });
    close(value(r), 150);
    close(
      value(comp({ initial_value: 300, initial_unit: "mOsm/L", factors: [], expected_unit: "mmol/L", particles: 2 })),
      150,
    );
    expect(
      failure(comp({ initial_value: 300, initial_unit: "mOsm/L", factors: [], expected_unit: "mmol/L" })).parameter,
    ).toBe("particles");
  });
});
