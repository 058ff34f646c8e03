/**
 * Session units: a copy-on-write layer over the immutable built-in registry, one per MCP session (never per
 * request, never shared: ucon#209). Bounded to 200 units and 500 conversions.
 */
import { suggest } from "../core/suggest.js";
import type { Dim } from "./dimension.js";
import type { Quantity } from "./evaluate.js";
import { isParseFailure, MAX_UNIT_CHARS, parseUnit } from "./parse.js";
import { defaultPlural, type UnitDef, UnitLayer } from "./registry.js";
import { resolveUnit, unitError } from "./suggestions.js";
import type { Units } from "./system.js";
import { checkLength } from "./unit-error.js";

const MAX_SESSION_UNITS = 200;
const MAX_SESSION_CONVERSIONS = 500;

export interface DefineUnitInput {
  name: string;
  dimension: string;
  symbol?: string;
  aliases?: readonly string[];
  kind?: string;
  scalable?: boolean;
}

export interface DefineConversionInput {
  src: string;
  dst: string;
  factor: number;
  offset?: number;
}

interface Edge {
  src: UnitDef;
  dst: UnitDef;
  factor: number;
  offset: number;
}

/** The units one session defined, and the unit system that includes them. */
export class SessionUnits {
  private layer = new UnitLayer();
  private pending: Edge[] = [];
  private conversions = 0;
  private cached?: Units;

  constructor(private readonly base: Units) {}

  get units(): Units {
    if (this.layer.units.length === 0) return this.base;
    this.cached ??= this.base.extend(this.layer);
    return this.cached;
  }

  get count(): number {
    return this.layer.units.length;
  }

  /** An independent copy (inline custom_units of one call build on it without touching the session). */
  clone(): SessionUnits {
    const copy = new SessionUnits(this.base);
    const map = new Map<UnitDef, UnitDef>();
    for (const u of this.layer.units) {
      const c = { ...u };
      map.set(u, c);
      copy.layer.add(c);
    }
    copy.pending = this.pending.map((e) => ({ ...e, src: map.get(e.src) ?? e.src, dst: map.get(e.dst) ?? e.dst }));
    copy.conversions = this.conversions;
    return copy;
  }

  reset(): number {
    const n = this.layer.units.length;
    this.layer = new UnitLayer();
    this.pending = [];
    this.conversions = 0;
    this.cached = undefined;
    return n;
  }

  defineUnit(input: DefineUnitInput, where = ""): { defined: string; hint: string } {
    const p = (k: string) => (where ? `${where}.${k}` : k);
    if (this.layer.units.length >= MAX_SESSION_UNITS) {
      throw unitError(
        "invalid_input",
        `A session holds at most ${MAX_SESSION_UNITS} units`,
        { parameter: p("name") },
        {
          hints: ["Use reset_session() to start over"],
        },
      );
    }
    const name = input.name.trim();
    if (!/^[\p{L}_][\p{L}\p{N}_ -]*$/u.test(name)) {
      throw unitError(
        "invalid_input",
        `Unit name '${input.name}' must start with a letter and contain no operators`,
        { parameter: p("name") },
        {
          got: input.name,
        },
      );
    }
    if ((input.aliases?.length ?? 0) > MAX_ALIASES) {
      throw unitError(
        "invalid_input",
        `A unit takes at most ${MAX_ALIASES} aliases`,
        { parameter: p("aliases") },
        {
          got: input.aliases?.length,
        },
      );
    }
    const dim = this.dimensionOf(input.dimension, p("dimension"));
    const spellings: Array<[string, string]> = [[name, p("name")]];
    if (input.symbol) spellings.push([input.symbol.trim(), p("symbol")]);
    for (const [i, a] of (input.aliases ?? []).entries()) spellings.push([a.trim(), `${p("aliases")}[${i}]`]);
    for (const [s, param] of spellings) {
      if (s === "") throw unitError("invalid_input", "Unit spellings must not be empty", { parameter: param });
      const unreadable = unreadableSpelling(s);
      if (unreadable) {
        throw unitError(
          "invalid_input",
          `'${s}' cannot be read back as one unit: ${unreadable}`,
          { parameter: param },
          {
            got: s,
            hints: [
              "A unit spelling is letters (and _ - ' or digits followed by letters): a trailing number reads as an exponent (foo1 = foo¹), operators and parentheses as arithmetic",
            ],
          },
        );
      }
      const taken = this.units.evaluator.atom(s).readings;
      if (taken.length > 0) {
        const owner = taken[0].terms.map((t) => t.unit.name).join("·");
        throw unitError(
          "duplicate_definition",
          `'${s}' already means ${owner}`,
          { parameter: param },
          {
            got: s,
            hints: [`Pick another spelling; '${s}' is taken by ${owner}`, "Use list_units(query=…) to see what exists"],
          },
        );
      }
    }
    const plural = defaultPlural(name);
    const unit: UnitDef = {
      id: input.symbol?.trim() || name,
      name,
      symbol: input.symbol?.trim() || undefined,
      symbols: [...(input.symbol ? [input.symbol.trim()] : []), ...(input.aliases ?? []).map((a) => a.trim())],
      names: [name, plural],
      factor: Number.NaN,
      dim,
      kind: input.kind,
      prefixes: input.scalable ? "all" : "none",
      source: "session",
      convertible: false,
      aliases: (input.aliases ?? []).map((a) => a.trim()),
    };
    this.layer.add(unit);
    this.cached = undefined;
    return {
      defined: name,
      hint: `Now call define_conversion(src="${unit.id}", dst=<a ${this.base.dimensionName(dim)} unit>, factor=<dst per ${unit.id}>)`,
    };
  }

  defineConversion(input: DefineConversionInput, where = ""): { defined: string; hint: string } {
    const p = (k: string) => (where ? `${where}.${k}` : k);
    if (this.conversions >= MAX_SESSION_CONVERSIONS) {
      throw unitError("invalid_input", `A session holds at most ${MAX_SESSION_CONVERSIONS} conversions`, {
        parameter: p("src"),
      });
    }
    if (!Number.isFinite(input.factor) || input.factor === 0) {
      throw unitError(
        "invalid_input",
        "factor must be a finite non-zero number",
        { parameter: p("factor") },
        { got: input.factor },
      );
    }
    const offset = input.offset ?? 0;
    const units = this.units;
    const src = resolveUnit(units, input.src, { parameter: p("src") });
    const dst = resolveUnit(units, input.dst, { parameter: p("dst"), other: src.dim });
    const lone = (q: Quantity) =>
      q.terms.length === 1 && q.terms[0].exp === 1 && !q.terms[0].prefix && q.scalar === 1
        ? q.terms[0].unit
        : undefined;
    const srcUnit = lone(src);
    const dstUnit = lone(dst);
    if (srcUnit?.source !== "session" && dstUnit?.source !== "session") {
      throw unitError(
        "invalid_input",
        "define_conversion needs a unit defined in this session on one side",
        { parameter: p("src") },
        {
          hints: ["Define it first with define_unit(name, dimension)"],
        },
      );
    }
    if (!sameDim(src.dim, dst.dim)) {
      throw unitError(
        "dimension_mismatch",
        `'${input.src}' is ${units.dimensionName(src.dim)} but '${input.dst}' is ${units.dimensionName(dst.dim)}`,
        { parameter: p("dst") },
        { got: units.dimensionName(dst.dim), expected: units.dimensionName(src.dim) },
      );
    }
    const edge: Edge | undefined =
      srcUnit && dstUnit ? { src: srcUnit, dst: dstUnit, factor: input.factor, offset } : undefined;
    if (srcUnit?.source === "session" && !srcUnit.convertible && dst.terms.every((t) => t.unit.convertible)) {
      setFromDst(srcUnit, input.factor, offset, dst.factor, dst.offset ?? 0);
    } else if (dstUnit?.source === "session" && !dstUnit.convertible && src.terms.every((t) => t.unit.convertible)) {
      // dst = src·f + o  ⇒  src = (dst − o)/f
      setFromDst(dstUnit, 1 / input.factor, -offset / input.factor, src.factor, src.offset ?? 0);
    } else if (edge && !srcUnit?.convertible && !dstUnit?.convertible) {
      this.pending.push(edge);
    } else {
      throw unitError(
        "duplicate_definition",
        `'${input.src}' and '${input.dst}' already convert`,
        { parameter: p("src") },
        {
          hints: ["Use reset_session() to redefine session units"],
        },
      );
    }
    this.conversions++;
    this.propagate();
    this.cached = undefined;
    return {
      defined: `1 ${input.src} = ${input.factor} ${input.dst}${offset ? ` + ${offset}` : ""}`,
      hint: `Try convert(1, "${input.src}", "${input.dst}")`,
    };
  }

  private propagate(): void {
    let changed = true;
    while (changed) {
      changed = false;
      for (const e of this.pending) {
        if (!e.src.convertible && e.dst.convertible) {
          setFromDst(e.src, e.factor, e.offset, e.dst.factor, e.dst.offset ?? 0);
          changed = true;
        } else if (e.src.convertible && !e.dst.convertible) {
          setFromDst(e.dst, 1 / e.factor, -e.offset / e.factor, e.src.factor, e.src.offset ?? 0);
          changed = true;
        }
      }
      this.pending = this.pending.filter((e) => !(e.src.convertible && e.dst.convertible));
    }
  }

  private dimensionOf(text: string, parameter: string): Dim {
    checkLength(text, parameter);
    const named = this.base.dimensionByName(text);
    if (named) return named.dim;
    const asUnit = this.units.evaluator.evaluate(text);
    if (asUnit.ok && asUnit.q.terms.every((t) => t.unit.convertible)) return asUnit.q.dim;
    throw unknownDimension(this.base, text, parameter);
  }
}

/** unit value v ↔ SI: v_dst = v·f + o; SI = v_dst·F + O. */
function setFromDst(u: UnitDef, f: number, o: number, dstFactor: number, dstOffset: number): void {
  u.factor = f * dstFactor;
  const offset = o * dstFactor + dstOffset;
  if (offset !== 0) u.offset = offset;
  u.convertible = true;
}

/** Longest alias list of one session unit. */
const MAX_ALIASES = 20;
/** Longest spelling of a session unit (a unit expression is at most MAX_UNIT_CHARS). */
const MAX_SPELLING = Math.min(64, MAX_UNIT_CHARS);

/**
 * Why the parser would not read `s` back as the single atom `s` (`foo1` is foo¹, `a/b` a quotient, `m²` a power), or
 * undefined when it would: a name the tools cannot read back would be defined but unusable.
 */
function unreadableSpelling(s: string): string | undefined {
  if ([...s].length > MAX_SPELLING) return `longer than ${MAX_SPELLING} characters`;
  const parsed = parseUnit(s, { mergeWords: () => true });
  if (isParseFailure(parsed)) return parsed.message;
  const ast = parsed.ast;
  if (ast.t !== "atom") return ast.t === "pow" ? "it reads as a power" : "it reads as an expression, not a name";
  return ast.text === s ? undefined : `it reads as '${ast.text}'`;
}

function sameDim(a: Dim, b: Dim): boolean {
  return a.every((x, i) => x === b[i]);
}

export function unknownDimension(units: Units, text: string, parameter: string) {
  const names = units.dimensions.map((d) => ({ target: d.name, aliases: [...d.aliases] }));
  const s = suggest(text, names, { allowAuto: false });
  const fix = s.tier === "auto" || s.tier === "likely_fix" ? s.likely_fix : undefined;
  return unitError(
    "unknown_dimension",
    `Unknown dimension '${text}'`,
    { parameter },
    {
      got: text,
      likely_fix: fix,
      hints: [
        ...(fix ? [] : s.hints.map((h) => `Did you mean '${h}'?`)),
        "Use list_dimensions() to see every dimension",
      ],
    },
  );
}
