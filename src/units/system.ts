/**
 * A usable unit system: the registry layers, the evaluator, dimension naming and the compatibility rules that
 * `convert` and `check_dimensions` share (so that check_dimensions says "compatible" exactly when convert succeeds).
 */
import { normalize } from "../core/similarity.js";
import { NameIndex } from "../core/suggest.js";
import { PRECOMPILED_DIMENSIONS, PRECOMPILED_UNITS } from "../generated/units/precompiled.js";
import {
  ANGLE,
  type Dim,
  equal,
  formula,
  hasPhysical,
  isDimensionless,
  NAMED_DIMENSIONS,
  RATIO,
  withoutCountAndRatio,
} from "./dimension.js";
import { Evaluator } from "./evaluate.js";
import { allows, type Prefix } from "./prefixes.js";
import { uniqueBy } from "./readings.js";
import { compileCatalog, type UnitDef, type UnitLayer, type UnitSystem } from "./registry.js";

export type Compatibility =
  | { ok: true; adjust: number; warnings: string[] }
  | { ok: false; reason: "dimension" | "pseudo" | "photometric" };

const TWO_PI = 2 * Math.PI;

/** The shared conversion rule between two dimensions. */
export function compatibility(a: Dim, b: Dim): Compatibility {
  if (equal(a, b)) return { ok: true, adjust: 1, warnings: [] };
  if (!hasPhysical(a) && !hasPhysical(b)) {
    // Pure pseudo quantities never interconvert; a bare number may be read as a ratio.
    const ratioOnly = (d: Dim) => d.every((x, i) => i === RATIO || x === 0);
    if ((isDimensionless(a) && ratioOnly(b)) || (isDimensionless(b) && ratioOnly(a))) {
      return { ok: true, adjust: 1, warnings: [] };
    }
    return { ok: false, reason: "pseudo" };
  }
  const a2 = withoutCountAndRatio(a);
  const b2 = withoutCountAndRatio(b);
  if (equal(a2, b2)) {
    return {
      ok: true,
      adjust: 1,
      warnings: ["Count and ratio factors were treated as dimensionless (e.g. mg/ea read as mg per item)"],
    };
  }
  // rad/s, rpm ↔ Hz: one cycle is 2π rad.
  const diff = a2.map((x, i) => x - b2[i]);
  if (diff.every((x, i) => i === ANGLE || x === 0)) {
    const rest = a2.map((x, i) => (i === ANGLE ? 0 : x));
    if (rest.every((x, i) => (i === 2 ? x === -1 : x === 0))) {
      return {
        ok: true,
        adjust: TWO_PI ** -diff[ANGLE],
        warnings: ["Angular velocity and frequency were related by 1 cycle = 2π rad"],
      };
    }
  }
  if (equal(photometricAsRadiometric(a2), photometricAsRadiometric(b2))) return { ok: false, reason: "photometric" };
  return { ok: false, reason: "dimension" };
}

/** lm ↔ W share no dimension, but they measure the same flow of light: a kind-of-quantity confusion. */
function photometricAsRadiometric(d: Dim): Dim {
  const j = d[6];
  if (j === 0) return d;
  const out = [...d];
  out[6] = 0;
  out[9] -= j;
  out[0] += 2 * j;
  out[1] += j;
  out[2] -= 3 * j;
  return out;
}

interface DimensionInfo {
  name: string;
  dim: Dim;
  examples: string[];
  aliases: readonly string[];
}

/** Unit system with its evaluator and indexes; cheap to create over an existing system. */
export class Units {
  readonly evaluator: Evaluator;
  private nameIndexCache?: NameIndex;
  private lengthIndexCache?: Map<number, NameIndex>;
  private prefixIndexCache?: Map<string, { names: NameIndex }>;
  private baseCache?: { spellings: NameIndex; names: NameIndex; longest: number };

  constructor(
    readonly system: UnitSystem,
    readonly dimensions: readonly DimensionInfo[],
  ) {
    this.evaluator = new Evaluator(system);
  }

  /** A unit system with one more layer (a session's or a call's own units). */
  extend(layer: UnitLayer): Units {
    return new Units(this.system.with(layer), this.dimensions);
  }

  dimensionName(d: Dim): string {
    for (const info of this.dimensions) if (equal(info.dim, d)) return info.name;
    return formula(d);
  }

  dimensionByName(name: string): DimensionInfo | undefined {
    const n = name.trim().toLowerCase().replaceAll(" ", "_");
    return this.dimensions.find((d) => d.name === n || d.aliases.includes(n));
  }

  /** Names of units: one candidate per unit, every spelling an alias. */
  get nameIndex(): NameIndex {
    this.nameIndexCache ??= new NameIndex(this.spellingsWithin(0, Number.POSITIVE_INFINITY));
    return this.nameIndexCache;
  }

  /**
   * The name index for inputs of `length` characters: only spellings within 2 characters of it can be fixes or
   * near hints (the edit budget is at most 2), and a smaller index keeps an error with suggestions well under 1 ms.
   * Each is a subset of one index normalised once, and lengths beyond the longest spelling share one (empty) index:
   * the first query of a new length costs a filter over the catalog, never a rebuild, and the cache stays small.
   */
  nameIndexFor(length: number): NameIndex {
    const base = this.indexBase();
    const key = Math.min(length, base.longest + 3);
    this.lengthIndexCache ??= new Map();
    let idx = this.lengthIndexCache.get(key);
    if (!idx) {
      idx = base.spellings.subset((s) => s.length >= key - 2 && s.length <= key + 2, true);
      this.lengthIndexCache.set(key, idx);
    }
    return idx;
  }

  /** Every spelling that may carry an edit (names, and symbols of 4+ characters), and every name, normalised once. */
  private indexBase(): { spellings: NameIndex; names: NameIndex; longest: number } {
    if (!this.baseCache) {
      const all = this.system.allUnits();
      const spellings = new NameIndex(
        all.map((u, i) => ({ target: indexKey(i), aliases: [...u.names, ...u.symbols.filter((s) => s.length >= 4)] })),
      );
      const names = new NameIndex(all.map((u, i) => ({ target: indexKey(i), aliases: [...u.names] })));
      let longest = 0;
      for (const u of all) for (const n of [...u.names, ...u.symbols]) longest = Math.max(longest, n.length);
      this.baseCache = { spellings, names, longest };
    }
    return this.baseCache;
  }

  /** Names, and symbols long enough to carry an edit (mmHg, psia): short symbols only ever match exactly. */
  private spellingsWithin(min: number, max: number): Array<{ target: string; aliases: string[] }> {
    const inRange = (s: string) => s.length >= min && s.length <= max;
    return this.system
      .allUnits()
      .map((u, i) => ({
        target: indexKey(i),
        aliases: distinctNormalized([...u.names, ...u.symbols.filter((s) => s.length >= 4)].filter(inRange)),
      }))
      .filter((c) => c.aliases.length > 0);
  }

  /**
   * Name index of the units that take prefixes of one class (multiple, submultiple, binary), restricted like
   * nameIndexFor to names within 2 characters of `length` when given: the prefix-aware pass queries it several times
   * per unknown unit. A subset of one index normalised once, like nameIndexFor.
   */
  prefixIndex(p: Prefix, length?: number): { names: NameIndex } {
    const cls = p.base === 2 ? "binary" : p.factor > 1 ? "multiple" : "submultiple";
    const base = this.indexBase();
    const len = length === undefined ? undefined : Math.min(length, base.longest + 3);
    const key = `${cls}:${len ?? "all"}`;
    this.prefixIndexCache ??= new Map();
    let idx = this.prefixIndexCache.get(key);
    if (!idx) {
      const all = this.system.allUnits();
      const inRange = (n: string) => len === undefined || Math.abs(n.length - len) <= 2;
      const names = base.names.subset((n, target) => inRange(n) && allows(unitAt(all, target).prefixes, p));
      idx = { names };
      this.prefixIndexCache.set(key, idx);
    }
    return idx;
  }

  /** A unit by id, or by the index key the name indexes use as targets. */
  unitById(id: string): UnitDef | undefined {
    if (id.startsWith(INDEX_KEY)) return this.system.allUnits()[Number(id.slice(INDEX_KEY.length))];
    for (let i = this.system.layers.length - 1; i >= 0; i--) {
      const u = this.system.layers[i].units.find((x) => x.id === id);
      if (u) return u;
    }
    return undefined;
  }

  /** Up to `limit` labels of units that really convert to `dim` (and share `kind` when given). */
  compatibleUnits(dim: Dim, kind: string | undefined, limit = 5): string[] {
    const out: string[] = [];
    const info = this.dimensions.find((d) => equal(d.dim, dim));
    const candidates = [...(info?.examples ?? [])];
    // Only units of that dimension are worth evaluating: testing every symbol of the catalog costs tens of ms for a
    // dimension with few units (mol/L), on the path of a refusal.
    for (const u of this.system.allUnits()) if (u.symbol && equal(u.dim, dim)) candidates.push(u.symbol);
    for (const label of candidates) {
      if (out.length >= limit) break;
      if (out.includes(label)) continue;
      const ev = this.evaluator.evaluate(label);
      if (!ev.ok || !equal(ev.q.dim, dim) || ev.q.log) continue;
      if (ev.q.terms.some((t) => !t.unit.convertible)) continue;
      if (kind !== undefined && ev.q.kind !== undefined && ev.q.kind !== kind) continue;
      out.push(label);
    }
    return out;
  }
}

/**
 * The matcher compares normalised spellings, so `foot-pound`, `foot_pound` and `Foot pound` of one unit are one
 * candidate: keeping the first of each halves the work of a suggestion.
 */
function distinctNormalized(spellings: readonly string[]): string[] {
  return uniqueBy(spellings, normalize);
}

/**
 * Index targets are opaque keys, not unit ids: the core matcher also matches the target text itself, and ids are
 * symbols (`St`, `nmi`) that must never take part in edit-distance fixes.
 */
const INDEX_KEY = "\u241F";
function indexKey(i: number): string {
  return `${INDEX_KEY}${i}`;
}

function unitAt(all: readonly UnitDef[], key: string): UnitDef {
  return all[Number(key.slice(INDEX_KEY.length))];
}

let builtin: Units | undefined;

/** The built-in system, compiled once per process (cold start is part of the benchmark). */
export function builtinUnits(): Units {
  builtin ??= compileUnits(true);
  return builtin;
}

/**
 * Compiles the catalog. With `usePrecompiled`, values generated from the same definitions
 * (`src/generated/units/precompiled.ts`) are taken instead of evaluating the expressions; a definition edited since
 * is evaluated as usual.
 */
export function compileUnits(usePrecompiled: boolean): Units {
  let compiler: Evaluator | undefined;
  const system = compileCatalog(
    {
      evaluate(def, sys) {
        // Definitions only refer to earlier entries, so one evaluator (and its cache) serves the whole compile.
        compiler ??= new Evaluator(sys);
        const ev = compiler.evaluate(def);
        if (!ev.ok) throw new Error(`catalog: cannot evaluate '${def}': ${JSON.stringify(ev.failure)}`);
        return { factor: ev.q.factor, dim: ev.q.dim };
      },
    },
    usePrecompiled ? PRECOMPILED_UNITS : [],
  );
  let ev: Evaluator | undefined;
  const dims: DimensionInfo[] = NAMED_DIMENSIONS.map((d, i) => {
    const pre = usePrecompiled ? PRECOMPILED_DIMENSIONS[i] : undefined;
    if (pre !== undefined && pre[0] === d.definition) {
      return { name: d.name, dim: pre[1], examples: [...d.examples], aliases: d.aliases ?? [] };
    }
    ev ??= new Evaluator(system);
    const r = ev.evaluate(d.definition);
    if (!r.ok) throw new Error(`dimension ${d.name}: cannot evaluate '${d.definition}'`);
    return { name: d.name, dim: r.q.dim, examples: [...d.examples], aliases: d.aliases ?? [] };
  });
  return new Units(system, dims);
}
