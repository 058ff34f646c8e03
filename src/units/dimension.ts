/**
 * Dimensions as exponent vectors over the SI base quantities, information, and four pseudo-dimensions (angle, solid
 * angle, ratio, count) that are kept apart from each other but are transparent inside products where docs/units.md says so.
 */

export const COMPONENTS = [
  "length",
  "mass",
  "time",
  "current",
  "temperature",
  "amount",
  "luminous_intensity",
  "information",
  "angle",
  "solid_angle",
  "ratio",
  "count",
] as const;

export type Component = (typeof COMPONENTS)[number];
export type Dim = readonly number[];

const SYMBOLS = ["L", "M", "T", "I", "Θ", "N", "J", "B", "A", "Ω", "R", "C"] as const;
const PHYSICAL = 8;
export const ANGLE = 8;
export const RATIO = 10;
const COUNT = 11;

export const DIMENSIONLESS: Dim = Object.freeze(new Array<number>(COMPONENTS.length).fill(0));

export function base(component: Component, exponent = 1): Dim {
  const d = new Array<number>(COMPONENTS.length).fill(0);
  d[COMPONENTS.indexOf(component)] = exponent;
  return d;
}

/** Exponents are rational; rounding to 1e-9 keeps `m^(1/3)^3` equal to `m`. */
function clean(x: number): number {
  const r = Math.round(x * 1e9) / 1e9;
  return Object.is(r, -0) ? 0 : r;
}

export function mul(a: Dim, b: Dim): Dim {
  return a.map((x, i) => clean(x + b[i]));
}

export function div(a: Dim, b: Dim): Dim {
  return a.map((x, i) => clean(x - b[i]));
}

export function pow(a: Dim, e: number): Dim {
  return a.map((x) => clean(x * e));
}

export function equal(a: Dim, b: Dim): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function isDimensionless(a: Dim): boolean {
  return a.every((x) => x === 0);
}

export function hasPhysical(a: Dim): boolean {
  for (let i = 0; i < PHYSICAL; i++) if (a[i] !== 0) return true;
  return false;
}

/** The dimension with count and ratio removed: they are transparent inside products (mg/ea ≡ mg). */
export function withoutCountAndRatio(a: Dim): Dim {
  return a.map((x, i) => (i === COUNT || i === RATIO ? 0 : x));
}

const SUPERSCRIPT: Record<string, string> = {
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
  "-": "⁻",
  ".": "·",
  "/": "ᐟ",
};

function superscript(e: number): string {
  const text = Number.isInteger(e) ? String(e) : fraction(e);
  return [...text].map((c) => SUPERSCRIPT[c] ?? c).join("");
}

function fraction(e: number): string {
  for (let d = 2; d <= 12; d++) {
    const n = Math.round(e * d);
    if (Math.abs(n / d - e) < 1e-9) return `${n}/${d}`;
  }
  return String(e);
}

/** `L³·T⁻¹`: the formula of a dimension, used when it has no name. */
export function formula(a: Dim): string {
  const parts: string[] = [];
  a.forEach((e, i) => {
    if (e === 0) return;
    parts.push(e === 1 ? SYMBOLS[i] : `${SYMBOLS[i]}${superscript(e)}`);
  });
  return parts.length === 0 ? "1" : parts.join("·");
}

export interface NamedDimension {
  name: string;
  /** Unit expression whose dimension this is (parsed against the catalog at load). */
  definition: string;
  /** Frequent units, most common first: list_dimensions examples and "Compatible … units" hints. */
  examples: readonly string[];
  aliases?: readonly string[];
}

/** Named dimensions; anything else is shown by its formula. */
export const NAMED_DIMENSIONS: readonly NamedDimension[] = [
  { name: "dimensionless", definition: "1", examples: ["1"], aliases: ["none", "unitless"] },
  { name: "length", definition: "m", examples: ["m", "km", "cm", "mm", "in", "ft", "yd", "mi"], aliases: ["distance"] },
  { name: "mass", definition: "kg", examples: ["kg", "g", "lb", "oz", "t", "mg"], aliases: ["weight"] },
  { name: "time", definition: "s", examples: ["s", "min", "h", "d", "ms"], aliases: ["duration"] },
  { name: "current", definition: "A", examples: ["A", "mA"], aliases: ["electric_current"] },
  { name: "temperature", definition: "K", examples: ["K", "°C", "°F", "°R"] },
  { name: "amount", definition: "mol", examples: ["mol", "mmol", "kmol"], aliases: ["amount_of_substance"] },
  { name: "luminous_intensity", definition: "cd", examples: ["cd"] },
  { name: "information", definition: "bit", examples: ["B", "bit", "kB", "KiB", "MB"], aliases: ["data"] },
  { name: "angle", definition: "radian", examples: ["rad", "°", "rev", "arcmin", "gon"], aliases: ["plane_angle"] },
  { name: "solid_angle", definition: "sr", examples: ["sr", "deg²"] },
  { name: "ratio", definition: "%", examples: ["%", "ppm", "‰", "ppb", "bp"], aliases: ["fraction"] },
  { name: "count", definition: "ea", examples: ["ea", "dozen", "gross"], aliases: ["number"] },
  { name: "area", definition: "m^2", examples: ["m²", "ha", "acre", "ft²", "km²"] },
  { name: "volume", definition: "m^3", examples: ["L", "mL", "m³", "gal", "fl_oz"] },
  { name: "velocity", definition: "m/s", examples: ["m/s", "km/h", "mph", "kn", "ft/s"], aliases: ["speed"] },
  { name: "acceleration", definition: "m/s^2", examples: ["m/s²", "ft/s²", "g_n", "Gal"] },
  { name: "force", definition: "N", examples: ["N", "kN", "lbf", "kgf", "dyn"] },
  { name: "energy", definition: "J", examples: ["J", "kJ", "kWh", "cal", "BTU"], aliases: ["work", "heat", "torque"] },
  { name: "power", definition: "W", examples: ["W", "kW", "hp", "BTU/h", "MW"] },
  { name: "pressure", definition: "Pa", examples: ["Pa", "kPa", "bar", "atm", "psi", "mmHg"], aliases: ["stress"] },
  { name: "frequency", definition: "Hz", examples: ["Hz", "kHz", "1/s", "rpm"], aliases: ["activity"] },
  { name: "charge", definition: "C", examples: ["C", "mAh", "Ah"], aliases: ["electric_charge"] },
  { name: "voltage", definition: "V", examples: ["V", "mV", "kV"], aliases: ["electric_potential"] },
  { name: "resistance", definition: "Ω", examples: ["Ω", "kΩ", "MΩ"] },
  { name: "conductance", definition: "S", examples: ["S", "mS"] },
  { name: "capacitance", definition: "F", examples: ["F", "µF", "pF"] },
  { name: "inductance", definition: "H", examples: ["H", "mH"] },
  { name: "magnetic_flux", definition: "Wb", examples: ["Wb", "Mx"] },
  { name: "magnetic_flux_density", definition: "T", examples: ["T", "G", "mT"] },
  { name: "luminous_flux", definition: "lm", examples: ["lm"] },
  { name: "illuminance", definition: "lx", examples: ["lx", "fc", "ph"] },
  { name: "luminance", definition: "cd/m^2", examples: ["cd/m²", "nit", "fL"] },
  {
    name: "density",
    definition: "kg/m^3",
    examples: ["kg/m³", "g/cm³", "g/mL", "lb/ft³"],
    aliases: ["mass_concentration"],
  },
  {
    name: "molar_concentration",
    definition: "mol/m^3",
    examples: ["mol/L", "mmol/L", "M", "mM"],
    aliases: ["amount_concentration", "concentration"],
  },
  { name: "molar_mass", definition: "kg/mol", examples: ["g/mol", "kg/mol"] },
  { name: "molar_energy", definition: "J/mol", examples: ["J/mol", "kJ/mol", "kcal/mol"] },
  { name: "entropy", definition: "J/K", examples: ["J/K", "kJ/K"], aliases: ["heat_capacity"] },
  {
    name: "specific_heat",
    definition: "J/(kg*K)",
    examples: ["J/(kg·K)", "BTU/(lb·°F)"],
    aliases: ["specific_heat_capacity", "specific_entropy"],
  },
  { name: "molar_heat_capacity", definition: "J/(mol*K)", examples: ["J/(mol·K)"] },
  { name: "specific_energy", definition: "J/kg", examples: ["J/kg", "Gy", "Sv", "kJ/kg"], aliases: ["dose"] },
  { name: "momentum", definition: "kg*m/s", examples: ["kg·m/s", "N·s"] },
  { name: "dynamic_viscosity", definition: "Pa*s", examples: ["Pa·s", "P", "cP"] },
  { name: "kinematic_viscosity", definition: "m^2/s", examples: ["m²/s", "St", "cSt"] },
  { name: "data_rate", definition: "bit/s", examples: ["bit/s", "kbit/s", "Mbit/s", "B/s"] },
  { name: "heat_transfer_coefficient", definition: "W/(m^2*K)", examples: ["W/(m²·K)", "BTU/(h·ft²·°F)"] },
  { name: "thermal_conductivity", definition: "W/(m*K)", examples: ["W/(m·K)"] },
  { name: "irradiance", definition: "W/m^2", examples: ["W/m²", "mW/cm²"], aliases: ["heat_flux"] },
  { name: "catalytic_activity", definition: "kat", examples: ["kat", "U"] },
  { name: "angular_velocity", definition: "radian/s", examples: ["rad/s", "rpm", "°/s"] },
  { name: "electric_field", definition: "V/m", examples: ["V/m"], aliases: ["electric_field_strength"] },
  { name: "linear_density", definition: "kg/m", examples: ["kg/m", "tex"] },
  { name: "surface_density", definition: "kg/m^2", examples: ["kg/m²", "g/m²"] },
  { name: "luminous_efficacy", definition: "lm/W", examples: ["lm/W"] },
  { name: "wavenumber", definition: "1/m", examples: ["1/m", "1/cm"] },
  { name: "mass_flow", definition: "kg/s", examples: ["kg/s", "kg/h", "lb/h"] },
  // Named in the SI Brochure (9th ed., tables 5 and 6) or NIST SP 811 (ch. 4 and app. B).
  { name: "angular_momentum", definition: "kg*m^2/s", examples: ["kg·m²/s", "J·s", "N·m·s"], aliases: ["action"] },
  { name: "molar_volume", definition: "m^3/mol", examples: ["m³/mol", "L/mol"] },
  {
    name: "resistivity",
    definition: "Ω*m",
    examples: ["Ω·m", "Ω·cm"],
    aliases: ["electrical_resistivity", "electric_resistivity"],
  },
  {
    name: "conductivity",
    definition: "S/m",
    examples: ["S/m", "mS/cm", "µS/cm"],
    aliases: ["electrical_conductivity", "electric_conductivity"],
  },
  { name: "permittivity", definition: "F/m", examples: ["F/m"], aliases: ["electric_permittivity"] },
  // Magnetic: permeability alone is also the permeability of porous media (darcy, m²).
  { name: "magnetic_permeability", definition: "H/m", examples: ["H/m", "N/A²"] },
  { name: "magnetic_field_strength", definition: "A/m", examples: ["A/m", "Oe"] },
  { name: "electric_dipole_moment", definition: "C*m", examples: ["C·m", "D"] },
  { name: "exposure", definition: "C/kg", examples: ["C/kg", "R"], aliases: ["radiation_exposure"] },
  { name: "surface_tension", definition: "N/m", examples: ["N/m", "J/m²", "dyn/cm"], aliases: ["radiant_exposure"] },
  // The dimension of the gravitational constant G (m³·kg⁻¹·s⁻²): no SI name; called so by ucon.
  { name: "gravitation", definition: "m^3/(kg*s^2)", examples: ["m³/(kg·s²)"] },
];
