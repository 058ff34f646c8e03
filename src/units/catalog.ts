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
import type { PrefixPolicy } from "./prefixes.js";

export type Source = "SI" | "SP811" | "HB44" | "UCUM" | "IEC" | "CODATA" | "IAU" | "ISMP" | "CFR" | "W3C";

export interface CatalogEntry {
  name: string;
  symbol?: string;
  /** `=length` marks the coherent unit of a base component; otherwise an expression over earlier entries. */
  def: string;
  /** More symbols (case-sensitive). */
  symbols?: readonly string[];
  /** More names: spellings and long forms (case-insensitive when 3+ letters). */
  names?: readonly string[];
  /** Plural of the name; default name + "s"; null when it has none. */
  plural?: string | null;
  prefixes?: PrefixPolicy;
  kind?: string;
  /** Absolute temperatures: SI value = value × factor + offset (kelvin). */
  offset?: number;
  /** Shown whenever the unit is used: which of several definitions was taken (a convention), or a caution. */
  warning?: string;
  /** Spellings that name this reading explicitly (`us_gallon`): the convention warning is not shown for them. */
  explicit?: readonly string[];
  /** Logarithmic unit: value = multiplier × log10(x / reference); no reference → no conversion path. */
  log?: { multiplier: number; reference?: string; natural?: boolean };
  src: Source;
}

const e = (
  name: string,
  symbol: string | undefined,
  def: string,
  src: Source,
  more: Omit<CatalogEntry, "name" | "symbol" | "def" | "src"> = {},
): CatalogEntry => ({ name, symbol, def, src, ...more });

const ALL = { prefixes: "all" } as const;

export const CATALOG: readonly CatalogEntry[] = [
  // SI base units (SI Brochure Table 2). The kilogram is the gram with a prefix; the gram carries the factor 1e-3.
  e("meter", "m", "=length", "SI", { names: ["metre"], ...ALL }),
  e("gram", "g", "=mass", "SI", { names: ["gramme"], ...ALL }),
  e("second", "s", "=time", "SI", { symbols: ["sec"], ...ALL }),
  e("ampere", "A", "=current", "SI", { names: ["amp"], ...ALL }),
  e("kelvin", "K", "=temperature", "SI", { plural: "kelvin", offset: 0, symbols: ["°K"], ...ALL }),
  e("mole", "mol", "=amount", "SI", { ...ALL }),
  e("candela", "cd", "=luminous_intensity", "SI", { ...ALL }),
  e("bit", "bit", "=information", "IEC", { prefixes: "binary", symbols: ["bits"] }),
  e("radian", "rad", "=angle", "SI", { prefixes: "submultiples" }),
  e("steradian", "sr", "=solid_angle", "SI", { prefixes: "none" }),
  e("fraction", undefined, "=ratio", "SI", { names: ["unity"], plural: "fractions" }),
  e("each", "ea", "=count", "UCUM", {
    plural: null,
    names: ["count", "piece", "item", "unit_count"],
    symbols: ["pcs"],
  }),
  // SI coherent derived units (Table 4).
  e("hertz", "Hz", "1/s", "SI", { plural: "hertz", kind: "frequency", ...ALL }),
  e("newton", "N", "1000 g*m/s^2", "SI", { ...ALL }),
  e("pascal", "Pa", "N/m^2", "SI", { kind: "pressure", ...ALL }),
  e("joule", "J", "N*m", "SI", { kind: "energy", ...ALL }),
  e("watt", "W", "J/s", "SI", { kind: "power", ...ALL }),
  e("coulomb", "C", "A*s", "SI", { ...ALL }),
  e("volt", "V", "W/A", "SI", { ...ALL }),
  e("farad", "F", "C/V", "SI", { ...ALL }),
  e("ohm", "Ω", "V/A", "SI", { symbols: ["ohm"], ...ALL }),
  e("siemens", "S", "A/V", "SI", { plural: "siemens", names: ["mho"], ...ALL }),
  e("weber", "Wb", "V*s", "SI", { ...ALL }),
  e("tesla", "T", "Wb/m^2", "SI", { ...ALL }),
  e("henry", "H", "Wb/A", "SI", { plural: "henries", ...ALL }),
  e("lumen", "lm", "cd*sr", "SI", { ...ALL }),
  e("lux", "lx", "lm/m^2", "SI", { plural: "lux", ...ALL }),
  e("becquerel", "Bq", "1/s", "SI", { kind: "activity", ...ALL }),
  e("gray", "Gy", "J/kg", "SI", { kind: "absorbed_dose", ...ALL }),
  e("sievert", "Sv", "J/kg", "SI", { kind: "dose_equivalent", ...ALL }),
  e("katal", "kat", "mol/s", "SI", { ...ALL }),
  // Non-SI units accepted for use with the SI (Table 8).
  e("minute", "min", "60 s", "SI", {}),
  e("hour", "h", "60 min", "SI", { symbols: ["hr", "hrs"] }),
  e("day", "d", "24 h", "SI", {}),
  e("degree", "°", "3.141592653589793/180 rad", "SI", { symbols: ["deg"], names: ["arcdegree"] }),
  e("arcminute", "′", "°/60", "SI", { symbols: ["arcmin"] }),
  e("arcsecond", "″", "′/60", "SI", { symbols: ["arcsec"] }),
  e("milliarcsecond", "mas", "″/1000", "SI", {}),
  e("hectare", "ha", "10000 m^2", "SI", {}),
  e("liter", "L", "0.001 m^3", "SI", { symbols: ["l", "ℓ"], names: ["litre"], ...ALL }),
  e("tonne", "t", "1000000 g", "SI", { names: ["metric_ton", "metric ton"], prefixes: "multiples" }),
  e("dalton", "Da", "1.6605390666e-24 g", "SI", {
    symbols: ["u", "amu"],
    names: ["atomic_mass_unit", "unified_atomic_mass_unit"],
    ...ALL,
  }),
  e("electronvolt", "eV", "1.602176634e-19 J", "SI", {
    names: ["electron_volt", "electron-volt"],
    kind: "energy",
    ...ALL,
  }),
  e("astronomical unit", "au", "149597870700 m", "IAU", { symbols: ["AU", "ua"], names: ["astronomical_unit"] }),
  e("neper", "Np", "=log", "SI", { log: { multiplier: 1, natural: true } }),
  e("bel", undefined, "=log", "SI", { log: { multiplier: 1 } }),
  e("decibel", "dB", "=log", "SI", { log: { multiplier: 10 } }),
  e("decibel-milliwatt", "dBm", "=log", "SP811", { log: { multiplier: 10, reference: "mW" }, names: ["dbm"] }),
  e("decibel-watt", "dBW", "=log", "SP811", { log: { multiplier: 10, reference: "W" } }),
  // Time (SP811 B.8; UCUM for the Julian year and mean month).
  e("week", "wk", "7 d", "SP811", {}),
  e("fortnight", undefined, "14 d", "SP811", {}),
  e("year", "a", "365.25 d", "UCUM", {
    symbols: ["yr", "y", "a_j"],
    names: ["julian_year", "annum"],
    prefixes: "multiples",
    warning: "year read as the Julian year, 365.25 d (UCUM a_j); common_year is 365 d, gregorian_year 365.2425 d",
    explicit: ["a_j"],
  }),
  e("month", "mo", "a/12", "UCUM", {
    symbols: ["mon", "mo_j"],
    names: ["julian_month"],
    warning:
      "month read as the Julian month, 1/12 of 365.25 d (UCUM mo_j); mo_g is the Gregorian month, mo_s the synodic month",
    explicit: ["mo_j"],
  }),
  e("common year", undefined, "365 d", "SP811", { names: ["common_year"] }),
  e("decade", undefined, "10 a", "SP811", {}),
  e("century", undefined, "100 a", "SP811", { plural: "centuries" }),
  e("millennium", undefined, "1000 a", "SP811", { plural: "millennia" }),
  e("shake", undefined, "1e-8 s", "SP811", {}),
  e("sidereal day", undefined, "86164.09053 s", "SP811", { names: ["sidereal_day"] }),
  e("sidereal hour", "sidereal_hr", "3590.170 s", "SP811", { names: ["sidereal_hour"] }),
  e("sidereal year", "sidereal_yr", "31558150 s", "SP811", { names: ["sidereal_year"] }),
  e("tropical year", "tropical_yr", "365.24219 d", "UCUM", { names: ["tropical_year"], symbols: ["a_t"] }),
  // Length (HB44 App. C; SP811 B.8; international inch = 2.54 cm exactly).
  e("inch", "in", "0.0254 m", "HB44", { plural: "inches", symbols: ["in_i", "[in_i]"] }),
  e("foot", "ft", "12 in", "HB44", {
    plural: "feet",
    symbols: ["ft_i", "[ft_i]"],
    names: ["international_foot"],
    warning: "ft read as the international foot, 0.3048 m; the US survey foot is ft_us (1200/3937 m)",
    explicit: ["[ft_i]"],
  }),
  e("yard", "yd", "3 ft", "HB44", { symbols: ["[yd_i]"] }),
  e("mile", "mi", "5280 ft", "HB44", {
    names: ["statute_mile", "international_mile"],
    symbols: ["[mi_i]"],
    warning: "mi read as the international (statute) mile, 1609.344 m; the US survey mile is mi_us",
    explicit: ["[mi_i]"],
  }),
  e("nautical mile", "nmi", "1852 m", "SP811", { symbols: ["NM", "[nmi_i]"], names: ["nautical_mile"] }),
  e("mil", undefined, "0.001 in", "HB44", { names: ["thou"], symbols: ["[mil_i]"] }),
  e("hand", undefined, "4 in", "HB44", { symbols: ["[hd_i]"] }),
  e("link", "li", "0.66 ft", "HB44", {
    names: ["international_link"],
    warning: "link read as the international link, 0.201168 m; the US survey link is li_us",
  }),
  e("rod", "rd", "16.5 ft", "HB44", {
    names: ["pole", "perch", "international_rod"],
    warning: "rod read as the international rod, 5.0292 m; the US survey rod is rd_us",
  }),
  e("chain", "ch", "66 ft", "HB44", {
    names: ["international_chain"],
    warning: "chain read as the international chain, 20.1168 m; the US survey chain is ch_us",
  }),
  e("furlong", "fur", "660 ft", "HB44", {
    names: ["international_furlong"],
    warning: "furlong read as the international furlong, 201.168 m; the US survey furlong is fur_us",
  }),
  e("league", "lea", "3 mi", "HB44", {}),
  e("fathom", "ftm", "6 ft", "HB44", {
    names: ["international_fathom"],
    warning: "fathom read as the international fathom, 1.8288 m; the US survey fathom is fath_us",
  }),
  e("cable", undefined, "185.2 m", "SP811", { names: ["cable_length"] }),
  e("US survey foot", "ft_us", "1200/3937 m", "HB44", {
    names: ["survey_foot", "us_survey_foot"],
    symbols: ["survey_ft", "[ft_us]"],
    plural: "US survey feet",
  }),
  e("US survey mile", "mi_us", "5280 ft_us", "HB44", { names: ["survey_mile"], symbols: ["survey_mi", "[mi_us]"] }),
  e("US survey fathom", "fath_us", "6 ft_us", "HB44", { names: ["survey_fathom"], symbols: ["us_fathom"] }),
  e("angstrom", "Å", "1e-10 m", "SP811", { symbols: ["AA", "Ao"], names: ["ångström"] }),
  e("micron", undefined, "1e-6 m", "SP811", { symbols: ["µ"] }),
  e("fermi", undefined, "1e-15 m", "SP811", {}),
  e("light-year", "ly", "9460730472580800 m", "IAU", { names: ["light_year", "lightyear"], symbols: ["[ly]"] }),
  e("parsec", "pc", "149597870700*648000/3.141592653589793 m", "IAU", { prefixes: "multiples" }),
  e("point", undefined, "in/72", "SP811", {
    names: ["pt_typographic", "desktop_point", "computer point", "computer_point"],
    symbols: ["[pnt]"],
    warning: "point read as the desktop-publishing point, 1/72 in; the printer's point is pnt_pr (0.013837 in)",
    explicit: ["[pnt]"],
  }),
  e("pica", undefined, "12 point", "SP811", {
    names: ["computer pica", "computer_pica"],
    symbols: ["[pca]"],
    warning: "pica read as the desktop-publishing pica, 1/6 in; the printer's pica is pca_pr",
    explicit: ["[pca]"],
  }),
  // Area.
  e("are", "ar", "100 m^2", "SI", {}),
  e("acre", "ac", "43560 ft^2", "HB44", {
    names: ["international_acre"],
    warning:
      "acre read as the international acre, 4046.8564 m² (NIST since 2023); the US survey acre is survey_acre (4046.8726 m²)",
  }),
  e("US survey acre", "acr_us", "43560 ft_us^2", "HB44", { names: ["survey_acre"], symbols: ["[acr_us]"] }),
  e("barn", undefined, "1e-28 m^2", "SI", { ...ALL }),
  e("circular mil", "cmil", "3.141592653589793/4 mil^2", "SP811", { names: ["circular_mil"], symbols: ["[cml_i]"] }),
  e("square foot", "sqft", "ft^2", "HB44", {
    names: ["square_foot", "sq ft"],
    plural: "square feet",
    symbols: ["sq_ft", "[sft_i]"],
  }),
  e("square inch", "sqin", "in^2", "HB44", {
    names: ["square_inch", "sq in"],
    plural: "square inches",
    symbols: ["sq_in", "[sin_i]"],
  }),
  e("square yard", "sqyd", "yd^2", "HB44", { names: ["square_yard", "sq yd"], symbols: ["[syd_i]"] }),
  e("square mile", "sqmi", "mi^2", "HB44", { names: ["square_mile", "section", "sq mi"] }),
  e("square meter", "sqm", "m^2", "SI", { names: ["square_meter", "square metre"] }),
  e("square kilometer", "sqkm", "km^2", "SI", { names: ["square_kilometer", "square kilometre"] }),
  // Volume (HB44: US gallon = 231 in³; imperial gallon = 4.546 09 L).
  e("cubic centimeter", "cc", "cm^3", "ISMP", { names: ["cubic_centimeter", "cubic centimetre"], symbols: ["ccm"] }),
  e("cubic foot", "cuft", "ft^3", "HB44", {
    names: ["cubic_foot", "cu ft"],
    plural: "cubic feet",
    symbols: ["cu_ft", "[cft_i]"],
  }),
  e("cubic inch", "cuin", "in^3", "HB44", {
    names: ["cubic_inch", "cu in"],
    plural: "cubic inches",
    symbols: ["cu_in", "[cin_i]"],
  }),
  e("cubic yard", "cuyd", "yd^3", "HB44", { names: ["cubic_yard", "cu yd"], symbols: ["[cyd_i]"] }),
  e("cubic meter", "cbm", "m^3", "SI", { names: ["cubic_meter", "cubic metre", "stere"] }),
  e("gallon", "gal", "231 in^3", "HB44", {
    names: ["us_gallon", "US gallon", "liquid_gallon", "US liquid gallon"],
    symbols: ["gal_us", "[gal_us]"],
    warning: "gal read as the US liquid gallon (3.785 L); the imperial gallon is gal_imp, the US dry gallon dry_gallon",
    explicit: ["[gal_us]"],
  }),
  e("quart", "qt", "gal/4", "HB44", {
    names: ["us_quart", "liquid_quart", "US liquid quart"],
    symbols: ["qt_us", "[qt_us]"],
    warning: "quart read as the US liquid quart (0.946 L); qt_imp is the imperial quart, dry_quart the US dry quart",
    explicit: ["[qt_us]"],
  }),
  e("pint", "pt_us", "gal/8", "HB44", {
    names: ["us_pint", "US pint", "liquid_pint", "US liquid pint"],
    symbols: ["[pt_us]"],
    warning: "pint read as the US liquid pint (0.473 L); pt_imp is the imperial pint, dry_pint the US dry pint",
    explicit: ["pt_us", "[pt_us]"],
  }),
  e("cup", "cup_us", "gal/16", "HB44", {
    names: ["us_cup"],
    symbols: ["[cup_us]"],
    warning: "cup read as the US customary cup (236.6 mL); cup_legal is the US legal cup (240 mL), metric_cup 250 mL",
    explicit: ["cup_us", "[cup_us]"],
  }),
  e("gill", "gi", "gal/32", "HB44", {
    names: ["us_gill"],
    symbols: ["[gil_us]"],
    warning: "gill read as the US gill (118.3 mL); gi_imp is the imperial gill (142.1 mL)",
    explicit: ["[gil_us]"],
  }),
  e("fluid ounce", "fl_oz", "gal/128", "HB44", {
    names: ["fluid_ounce", "us_fluid_ounce", "fl oz"],
    symbols: ["floz", "oz_fl", "fl_oz_us", "[foz_us]"],
    warning: "fl oz read as the US fluid ounce (29.57 mL); fl_oz_imp is the imperial fluid ounce (28.41 mL)",
    explicit: ["[foz_us]"],
  }),
  e("tablespoon", "tbsp", "fl_oz/2", "HB44", {
    symbols: ["Tbsp", "tbs", "[tbs_us]"],
    names: ["us_tablespoon"],
    warning: "tablespoon read as the US tablespoon (14.79 mL); tbsp_m is the metric tablespoon (15 mL)",
    explicit: ["[tbs_us]"],
  }),
  e("teaspoon", "tsp", "tbsp/3", "HB44", {
    symbols: ["[tsp_us]"],
    names: ["us_teaspoon"],
    warning: "teaspoon read as the US teaspoon (4.93 mL); tsp_m is the metric teaspoon (5 mL)",
    explicit: ["[tsp_us]"],
  }),
  e("fluid dram", "fl_dr", "fl_oz/8", "HB44", { names: ["fluid_dram", "fluidram"], symbols: ["[fdr_us]"] }),
  e("minim", "min_ap", "fl_dr/60", "HB44", { symbols: ["[min_us]"] }),
  e("barrel", "bbl", "42 gal", "SP811", {
    names: ["oil_barrel", "petroleum_barrel"],
    symbols: ["[bbl_us]"],
    warning: "bbl read as the 42-gallon petroleum barrel (158.99 L)",
  }),
  e("bushel", "bu", "2150.42 in^3", "HB44", {
    names: ["us_bushel"],
    symbols: ["[bu_us]"],
    warning: "bushel read as the US bushel (35.24 L); bu_imp is the imperial bushel (36.37 L)",
    explicit: ["[bu_us]"],
  }),
  e("peck", "pk", "bu/4", "HB44", {
    names: ["us_peck"],
    symbols: ["[pk_us]"],
    warning: "peck read as the US peck (8.81 L); pk_imp is the imperial peck (9.09 L)",
    explicit: ["[pk_us]"],
  }),
  e("dry gallon", undefined, "bu/8", "HB44", { names: ["dry_gallon", "US dry gallon"] }),
  e("dry quart", undefined, "bu/32", "HB44", { names: ["dry_quart", "US dry quart"], symbols: ["[dqt_us]"] }),
  e("dry pint", undefined, "bu/64", "HB44", { names: ["dry_pint", "US dry pint"], symbols: ["[dpt_us]"] }),
  e("imperial gallon", "gal_imp", "4.54609 L", "HB44", {
    names: ["imperial_gallon", "uk_gallon"],
    symbols: ["gal_uk", "uk_gal", "[gal_br]"],
  }),
  e("imperial quart", "qt_imp", "gal_imp/4", "HB44", { names: ["imperial_quart"], symbols: ["[qt_br]"] }),
  e("imperial pint", "pt_imp", "gal_imp/8", "HB44", { names: ["imperial_pint", "uk_pint"], symbols: ["[pt_br]"] }),
  e("imperial fluid ounce", "fl_oz_imp", "gal_imp/160", "HB44", {
    names: ["imperial_fluid_ounce"],
    symbols: ["[foz_br]"],
  }),
  e("imperial gill", "gi_imp", "gal_imp/32", "HB44", { names: ["imperial_gill"], symbols: ["uk_gill", "[gil_br]"] }),
  e("imperial bushel", "bu_imp", "8 gal_imp", "HB44", { names: ["imperial_bushel"], symbols: ["[bu_br]"] }),
  e("acre-foot", "ac_ft", "43560 ft^3", "SP811", { names: ["acre_foot"], plural: "acre-feet" }),
  e("board foot", "FBM", "144 in^3", "SP811", { names: ["board_foot"], plural: "board feet" }),
  e("cord", undefined, "128 ft^3", "HB44", {}),
  e("metric cup", undefined, "250 mL", "HB44", { names: ["metric_cup"] }),
  e("drop", "gtt", "=count", "ISMP", {
    names: ["drops_count"],
    kind: "drop",
    warning: "gtt counts drops; the volume of a drop depends on the giving set (e.g. 15 gtt/mL)",
  }),
  // Mass (HB44: avoirdupois pound = 0.453 592 37 kg exactly).
  e("pound", "lb", "0.45359237 kg", "HB44", {
    symbols: ["lbs", "lbm", "lb_av", "[lb_av]"],
    names: ["pound_mass", "avoirdupois_pound"],
  }),
  e("ounce", "oz", "lb/16", "HB44", {
    names: ["avoirdupois_ounce"],
    symbols: ["ozm", "oz_av", "[oz_av]"],
    warning: "oz read as the avoirdupois ounce (28.35 g); ozt is the troy ounce (31.10 g), fl_oz the fluid ounce",
    explicit: ["ozm"],
  }),
  e("grain", "gr", "64.79891 mg", "HB44", { symbols: ["[gr]"] }),
  e("dram", "dr", "lb/256", "HB44", {
    names: ["avoirdupois_dram"],
    symbols: ["dr_av", "[dr_av]"],
    warning:
      "dr read as the avoirdupois dram (1.772 g); dr_ap is the apothecaries' dram (3.888 g), fl_dr the fluid dram",
  }),
  e("stone", "st", "14 lb", "HB44", { plural: "stone", symbols: ["[stone_av]"] }),
  e("short ton", "tn", "2000 lb", "HB44", { names: ["short_ton", "us_ton", "net_ton"], symbols: ["[ston_av]"] }),
  e("long ton", "LT", "2240 lb", "HB44", {
    names: ["long_ton", "uk_ton", "gross_ton", "imperial_ton"],
    symbols: ["[lton_av]"],
  }),
  e("short hundredweight", "cwt", "100 lb", "HB44", {
    names: ["hundredweight", "short_hundredweight"],
    symbols: ["[scwt_av]"],
    warning: "cwt read as the short (US) hundredweight, 100 lb; cwt_uk is the long hundredweight, 112 lb",
    explicit: ["[scwt_av]"],
  }),
  e("long hundredweight", "cwt_uk", "112 lb", "HB44", { names: ["long_hundredweight"], symbols: ["[lcwt_av]"] }),
  e("carat", "ct", "200 mg", "HB44", { names: ["metric_carat"], symbols: ["Ct", "[car_m]"] }),
  e("troy ounce", "ozt", "480 gr", "HB44", { names: ["troy_ounce"], symbols: ["oz_t", "oz t", "oz_tr", "[oz_tr]"] }),
  e("troy pound", "lbt", "12 ozt", "HB44", { names: ["troy_pound"], symbols: ["lb_t", "lb_tr", "[lb_tr]"] }),
  e("pennyweight", "dwt", "24 gr", "HB44", { symbols: ["[pwt_tr]"] }),
  e("scruple", "s_ap", "20 gr", "HB44", { names: ["apothecaries_scruple"], symbols: ["[sc_ap]"] }),
  e("apothecaries dram", "dr_ap", "60 gr", "HB44", { names: ["apothecaries_dram", "drachm"], symbols: ["[dr_ap]"] }),
  e("apothecaries ounce", "oz_ap", "480 gr", "HB44", { names: ["apothecaries_ounce"], symbols: ["[oz_ap]"] }),
  e("quintal", "q_m", "100 kg", "SP811", { names: ["metric_quintal"] }),
  e("gamma_mass", undefined, "1 µg", "SP811", {}),
  e("solar mass", "M_sun", "1.98847e30 kg", "IAU", { names: ["solar_mass"] }),
  e("earth mass", "M_earth", "5.9722e24 kg", "IAU", { names: ["earth_mass"] }),
  e("electron mass", "m_e", "9.1093837015e-31 kg", "CODATA", { names: ["electron_mass"] }),
  e("proton mass", "m_p", "1.67262192369e-27 kg", "CODATA", { names: ["proton_mass"] }),
  // Force (SP811; standard acceleration of gravity g_n = 9.806 65 m/s² exactly).
  e("standard gravity", "g_n", "9.80665 m/s^2", "SP811", {
    symbols: ["gee", "G_force"],
    names: ["standard_gravity", "standard_acceleration_of_gravity"],
  }),
  e("gal_acceleration", "Gal", "0.01 m/s^2", "SP811", { names: ["galileo"], prefixes: "submultiples" }),
  e("dyne", "dyn", "1e-5 N", "SP811", { ...ALL }),
  e("pound-force", "lbf", "lb*g_n", "SP811", { names: ["pound_force", "pound force"] }),
  e("ounce-force", "ozf", "lbf/16", "SP811", { names: ["ounce_force"] }),
  e("kilogram-force", "kgf", "kg*g_n", "SP811", { symbols: ["kp"], names: ["kilogram_force", "kilopond"] }),
  e("gram-force", "gf", "g*g_n", "SP811", { names: ["gram_force"] }),
  e("pond", "pond", "g*g_n", "SP811", { ...ALL }),
  e("kip", "kip", "1000 lbf", "SP811", { names: ["kilopound_force"], symbols: ["klbf"] }),
  e("ton-force", "tonf", "2000 lbf", "SP811", { names: ["ton_force", "short_ton_force"] }),
  e("poundal", "pdl", "lb*ft/s^2", "SP811", {}),
  e("sthene", "sn", "1000 N", "SP811", {}),
  e("slug", undefined, "lbf*s^2/ft", "SP811", {}),
  // Pressure.
  e("bar", "bar", "100000 Pa", "SI", { ...ALL }),
  e("standard atmosphere", "atm", "101325 Pa", "SP811", { names: ["atmosphere", "standard_atmosphere"] }),
  e("technical atmosphere", "at", "kgf/cm^2", "SP811", { names: ["technical_atmosphere"], symbols: ["att"] }),
  e("torr", "Torr", "atm/760", "SP811", { symbols: ["torr"] }),
  e("millimeter of mercury", "mmHg", "133.322387415 Pa", "SP811", {
    names: ["millimetre_of_mercury", "millimeter_of_mercury"],
    symbols: ["mm_Hg", "mm Hg"],
  }),
  e("centimeter of mercury", "cmHg", "10 mmHg", "SP811", { names: ["centimeter_of_mercury"], symbols: ["cm Hg"] }),
  e("foot of mercury", "ftHg", "40636.66 Pa", "SP811", { names: ["foot_of_mercury"], symbols: ["ft Hg"] }),
  e("inch of mercury", "inHg", "3386.389 Pa", "SP811", {
    names: ["inch_of_mercury"],
    symbols: ["in_Hg", "in Hg", "[in_i'Hg]"],
  }),
  e("millimeter of water", "mmH2O", "9.80665 Pa", "SP811", {
    names: ["millimeter_of_water"],
    symbols: ["mm_H2O", "mm H2O"],
  }),
  e("centimeter of water", "cmH2O", "98.0665 Pa", "SP811", {
    names: ["centimeter_of_water"],
    symbols: ["cm_H2O", "cm H2O"],
  }),
  e("inch of water", "inH2O", "249.08891 Pa", "SP811", {
    names: ["inch_of_water"],
    symbols: ["in_H2O", "in H2O", "[in_i'H2O]"],
  }),
  e("foot of water", "ftH2O", "2989.06692 Pa", "SP811", { names: ["foot_of_water"], symbols: ["ft_H2O", "ft H2O"] }),
  e("pound per square inch", "psi", "lbf/in^2", "SP811", {
    names: ["pound_per_square_inch"],
    symbols: ["psia", "[psi]"],
  }),
  e("kilopound per square inch", "ksi", "1000 psi", "SP811", {}),
  e("pound per square foot", "psf", "lbf/ft^2", "SP811", {}),
  e("barye", "Ba", "0.1 Pa", "SP811", { names: ["barad"] }),
  // Energy (SP811: the International Table calorie and Btu are NIST's defaults).
  e("erg", "erg", "1e-7 J", "SP811", { kind: "energy" }),
  e("calorie", "cal", "4.1868 J", "SP811", {
    names: ["calorie_it", "international_calorie"],
    symbols: ["cal_IT"],
    kind: "energy",
    ...ALL,
    warning: "cal read as the International Table calorie (4.1868 J); the thermochemical calorie is cal_th (4.184 J)",
  }),
  e("thermochemical calorie", "cal_th", "4.184 J", "SP811", {
    names: ["thermochemical_calorie"],
    kind: "energy",
    ...ALL,
  }),
  // UCUM [Cal] and food labelling (FAO, EU 1169/2011): the nutrition Calorie is the thermochemical kilocalorie.
  e("food calorie", "Cal", "1000 cal_th", "UCUM", {
    names: ["food_calorie", "kilocalorie_food", "large_calorie", "nutrition calorie"],
    symbols: ["[Cal]"],
    kind: "energy",
    warning:
      "Cal read as the nutrition Calorie, 1 kcal_th = 4.184 kJ; kcal is the International Table kilocalorie (4.1868 kJ)",
  }),
  e("British thermal unit", "BTU", "1055.05585262 J", "SP811", {
    symbols: ["Btu", "BTU_IT", "btu", "[Btu_IT]"],
    names: ["british_thermal_unit"],
    kind: "energy",
    prefixes: "multiples",
    warning: "BTU read as the International Table Btu (1055.056 J); the thermochemical Btu is BTU_th (1054.350 J)",
  }),
  e("thermochemical British thermal unit", "BTU_th", "1054.350 J", "SP811", {
    names: ["btu_thermochemical"],
    symbols: ["[Btu_th]"],
    kind: "energy",
  }),
  e("therm", "thm", "105480400 J", "SP811", {
    names: ["therm_us", "US therm"],
    kind: "energy",
    warning: "therm read as the US therm (105.4804 MJ); the EC therm is thm_EC (105.5056 MJ)",
  }),
  e("quad", undefined, "1e15 BTU", "SP811", { kind: "energy" }),
  e("watt hour", "Wh", "W*h", "SP811", { names: ["watt_hour", "watt-hour"], kind: "energy", ...ALL }),
  e("kilowatt hour", "kWh", "1000 W*h", "SP811", {
    names: ["kilowatt_hour", "kilowatt-hour"],
    kind: "energy",
    symbols: ["kW_h"],
  }),
  e("hartree", "Eh", "4.3597447222071e-18 J", "CODATA", { symbols: ["E_h"], kind: "energy" }),
  e("rydberg", "Ry", "2.1798723611035e-18 J", "CODATA", { kind: "energy" }),
  e("ton of TNT", "tTNT", "4.184e9 J", "SP811", { names: ["ton_of_tnt", "tnt"], kind: "energy" }),
  e("tonne of oil equivalent", "toe", "41.868e9 J", "SP811", { names: ["tonne_of_oil_equivalent"], kind: "energy" }),
  e("foot-pound-force", "ft_lbf", "ft*lbf", "SP811", {
    symbols: ["ft_lb", "ftlbf", "ftlb"],
    names: ["foot_pound", "foot-pound", "foot_pound_force"],
  }),
  e("inch-pound-force", "in_lbf", "in*lbf", "SP811", {
    symbols: ["in_lb"],
    names: ["inch_pound", "inch-pound"],
    kind: "torque",
  }),
  e("newton meter", "N_m", "N*m", "SI", {
    names: ["newton_meter", "newton metre", "newton-metre", "newton-meter"],
    kind: "torque",
  }),
  e("pound-foot", "lbf_ft", "lbf*ft", "SP811", {
    names: ["pound_foot", "pound-force foot"],
    symbols: ["lb_ft"],
    kind: "torque",
  }),
  // Power.
  e("horsepower", "hp", "550 ft*lbf/s", "SP811", {
    plural: "horsepower",
    names: ["mechanical_horsepower"],
    symbols: ["HP", "[HP]"],
    kind: "power",
    warning:
      "hp read as the mechanical horsepower (745.7 W); PS is the metric horsepower (735.5 W), hp_e the electric (746 W)",
  }),
  e("metric horsepower", "PS", "735.49875 W", "SP811", { names: ["metric_horsepower"], kind: "power" }),
  e("electric horsepower", "hp_e", "746 W", "SP811", { names: ["electric_horsepower"], kind: "power" }),
  e("boiler horsepower", "hp_boiler", "9809.5 W", "SP811", { names: ["boiler_horsepower"], kind: "power" }),
  e("ton of refrigeration", "TR", "12000 BTU/h", "SP811", {
    names: ["ton_of_refrigeration", "refrigeration_ton"],
    kind: "power",
  }),
  e("volt-ampere", "VA", "V*A", "SI", { names: ["volt_ampere", "voltampere"], kind: "apparent_power", ...ALL }),
  e("var", "var", "V*A", "SI", { names: ["volt_ampere_reactive"], kind: "reactive_power", ...ALL }),
  // Electromagnetic (SP811 B.8, CGS units).
  e("ampere hour", "Ah", "A*h", "SP811", { names: ["ampere_hour", "amp_hour"], ...ALL }),
  e("faraday", undefined, "96485.33212 C", "CODATA", {}),
  e("elementary charge", undefined, "1.602176634e-19 C", "SI", { names: ["elementary_charge"] }),
  e("statcoulomb", "statC", "3.335641e-10 C", "SP811", { symbols: ["Fr", "esu"], names: ["franklin"] }),
  e("abcoulomb", "abC", "10 C", "SP811", {}),
  e("abampere", "abA", "10 A", "SP811", { names: ["biot"], symbols: ["Bi"] }),
  e("statampere", "statA", "3.335641e-10 A", "SP811", {}),
  e("abvolt", "abV", "1e-8 V", "SP811", {}),
  e("statvolt", "statV", "299.792458 V", "SP811", {}),
  e("abohm", "abΩ", "1e-9 Ω", "SP811", { symbols: ["abohm"] }),
  e("abfarad", "abF", "1e9 F", "SP811", {}),
  e("abhenry", "abH", "1e-9 H", "SP811", {}),
  e("gauss", "G", "1e-4 T", "SP811", { plural: "gauss", symbols: ["Gs"], ...ALL }),
  e("maxwell", "Mx", "1e-8 Wb", "SP811", { ...ALL }),
  e("oersted", "Oe", "1000/(4*3.141592653589793) A/m", "SP811", { ...ALL }),
  e("gamma", "γ", "1e-9 T", "SP811", {}),
  e("debye", "D", "1e-21/299792458 C*m", "SP811", {}),
  // Viscosity.
  e("poise", "P", "0.1 Pa*s", "SP811", { ...ALL }),
  e("stokes", "St", "1e-4 m^2/s", "SP811", { plural: "stokes", ...ALL }),
  e("rhe", undefined, "10/(Pa*s)", "SP811", {}),
  e("clo", "clo", "0.155 m^2*K/W", "SP811", {}),
  e("gilbert", "Gi", "10/(4*3.141592653589793) A", "SP811", {}),
  // Radiation (SP811 B.8).
  e("curie", "Ci", "3.7e10 Bq", "SP811", { kind: "activity", ...ALL }),
  e("rutherford", "Rd", "1e6 Bq", "SP811", { kind: "activity" }),
  e("radiation absorbed dose", "rd_dose", "0.01 Gy", "SP811", {
    names: ["rad_dose"],
    plural: null,
    kind: "absorbed_dose",
    prefixes: "submultiples",
  }),
  e("rem", "rem", "0.01 Sv", "SP811", { kind: "dose_equivalent", prefixes: "submultiples" }),
  e("roentgen", "R", "2.58e-4 C/kg", "SP811", { names: ["röntgen"], ...ALL }),
  // Photometry.
  e("phot", "ph", "10000 lx", "SP811", {}),
  e("footcandle", "fc", "lm/ft^2", "SP811", { names: ["foot_candle", "foot-candle"], symbols: ["ftc"] }),
  e("nit", "nt", "cd/m^2", "SP811", {}),
  e("stilb", "sb", "10000 cd/m^2", "SP811", {}),
  e("lambert", undefined, "10000/3.141592653589793 cd/m^2", "SP811", { symbols: ["Lmb"] }),
  e("footlambert", "ftL", "1/3.141592653589793 cd/ft^2", "SP811", { names: ["foot_lambert", "foot-lambert"] }),
  // Angle and solid angle.
  e("gradian", "gon", "3.141592653589793/200 rad", "SP811", { symbols: ["grad"], names: ["grade", "gon"] }),
  e("revolution", "rev", "2*3.141592653589793 rad", "SP811", {
    names: ["turn", "cycle", "rotation"],
    symbols: ["r", "cyc", "circ"],
  }),
  e("angular mil", "mil_ang", "2*3.141592653589793/6400 rad", "SP811", { names: ["nato_mil", "angular_mil"] }),
  e("square degree", "sqdeg", "(3.141592653589793/180)^2 sr", "SP811", {
    names: ["square_degree"],
    symbols: ["deg_sq"],
  }),
  e("spat", "sph", "4*3.141592653589793 sr", "SP811", {}),
  // Ratio and count.
  e("percent", "%", "0.01 fraction", "SI", { names: ["per_cent", "percentage"], symbols: ["pct"], plural: null }),
  e("permille", "‰", "0.001 fraction", "SI", { names: ["per_mille", "per_mil"], symbols: ["[ppth]"], plural: null }),
  e("part per million", "ppm", "1e-6 fraction", "SI", {
    symbols: ["[ppm]"],
    names: ["parts_per_million", "part_per_million"],
    plural: "parts per million",
  }),
  e("part per billion", "ppb", "1e-9 fraction", "SI", {
    symbols: ["[ppb]"],
    names: ["parts_per_billion", "part_per_billion"],
    plural: "parts per billion",
  }),
  e("part per trillion", "ppt_trillion", "1e-12 fraction", "SI", {
    symbols: ["[pptr]"],
    names: ["parts_per_trillion"],
    plural: "parts per trillion",
  }),
  e("basis point", "bp", "1e-4 fraction", "SP811", { names: ["basis_point"], symbols: ["bips"] }),
  e("dozen", "doz", "12 ea", "HB44", { plural: "dozen", symbols: ["dz"] }),
  e("gross", "gro", "144 ea", "HB44", { plural: "gross" }),
  e("great gross", undefined, "1728 ea", "HB44", { names: ["great_gross"] }),
  e("score", undefined, "20 ea", "HB44", {}),
  e("pair", "pr", "2 ea", "UCUM", {}),
  e("tablet", "tab", "ea", "ISMP", { kind: "dose_form" }),
  e("capsule", "cap", "ea", "ISMP", { kind: "dose_form" }),
  e("international unit", "IU", "=count", "ISMP", {
    names: ["international_unit"],
    symbols: ["iU", "[iU]", "[IU]"],
    kind: "biological_activity",
    prefixes: "all",
    warning: "IU measures biological activity; its mass equivalent depends on the substance",
  }),
  e("cells", undefined, "ea", "UCUM", { kind: "cells", plural: null, names: ["cell"] }),
  // Information (IEC 80000-13).
  e("byte", "B", "8 bit", "IEC", { names: ["octet"], symbols: ["o"], prefixes: "binary" }),
  e("nibble", undefined, "4 bit", "IEC", { names: ["nybble"] }),
  e("shannon", "Sh", "bit", "IEC", {}),
  e("baud", "Bd", "ea/s", "IEC", { plural: "baud", prefixes: "multiples" }),
  e("flop", "FLOP", "ea", "UCUM", {
    names: ["floating_point_operation", "FLOPs"],
    symbols: ["flops", "FLOPs"],
    prefixes: "multiples",
    kind: "operations",
  }),
  // Frequency, rates, speeds and other named compounds.
  e("revolution per minute", "rpm", "rev/min", "SP811", { names: ["revolutions_per_minute"], symbols: ["RPM"] }),
  e("revolution per second", "rps", "rev/s", "SP811", { names: ["revolutions_per_second"] }),
  e("mile per hour", "mph", "mi/h", "SP811", { names: ["miles_per_hour"], plural: "miles per hour", symbols: ["MPH"] }),
  e("kilometer per hour", "kph", "km/h", "SI", {
    names: ["kilometers_per_hour", "kilometres_per_hour"],
    plural: "kilometers per hour",
    symbols: ["kmh", "KPH"],
  }),
  e("foot per second", "fps", "ft/s", "SP811", { names: ["feet_per_second"], plural: "feet per second" }),
  e("inch per second", "ips", "in/s", "SP811", { names: ["inches_per_second"], plural: "inches per second" }),
  e("knot", "kn", "nmi/h", "SP811", { symbols: ["kts", "[kn_i]"] }),
  e("speed of light", "c_light", "299792458 m/s", "SI", { names: ["speed_of_light"] }),
  e("mile per gallon", "mpg", "mi/gal", "SP811", { names: ["miles_per_gallon"], plural: "miles per gallon" }),
  e("gallon per minute", "gpm", "gal/min", "SP811", { names: ["gallons_per_minute"], plural: "gallons per minute" }),
  e("cubic foot per minute", "cfm", "ft^3/min", "SP811", {
    names: ["cubic_feet_per_minute"],
    plural: "cubic feet per minute",
  }),
  e("liter per minute", "lpm", "L/min", "SI", { names: ["liters_per_minute"], plural: "liters per minute" }),
  e("molar", "M", "mol/L", "SI", { names: ["molarity"], plural: null, prefixes: "submultiples" }),
  e("osmole", "Osm", "mol", "UCUM", { symbols: ["osm"], kind: "osmolarity", ...ALL }),
  e("equivalent", "eq", "mol", "UCUM", { symbols: ["Eq"], kind: "equivalents", ...ALL }),
  e("enzyme unit", "U", "µmol/min", "UCUM", { names: ["enzyme_unit"], kind: "catalytic_activity", ...ALL }),
  e("diopter", "dpt", "1/m", "SP811", { names: ["dioptre"], symbols: ["D_opt", "[diop]"] }),
  e("kayser", "Ky", "1/cm", "SP811", {}),
  e("tex", "tex", "g/km", "SP811", { plural: "tex", ...ALL }),
  e("denier", "den", "tex/9", "SP811", {}),
  e("jansky", "Jy", "1e-26 W/(m^2*Hz)", "SP811", { ...ALL }),
  e("langley", undefined, "cal_th/cm^2", "SP811", {}),
  e("darcy", undefined, "9.869233e-13 m^2", "SP811", { ...ALL }),
  // Further units of NIST SP 811 App. B.8 and related references.
  e("mean calorie", "cal_mean", "4.19002 J", "SP811", { names: ["calorie_mean"], symbols: ["cal_m"], kind: "energy" }),
  e("calorie_15C", "cal_15C", "4.18580 J", "SP811", { symbols: ["cal_15", "cal_[15]"], kind: "energy" }),
  e("calorie_20C", "cal_20C", "4.18190 J", "SP811", { symbols: ["cal_20", "cal_[20]"], kind: "energy" }),
  e("mean British thermal unit", "BTU_mean", "1055.87 J", "SP811", { names: ["btu_mean"], kind: "energy" }),
  e("btu_59F", "BTU_59F", "1054.804 J", "SP811", { kind: "energy" }),
  e("EC therm", "thm_EC", "105505585.262 J", "SP811", { names: ["therm_ec"], kind: "energy" }),
  e("water horsepower", "hp_water", "746.043 W", "SP811", { names: ["water_horsepower"], kind: "power" }),
  e("UK horsepower", "hp_uk", "745.70 W", "SP811", { names: ["uk_horsepower"], kind: "power" }),
  e("inch_of_mercury_60F", "inHg_60F", "3376.85 Pa", "SP811", { plural: null }),
  e("inch_of_water_60F", "inH2O_60F", "248.84 Pa", "SP811", { plural: null }),
  e("inch_of_water_39F", "inH2O_39F", "249.082 Pa", "SP811", { symbols: ["inH2O_39.2F"], plural: null }),
  e("centimeter_of_water_4C", "cmH2O_4C", "98.0638 Pa", "SP811", { plural: null }),
  e("microinch", "µin", "1e-6 in", "SP811", { symbols: ["uin"], plural: "microinches" }),
  e("perm", "perm", "5.72135e-11 kg/(Pa*s*m^2)", "SP811", {}),
  e("perm inch", "perm_in", "1.45322e-12 kg/(Pa*s*m)", "SP811", { names: ["perm_inch"] }),
  e("assay ton", "AT", "29.16667 g", "SP811", { names: ["assay_ton"] }),
  e("register ton", "RT", "100 ft^3", "SP811", { names: ["register_ton"] }),
  e("long ton-force", "LTf", "2240 lbf", "SP811", { names: ["long_ton_force"] }),
  e("metric ton-force", "tf", "t*g_n", "SP811", { names: ["tonne_force", "metric_ton_force"] }),
  e("abmho", "abS", "1e9 S", "SP811", { names: ["absiemens"] }),
  e("statohm", "statΩ", "8.987552e11 Ω", "SP811", { symbols: ["statohm"] }),
  e("statfarad", "statF", "1.112650e-12 F", "SP811", {}),
  e("stathenry", "statH", "8.987552e11 H", "SP811", {}),
  e("unit pole", undefined, "1.256637e-7 Wb", "SP811", { names: ["unit_pole"] }),
  e("candlepower", "cp_light", "cd", "SP811", { plural: "candlepower" }),
  e("apostilb", "asb", "1/3.141592653589793 cd/m^2", "SP811", { names: ["blondel"] }),
  e("talbot", undefined, "lm*s", "SP811", {}),
  e("reyn", undefined, "lbf*s/in^2", "SP811", {}),
  e("poiseuille", "Pl", "Pa*s", "SP811", {}),
  e("rayl", undefined, "Pa*s/m", "SP811", {}),
  e("mired", undefined, "1e6/K", "SP811", { names: ["microreciprocal_degree"] }),
  e("eotvos", "E_otvos", "1e-9/s^2", "SP811", { names: ["eötvös"] }),
  e("sverdrup", "Sv_flow", "1e6 m^3/s", "SP811", {}),
  e("disintegration per minute", "dpm", "Bq/60", "SP811", {
    names: ["disintegrations_per_minute"],
    kind: "activity",
    plural: "disintegrations per minute",
  }),
  e("disintegration per second", "dps", "Bq", "SP811", {
    names: ["disintegrations_per_second"],
    kind: "activity",
    plural: "disintegrations per second",
  }),
  // Time, length and mass of astronomy and atomic physics (IAU 2015 B3 nominal values; CODATA 2018).
  e("Gregorian year", "a_g", "365.2425 d", "SP811", { names: ["gregorian_year"] }),
  e("light-second", "ls", "299792458 m", "IAU", { names: ["light_second"] }),
  e("light-minute", "lmin", "60 ls", "IAU", { names: ["light_minute"] }),
  e("light-hour", "lh", "3600 ls", "IAU", { names: ["light_hour"] }),
  e("light-day", "ld", "86400 ls", "IAU", { names: ["light_day"] }),
  e("solar radius", "R_sun", "6.957e8 m", "IAU", { names: ["solar_radius"], plural: "solar radii" }),
  e("earth radius", "R_earth", "6.3781e6 m", "IAU", { names: ["earth_radius"], plural: "earth radii" }),
  e("jupiter radius", "R_jup", "7.1492e7 m", "IAU", { names: ["jupiter_radius"], plural: "jupiter radii" }),
  e("jupiter mass", "M_jup", "1.89813e27 kg", "IAU", { names: ["jupiter_mass"] }),
  e("solar luminosity", "L_sun", "3.828e26 W", "IAU", { names: ["solar_luminosity"], kind: "power" }),
  e("bohr radius", "a_B", "5.29177210903e-11 m", "CODATA", { names: ["bohr_radius"], plural: "bohr radii" }),
  e("neutron mass", "m_n", "1.67492749804e-27 kg", "CODATA", { names: ["neutron_mass"] }),
  e("atomic unit of time", "t_au", "2.4188843265857e-17 s", "CODATA", { names: ["atomic_time_unit"] }),
  // Customary volumes, areas and flows (HB 44 App. C; SP 811).
  e("hogshead", "hhd", "63 gal", "HB44", {}),
  e("beer barrel", "bbl_beer", "31 gal", "HB44", { names: ["beer_barrel"] }),
  e("US dry barrel", "bbl_dry", "7056 in^3", "HB44", { names: ["dry_barrel"] }),
  e("acre-inch", "ac_in", "ac*in", "SP811", { names: ["acre_inch"] }),
  e("imperial peck", "pk_imp", "2 gal_imp", "HB44", { names: ["imperial_peck"] }),
  e("township", "twp", "36 mi_us^2", "HB44", {}),
  e("rood", undefined, "ac/4", "HB44", {}),
  e("dunam", undefined, "1000 m^2", "SP811", { names: ["dunum", "donum"] }),
  e("foot per minute", "fpm", "ft/min", "SP811", { names: ["feet_per_minute"], plural: "feet per minute" }),
  e("gallon per hour", "gph", "gal/h", "SP811", { names: ["gallons_per_hour"], plural: "gallons per hour" }),
  e("cubic foot per second", "cfs", "ft^3/s", "SP811", {
    names: ["cubic_feet_per_second"],
    plural: "cubic feet per second",
  }),
  e("million gallons per day", "MGD", "1e6 gal/d", "SP811", {
    names: ["million_gallons_per_day"],
    symbols: ["mgd"],
    plural: null,
  }),
  // Angles, ratios and counts.
  e("quadrant", undefined, "90 °", "SP811", {}),
  e("sextant", undefined, "60 °", "SP811", {}),
  e("compass point", undefined, "11.25 °", "SP811", { names: ["compass_point"] }),
  e("hour angle", "HA", "15 °", "SP811", { names: ["hour_angle"] }),
  e("part per quadrillion", "ppq", "1e-15 fraction", "SI", {
    names: ["parts_per_quadrillion"],
    plural: "parts per quadrillion",
  }),
  e("per cent mille", "pcm", "1e-5 fraction", "SI", { names: ["per_cent_mille"], plural: null }),
  e("permyriad", undefined, "1e-4 fraction", "SI", { plural: null }),
  e("karat", "kt_purity", "fraction/24", "HB44", { names: ["karat_purity"], symbols: ["[car_Au]"] }),
  e("bakers dozen", undefined, "13 ea", "HB44", { names: ["bakers_dozen"], plural: "bakers dozens" }),
  e("ream", undefined, "500 ea", "HB44", {}),
  e("quire", undefined, "25 ea", "HB44", {}),
  e("puff", undefined, "ea", "UCUM", { kind: "dose_form" }),
  e("spray", undefined, "ea", "UCUM", { kind: "dose_form" }),
  e("vial", undefined, "ea", "UCUM", { kind: "dose_form" }),
  e("ampule", undefined, "ea", "UCUM", { kind: "dose_form", names: ["ampoule"] }),
  e("patch", undefined, "ea", "UCUM", { kind: "dose_form", plural: "patches" }),
  // Information (IEC 80000-13: natural and decimal units of information).
  e("natural unit of information", "nat", "bit/0.6931471805599453", "IEC", {}),
  e("hartley", "Hart", "3.321928094887362 bit", "IEC", {}),
  e("molal", undefined, "mol/kg", "UCUM", { names: ["molality"], plural: null }),
  // Imperial apothecaries' fluid measure and the apothecaries' pound (HB44 App. C).
  e("imperial fluid dram", "fl_dr_imp", "fl_oz_imp/8", "HB44", {
    names: ["imperial_fluid_dram", "fluid_drachm", "imperial_fluid_drachm"],
  }),
  e("imperial minim", "min_imp", "fl_dr_imp/60", "HB44", { names: ["imperial_minim"] }),
  e("apothecaries pound", "lb_ap", "12 oz_ap", "HB44", { names: ["apothecaries_pound"] }),
  // Survey measure in US survey feet (HB44 App. C, units of length and area).
  e("US survey chain", "ch_us", "66 ft_us", "HB44", { names: ["survey_chain", "gunters_chain"], symbols: ["[ch_us]"] }),
  e("US survey link", "li_us", "0.66 ft_us", "HB44", { names: ["survey_link"], symbols: ["[lk_us]"] }),
  e("US survey rod", "rd_us", "16.5 ft_us", "HB44", { names: ["survey_rod"], symbols: ["[rd_us]"] }),
  e("US survey furlong", "fur_us", "660 ft_us", "HB44", { names: ["survey_furlong"], symbols: ["[fur_us]"] }),
  // UCUM [smoot]: 67 inches, the height of Oliver R. Smoot.
  e("UCUM smoot", undefined, "67 in", "UCUM", { symbols: ["[smoot]"], plural: null }),
  e("square rod", "sq_rd", "rd^2", "HB44", { names: ["square_rod", "square perch", "square_perch"] }),
  e("square chain", "sq_ch", "ch^2", "HB44", { names: ["square_chain"] }),
  e("cord foot", undefined, "16 ft^3", "HB44", { names: ["cord_foot"], plural: "cord feet" }),
  // Household measures of US nutrition labeling (CFR; UCUM's [tsp_m], [tbs_m], [foz_m], [cup_m]).
  e("metric teaspoon", "tsp_m", "5 mL", "UCUM", { names: ["metric_teaspoon"] }),
  e("metric tablespoon", "tbsp_m", "15 mL", "UCUM", { names: ["metric_tablespoon"] }),
  e("metric fluid ounce", "fl_oz_m", "30 mL", "CFR", { names: ["metric_fluid_ounce", "labeling_fluid_ounce"] }),
  e("US legal cup", "cup_legal", "240 mL", "CFR", { names: ["us_legal_cup", "legal_cup"] }),
  // Medical and laboratory units (UCUM 2.1).
  e("metric drop", "drp", "0.05 mL", "UCUM", { names: ["metric_drop", "drop_metric"], symbols: ["[drp]"] }),
  e("Charrière", "Ch", "mm/3", "UCUM", {
    names: ["charriere", "french_gauge", "french catheter gauge"],
    symbols: ["[Ch]"],
  }),
  e("gram percent", "g%", "g/dL", "UCUM", {
    names: ["gram_percent"],
    plural: "grams percent",
    prefixes: "submultiples",
  }),
  e("Wood unit", "WU", "mmHg*min/L", "UCUM", {
    names: ["wood_unit", "hybrid_reference_unit"],
    symbols: ["HRU", "[wood'U]"],
  }),
  e("svedberg", undefined, "1e-13 s", "UCUM", { names: ["svedberg_unit"], symbols: ["[S]"] }),
  e("beat per minute", "bpm", "ea/min", "UCUM", { names: ["beats_per_minute"], plural: "beats per minute" }),
  // Typography (UCUM 2.1 typesetter's units; the CSS pixel).
  e("printers point", "pnt_pr", "0.013837 in", "UCUM", {
    names: ["printer_point", "printers_point"],
    symbols: ["[pnt_pr]"],
  }),
  e("printers pica", "pca_pr", "12 pnt_pr", "UCUM", {
    names: ["printer_pica", "printers_pica"],
    symbols: ["[pca_pr]"],
  }),
  e("pied", undefined, "32.48 cm", "UCUM", { names: ["pied_du_roi", "French foot"], symbols: ["[pied]"] }),
  e("pouce", undefined, "pied/12", "UCUM", { names: ["French inch"], symbols: ["[pouce]"] }),
  e("ligne", undefined, "pouce/12", "UCUM", { names: ["French line"], symbols: ["[ligne]"] }),
  e("didot point", "didot", "ligne/6", "UCUM", { names: ["didot_point"], symbols: ["[didot]"] }),
  e("cicero", undefined, "12 didot", "UCUM", { names: ["didot_pica"], symbols: ["[cicero]"] }),
  e("pixel", "px", "in/96", "W3C", { names: ["css_pixel", "CSS pixel"] }),
  // Time (SP811 B.8 sidereal units; UCUM months; IAU Julian century).
  e("sidereal minute", "sidereal_min", "59.83617 s", "SP811", { names: ["sidereal_minute"] }),
  e("sidereal second", "sidereal_s", "0.9972696 s", "SP811", { names: ["sidereal_second"] }),
  e("synodal month", "mo_s", "29.53059 d", "UCUM", { names: ["synodic_month", "synodic month", "lunar_month"] }),
  e("Gregorian month", "mo_g", "365.2425 d/12", "UCUM", { names: ["gregorian_month", "mean_gregorian_month"] }),
  e("Julian century", undefined, "36525 d", "IAU", { names: ["julian_century"], plural: "Julian centuries" }),
  // Planck units (CODATA 2018).
  e("Planck length", "l_P", "1.616255e-35 m", "CODATA", { names: ["planck_length"] }),
  e("Planck mass", "m_P", "2.176434e-8 kg", "CODATA", { names: ["planck_mass"] }),
  e("Planck time", "t_P", "5.391247e-44 s", "CODATA", { names: ["planck_time"] }),
  // Further SP811 B.9 entries: conventional water and mercury columns at stated temperatures, Btu variants,
  // the foot-poundal and the metric slug (kgf·s²/m).
  e("inch_of_mercury_32F", "inHg_32F", "3386.38 Pa", "SP811", { plural: null }),
  e("centimeter_of_mercury_0C", "cmHg_0C", "1333.22 Pa", "SP811", { plural: null }),
  e("foot_of_water_39F", "ftH2O_39F", "2988.98 Pa", "SP811", { symbols: ["ftH2O_39.2F"], plural: null }),
  e("meter of water", "mH2O", "9806.65 Pa", "UCUM", {
    names: ["meter_of_water", "metre of water", "metre_of_water"],
    symbols: ["m_H2O", "m H2O", "m[H2O]"],
    plural: "meters of water",
  }),
  e("btu_39F", "BTU_39F", "1059.67 J", "SP811", { kind: "energy" }),
  e("btu_60F", "BTU_60F", "1054.68 J", "SP811", { kind: "energy" }),
  e("foot-poundal", "ft_pdl", "ft*pdl", "SP811", { names: ["foot_poundal"] }),
  e("metric slug", "hyl", "kgf*s^2/m", "SP811", { names: ["metric_slug", "technical_mass_unit"] }),
  e("mile per imperial gallon", "mpg_imp", "mi/gal_imp", "HB44", {
    names: ["miles_per_imperial_gallon"],
    plural: "miles per imperial gallon",
  }),
  // Energy metering (IEC 60050-601 and IEC 62053): apparent and reactive energy.
  e("volt-ampere hour", "VAh", "VA*h", "IEC", { names: ["volt_ampere_hour"], kind: "apparent_energy", ...ALL }),
  e("var hour", "varh", "var*h", "IEC", {
    names: ["var_hour", "volt_ampere_reactive_hour"],
    kind: "reactive_energy",
    ...ALL,
  }),
  // Data rates (IEC 80000-13).
  e("bit per second", undefined, "bit/s", "IEC", {
    names: ["bits_per_second", "bit_per_second"],
    plural: "bits per second",
    prefixes: "binary",
  }),
  e("byte per second", undefined, "B/s", "IEC", {
    names: ["bytes_per_second", "byte_per_second"],
    plural: "bytes per second",
    prefixes: "binary",
  }),
  // Astronomy: stellar magnitude, m = −2.5·log10(F/F₀), with no reference flux of its own (IAU 2015 Resolution B2).
  e("magnitude", "mag", "=log", "IAU", { log: { multiplier: -2.5 }, names: ["stellar_magnitude"] }),
  // pH = −log10(c / (1 mol/L)) (UCUM [pH]); `pH` is read as acidity unless only picohenry fits the other unit.
  e("pH", undefined, "=log", "UCUM", {
    log: { multiplier: -1, reference: "mol/L" },
    names: ["pH_unit", "pH_value"],
    symbols: ["[pH]"],
    plural: null,
  }),
  // Temperature (SP811 B.8): absolute scales carry an offset; Δ spellings are intervals.
  e("degree Celsius", "°C", "K", "SI", {
    offset: 273.15,
    names: ["celsius", "degree_celsius", "centigrade"],
    symbols: ["degC", "oC", "C°", "Cel", "° C", "deg C"],
    plural: "degrees Celsius",
  }),
  e("degree Fahrenheit", "°F", "K/1.8", "SP811", {
    offset: 459.67 / 1.8,
    names: ["fahrenheit", "degree_fahrenheit"],
    symbols: ["degF", "oF", "F°", "[degF]", "° F", "deg F"],
    plural: "degrees Fahrenheit",
  }),
  e("degree Rankine", "°R", "K/1.8", "SP811", {
    offset: 0,
    names: ["rankine", "degree_rankine"],
    symbols: ["degR", "Ra", "[degR]", "° R", "deg R"],
    plural: "degrees Rankine",
  }),
  e("degree Réaumur", "°Ré", "K*1.25", "SP811", {
    offset: 273.15,
    names: ["reaumur", "degree_reaumur"],
    symbols: ["[degRe]"],
    plural: "degrees Réaumur",
  }),
  e("delta degree Celsius", "Δ°C", "K", "SP811", {
    symbols: ["ΔdegC", "deltaC", "delta_degC", "delta_C", "ΔC"],
    names: ["celsius_difference"],
  }),
  e("delta degree Fahrenheit", "Δ°F", "K/1.8", "SP811", {
    symbols: ["ΔdegF", "deltaF", "delta_degF", "delta_F", "ΔF"],
    names: ["fahrenheit_difference"],
  }),
];

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
