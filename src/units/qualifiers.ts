/**
 * Qualified unit names: words that pick one reading of a name with several (imperial vs US gallon, survey vs
 * international foot, troy vs avoirdupois ounce, thermochemical vs International Table calorie). People write them in
 * any order and style (`UK gallon`, `gallon_imperial`, `gal (UK)`, `fl oz imp`, `Btu_IT`), so a spelling is read as
 * its set of qualifiers plus the rest, and matched against every unit's qualifiers × its other spellings.
 *
 * The same decomposition keeps fixes honest: a spelling that names a qualifier is only ever fixed to a unit that
 * carries it (`imperial fluid ounse` → the imperial fluid ounce, never the US one, which is 4 % larger).
 */
import { NameIndex } from "../core/suggest.js";
import type { UnitDef } from "./registry.js";

/** Qualifier words and their canonical form. Only words that select between readings of one name. */
const QUALIFIER_WORDS: Readonly<Record<string, string>> = {
  imperial: "imperial",
  imp: "imperial",
  uk: "imperial",
  british: "imperial",
  brit: "imperial",
  br: "imperial",
  us: "us",
  usa: "us",
  american: "us",
  survey: "survey",
  international: "international",
  intl: "international",
  troy: "troy",
  tr: "troy",
  avoirdupois: "avoirdupois",
  avdp: "avoirdupois",
  av: "avoirdupois",
  apothecaries: "apothecaries",
  apothecary: "apothecaries",
  apoth: "apothecaries",
  ap: "apothecaries",
  dry: "dry",
  liquid: "liquid",
  liq: "liquid",
  metric: "metric",
  thermochemical: "thermochemical",
  th: "thermochemical",
  it: "it",
  long: "long",
  short: "short",
  nautical: "nautical",
  statute: "statute",
  mean: "mean",
  julian: "julian",
  gregorian: "gregorian",
  tropical: "tropical",
  sidereal: "sidereal",
  common: "common",
  synodic: "synodic",
};

/** Qualifier words long enough to be recognised with one typo (`imperal`, `thermochemcal`). */
const TYPO_QUALIFIERS = Object.keys(QUALIFIER_WORDS).filter((w) => w.length >= 5);

export interface Decomposed {
  /** Canonical qualifiers, sorted and joined: `imperial`, `survey`, `it`. Empty when there are none. */
  qualifiers: string;
  /** The remaining words, as written, joined by one space. */
  base: string;
}

const SPLIT = /[\s_-]+/u;

/** Splits a spelling into qualifiers and the rest; `(typo)` also accepts qualifier words one edit off. */
export function decompose(spelling: string, typo = false): Decomposed | undefined {
  const words = spelling
    .replace(/[.'’]/gu, "")
    .split(SPLIT)
    .filter((w) => w !== "");
  if (words.length < 2 || words.length > 6) return undefined;
  const qualifiers = new Set<string>();
  const base: string[] = [];
  for (const w of words) {
    const q = QUALIFIER_WORDS[w.toLowerCase()] ?? (typo ? typoQualifier(w.toLowerCase()) : undefined);
    if (q) qualifiers.add(q);
    else base.push(w);
  }
  if (qualifiers.size === 0 || base.length === 0) return undefined;
  // "US survey foot": survey measure is US measure.
  if (qualifiers.has("survey")) qualifiers.delete("us");
  return { qualifiers: [...qualifiers].sort().join("+"), base: base.join(" ") };
}

/** The canonical qualifiers when every word of `text` is a qualifier word (`UK`, `U.S.`, `US survey`), else undefined. */
export function qualifiersOnly(text: string): string | undefined {
  const words = text
    .replace(/[.'’]/gu, "")
    .split(SPLIT)
    .filter((w) => w !== "");
  if (words.length === 0 || words.length > 3) return undefined;
  const found = words.map((w) => QUALIFIER_WORDS[w.toLowerCase()]);
  return found.every((q) => q !== undefined) ? [...new Set(found)].sort().join("+") : undefined;
}

function typoQualifier(w: string): string | undefined {
  if (w.length < 5) return undefined;
  const near = TYPO_QUALIFIERS.filter((q) => withinOneEdit(w, q));
  const canonical = new Set(near.map((q) => QUALIFIER_WORDS[q]));
  return canonical.size === 1 ? [...canonical][0] : undefined;
}

/** Optimal string alignment distance ≤ 1 (one insertion, deletion, substitution or adjacent swap). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The unit spellings of a qualified reading, by `qualifiers|base` (base as written, and lower-cased when 3+ long). */
export class QualifiedIndex {
  private readonly byKey = new Map<string, UnitDef[]>();
  /** Per qualifier set: every base spelling of the units that carry it, for typo fixes that keep the qualifier. */
  readonly basesByQualifiers = new Map<string, Array<{ base: string; unit: UnitDef }>>();
  /** Per unit: the qualifier sets it carries. */
  private readonly qualifierSets = new Map<UnitDef, Set<string>>();

  constructor(units: readonly UnitDef[]) {
    for (const u of units) {
      const spellings = [...u.names, ...u.symbols];
      const sets = new Set<string>();
      const bases = new Set<string>();
      for (const s of spellings) {
        const d = decompose(s);
        if (d) {
          sets.add(d.qualifiers);
          bases.add(d.base);
        } else bases.add(s.replaceAll("_", " "));
      }
      if (sets.size === 0) continue;
      this.qualifierSets.set(u, sets);
      for (const q of sets) {
        const list = this.basesByQualifiers.get(q) ?? [];
        for (const b of bases) {
          list.push({ base: b, unit: u });
          this.add(`${q}|${b}`, u);
          if (b.length >= 3) this.add(`${q}|${b.toLowerCase()}`, u);
        }
        this.basesByQualifiers.set(q, list);
      }
    }
  }

  private add(key: string, u: UnitDef): void {
    const list = this.byKey.get(key);
    if (!list) this.byKey.set(key, [u]);
    else if (!list.includes(u)) list.push(u);
  }

  /** Units a qualified spelling names exactly (any word order, any qualifier synonym). */
  lookup(spelling: string): UnitDef[] {
    const d = decompose(spelling);
    return d ? this.lookupDecomposed(d) : [];
  }

  lookupDecomposed(d: Decomposed): UnitDef[] {
    const exact = this.byKey.get(`${d.qualifiers}|${d.base}`);
    if (exact) return exact;
    return d.base.length >= 3 ? (this.byKey.get(`${d.qualifiers}|${d.base.toLowerCase()}`) ?? []) : [];
  }

  private readonly baseIndexes = new Map<string, { index: NameIndex; units: UnitDef[] }>();

  /** The typo matcher over the base spellings of the units that carry `qualifiers` (targets are indexes into units). */
  baseIndex(qualifiers: string): { index: NameIndex; units: UnitDef[] } | undefined {
    const bases = this.basesByQualifiers.get(qualifiers);
    if (!bases) return undefined;
    let entry = this.baseIndexes.get(qualifiers);
    if (!entry) {
      const units = [...new Set(bases.map((b) => b.unit))];
      const specs = units.map((u, i) => ({
        target: `\u241F${i}`,
        aliases: bases.filter((b) => b.unit === u).map((b) => b.base),
      }));
      entry = { index: new NameIndex(specs), units };
      this.baseIndexes.set(qualifiers, entry);
    }
    return entry;
  }

  /** Whether `unit` can be what a spelling with these qualifiers means: it carries the same set. */
  carries(unit: UnitDef, qualifiers: string): boolean {
    return this.qualifierSets.get(unit)?.has(qualifiers) ?? false;
  }
}
