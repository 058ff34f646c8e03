/**
 * The unit registry: compiled catalog entries and the lookup tables of atom resolution. Registries form layers
 * (built-in, then a session's own units, then a call's inline units); the built-in layer is immutable and shared.
 */
import { AMBIGUOUS, CATALOG, type CatalogEntry, CURATED_ALIASES, PREFERRED, type Source } from "./catalog.js";
import { base, COMPONENTS, type Component, DIMENSIONLESS, type Dim } from "./dimension.js";
import { allows, PREFIX_BY_NAME, PREFIX_BY_SYMBOL, type Prefix, type PrefixPolicy } from "./prefixes.js";
import { decompose, QualifiedIndex } from "./qualifiers.js";

export interface UnitDef {
  id: string;
  name: string;
  symbol?: string;
  /** Every exact spelling that is a symbol (case-sensitive, combines with prefix symbols). */
  symbols: readonly string[];
  /** Every exact spelling that is a name, incl. plurals (combines with prefix names). */
  names: readonly string[];
  /** SI value of one unit (without offset). */
  factor: number;
  dim: Dim;
  offset?: number;
  kind?: string;
  prefixes: PrefixPolicy;
  source: Source | "session";
  warning?: string;
  /** Spellings that name this reading explicitly: the warning (a convention) is not repeated for them. */
  explicit?: readonly string[];
  log?: CatalogEntry["log"];
  /** False for a session unit that has no conversion yet. */
  convertible: boolean;
  aliases: readonly string[];
}

/** One factor of a reading: a unit with an optional prefix, raised to a power. */
export interface Term {
  unit: UnitDef;
  prefix?: Prefix;
  exp: number;
}

export function termFactor(t: Term): number {
  return (t.unit.factor * (t.prefix?.factor ?? 1)) ** t.exp;
}

export function termLabel(t: Pick<Term, "unit" | "prefix">): string {
  return (t.prefix?.symbol ?? "") + (t.unit.symbol ?? t.unit.name.replaceAll(" ", "_"));
}

export function termName(t: Pick<Term, "unit" | "prefix">): string {
  return (t.prefix?.name ?? "") + t.unit.name;
}

/** "kilogram (kg)", "each (ea)": how a likely_fix names a unit (docs/units.md, Errors); the resolver accepts it back. */
export function formatUnit(t: Pick<Term, "unit" | "prefix">): string {
  const name = termName(t);
  const label = termLabel(t);
  return label !== name && t.unit.symbol ? `${name} (${label})` : name;
}

export function defaultPlural(name: string): string {
  if (/(s|x|z|ch|sh)$/u.test(name)) return `${name}es`;
  return `${name}s`;
}

const lower = (s: string): string => s.toLowerCase();

/** One layer of units and its lookup tables. */
export class UnitLayer {
  readonly units: UnitDef[] = [];
  /** Exact spelling (symbols and names as written) → units. */
  readonly exact = new Map<string, UnitDef[]>();
  /** Symbol → unit (for prefix symbol + symbol). */
  readonly bySymbol = new Map<string, UnitDef>();
  /** Lower-cased name → unit (for prefix name + name, and case-folded names). */
  readonly byName = new Map<string, UnitDef>();
  /** Curated spelling → expression (`mcg` → `µg`). */
  readonly curated = new Map<string, string>();
  readonly ambiguous = new Map<string, readonly string[]>();
  /** Spelling → readings, the first being the default. */
  readonly preferred = new Map<string, readonly string[]>();

  add(u: UnitDef): void {
    this.units.push(u);
    for (const s of u.symbols) {
      push(this.exact, s, u);
      if (!this.bySymbol.has(s)) this.bySymbol.set(s, u);
    }
    for (const n of u.names) {
      push(this.exact, n, u);
      if (n.includes("_")) push(this.exact, n.replaceAll("_", " "), u);
      if (n.includes(" ")) push(this.exact, n.replaceAll(" ", "_"), u);
      const l = lower(n);
      if (!this.byName.has(l)) this.byName.set(l, u);
      if (l.includes("_") && !this.byName.has(l.replaceAll("_", " "))) this.byName.set(l.replaceAll("_", " "), u);
      if (l.includes(" ") && !this.byName.has(l.replaceAll(" ", "_"))) this.byName.set(l.replaceAll(" ", "_"), u);
    }
  }

  /** Every spelling, for the suggestion index and duplicate checks. */
  spellings(): string[] {
    return [...this.exact.keys(), ...this.curated.keys(), ...this.ambiguous.keys(), ...this.preferred.keys()];
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) {
    if (!list.includes(v)) list.push(v);
  } else m.set(k, [v]);
}

export interface AtomReading {
  terms: Term[];
  /** How the spelling was read. */
  via:
    | "exact"
    | "curated"
    | "prefix"
    | "product"
    | "folded"
    | "ambiguous"
    | "preferred"
    | "alternative"
    | "qualified"
    | "case";
  label: string;
  /** Convention warnings of this reading (`gal` read as the US gallon), unless the spelling was explicit. */
  notes?: string[];
}

/** Whether a spelling names a unit's reading explicitly, so that its convention warning is not needed. */
export function namesExplicitly(u: UnitDef, spelling: string): boolean {
  // UCUM's bracketed codes name one reading each by design ([gal_us], [oz_av]).
  return u.explicit?.includes(spelling) === true || /^\[.*\]$/u.test(spelling) || decompose(spelling) !== undefined;
}

/** A stack of layers; lookups consult the built-in layer first, then the session's. */
export class UnitSystem {
  constructor(readonly layers: readonly UnitLayer[]) {}

  with(layer: UnitLayer): UnitSystem {
    return new UnitSystem([...this.layers, layer]);
  }

  get builtin(): UnitLayer {
    return this.layers[0];
  }

  private allCache?: { size: number; units: UnitDef[] };

  /** Every unit, built-in first; cached until a layer grows. */
  allUnits(): UnitDef[] {
    let size = 0;
    for (const l of this.layers) size += l.units.length;
    if (this.allCache?.size !== size) this.allCache = { size, units: this.layers.flatMap((l) => l.units) };
    return this.allCache.units;
  }

  exact(s: string): UnitDef[] {
    const out: UnitDef[] = [];
    for (const l of this.layers) for (const u of l.exact.get(s) ?? []) if (!out.includes(u)) out.push(u);
    return out;
  }

  symbol(s: string): UnitDef | undefined {
    for (const l of this.layers) {
      const u = l.bySymbol.get(s);
      if (u) return u;
    }
    return undefined;
  }

  name(s: string): UnitDef | undefined {
    const l = lower(s);
    for (const layer of this.layers) {
      const u = layer.byName.get(l);
      if (u) return u;
    }
    return undefined;
  }

  curated(s: string): string | undefined {
    for (const l of this.layers) {
      const c = l.curated.get(s);
      if (c !== undefined) return c;
    }
    return undefined;
  }

  ambiguous(s: string): readonly string[] | undefined {
    for (const l of this.layers) {
      const a = l.ambiguous.get(s);
      if (a) return a;
    }
    return undefined;
  }

  preferred(s: string): readonly string[] | undefined {
    for (const l of this.layers) {
      const a = l.preferred.get(s);
      if (a) return a;
    }
    return undefined;
  }

  /** Whether a multi-word string is a known name (the parser keeps `fluid ounce`, `imperial gallon` together). */
  isMultiWordName(words: string): boolean {
    return (
      this.exact(words).length > 0 ||
      this.name(words) !== undefined ||
      this.prefixedName(words).length > 0 ||
      this.qualified(words).length > 0
    );
  }

  private qualifiedCache?: { size: number; index: QualifiedIndex };

  /** The qualified-name index over every unit (built on first use; rebuilt when a layer grows). */
  get qualifiedIndex(): QualifiedIndex {
    const all = this.allUnits();
    if (this.qualifiedCache?.size !== all.length)
      this.qualifiedCache = { size: all.length, index: new QualifiedIndex(all) };
    return this.qualifiedCache.index;
  }

  /** Units a qualified spelling names in any word order (`UK gallon`, `gal_imp`, `Btu_IT`). */
  qualified(s: string): UnitDef[] {
    return decompose(s) ? this.qualifiedIndex.lookup(s) : [];
  }

  private caseCache?: { size: number; index: Map<string, string[]> };

  /**
   * Spellings that differ from `s` only in letter case and name a unit: unit symbols, curated spellings, and prefix
   * symbol + unit symbol (`KW` → kW; `CFM` → cfm; `MHZ` → MHz and mHz).
   */
  caseVariants(s: string): string[] {
    const all = this.allUnits();
    if (this.caseCache?.size !== all.length) {
      const index = new Map<string, string[]>();
      const put = (spelling: string) => {
        const l = lower(spelling);
        const list = index.get(l);
        if (!list) index.set(l, [spelling]);
        else if (!list.includes(spelling)) list.push(spelling);
      };
      for (const layer of this.layers) {
        for (const u of layer.units) for (const sym of u.symbols) put(sym);
        for (const k of layer.curated.keys()) put(k);
      }
      this.caseCache = { size: all.length, index };
    }
    const index = this.caseCache.index;
    const l = lower(s);
    const out = (index.get(l) ?? []).filter((x) => x !== s);
    for (const [psym, p] of PREFIX_BY_SYMBOL) {
      // Only a prefix's own symbol changes case (`K` → k); `u`, the ASCII stand-in for µ, is never `U` (`US` is no µs).
      if (psym !== p.symbol || !l.startsWith(lower(psym)) || l.length === psym.length) continue;
      for (const sym of index.get(l.slice(psym.length)) ?? []) {
        const spelling = psym + sym;
        if (spelling === s || out.includes(spelling)) continue;
        const u = this.symbol(sym);
        if (u && allows(u.prefixes, p)) out.push(spelling);
      }
    }
    return out;
  }

  /** prefix name + unit name (`kilo` + `meter`, `nano` + `metre`), only onto units allowing that prefix. */
  prefixedName(s: string, ignorePolicy = false): Term[][] {
    const l = lower(s);
    const out: Term[][] = [];
    for (const [pname, p] of PREFIX_BY_NAME) {
      if (!l.startsWith(pname) || l.length === pname.length) continue;
      const rest = l.slice(pname.length);
      const u = this.name(rest);
      if (u && (ignorePolicy || allows(u.prefixes, p))) out.push([{ unit: u, prefix: p, exp: 1 }]);
    }
    return out;
  }

  /** prefix symbol + unit symbol (`k` + `m`), only onto units allowing that prefix. */
  prefixedSymbol(s: string, ignorePolicy = false): Term[][] {
    const out: Term[][] = [];
    for (const [psym, p] of PREFIX_BY_SYMBOL) {
      if (!s.startsWith(psym) || s.length === psym.length) continue;
      const u = this.symbol(s.slice(psym.length));
      if (u && (ignorePolicy || allows(u.prefixes, p))) out.push([{ unit: u, prefix: p, exp: 1 }]);
    }
    return out;
  }
}

export interface CompileHooks {
  /** Evaluates a definition expression against the units compiled so far. */
  evaluate(def: string, system: UnitSystem): { factor: number; dim: Dim };
}

/**
 * Plurals of a unit's other names written as words (`litre` → `litres`, `square metre` → `square metres`), formed as
 * the name's own plural is (`liter` + `s`); none when that plural is irregular (`foot`, `feet`) or absent. Names whose
 * last word is short (`sq ft`) or joined with `_` are left as they are.
 */
export function otherNamePlurals(entry: Pick<CatalogEntry, "name" | "names" | "plural">): string[] {
  if (entry.plural === null) return [];
  const plural = entry.plural ?? defaultPlural(entry.name);
  if (!plural.startsWith(entry.name)) return [];
  const suffix = plural.slice(entry.name.length);
  return (entry.names ?? [])
    .filter((n) => /^[a-z]+(?: [a-z]+)*$/u.test(n) && /[a-z]{4,}$/u.test(n))
    .map((n) => n + suffix);
}

function entryToUnit(entry: CatalogEntry, factor: number, dim: Dim): UnitDef {
  const plural = entry.plural === undefined ? defaultPlural(entry.name) : entry.plural;
  const names = [entry.name, ...(plural ? [plural] : []), ...(entry.names ?? []), ...otherNamePlurals(entry)];
  const symbols = [...(entry.symbol ? [entry.symbol] : []), ...(entry.symbols ?? [])];
  return {
    id: entry.symbol ?? entry.name,
    name: entry.name,
    symbol: entry.symbol,
    symbols,
    names,
    factor,
    dim,
    offset: entry.offset,
    kind: entry.kind,
    prefixes: entry.prefixes ?? "none",
    source: entry.src,
    warning: entry.warning,
    explicit: entry.explicit,
    log: entry.log,
    convertible: true,
    aliases: [...(entry.symbols ?? []), ...(entry.names ?? [])],
  };
}

/** The key a precompiled value is stored under: it changes whenever the entry's definition does. */
export function precompileKey(entry: Pick<CatalogEntry, "name" | "def">): string {
  return `${entry.name}=${entry.def}`;
}

export type PrecompiledUnit = readonly [key: string, factor: number, dim: readonly number[]];

/**
 * Compiles the built-in catalog; definitions are evaluated in order by the expression evaluator, unless `precompiled`
 * holds the value for the same definition (evaluating 400 expressions is most of a cold start).
 */
export function compileCatalog(hooks: CompileHooks, precompiled: readonly PrecompiledUnit[] = []): UnitSystem {
  const layer = new UnitLayer();
  const system = new UnitSystem([layer]);
  for (const [i, entry] of CATALOG.entries()) {
    let factor = 1;
    let dim: Dim = DIMENSIONLESS;
    const pre = precompiled[i];
    if (pre !== undefined && pre[0] === precompileKey(entry)) {
      factor = pre[1];
      dim = pre[2];
    } else if (entry.def === "=log") {
      dim = DIMENSIONLESS;
    } else if (entry.def.startsWith("=")) {
      const component = entry.def.slice(1) as Component;
      if (!COMPONENTS.includes(component)) throw new Error(`catalog: unknown base '${entry.def}'`);
      dim = base(component);
      factor = component === "mass" ? 1e-3 : 1;
    } else {
      const v = hooks.evaluate(entry.def, system);
      factor = v.factor;
      dim = v.dim;
    }
    layer.add(entryToUnit(entry, factor, dim));
  }
  for (const [k, v] of Object.entries(CURATED_ALIASES)) layer.curated.set(k, v);
  for (const [k, v] of Object.entries(AMBIGUOUS)) layer.ambiguous.set(k, v);
  for (const [k, v] of Object.entries(PREFERRED)) layer.preferred.set(k, v);
  return system;
}
