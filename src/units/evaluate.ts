/**
 * From text to a quantity: whole-field forms (`kilogram (kg)`, multi-word names), then the parser, then atom
 * resolution (curated ambiguity → curated alias → exact → prefix → implicit product → case-folded name), then the
 * product of the readings. Several readings are narrowed by the dimension of the other endpoint, never guessed.
 */
import { DIMENSIONLESS, type Dim, div, equal, mul, pow } from "./dimension.js";
import { isParseFailure, mapChars, type Node, type ParseFailure, parseUnit } from "./parse.js";
import { allows, PREFIX_BY_SYMBOL, type Prefix } from "./prefixes.js";
import { type AtomReading, type Term, termFactor, termLabel, type UnitDef, type UnitSystem } from "./registry.js";

export interface Quantity {
  /** SI value of one of this unit (offset excluded). */
  factor: number;
  dim: Dim;
  /** Units with exponents, merged by unit and prefix (mg and kg stay apart). */
  terms: Term[];
  /** Numeric literals inside the expression. */
  scalar: number;
  /** The expression is a lone absolute temperature: SI = v × factor + offset. */
  offset?: number;
  /** The expression is a lone logarithmic unit. */
  log?: UnitDef;
  kind?: string;
  warnings: string[];
  syntaxHints: string[];
  /** Spellings read by context (ambiguity resolved by the other endpoint's dimension). */
  resolved: Array<{ original: string; corrected: string; reason: string }>;
  /** The normalized label: `kg·m/s²` style with `^`. */
  label: string;
  /** A usual reading was taken without an other endpoint to test the alternatives against (`rad`, `IU`). */
  defaulted?: boolean;
}

export type UnitFailure =
  | { type: "parse"; failure: ParseFailure }
  | { type: "unknown"; atom: string; start: number; end: number; input: string }
  | { type: "non_scalable"; atom: string; start: number; end: number; input: string; unit: UnitDef; prefix: Prefix }
  | { type: "ambiguous"; atom: string; start: number; end: number; input: string; candidates: AtomReading[] };

export type Evaluation = { ok: true; q: Quantity } | { ok: false; failure: UnitFailure };

export interface EvaluateOptions {
  /** Dimension of the other endpoint: narrows ambiguous readings. */
  other?: Dim;
  /** Compatibility test against `other` (defaults to equality). */
  compatible?: (a: Dim, b: Dim) => boolean;
  strict?: boolean;
}

const NAME_SYMBOL = /^([\p{L}°][\p{L}\s_\-°']*?)\s*\(([^()]+)\)$/u;

interface AtomOutcome {
  readings: AtomReading[];
}

export class Evaluator {
  private readonly atomCache = new Map<string, AtomOutcome>();
  private readonly parseCache = new Map<string, ReturnType<typeof parseUnit>>();

  constructor(readonly system: UnitSystem) {}

  private readonly resultCache = new Map<string, Evaluation>();

  /** Resolved expressions are cached when nothing but the text decides the result (callers never mutate them). */
  evaluate(input: string, options: EvaluateOptions = {}): Evaluation {
    const plain = options.other === undefined && !options.strict;
    if (plain) {
      const hit = this.resultCache.get(input);
      if (hit) return hit;
    }
    const result = this.evaluateUncached(input, options);
    if (plain && this.resultCache.size < 5000) this.resultCache.set(input, result);
    return result;
  }

  private evaluateUncached(input: string, options: EvaluateOptions): Evaluation {
    const text = input.trim();
    // "kilogram (kg)": the seed's suggestion format, accepted back when name and symbol agree.
    const ns = NAME_SYMBOL.exec(mapChars(text));
    if (ns) {
      const byName = this.atom(ns[1].trim());
      const bySymbol = this.evaluate(ns[2], options);
      if (byName.readings.length === 1 && bySymbol.ok && sameUnit(byName.readings[0].terms, bySymbol.q.terms)) {
        return bySymbol;
      }
    }
    let parsed = this.parseCache.get(text);
    if (!parsed || options.strict) {
      parsed = parseUnit(text, { mergeWords: (w) => this.system.isMultiWordName(w), strict: options.strict });
      if (!options.strict && this.parseCache.size < 5000) this.parseCache.set(text, parsed);
    }
    if (isParseFailure(parsed)) return { ok: false, failure: { type: "parse", failure: parsed } };
    const ast = parsed.ast;

    // Resolve atoms.
    const atoms: Array<Extract<Node, { t: "atom" }>> = [];
    collectAtoms(ast, atoms);
    const choices: AtomReading[][] = [];
    for (const a of atoms) {
      const outcome = this.atom(a.text);
      if (outcome.readings.length === 0) return { ok: false, failure: this.unresolved(a, text) };
      choices.push(outcome.readings);
    }

    // Enumerate combinations of readings (bounded); narrow by the other endpoint.
    const combos = combinations(choices, 64);
    let chosen = combos[0];
    const resolved: Quantity["resolved"] = [];
    if (combos.length > 1) {
      const compatible = options.compatible ?? equal;
      const fitting =
        options.other === undefined
          ? []
          : combos.filter((c) => {
              const q = this.build(ast, atoms, c);
              return compatible(q.dim, options.other as Dim);
            });
      // Spellings with a usual reading keep it unless exactly one alternative fits the other endpoint.
      const onlyPreferred = choices.every((c) => c.length === 1 || c[0].via === "preferred");
      if (fitting.length !== 1 && onlyPreferred) fitting.splice(0, fitting.length, combos[0]);
      if (fitting.length !== 1) {
        const index = choices.findIndex((c) => c.length > 1);
        const a = atoms[index];
        return {
          ok: false,
          failure: {
            type: "ambiguous",
            atom: a.text,
            start: a.start,
            end: a.end,
            input: text,
            candidates: choices[index],
          },
        };
      }
      chosen = fitting[0];
      atoms.forEach((a, i) => {
        if (choices[i].length > 1 && chosen[i].via !== "preferred") {
          resolved.push({ original: a.text, corrected: chosen[i].label, reason: "ambiguity_resolved_by_dimension" });
        }
      });
    }
    const q = this.build(ast, atoms, chosen);
    q.syntaxHints = parsed.syntaxHints;
    q.resolved = resolved;
    if (combos.length > 1 && options.other === undefined) q.defaulted = true;
    return { ok: true, q };
  }

  private unresolved(a: Extract<Node, { t: "atom" }>, input: string): UnitFailure {
    const atom = mapChars(a.text);
    const loose = [...this.system.prefixedSymbol(atom, true), ...this.system.prefixedName(atom, true)];
    // A prefix symbol on a name of 4+ letters that takes no such prefix (`meach` = m + each) is a prefixed unit
    // too; shorter names (`care` = c + are) are more likely typos and get suggestions instead.
    for (const [psym, p] of PREFIX_BY_SYMBOL) {
      const rest = atom.slice(psym.length);
      if (!atom.startsWith(psym) || rest.length < 4) continue;
      for (const u of this.system.exact(rest)) if (!allows(u.prefixes, p)) loose.push([{ unit: u, prefix: p, exp: 1 }]);
    }
    if (loose.length > 0) {
      const t = loose[0][0];
      return {
        type: "non_scalable",
        atom: a.text,
        start: a.start,
        end: a.end,
        input,
        unit: t.unit,
        prefix: t.prefix as Prefix,
      };
    }
    return { type: "unknown", atom: a.text, start: a.start, end: a.end, input };
  }

  /** Every reading of one spelling, in resolution order; the first step with readings wins. */
  atom(raw: string): AtomOutcome {
    const cached = this.atomCache.get(raw);
    if (cached) return cached;
    const outcome = { readings: this.readings(raw) };
    if (this.atomCache.size < 5000) this.atomCache.set(raw, outcome);
    return outcome;
  }

  private readings(raw: string): AtomReading[] {
    const s = mapChars(raw).trim();
    if (s === "") return [];
    const sys = this.system;
    const amb = sys.ambiguous(s);
    if (amb) {
      const out: AtomReading[] = [];
      for (const expr of amb) {
        const r = this.expressionTerms(expr);
        if (r) out.push({ terms: r, via: "ambiguous", label: expr });
      }
      return out;
    }
    const preferred = sys.preferred(s);
    if (preferred) {
      const out: AtomReading[] = [];
      preferred.forEach((expr, i) => {
        const r = this.expressionTerms(expr);
        if (r) out.push({ terms: r, via: i === 0 ? "preferred" : "alternative", label: expr });
      });
      return out;
    }
    const curated = sys.curated(s);
    if (curated !== undefined) {
      const r = this.expressionTerms(curated);
      if (r) return [{ terms: r, via: "curated", label: curated }];
    }
    const exact = sys.exact(s);
    if (exact.length > 0) return exact.map((u) => reading([{ unit: u, exp: 1 }], "exact"));
    const prefixed = dedupe([...sys.prefixedSymbol(s), ...(s === s.toLowerCase() ? sys.prefixedName(s) : [])]);
    if (prefixed.length > 0) return prefixed.map((t) => reading(t, "prefix"));
    // A prefix the unit does not take (`mmin`) is reported as such, never re-read as a product (m·min).
    if (sys.prefixedSymbol(s, true).length > 0) return [];
    const products: Term[][] = [];
    for (let i = 1; i < s.length; i++) {
      const l = s.slice(0, i);
      const r = s.slice(i);
      // Only products a reader would write without an operator: `Pas`, `VAh`, `lbft`; never `to` (t·o).
      if (!(l.length >= 2 || /^[A-Z]$/u.test(l)) || !(r.length >= 2 || /^[A-Za-z]$/u.test(r))) continue;
      if (l.length === 1 && r.length === 1) continue;
      const left = sys.exact(l).filter((u) => u.symbols.includes(l));
      const right = sys.exact(r).filter((u) => u.symbols.includes(r));
      if (left.length === 1 && right.length === 1) {
        products.push([
          { unit: left[0], exp: 1 },
          { unit: right[0], exp: 1 },
        ]);
      }
    }
    if (products.length > 0) return dedupe(products).map((t) => reading(t, "product"));
    if ([...s].length >= 3) {
      const folded = sys.name(s);
      if (folded) return [reading([{ unit: folded, exp: 1 }], "folded")];
      const pf = dedupe(sys.prefixedName(s));
      if (pf.length > 0) return pf.map((t) => reading(t, "folded"));
    }
    return [];
  }

  /** Terms of a curated expression (must resolve to exactly one reading). */
  private expressionTerms(expr: string): Term[] | undefined {
    const ev = this.evaluate(expr);
    return ev.ok ? ev.q.terms : undefined;
  }

  private build(ast: Node, atoms: Array<Extract<Node, { t: "atom" }>>, chosen: AtomReading[]): Quantity {
    const index = new Map(atoms.map((a, i) => [a, i] as const));
    const walk = (n: Node): { factor: number; dim: Dim; terms: Term[]; scalar: number } => {
      switch (n.t) {
        case "atom": {
          const r = chosen[index.get(n) as number];
          let factor = 1;
          let dim: Dim = DIMENSIONLESS;
          for (const t of r.terms) {
            factor *= termFactor(t);
            dim = mul(dim, pow(t.unit.dim, t.exp));
          }
          return { factor, dim, terms: r.terms.map((t) => ({ ...t })), scalar: 1 };
        }
        case "num":
          return { factor: n.value, dim: DIMENSIONLESS, terms: [], scalar: n.value };
        case "mul": {
          const a = walk(n.a);
          const b = walk(n.b);
          return {
            factor: a.factor * b.factor,
            dim: mul(a.dim, b.dim),
            terms: mergeTerms(a.terms, b.terms, 1),
            scalar: a.scalar * b.scalar,
          };
        }
        case "div": {
          const a = walk(n.a);
          const b = walk(n.b);
          return {
            factor: a.factor / b.factor,
            dim: div(a.dim, b.dim),
            terms: mergeTerms(a.terms, b.terms, -1),
            scalar: a.scalar / b.scalar,
          };
        }
        case "pow": {
          const a = walk(n.base);
          return {
            factor: a.factor ** n.exp,
            dim: pow(a.dim, n.exp),
            terms: a.terms.map((t) => ({ ...t, exp: t.exp * n.exp })),
            scalar: a.scalar ** n.exp,
          };
        }
      }
    };
    const v = walk(ast);
    const warnings: string[] = [];
    for (const t of v.terms) if (t.unit.warning && !warnings.includes(t.unit.warning)) warnings.push(t.unit.warning);
    const q: Quantity = {
      factor: v.factor,
      dim: v.dim,
      terms: v.terms,
      scalar: v.scalar,
      warnings,
      syntaxHints: [],
      resolved: [],
      label: labelOf(v.terms, v.scalar),
    };
    const lone = ast.t === "atom" && v.terms.length === 1 && v.terms[0].exp === 1 ? v.terms[0] : undefined;
    if (lone) {
      if (lone.unit.offset !== undefined) q.offset = lone.unit.offset;
      if (lone.unit.log) q.log = lone.unit;
      q.kind = lone.unit.kind;
    } else q.kind = compositeKind(v.terms, v.scalar);
    return q;
  }
}

/**
 * Kinds of a few composites. N·m, lbf·ft (force first) are torques (SI Brochure 2.3.4: a moment of force is not
 * written J); ft·lbf, ft·pdl (length first) are work, as NIST SP 811 lists them. J/m³ is an energy density, not a
 * pressure.
 */
function compositeKind(terms: readonly Term[], scalar: number): string | undefined {
  if (scalar !== 1 || terms.length !== 2) return undefined;
  const [a, b] = terms;
  if (a.exp === 1 && b.exp === 1 && equal(a.unit.dim, FORCE) && equal(b.unit.dim, LENGTH)) return "torque";
  if (a.exp === 1 && b.exp === -1 && a.unit.kind === "energy" && equal(b.unit.dim, VOLUME)) return "energy_density";
  if (a.exp === 1 && b.exp === -3 && a.unit.kind === "energy" && equal(b.unit.dim, LENGTH)) return "energy_density";
  return undefined;
}

const VOLUME: Dim = [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

const LENGTH: Dim = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const FORCE: Dim = [1, 1, -2, 0, 0, 0, 0, 0, 0, 0, 0, 0];

function reading(terms: Term[], via: AtomReading["via"]): AtomReading {
  return { terms, via, label: terms.map((t) => termLabel(t)).join("·") };
}

function termKey(t: Pick<Term, "unit" | "prefix">): string {
  return `${t.unit.id}|${t.prefix?.symbol ?? ""}`;
}

function dedupe(list: Term[][]): Term[][] {
  const seen = new Set<string>();
  return list.filter((ts) => {
    const k = ts.map(termKey).join("*");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function mergeTerms(a: readonly Term[], b: readonly Term[], sign: 1 | -1): Term[] {
  const out = a.map((t) => ({ ...t }));
  for (const t of b) {
    const existing = out.find((o) => termKey(o) === termKey(t));
    if (existing) existing.exp = Math.round((existing.exp + sign * t.exp) * 1e9) / 1e9;
    else out.push({ ...t, exp: sign * t.exp });
  }
  return out.filter((t) => t.exp !== 0);
}

function sameUnit(a: readonly Term[], b: readonly Term[]): boolean {
  return a.length === b.length && a.every((t, i) => termKey(t) === termKey(b[i]) && t.exp === b[i].exp);
}

function collectAtoms(n: Node, out: Array<Extract<Node, { t: "atom" }>>): void {
  if (n.t === "atom") out.push(n);
  else if (n.t === "mul" || n.t === "div") {
    collectAtoms(n.a, out);
    collectAtoms(n.b, out);
  } else if (n.t === "pow") collectAtoms(n.base, out);
}

function combinations(choices: AtomReading[][], limit: number): AtomReading[][] {
  let out: AtomReading[][] = [[]];
  for (const c of choices) {
    const next: AtomReading[][] = [];
    for (const prefix of out) for (const r of c) if (next.length < limit) next.push([...prefix, r]);
    out = next;
  }
  return out;
}

/** `mg/(kg·day)`: numerator terms, then denominator terms, exponents as `^n`. */
export function labelOf(terms: readonly Term[], scalar = 1): string {
  const fmt = (t: Term, e: number) => `${termLabel(t)}${e === 1 ? "" : `^${e}`}`;
  const num = terms.filter((t) => t.exp > 0).map((t) => fmt(t, t.exp));
  const den = terms.filter((t) => t.exp < 0).map((t) => fmt(t, -t.exp));
  let head = num.join("·");
  if (scalar !== 1) head = head ? `${scalar} ${head}` : String(scalar);
  if (head === "") head = "1";
  if (den.length === 0) return head;
  return `${head}/${den.length === 1 ? den[0] : `(${den.join("·")})`}`;
}
