/**
 * The built-in unit catalog, written for dwim from primary sources (never copied from another library's catalog or
 * from benchmark data). Each entry is defined by an exact expression over earlier entries, so a factor is only ever
 * written once; `src` names the source of that definition:
 *
 * - SI: BIPM, The International System of Units (SI Brochure), 9th ed. 2019 (v2.01 2022): Tables 2, 4, 7, 8.
 * - SP811: NIST Special Publication 811 (2008), Guide for the Use of the SI, Appendix B.8 and B.9.
 * - HB44: NIST Handbook 44 (2024), Appendix C, General Tables of Units of Measurement.
 * - UCUM: The Unified Code for Units of Measure 2.1 (Regenstrief Institute, 2017).
 * - IEC: IEC 80000-13:2008, quantities and units of information science.
 * - CODATA: CODATA 2018 recommended values (NIST SP 961).
 * - IAU: IAU 2012 Resolution B2 (astronomical unit), IAU 2015 Resolution B2 (parsec).
 * - ISMP: ISMP/USP medication abbreviations (mcg, cc, gtt, IU as used in dosing).
 * - CFR: 21 CFR 101.9(b)(5)(viii), US nutrition labeling household measures (1 cup = 240 mL, 1 fl oz = 30 mL).
 * - W3C: CSS Values and Units Module Level 3 (the CSS pixel, 1/96 in).
 */

import type { CatalogEntry } from "./catalog-entry.js";
import { MATTER_ENERGY_UNITS } from "./catalog-matter-energy.js";
import { SPACE_TIME_UNITS } from "./catalog-space-time.js";
import { SPECIALIZED_UNITS } from "./catalog-specialized.js";

export type { CatalogEntry, Source } from "./catalog-entry.js";

/** Every entry, in definition order: an entry refers only to earlier ones. */
export const CATALOG: readonly CatalogEntry[] = [...SPACE_TIME_UNITS, ...MATTER_ENERGY_UNITS, ...SPECIALIZED_UNITS];

/** Readings given to spellings that name more than one unit: resolved by the other endpoint or refused. */
export const AMBIGUOUS: Readonly<Record<string, readonly string[]>> = {
  kt: ["kn", "kilotonne"],
  PA: ["Pa", "petaampere"],
  Nm: ["N_m", "nm"],
  bps: ["bit/s", "bp"],
  mb: ["mbar", "MB"],
  pt: ["pt_us", "pt_imp", "point"],
  ton: ["tn", "LT", "t"],
  tons: ["tn", "LT", "t"],
  b: ["bit", "barn"],
  mt: ["t", "Mt"],
  // Kilobyte in SI (1000 B) or in the Windows sense (1024 B): 2.4 % apart, so neither is taken.
  KB: ["kB", "KiB"],
};

/**
 * Spellings with a usual reading and a rarer one: the first is taken unless only the other fits the other endpoint
 * (`2 Gy → rad` is the rad of absorbed dose; `rad/s → Hz` stays radians). The switch is reported in did_you_mean.
 */
export const PREFERRED: Readonly<Record<string, readonly string[]>> = {
  rad: ["radian", "rd_dose"],
  fL: ["femtoliter", "ftL"],
  IU: ["international unit", "U"],
  pH: ["pH_unit", "picohenry"],
  // `a` is the year in UCUM and the are in SP 811; `st` the stone in HB 44 and the stere in SP 811 and UCUM.
  a: ["year", "are"],
  st: ["stone", "stere"],
};

/** Spellings that are prefixed forms by curation (`mc` = micro only here). */
export const CURATED_ALIASES: Readonly<Record<string, string>> = {
  mcg: "µg",
  mcL: "µL",
  mcl: "µL",
  mcmol: "µmol",
  kgs: "kg",
  Kg: "kg",
  KG: "kg",
  Km: "km",
  KM: "km",
  mls: "mL",
  cm3: "cm^3",
  msec: "ms",
  kbps: "kbit/s",
  Mbps: "Mbit/s",
  Gbps: "Gbit/s",
  Tbps: "Tbit/s",
  kBps: "kB/s",
  MBps: "MB/s",
  GBps: "GB/s",
  usec: "µs",
  nsec: "ns",
  mins: "min",
  secs: "s",
  // A lower-case b is the bit (IEC 80000-13): Mb is a megabit, never a megabyte read by case.
  kb: "kbit",
  Kb: "kbit",
  Mb: "Mbit",
  Gb: "Gbit",
  Tb: "Tbit",
  "mm[Hg]": "mmHg",
  "cm[Hg]": "cmHg",
  "mm[H2O]": "mmH2O",
  "cm[H2O]": "cmH2O",
};
