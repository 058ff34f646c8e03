/**
 * Reviewed disagreements between dwim and an oracle library (mathjs 15, js-quantities 1.8), keyed by spelling.
 * Each says which definition dwim uses and why; the differential test fails on any disagreement not listed here
 * and on any entry here that no longer disagrees.
 */
const JULIAN =
  "dwim's year is the Julian year 365.25 d (UCUM a_j, IAU); js-quantities uses the tropical year 365.242199 d";
const JSQ_ROUNDED =
  "js-quantities stores this factor rounded to 4–7 digits; dwim uses the exact definition of NIST HB 44 / SP 811";
const MATHJS_ROUNDED =
  "mathjs stores this factor rounded; dwim derives it exactly (1000 lbf, lbf = 0.45359237 kg × 9.80665 m/s²)";
const DALTON =
  "dwim uses the CODATA 2018 dalton (1.66053906660e-27 kg, SI Brochure 2019); js-quantities an older CODATA value";
const WATER =
  "dwim uses the conventional water column (ρ = 1000 kg/m³, g_n; SP 811 'conventional'); js-quantities water at 4 °C";
const LIGHT = "js-quantities rounds the speed of light to 2.997925e8 m/s; dwim uses the exact SI value 299 792 458 m/s";
const SPOON =
  "dwim's tablespoon/teaspoon are US customary (½ and ⅙ fl oz, HB 44); mathjs uses metric 15/5 mL, js-quantities rounds";
const CALORIE =
  "dwim's cal is the International Table calorie 4.1868 J (NIST SP 811 default, with a warning); js-quantities the thermochemical 4.184 J (dwim: cal_th)";

export const ORACLE_EXCEPTIONS: Readonly<Record<string, string>> = {
  Da: DALTON,
  u: DALTON,
  amu: DALTON,
  dalton: DALTON,
  daltons: DALTON,
  AU: "js-quantities rounds the astronomical unit to 1.495979e11 m; dwim uses the IAU 2012 exact 149 597 870 700 m",
  yr: JULIAN,
  y: JULIAN,
  annum: JULIAN,
  rd: JSQ_ROUNDED,
  furlong: JSQ_ROUNDED,
  furlongs: JSQ_ROUNDED,
  league: JSQ_ROUNDED,
  leagues: JSQ_ROUNDED,
  fathom: JSQ_ROUNDED,
  fathoms: JSQ_ROUNDED,
  ls: LIGHT,
  "light-second": LIGHT,
  lmin: LIGHT,
  "light-minute": LIGHT,
  ly: "js-quantities' light-year is 9.460528e15 m; dwim uses the IAU value c × 365.25 d = 9 460 730 472 580 800 m",
  "light-year":
    "js-quantities' light-year is 9.460528e15 m; dwim uses the IAU value c × 365.25 d = 9 460 730 472 580 800 m",
  pc: JSQ_ROUNDED,
  parsec: JSQ_ROUNDED,
  parsecs: JSQ_ROUNDED,
  tbsp: JSQ_ROUNDED,
  tbs: JSQ_ROUNDED,
  tsp: JSQ_ROUNDED,
  bu: JSQ_ROUNDED,
  bushel: JSQ_ROUNDED,
  bushels: JSQ_ROUNDED,
  "pound-force": JSQ_ROUNDED,
  klbf: JSQ_ROUNDED,
  slug: JSQ_ROUNDED,
  slugs: JSQ_ROUNDED,
  psi: JSQ_ROUNDED,
  btu: JSQ_ROUNDED,
  kip: MATHJS_ROUNDED,
  kips: MATHJS_ROUNDED,
  torr: "js-quantities rounds the torr (101325/760 Pa) to 133.322368 Pa",
  mmHg: "dwim's mmHg is the conventional millimetre of mercury 133.322 387 415 Pa (SP 811); js-quantities equates it with the torr",
  inHg: "dwim's inHg is the conventional inch of mercury 3386.389 Pa (SP 811); js-quantities uses mercury at 0 °C",
  cmH2O: WATER,
  inH2O: WATER,
  cal: CALORIE,
  calorie: CALORIE,
  calories: CALORIE,
  tablespoon: SPOON,
  tablespoons: SPOON,
  teaspoon: SPOON,
  teaspoons: SPOON,
  U: "dwim's U is the enzyme unit 1 µmol/min (UCUM); js-quantities' U evaluates to 1.6667e-15 mol/s",
};
