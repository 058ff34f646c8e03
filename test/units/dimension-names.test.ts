/**
 * Every dimension name of ucon's SI basis (the project dwim's unit tools come from) is known to dwim, as a name or an
 * alias: list_dimensions lists it, list_units and define_unit accept it, and the ones added for it have the dimension
 * the SI Brochure (9th ed., tables 5 and 6) and NIST SP 811 give their units.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type UnitsSession, unitsSession } from "./mcp-session.js";

/** ucon's named dimensions over the SI basis (its CGS, natural, Planck and atomic bases have no counterpart here). */
const ORIGIN_NAMES = [
  "none",
  "time",
  "length",
  "mass",
  "current",
  "temperature",
  "luminous_intensity",
  "amount_of_substance",
  "information",
  "angle",
  "solid_angle",
  "ratio",
  "count",
  "velocity",
  "acceleration",
  "force",
  "energy",
  "power",
  "momentum",
  "angular_momentum",
  "area",
  "volume",
  "density",
  "linear_density",
  "pressure",
  "frequency",
  "dynamic_viscosity",
  "kinematic_viscosity",
  "gravitation",
  "charge",
  "voltage",
  "resistance",
  "resistivity",
  "conductance",
  "conductivity",
  "capacitance",
  "inductance",
  "magnetic_flux",
  "magnetic_flux_density",
  "magnetic_permeability",
  "permittivity",
  "electric_field_strength",
  "magnetic_field_strength",
  "entropy",
  "specific_heat_capacity",
  "thermal_conductivity",
  "illuminance",
  "luminous_efficacy",
  "catalytic_activity",
  "molar_mass",
  "molar_volume",
  "concentration",
  "wavenumber",
  "radiant_exposure",
  "exposure",
  "electric_dipole_moment",
];

/** The dimensions as the standards give their coherent SI units (Ω·m, S/m, F/m, H/m, …), in dwim's formula notation. */
const FORMULAS: Record<string, string> = {
  none: "1",
  angular_momentum: "L²·M·T⁻¹",
  gravitation: "L³·M⁻¹·T⁻²",
  resistivity: "L³·M·T⁻³·I⁻²",
  conductivity: "L⁻³·M⁻¹·T³·I²",
  magnetic_permeability: "L·M·T⁻²·I⁻²",
  permittivity: "L⁻³·M⁻¹·T⁴·I²",
  electric_field_strength: "L·M·T⁻³·I⁻¹",
  magnetic_field_strength: "L⁻¹·I",
  specific_heat_capacity: "L²·T⁻²·Θ⁻¹",
  molar_volume: "L³·N⁻¹",
  amount_of_substance: "N",
  concentration: "L⁻³·N",
  radiant_exposure: "M·T⁻²",
  exposure: "M⁻¹·T·I",
  electric_dipole_moment: "L·T·I",
};

interface Listed {
  name: string;
  aliases: string[];
  formula: string;
}

let session: UnitsSession;
let listed: Listed[];
beforeAll(async () => {
  session = await unitsSession();
  const r = await session.call("list_dimensions", {});
  listed = (r.structuredContent as { dimensions: Listed[] }).dimensions;
});
afterAll(() => session.close());

const entryFor = (name: string) => listed.find((d) => d.name === name || d.aliases.includes(name));

describe("the origin's dimension names", () => {
  it("are each listed by list_dimensions, under their name or as an alias", () => {
    expect(ORIGIN_NAMES.filter((n) => entryFor(n) === undefined)).toEqual([]);
  });

  it("have the dimension of their SI unit", () => {
    for (const [name, formula] of Object.entries(FORMULAS)) expect(entryFor(name)?.formula, name).toBe(formula);
  });

  it("are accepted by list_units", async () => {
    for (const dimension of ORIGIN_NAMES) {
      const r = await session.call("list_units", { dimension, limit: 1 });
      expect(r.isError, `${dimension}: ${JSON.stringify(r.structuredContent)}`).toBeFalsy();
    }
    const resistivity = await session.call("list_units", { dimension: "resistivity" });
    expect((resistivity.structuredContent as { total: number }).total).toBeGreaterThanOrEqual(0);
  });

  it("are accepted by define_unit, and the unit converts within its dimension", async () => {
    for (const [i, dimension] of ORIGIN_NAMES.entries()) {
      const r = await session.call("define_unit", { name: `origin_unit_${i}`, dimension });
      expect(r.isError, `${dimension}: ${JSON.stringify(r.structuredContent)}`).toBeFalsy();
    }
    const resistivityUnit = `origin_unit_${ORIGIN_NAMES.indexOf("resistivity")}`;
    await session.call("define_conversion", { src: resistivityUnit, dst: "Ω*m", factor: 1e-8 });
    const r = await session.call("convert", { value: 1.7, from_unit: resistivityUnit, to_unit: "nΩ*m" });
    expect(r.structuredContent?.quantity).toBeCloseTo(17, 9);
  });

  it("a typo of one is an unknown_dimension with the name as likely_fix", async () => {
    const r = await session.call("list_units", { dimension: "resistivty" });
    expect(r.structuredContent).toMatchObject({ error_type: "unknown_dimension", likely_fix: "resistivity" });
  });
});

describe("units of the added dimensions", () => {
  it.each([
    ["S/m", "mS/cm", 1, 10, "conductivity"],
    ["Ω*cm", "Ω*m", 100, 1, "resistivity"],
    ["L/mol", "m^3/mol", 22.414, 0.022414, "molar_volume"],
    ["R", "C/kg", 1, 2.58e-4, "exposure"],
    ["D", "C*m", 1, 3.33564095198152e-30, "electric_dipole_moment"],
  ])("%s → %s is %s", async (from_unit, to_unit, value, quantity, dimension) => {
    const r = await session.call("convert", { value, from_unit, to_unit });
    expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
    expect((r.structuredContent?.quantity as number) / quantity).toBeCloseTo(1, 9);
    expect(r.structuredContent?.dimension).toBe(dimension);
  });
});
