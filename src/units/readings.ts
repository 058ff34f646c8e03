/**
 * Readings of one atom (a spelling between operators), collected in resolution order; the first step with readings
 * wins: curated ambiguity → usual reading with alternatives → curated alias → exact (case-sensitive) symbol or name →
 * qualified name (`UK gallon`, `Btu_IT`) → SI or binary prefix on a unit that takes it → product of two symbols
 * (`Pas`) → case-folded name of 3+ letters. Spellings that differ only in case from a unit (`KW`, `CFM`, `Nmi` beside
 * N·mi) are readings of equal standing, so the other endpoint settles them or the call is refused as ambiguous;
 * either way the reading is reported, never silent.
 */
import { mapChars } from "./parse.js";
import { allows, PREFIX_BY_SYMBOL } from "./prefixes.js";
import { type AtomReading, namesExplicitly, type Term, termLabel, type UnitSystem } from "./registry.js";

export interface AtomOutcome {
  readings: AtomReading[];
}

/** A reading with the convention notes of its units, unless the spelling names the reading explicitly. */
function reading(terms: Term[], via: AtomReading["via"], spelling?: string): AtomReading {
  const r: AtomReading = { terms, via, label: terms.map((t) => termLabel(t)).join("·") };
  const notes = spelling === undefined ? [] : conventionNotes(terms, spelling);
  if (notes.length > 0) r.notes = notes;
  return r;
}

function conventionNotes(terms: readonly Term[], spelling: string): string[] {
  const out: string[] = [];
  for (const t of terms) {
    const w = t.unit.warning;
    if (w && !out.includes(w) && !namesExplicitly(t.unit, spelling)) out.push(w);
  }
  return out;
}

function termKey(t: Pick<Term, "unit" | "prefix">): string {
  return `${t.unit.id}|${t.prefix?.symbol ?? ""}`;
}

export function termsKey(ts: readonly Term[]): string {
  return ts.map((t) => `${termKey(t)}^${t.exp}`).join("*");
}

/** The first of each group of items with the same key, in order. */
export function uniqueBy<T>(list: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const dedupe = (list: Term[][]): Term[][] => uniqueBy(list, termsKey);

export class AtomReader {
  private readonly cache = new Map<string, AtomOutcome>();

  constructor(
    private readonly sys: UnitSystem,
    /** Terms of a curated expression (`mcg` → `µg`), which must resolve to exactly one reading. */
    private readonly expressionTerms: (expr: string) => Term[] | undefined,
  ) {}

  atom(raw: string): AtomOutcome {
    const cached = this.cache.get(raw);
    if (cached) return cached;
    const outcome = { readings: this.readings(raw) };
    if (this.cache.size < 5000) this.cache.set(raw, outcome);
    return outcome;
  }

  private readings(raw: string): AtomReading[] {
    const s = mapChars(raw).trim();
    if (s === "") return [];
    const exact = this.exactReadings(s);
    if (exact.length > 0) return exact;
    const sys = this.sys;
    const prefixed = dedupe([...sys.prefixedSymbol(s), ...(s === s.toLowerCase() ? sys.prefixedName(s) : [])]);
    if (prefixed.length > 0) return prefixed.map((t) => reading(t, "prefix", s));
    // A prefix the unit does not take (`mmin`) is reported as such, never re-read as a product (m·min); a unit
    // symbol in another case (`Mph`: mega-phot, but phot takes no prefix) is still a reading.
    if (sys.prefixedSymbol(s, true).length > 0) return this.caseReadings(s, true);
    const products = this.products(s);
    // `Nmi` is N·mi by the letter and the nautical mile by the look: both stand, and the other unit decides.
    if (products.length > 0) return [...products, ...this.caseReadings(s)];
    if ([...s].length >= 3) {
      const folded = sys.name(s);
      if (folded) return [reading([{ unit: folded, exp: 1 }], "folded", s)];
      const pf = dedupe(sys.prefixedName(s));
      if (pf.length > 0) return pf.map((t) => reading(t, "folded", s));
    }
    return this.caseReadings(s);
  }

  /** Readings that need no guess about the spelling: curated, exact or qualified. */
  exactReadings(s: string): AtomReading[] {
    const sys = this.sys;
    const amb = sys.ambiguous(s);
    if (amb) return this.curatedReadings(amb, () => "ambiguous");
    const preferred = sys.preferred(s);
    if (preferred) return this.curatedReadings(preferred, (i) => (i === 0 ? "preferred" : "alternative"));
    const curated = sys.curated(s);
    if (curated !== undefined) {
      const r = this.expressionTerms(curated);
      if (r) return [{ ...reading(r, "curated", s), label: curated }];
    }
    const exact = sys.exact(s);
    if (exact.length > 0) return exact.map((u) => reading([{ unit: u, exp: 1 }], "exact", s));
    const qualified = sys.qualified(s);
    if (qualified.length > 0) return qualified.map((u) => reading([{ unit: u, exp: 1 }], "qualified", s));
    return [];
  }

  private curatedReadings(exprs: readonly string[], via: (i: number) => AtomReading["via"]): AtomReading[] {
    const out: AtomReading[] = [];
    exprs.forEach((expr, i) => {
      const r = this.expressionTerms(expr);
      if (r) out.push({ ...reading(r, via(i), expr), label: expr });
    });
    return out;
  }

  /** Only products a reader would write without an operator: `Pas`, `VAh`, `lbft`; never `to` (t·o). */
  private products(s: string): AtomReading[] {
    const sys = this.sys;
    const out: Term[][] = [];
    for (let i = 1; i < s.length; i++) {
      const l = s.slice(0, i);
      const r = s.slice(i);
      if (!(l.length >= 2 || /^[A-Z]$/u.test(l)) || !(r.length >= 2 || /^[A-Za-z]$/u.test(r))) continue;
      if (l.length === 1 && r.length === 1) continue;
      const left = sys.exact(l).filter((u) => u.symbols.includes(l));
      const right = sys.exact(r).filter((u) => u.symbols.includes(r));
      if (left.length === 1 && right.length === 1) {
        out.push([
          { unit: left[0], exp: 1 },
          { unit: right[0], exp: 1 },
        ]);
      }
    }
    return dedupe(out).map((t) => reading(t, "product", s));
  }

  /**
   * Readings of the spellings that differ from `s` only in case (`KW` → kW, `CFM` → cfm, `MHZ` → MHz or mHz); with
   * `unitsOnly`, only unit symbols, for a literal prefix on a unit that takes none (`Mph` is no mega-phot, but `kh`
   * is no kilohenry either). A single letter has none (`k` is neither kelvin nor kilo), nor two lower-case letters.
   */
  private caseReadings(s: string, unitsOnly = false): AtomReading[] {
    // Two lower-case letters are as often a word as a unit (`to` is no tera-octet, `of` no °F).
    const n = [...s].length;
    if (n < 2 || (n === 2 && s === s.toLowerCase())) return [];
    const out: AtomReading[] = [];
    const seen = new Set<string>();
    for (const v of this.sys.caseVariants(s)) {
      if (unitsOnly && this.sys.exact(v).length === 0) continue;
      for (const r of this.exactOrPrefixed(v)) {
        const k = termsKey(r.terms);
        if (seen.has(k)) continue;
        seen.add(k);
        out.push({ ...r, via: "case", label: v });
      }
    }
    return out;
  }

  private exactOrPrefixed(v: string): AtomReading[] {
    const exact = this.exactReadings(v);
    if (exact.length > 0) return exact;
    return dedupe(this.sys.prefixedSymbol(v)).map((t) => reading(t, "prefix", v));
  }
}

/** A prefix symbol on a name of 4+ letters that takes no such prefix (`meach` = m + each). */
export function prefixOnName(sys: UnitSystem, atom: string): Term | undefined {
  for (const [psym, p] of PREFIX_BY_SYMBOL) {
    const rest = atom.slice(psym.length);
    if (!atom.startsWith(psym) || rest.length < 4) continue;
    for (const u of sys.exact(rest)) if (!allows(u.prefixes, p)) return { unit: u, prefix: p, exp: 1 };
  }
  return undefined;
}
