/**
 * From text to a quantity: whole-field forms (`kilogram (kg)`, multi-word names), then the parser, then atom
 * resolution (curated ambiguity → curated alias → exact → prefix → implicit product → case-folded name), then the
 * product of the readings. Several readings are narrowed by the dimension of the other endpoint, never guessed.
 */
import { DIMENSIONLESS, type Dim, div, equal, mul, pow } from "./dimension.js";
import {
  collectAtoms,
  isParseFailure,
  MAX_EXPONENT,
  mapChars,
  type Node,
  type ParseFailure,
  parseUnit,
} from "./parse.js";
import type { Prefix } from "./prefixes.js";
import { type AtomOutcome, AtomReader, prefixOnName, termsKey } from "./readings.js";
import { type AtomReading, type Term, termFactor, termLabel, type UnitDef, type UnitSystem } from "./registry.js";
import { tooLong } from "./tokenize.js";
import { definitionInParentheses, qualifierAfterComposite, splitTrailing } from "./trailing.js";

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
  /** Spellings read by context (ambiguity resolved by the other endpoint's dimension, another case, a typo fix). */
  resolved: Array<{ original: string; corrected: string; reason: string; confidence?: number }>;
  /** The normalized label: `kg·m/s²` style with `^`. */
  label: string;
  /** A usual reading was taken without an other endpoint to test the alternatives against (`rad`, `IU`). */
  defaulted?: boolean;
  /** Some atom was read by a guess about the spelling (implicit product `Nmi`, another case, the other endpoint). */
  guessed?: boolean;
}

export type UnitFailure =
  | { type: "parse"; failure: ParseFailure }
  | { type: "unknown"; atom: string; start: number; end: number; input: string }
  | { type: "non_scalable"; atom: string; start: number; end: number; input: string; unit: UnitDef; prefix: Prefix }
  | { type: "ambiguous"; atom: string; start: number; end: number; input: string; candidates: AtomReading[] }
  /** The expression reads, but its scale is not a finite non-zero number (`m/0`, `1e999 m`). */
  | { type: "unbounded"; input: string; message: string };

export type Evaluation = { ok: true; q: Quantity } | { ok: false; failure: UnitFailure };

export interface EvaluateOptions {
  /** Dimension of the other endpoint: narrows ambiguous readings. */
  other?: Dim;
  /** Compatibility test against `other` (defaults to equality). */
  compatible?: (a: Dim, b: Dim) => boolean;
  strict?: boolean;
}

export class Evaluator {
  private readonly parseCache = new Map<string, ReturnType<typeof parseUnit>>();
  private readonly resultCache = new Map<string, Evaluation>();
  private readonly reader: AtomReader;

  constructor(readonly system: UnitSystem) {
    this.reader = new AtomReader(system, (expr) => {
      const ev = this.evaluate(expr);
      return ev.ok ? ev.q.terms : undefined;
    });
  }

  /** Resolved expressions are cached when nothing but the text decides the result (callers never mutate them). */
  evaluate(input: string, options: EvaluateOptions = {}): Evaluation {
    // Bounded before anything else, the cache included: a long field costs nothing and is never stored.
    if (tooLong(input)) {
      return { ok: false, failure: { type: "parse", failure: parseUnit(input) as ParseFailure } };
    }
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
    const whole = this.wholeField(text, options);
    if (whole) return whole;
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
        options.other === undefined ? [] : combos.filter((c) => compatible(dimOf(ast, atoms, c), options.other as Dim));
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
    }
    atoms.forEach((a, i) => {
      const r = chosen[i];
      // A reading by context or by case is always reported: the spelling alone did not say it.
      if ((choices[i].length > 1 && r.via !== "preferred") || r.via === "case") {
        resolved.push({
          original: a.text,
          corrected: r.label,
          reason: r.via === "case" ? "case_variant" : "ambiguity_resolved_by_dimension",
        });
      }
    });
    const q = this.build(ast, atoms, chosen);
    const bound = boundsFailure(q, text);
    if (bound) return { ok: false, failure: bound };
    q.syntaxHints = parsed.syntaxHints;
    q.resolved = resolved;
    if (resolved.length > 0 || chosen.some((r) => r.via === "product" || r.via === "case")) q.guessed = true;
    if (combos.length > 1 && options.other === undefined) q.defaulted = true;
    return { ok: true, q };
  }

  /**
   * Whole-field spellings the parser would split: the suggestion format `kilogram (kg)` when name and symbol
   * agree; a qualifier in parentheses as the standards print it (`gal (UK)`, `Btu (mean)`, `inHg (32 °F)`); an
   * abbreviation with periods (`fl. oz.`, `l.y.`, `in.`), when the spelling without them names one unit exactly.
   */
  private wholeField(text: string, options: EvaluateOptions): Evaluation | undefined {
    const mapped = mapChars(text);
    const paren = splitParenthesized(mapped);
    if (paren) {
      const byName = this.atom(paren.outside);
      if (byName.readings.length === 1) {
        const bySymbol = this.evaluate(paren.inside, options);
        // `kilogram (kg)`; a number inside is a definition, not a symbol (`m (2 m)`).
        if (bySymbol.ok && bySymbol.q.scalar === 1 && sameUnit(byName.readings[0].terms, bySymbol.q.terms))
          return bySymbol;
      }
      const inside = paren.inside.replace(/['’]/gu, "");
      const compact = inside.replace(/[°\s]/gu, "");
      for (const candidate of [
        `${inside} ${paren.outside}`,
        `${paren.outside} ${inside}`,
        `${paren.outside}_${compact}`,
      ]) {
        const q = this.single(text, candidate);
        if (q) return q;
      }
    }
    // A parenthesis after a whole expression: a qualifier of one factor (`oz/gal (UK)`), or the definition of the
    // reading meant (`year (365 days)`).
    const reader = {
      evaluate: (t: string) => this.evaluate(t, options),
      evaluatePlain: (t: string) => this.evaluate(t),
      readings: (t: string) => this.atom(t).readings,
      units: () => this.system.allUnits(),
    };
    const trailing = qualifierAfterComposite(mapped, reader) ?? definitionInParentheses(mapped, reader);
    if (trailing) return trailing;
    if (mapped.includes(".") && !/\d\./u.test(mapped)) {
      const plain = mapped.replaceAll(".", "").replace(/\s+/gu, " ").trim();
      if (plain !== "") return this.single(text, plain);
    }
    return undefined;
  }

  /** The whole field as one exact spelling (`gal (UK)` → imperial gallon), when it names exactly one unit. */
  private single(text: string, spelling: string): Evaluation | undefined {
    const exact = this.reader.exactReadings(spelling);
    if (exact.length !== 1) return undefined;
    const node: Extract<Node, { t: "atom" }> = { t: "atom", text, start: 0, end: [...text].length };
    return { ok: true, q: this.build(node, [node], exact) };
  }

  private unresolved(a: Extract<Node, { t: "atom" }>, input: string): UnitFailure {
    const atom = mapChars(a.text);
    // A prefix symbol on a name of 4+ letters that takes no such prefix (`meach` = m + each) is a prefixed unit
    // too; shorter names (`care` = c + are) are more likely typos and get suggestions instead.
    const loose = [...this.system.prefixedSymbol(atom, true), ...this.system.prefixedName(atom, true)];
    const t = loose[0]?.[0] ?? prefixOnName(this.system, atom);
    if (t) {
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
    return this.reader.atom(raw);
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
    for (const r of chosen) for (const w of r.notes ?? []) if (!warnings.includes(w)) warnings.push(w);
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

function termKey(t: Pick<Term, "unit" | "prefix">): string {
  return `${t.unit.id}|${t.prefix?.symbol ?? ""}`;
}

/**
 * Exponents beyond ±MAX_EXPONENT (`(m^64)^64`) and scales that are not finite and non-zero (`m/0`, `1e999 m`) are
 * refused here, before any conversion multiplies them.
 */
function boundsFailure(q: Quantity, input: string): UnitFailure | undefined {
  const exp = q.dim.find((x) => !Number.isFinite(x) || Math.abs(x) > MAX_EXPONENT);
  if (exp !== undefined) {
    return {
      type: "parse",
      failure: {
        message: `Exponent ${exp} is out of range (at most ±${MAX_EXPONENT})`,
        position: 0,
        hints: [`Exponents are at most ±${MAX_EXPONENT}`],
      },
    };
  }
  // A session unit without a conversion yet has no factor: no_conversion_path says so later.
  const pending = q.terms.some((t) => !t.unit.convertible);
  if ((!pending && (!Number.isFinite(q.factor) || q.factor === 0)) || !Number.isFinite(q.scalar) || q.scalar === 0) {
    return {
      type: "unbounded",
      input,
      message: `'${input}' has no finite non-zero scale (a division by zero, or a number out of range)`,
    };
  }
  return undefined;
}

export function mergeTerms(a: readonly Term[], b: readonly Term[], sign: 1 | -1): Term[] {
  const out = a.map((t) => ({ ...t }));
  const byKey = new Map(out.map((t) => [termKey(t), t] as const));
  for (const t of b) {
    const existing = byKey.get(termKey(t));
    if (existing) existing.exp = Math.round((existing.exp + sign * t.exp) * 1e9) / 1e9;
    else {
      const added = { ...t, exp: sign * t.exp };
      out.push(added);
      byKey.set(termKey(t), added);
    }
  }
  return out.filter((t) => t.exp !== 0);
}

/** The dimension of one combination of readings, without building terms: what narrowing by the other unit needs. */
function dimOf(ast: Node, atoms: ReadonlyArray<Extract<Node, { t: "atom" }>>, chosen: readonly AtomReading[]): Dim {
  const index = new Map(atoms.map((a, i) => [a, i] as const));
  const walk = (n: Node): Dim => {
    switch (n.t) {
      case "atom": {
        let dim: Dim = DIMENSIONLESS;
        for (const t of chosen[index.get(n) as number].terms) dim = mul(dim, pow(t.unit.dim, t.exp));
        return dim;
      }
      case "num":
        return DIMENSIONLESS;
      case "mul":
        return mul(walk(n.a), walk(n.b));
      case "div":
        return div(walk(n.a), walk(n.b));
      case "pow":
        return pow(walk(n.base), n.exp);
    }
  };
  return walk(ast);
}

function sameUnit(a: readonly Term[], b: readonly Term[]): boolean {
  return termsKey(a) === termsKey(b);
}

/** `kilogram (kg)`, `gal (UK)`: the text outside and inside one final pair of parentheses, found in linear time. */
function splitParenthesized(text: string): { outside: string; inside: string } | undefined {
  const split = splitTrailing(text);
  if (!split || /[()]/u.test(split.head)) return undefined;
  return /^[\p{L}°][\p{L}\p{N}\s_\-°']*$/u.test(split.head) ? { outside: split.head, inside: split.inside } : undefined;
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
