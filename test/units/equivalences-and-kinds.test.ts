/**
 * What converts only when the call says so: relations between dimensions (frequency ↔ period, wavelength ↔ frequency),
 * logarithmic levels with a reference, and declared kinds of quantity (docs/units.md, Units you can write).
 */
import { describe, expect, it } from "vitest";
import { close, conv, failure, units, value } from "./helpers.js";

describe("equivalences: frequency ↔ period, wavelength ↔ frequency (asked for, never implied)", () => {
  it("a reciprocal mismatch offers the same call with equivalence=reciprocal, which converges", () => {
    const e = failure(conv(60, "Hz", "ms"));
    expect(e.error_type).toBe("dimension_mismatch");
    expect(e.likely_fix).toEqual({ to_unit: "ms", equivalence: "reciprocal" });
    close(value(conv(60, "Hz", "ms", { equivalence: "reciprocal" })), 16.6666667);
    close(value(conv(2, "dpt", "mm", { equivalence: "reciprocal" })), 500);
  });
  it("spectral: wavelength, frequency, wavenumber and photon energy through exact c and h", () => {
    expect(failure(conv(632.8, "nm", "THz")).likely_fix).toMatchObject({ equivalence: "spectral" });
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
