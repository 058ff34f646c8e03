/** The conformance cases of the unit tools (docs/units.md), numbered in order, through the public functions. */
import { describe, expect, it } from "vitest";
import { renderError } from "../../src/core/errors.js";
import { SessionUnits } from "../../src/units/session.js";
import { UNIT_ERROR_TYPES } from "../../src/units/suggestions.js";
import { check, close, comp, conv, failure, units, value } from "./helpers.js";

describe("cases 1–3: plain conversions", () => {
  it("1: length and temperatures", () => {
    close(value(conv(100, "km", "mi")), 62.1371);
    close(value(conv(72, "°F", "°C")), 22.2222);
    close(value(conv(0, "K", "°C")), -273.15);
  });
  it("2: bytes with SI and binary prefixes", () => {
    close(value(conv(1024, "B", "kB")), 1.024);
    close(value(conv(1024, "B", "KiB")), 1);
    close(value(conv(1e15, "B", "TB")), 1000);
  });
  it("3: speeds and accelerations with Unicode syntax", () => {
    close(value(conv(60, "mph", "m/s")), 26.8224);
    close(value(conv(9.8, "m/s²", "ft/s²")), 32.1522);
    close(value(conv(100, "km/h", "m·s⁻¹")), 27.7778);
  });
});

describe("cases 4–9: recovery from typos and syntax", () => {
  it("4: kilgoram → likely_fix 'kilogram (kg)' on from_unit", () => {
    const e = failure(conv(1, "kilgoram", "kg"));
    expect(e.error_type).toBe("unknown_unit");
    expect(e.parameter).toBe("from_unit");
    expect(e.likely_fix).toBe("kilogram (kg)");
  });
  it("5: meetr → meter; check_dimensions names unit_a", () => {
    const e = failure(conv(100, "meetr", "ft"));
    expect(String(e.likely_fix)).toContain("meter");
    const c = failure(check("meetr", "foot"));
    expect(c.parameter).toBe("unit_a");
    expect(c.error_type).toBe("unknown_unit");
  });
  it("6: feeet → foot (ft) on to_unit; eech → each (ea)", () => {
    const e = failure(conv(100, "meter", "feeet"));
    expect(e.parameter).toBe("to_unit");
    expect(e.likely_fix).toBe("foot (ft)");
    const f = failure(conv(5, "eech", "kg"));
    expect([String(f.likely_fix), ...f.hints].join(" ")).toContain("each (ea)");
  });
  it("a tie between units is broken only by the other endpoint's dimension", () => {
    expect(failure(conv(1, "mle", "km")).likely_fix).toBe("mile (mi)");
    expect(failure(conv(1, "mle", "mmol")).likely_fix).toBe("mole (mol)");
    const e = failure(conv(1, "mle", "kg"));
    expect(e.likely_fix).toBeUndefined();
    expect(e.hints.join(" ")).toMatch(/mole.*mile|mile.*mole/u);
  });
  it("7: garbage gets no fix; unknown dimension gets one", async () => {
    const e = failure(conv(1, "xyzzy", "kg"));
    expect(e.likely_fix).toBeUndefined();
    expect(e.hints).toEqual(["No similar units found", 'Use list_units(dimension="mass") to see matching units']);
    const { listUnits } = await import("../../src/units/listing.js");
    try {
      listUnits(units, { dimension: "lenth" });
      expect.unreachable();
    } catch (err) {
      const p = (err as { payload: { error_type: string; likely_fix: string } }).payload;
      expect(p.error_type).toBe("unknown_dimension");
      expect(p.likely_fix).toBe("length");
    }
  });
  it("8: unclosed parenthesis: position 8, fix appends ')'", () => {
    const e = failure(conv(1, "W/(m^2*K", "W/(m^2*K)"));
    expect(e.error_type).toBe("parse_error");
    expect(e.parameter).toBe("from_unit");
    expect(e.position).toBe(8);
    expect(e.likely_fix).toBe("W/(m^2*K)");
  });
  it("9: stray ')' at position 3; kg*(m/s^2 hints at parentheses", () => {
    const e = failure(check("m/s)", "m/s"));
    expect(e.error_type).toBe("parse_error");
    expect(e.parameter).toBe("unit_a");
    expect(e.position).toBe(3);
    expect(e.likely_fix).toBe("m/s");
    const f = failure(conv(1, "kg*(m/s^2", "N"));
    expect(f.hints.join(" ")).toMatch(/parenthes/u);
  });
});

describe("cases 10–16: syntax, pseudo-dimensions, medical spellings", () => {
  it("10: m/s*kg reads left to right with a hint; strict_syntax refuses", () => {
    const o = conv(1, "m/s*kg", "m*kg/s");
    close(value(o), 1);
    expect(o.ok && o.out.warnings?.join(" ")).toMatch(/left to right/u);
    const e = failure(conv(1, "m/s*kg", "m*kg/s", { strict_syntax: true }));
    expect(e.error_type).toBe("parse_error");
  });
  it("11: J/mol*K ≠ J/(mol*K); mg/kg/day = mg/(kg*day)", () => {
    expect(failure(conv(1, "J/mol*K", "J/(mol*K)")).error_type).toBe("dimension_mismatch");
    close(value(conv(1, "mg/kg/day", "mg/(kg*day)")), 1);
  });
  it("12: pseudo-dimensions are isolated", () => {
    const e = failure(conv(1, "radian", "percent"));
    expect(e.error_type).toBe("dimension_mismatch");
    expect(e.got).toBe("ratio");
    expect(e.expected).toBe("angle");
    expect(e.hints.join(" ")).toMatch(/isolated pseudo-dimensions/u);
    expect(failure(conv(5, "ea", "rad")).error_type).toBe("dimension_mismatch");
    expect(failure(conv(5, "ea", "%")).error_type).toBe("dimension_mismatch");
  });
  it("13: count is transparent inside products", () => {
    const c = check("mg/ea", "mg");
    expect(c.ok && c.out.compatible).toBe(true);
    const o = conv(1, "mg/ea", "mg");
    close(value(o), 1);
    expect(o.ok && o.out.warnings?.length).toBeGreaterThan(0);
    const r = comp({ initial_value: 30, initial_unit: "ea", factors: [{ numerator: "500 mg", denominator: "ea" }] });
    close(value(r), 15000);
    expect(r.ok && r.out.unit).toBe("mg");
  });
  it("14: a prefix on a non-scalable unit: rescaled call as likely_fix, only for the SI's forms", () => {
    const e = failure(conv(1, "kea", "ea"));
    expect(e.error_type).toBe("non_scalable_unit");
    expect(e.likely_fix).toEqual({ value: 1000, from_unit: "ea" });
    // The classic example `meach` (prefix symbol on the unit's name) is as likely `each` with a stray letter:
    // applying a rescale would change the quantity a thousandfold if it is, so both readings are hints.
    const m = failure(conv(1, "meach", "ea"));
    expect(m.error_type).toBe("non_scalable_unit");
    expect(m.likely_fix).toBeUndefined();
    expect(m.hints.join(" ")).toContain("each (ea)");
    expect(m.hints.join(" ")).toContain("scale the value by 0.001");
  });
  it("15: mcg, cc, cm^3 and the three micro spellings", () => {
    close(value(conv(500, "mcg", "mg")), 0.5);
    close(value(conv(1, "cc", "mL")), 1);
    close(value(conv(1, "cm^3", "mL")), 1);
    close(value(conv(1, "µg", "μg")), 1);
    close(value(conv(1, "μg", "ug")), 1);
  });
  it("16: ℃, plurals, amu ≡ Da, FLOPs ≡ flop", () => {
    close(value(conv(20, "℃", "°F")), 68);
    close(value(conv(1, "grams", "g")), 1);
    close(value(conv(1, "amperes", "A")), 1);
    close(value(conv(1, "amu", "Da")), 1);
    close(value(conv(1, "FLOPs", "flop")), 1);
  });
});

describe("cases 17–21: no silent misparses", () => {
  it("17: kph; cd is candela", () => {
    close(value(conv(36, "kph", "m/s")), 10);
    const c = check("cd", "lm");
    expect(c.ok && c.out.dimension_a).toBe("luminous_intensity");
  });
  it("18: kt is knot when the other unit is a speed, else ambiguous", () => {
    const o = conv(10, "kt", "m/s");
    close(value(o), 5.14444);
    expect(JSON.stringify(o.ok && o.out.did_you_mean)).toMatch(/ambiguity_resolved_by_dimension/u);
    expect(failure(comp({ initial_value: 1, initial_unit: "kt", factors: [] })).error_type).toBe("ambiguous_unit");
    const c = check("kt", "m/s");
    expect(c.ok && c.out.compatible).toBe(true);
  });
  it("19: PA and Nm", () => {
    const e = failure(conv(1, "PA", "kg"));
    expect(e.error_type).toBe("ambiguous_unit");
    expect((e.candidates as Array<{ name: string }>).map((c) => c.name).join(" ")).toMatch(/pascal.*petaampere/u);
    const o = conv(1, "PA", "psi");
    close(value(o), 1.45038e-4, 1e-5);
    expect(o.ok && o.out.did_you_mean).toBeDefined();
    const n = failure(conv(1, "Nm", "kg"));
    expect(n.error_type).toBe("ambiguous_unit");
    expect((n.candidates as Array<{ dimension: string }>).map((c) => c.dimension).sort()).toEqual(["energy", "length"]);
  });
  it("20: bps, mb, lone k", () => {
    close(value(conv(1, "bps", "kbit/s")), 0.001);
    close(value(conv(1, "bps", "%")), 0.01);
    close(value(conv(1, "mb", "hPa")), 1);
    const k = failure(conv(1, "k", "K"));
    expect(k.error_type).toBe("unknown_unit");
    expect(k.likely_fix).toBeUndefined();
    expect(k.hints.join(" ")).toMatch(/kelvin/u);
    expect(k.hints.join(" ")).toMatch(/kilo/u);
  });
  it("21: case decides Gal/gal and T/t", () => {
    close(value(conv(1, "Gal", "m/s^2")), 0.01);
    const g = conv(1, "gal", "L");
    close(value(g), 3.78541);
    expect(g.ok && g.out.warnings?.join(" ")).toMatch(/US liquid gallon/u);
    close(value(conv(1, "T", "G")), 1e4);
    close(value(conv(1, "t", "kg")), 1000);
  });
});

describe("usual readings with a rarer alternative (rad, fL, IU)", () => {
  it("keeps the usual reading unless only the alternative fits the other unit", () => {
    const dose = conv(2, "Gy", "rad");
    close(value(dose), 200);
    expect(JSON.stringify(dose.ok && dose.out.did_you_mean)).toMatch(/rd_dose/u);
    const angle = conv(1, "rad", "°");
    close(value(angle), 57.29578);
    expect(angle.ok && angle.out.did_you_mean).toBeUndefined();
    close(value(conv(1, "fL", "L")), 1e-15);
    close(value(conv(5000, "cd/m²", "fL")), 1459.4278, 1e-4);
    close(value(conv(100, "IU/L", "nkat/L")), 1666.6667);
    expect(failure(conv(5, "ea", "rad")).error_type).toBe("dimension_mismatch");
    close(value(comp({ initial_value: 1, initial_unit: "rad", factors: [] })), 1);
  });
});

describe("cases 22–30: prefixes, temperatures, kinds, context, angles", () => {
  it("22: British spellings with prefixes", () => {
    close(value(conv(1, "nanometre", "m")), 1e-9);
    close(value(conv(1, "microgramme", "mg")), 0.001);
  });
  it("23: prefix-aware typo fixes", () => {
    expect(failure(conv(1, "kilomter", "m")).likely_fix).toBe("kilometer (km)");
    expect(failure(conv(1, "mililiter", "L")).likely_fix).toBe("milliliter (mL)");
    expect(failure(conv(1, "megahertzz", "Hz")).likely_fix).toBe("megahertz (MHz)");
  });
  it("24: U-value between imperial and SI (temperature interval inside a product)", () => {
    close(value(conv(1, "BTU/(h·ft²·°F)", "W/(m²·K)")), 5.678263);
    close(value(conv(1, "W/(m²·K)", "BTU/(h·ft²·°F)")), 0.17611);
  });
  it("25: absolute vs delta temperatures", () => {
    close(value(conv(20, "°C", "K")), 293.15);
    close(value(conv(20, "°C", "K", { delta: true })), 20);
    close(value(conv(10, "Δ°C", "Δ°F")), 18);
  });
  it("26: J → N·m is a kind mismatch unless declared", () => {
    expect(failure(conv(1, "J", "N·m")).error_type).toBe("koq_mismatch");
    close(value(conv(1, "J", "N·m", { kind: "energy" })), 1);
    const w = conv(1, "J", "N·m", { koq_policy: "warn" });
    close(value(w), 1);
    expect(w.ok && w.out.warnings?.join(" ")).toMatch(/kinds/u);
  });
  it("27: kinds of quantity", () => {
    for (const [a, b] of [
      ["Gy", "Sv"],
      ["Hz", "Bq"],
      ["W", "VA"],
      ["lm", "W"],
    ]) {
      expect(failure(conv(1, a, b)).error_type, `${a}→${b}`).toBe("koq_mismatch");
    }
    close(value(conv(1, "Hz", "1/s")), 1);
    close(value(conv(1, "W", "kW")), 0.001);
  });
  it("28: mass ↔ amount concentration needs a molar mass", () => {
    const e = failure(conv(100, "mg/dL", "mmol/L"));
    expect(e.error_type).toBe("dimension_mismatch");
    expect(e.hints.join(" ")).toMatch(/molar mass/u);
    close(value(conv(100, "mg/dL", "mmol/L", { context: { molar_mass: 180.16 } })), 5.55062);
  });
  it("29: mass ↔ volume needs a density", () => {
    const e = failure(conv(100, "mg", "mL"));
    expect(e.error_type).toBe("dimension_mismatch");
    expect(e.hints.join(" ")).toMatch(/density/u);
    close(value(conv(100, "g", "mL", { context: { density: 1.25 } })), 80);
  });
  it("30: rad/s and rpm ↔ Hz at 2π rad per cycle", () => {
    const o = conv(6.283185, "rad/s", "Hz");
    close(value(o), 1);
    expect(o.ok && o.out.warnings?.join(" ")).toMatch(/2π/u);
    close(value(conv(60, "rpm", "Hz")), 1);
  });
});

describe("cases 31–39: compute", () => {
  it("31: dosage chain with a rounded factor at step 0", () => {
    const r = comp({
      initial_value: 154,
      initial_unit: "lb",
      factors: [
        { numerator: "1 kg", denominator: "2.205 lb" },
        { numerator: "15 mg", denominator: "kg*day" },
        { numerator: "1 day", denominator: "3 ea" },
      ],
    });
    close(value(r), 349.206);
    if (!r.ok) return;
    expect(r.out.unit).toBe("mg/ea");
    expect(r.out.steps).toHaveLength(4);
    expect(r.out.steps.find((s) => "index" in s && s.index === 0)).toMatchObject({ audit: "rounded factor" });
  });
  it("32: drip rate", () => {
    const r = comp({
      initial_value: 1000,
      initial_unit: "mL",
      factors: [
        { numerator: "15 gtt", denominator: "mL" },
        { numerator: "1", denominator: "8 h" },
        { numerator: "1 h", denominator: "60 min" },
      ],
    });
    close(value(r), 31.25);
    expect(r.ok && r.out.unit).toBe("gtt/min");
  });
  it("33: infusion rate", () => {
    const r = comp({
      initial_value: 5,
      initial_unit: "mcg/(kg·min)",
      factors: [
        { numerator: "80 kg" },
        { numerator: "60 min", denominator: "h" },
        { numerator: "1 mg", denominator: "1000 mcg" },
        { numerator: "250 mL", denominator: "400 mg" },
      ],
    });
    close(value(r), 15);
    expect(r.ok && r.out.unit).toBe("mL/h");
  });
  it("34: a wrong factor is located and fixed; audit warn proceeds", () => {
    const input = { initial_value: 100, initial_unit: "lb", factors: [{ numerator: "1 kg", denominator: "2.0 lb" }] };
    const e = failure(comp(input));
    expect(e.error_type).toBe("inconsistent_factor");
    expect(e.step).toBe(0);
    expect(e.parameter).toBe("factors[0].denominator");
    expect(e.likely_fix).toBe("2.20462 lb");
    expect(e.error).toMatch(/10\.2 % off/u);
    const w = comp({ ...input, audit: "warn" });
    close(value(w), 50);
    expect(w.ok && w.out.warnings?.length).toBeGreaterThan(0);
  });
  it("35: unknown unit at step 1 names factors[1].numerator", () => {
    const e = failure(
      comp({
        initial_value: 100,
        initial_unit: "kg",
        factors: [
          { numerator: "lb", denominator: "kg" },
          { numerator: "foo", denominator: "lb" },
        ],
      }),
    );
    expect(e.error_type).toBe("unknown_unit");
    expect(e.step).toBe(1);
    expect(e.parameter).toBe("factors[1].numerator");
    expect(e.error).toMatch(/step 1/u);
  });
  it("36: expected_unit mismatch says what is missing", () => {
    const e = failure(comp({ initial_value: 10, initial_unit: "m", factors: [], expected_unit: "m/s" }));
    expect(e.error_type).toBe("dimension_mismatch");
    expect(e.parameter).toBe("expected_unit");
    expect(e.hints[0]).toMatch(/^Missing 'time'/u);
  });
  it("37: a long chain to cm/s", () => {
    const r = comp({
      initial_value: 1,
      initial_unit: "mi/h",
      factors: [
        { numerator: "5280 ft", denominator: "mi" },
        { numerator: "12 in", denominator: "ft" },
        { numerator: "2.54 cm", denominator: "in" },
        { numerator: "1 h", denominator: "60 min" },
        { numerator: "1 min", denominator: "60 s" },
      ],
    });
    close(value(r), 44.704);
    expect(r.ok && r.out.unit).toBe("cm/s");
  });
  it("38: like-unit ratios are data, not audited", () => {
    const r = comp({
      initial_value: 10,
      initial_unit: "mol",
      factors: [
        { numerator: "2 ea", denominator: "2 ea" },
        { numerator: "18.015 g", denominator: "mol" },
      ],
    });
    close(value(r), 180.15);
    expect(r.ok && r.out.unit).toBe("g");
    expect(r.ok && r.out.steps.some((s) => "audit" in s && s.audit)).toBe(false);
  });
  it("39: empty chain returns the input; a factor without numerator is invalid_input at its step", () => {
    const r = comp({ initial_value: 3, initial_unit: "kg", factors: [] });
    close(value(r), 3);
    const e = failure(
      comp({ initial_value: 3, initial_unit: "kg", factors: [{ numerator: "1 g" }, { denominator: "kg" }] }),
    );
    expect(e.error_type).toBe("invalid_input");
    expect(e.step).toBe(1);
    expect(e.parameter).toBe("factors[1].numerator");
  });
  it("compute: a factor without numbers is the exact conversion", () => {
    close(
      value(comp({ initial_value: 100, initial_unit: "kg", factors: [{ numerator: "lb", denominator: "kg" }] })),
      220.462,
      1e-5,
    );
  });
});

describe("cases 40–42: session units and error hygiene", () => {
  it("40: smoots in one session, unknown in another", () => {
    const s1 = new SessionUnits(units);
    s1.defineUnit({ name: "smoot", dimension: "length" });
    s1.defineConversion({ src: "smoot", dst: "m", factor: 1.7018 });
    close(value(conv(364.4, "smoot", "m", {}, s1.units)), 620.136);
    const s2 = new SessionUnits(units);
    expect(failure(conv(1, "smoot", "m", {}, s2.units)).error_type).toBe("unknown_unit");
  });
  it("41: duplicates refused; affine conversions", () => {
    const s = new SessionUnits(units);
    s.defineUnit({ name: "smoot", dimension: "length" });
    expect(() => s.defineUnit({ name: "smoot", dimension: "length" })).toThrow(/already means/u);
    expect(() => s.defineUnit({ name: "stick", dimension: "length", aliases: ["m"] })).toThrow(/already means/u);
    s.defineUnit({ name: "romer", symbol: "°Rø", dimension: "temperature" });
    s.defineConversion({ src: "°Rø", dst: "°C", factor: 40 / 21, offset: (-7.5 * 40) / 21 });
    close(value(conv(60, "°Rø", "°C", {}, s.units)), 100);
    close(value(conv(80, "°Ré", "°C", {}, s.units)), 100);
    s.defineUnit({ name: "newtonscale", symbol: "°Nw", dimension: "temperature" });
    s.defineConversion({ src: "°Nw", dst: "°F", factor: 60 / 11, offset: 32 });
    close(value(conv(33, "°Nw", "°C", {}, s.units)), 100);
    // A unit defined without a conversion has no path yet.
    s.defineUnit({ name: "cubit", dimension: "length" });
    expect(failure(conv(1, "cubit", "m", {}, s.units)).error_type).toBe("no_conversion_path");
  });
  it("42: error hygiene: closed enum, ≤ 3 hints, no internals, named dimensions", () => {
    const errors = [
      failure(conv(1, "m/s", "kg")),
      failure(conv(1, "m^3/s", "kg")),
      failure(conv(1, "kilgoram", "kg")),
      failure(conv(1, "radian", "percent")),
      failure(conv(1, "W/(m^2*K", "W")),
      failure(conv(1, "PA", "kg")),
      failure(conv(1, "J", "N*m")),
      failure(conv(1, "dB", "W")),
      failure(conv(1, "pt", "L")),
      failure(comp({ initial_value: 1, initial_unit: "kg", factors: [{ numerator: "1 kg", denominator: "1 lb" }] })),
    ];
    for (const e of errors) {
      expect(UNIT_ERROR_TYPES).toContain(e.error_type);
      expect(e.hints.length).toBeLessThanOrEqual(3);
      expect(JSON.stringify(e)).not.toMatch(/Vector\(|\[object|undefined/u);
      // About 120 tokens (≈ 4 characters each) in the text rendering clients see.
      expect(renderError(e).length).toBeLessThanOrEqual(480);
      if (e.step !== undefined) expect(Number.isInteger(e.step) && e.step >= 0).toBe(true);
      if (e.parameter !== undefined) expect(e.parameter).toMatch(/^[a-z_]+(\[\d+\])?(\.[a-z_]+)?$/u);
    }
    expect(errors[0].expected).toBe("velocity");
    expect(errors[1].expected).toBe("L³·T⁻¹");
  });
  it("S6: a mismatch lists compatible units that really convert", () => {
    const e = failure(conv(1, "kg", "m"));
    expect(e.parameter).toBe("to_unit");
    expect(e.got).toBe("length");
    expect(e.expected).toBe("mass");
    expect(e.hints).toContain("kg is mass; m is length");
    expect(e.hints).toContain("Compatible mass units: kg, g, lb, oz, t");
    expect(e.hints.at(-1)).toMatch(/check_dimensions/u);
  });
});
