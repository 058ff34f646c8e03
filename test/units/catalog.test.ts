/** The catalog: sources, exact factors, no shadowed spellings, and check_dimensions ⇔ convert. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATALOG } from "../../src/units/catalog.js";
import { check, conv, units } from "./helpers.js";

const SOURCES = new Set(["SI", "SP811", "HB44", "UCUM", "IEC", "CODATA", "IAU", "ISMP", "CFR", "W3C"]);

/** Exact or NIST-printed values, SI per unit (NIST SP 811 App. B, HB 44 App. C, SI Brochure Table 8). */
const FACTORS: Array<[string, number]> = [
  ["in", 0.0254],
  ["ft", 0.3048],
  ["yd", 0.9144],
  ["mi", 1609.344],
  ["nmi", 1852],
  ["ft_us", 1200 / 3937],
  ["lb", 0.45359237],
  ["oz", 0.028349523125],
  ["gr", 64.79891e-6],
  ["ozt", 0.0311034768],
  ["tn", 907.18474],
  ["LT", 1016.0469088],
  ["gal", 3.785411784e-3],
  ["qt", 9.46352946e-4],
  ["fl_oz", 2.95735295625e-5],
  ["gal_imp", 4.54609e-3],
  ["bbl", 0.158987294928],
  ["acre", 4046.8564224],
  ["lbf", 4.4482216152605],
  ["kgf", 9.80665],
  ["psi", 6894.757293168361],
  ["atm", 101325],
  ["Torr", 101325 / 760],
  ["bar", 1e5],
  ["BTU", 1055.05585262],
  ["cal", 4.1868],
  ["cal_th", 4.184],
  ["kWh", 3.6e6],
  ["eV", 1.602176634e-19],
  ["hp", 745.6998715822702],
  ["kn", 1852 / 3600],
  ["mph", 0.44704],
  ["min", 60],
  ["d", 86400],
  ["a", 31557600],
  ["au", 149597870700],
  ["ha", 1e4],
  ["L", 1e-3],
  ["t", 1000],
  ["Å", 1e-10],
  ["dyn", 1e-5],
  ["erg", 1e-7],
  ["Ci", 3.7e10],
  ["G", 1e-4],
  ["P", 0.1],
  ["St", 1e-4],
];

describe("catalog", () => {
  it("cites a source for every entry and has no duplicate symbols", () => {
    const symbols = new Map<string, string>();
    for (const e of CATALOG) {
      expect(SOURCES.has(e.src), e.name).toBe(true);
      for (const s of [e.symbol, ...(e.symbols ?? [])].filter((x): x is string => x !== undefined)) {
        expect(symbols.get(s), `${s} in ${e.name} and ${symbols.get(s)}`).toBeUndefined();
        symbols.set(s, e.name);
      }
    }
    expect(CATALOG.length).toBeGreaterThanOrEqual(400);
  });

  it("linear factors match NIST SP 811 / HB 44 to 1e-12", () => {
    for (const [symbol, si] of FACTORS) {
      const ev = units.evaluator.evaluate(symbol);
      if (!ev.ok) throw new Error(`${symbol} does not resolve`);
      expect(Math.abs(ev.q.factor - si) / si, symbol).toBeLessThanOrEqual(1e-12);
    }
  });

  it("every spelling of every unit resolves back to that unit (nothing is shadowed)", () => {
    const wrong: string[] = [];
    for (const unit of units.system.allUnits()) {
      for (const s of [...unit.symbols, ...unit.names]) {
        const ev = units.evaluator.evaluate(s);
        if (!ev.ok || ev.q.terms.length !== 1 || ev.q.terms[0].unit !== unit || ev.q.terms[0].prefix)
          wrong.push(`${unit.name}: ${s}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("prefix policies: customary units and min/h/d take none; tonne and byte only multiples", () => {
    for (const bad of ["kft", "mmin", "kh", "kd", "mlb", "kea", "mB", "mt_us"]) {
      expect(failureType(conv(1, bad, "m")), bad).toBe(bad === "mt_us" ? "unknown_unit" : "non_scalable_unit");
    }
    expect(conv(1, "kt", "Mt").ok).toBe(true);
    expect(conv(1, "GiB", "MiB").ok).toBe(true);
    expect(conv(1, "mrad", "rad").ok).toBe(true);
    expect(failureType(conv(1, "krad", "rad"))).toBe("non_scalable_unit");
  });

  it("check_dimensions says compatible exactly when convert succeeds", () => {
    const symbols = units.system
      .allUnits()
      .map((u) => u.symbol)
      .filter((s): s is string => s !== undefined);
    const pick = fc.constantFrom(
      ...symbols,
      "mg/ea",
      "N*m",
      "lbf*ft",
      "J/kg",
      "1/s",
      "rad/s",
      "W/(m^2*K)",
      "BTU/(h*ft^2*degF)",
      "kt",
      "PA",
      "Nm",
      "bps",
      "rad",
      "IU/L",
      "pt",
      "°C",
    );
    fc.assert(
      fc.property(pick, pick, (a, b) => {
        const c = check(a, b);
        const v = conv(1, a, b);
        if (!c.ok) return !v.ok && v.error.parameter === (c.error.parameter === "unit_a" ? "from_unit" : "to_unit");
        return c.out.compatible === v.ok;
      }),
      { numRuns: 800, seed: 42 },
    );
  });
});

function failureType(o: ReturnType<typeof conv>): string | undefined {
  return o.ok ? undefined : o.error.error_type;
}
