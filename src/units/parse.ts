/**
 * Tokenizer and parser of unit expressions. Tokens keep code-point positions so that errors can point at the fault.
 * Operators `* · ⋅ × /`, a space is a product, `^`/`**` with signed or parenthesised rational exponents, superscripts
 * `⁰–⁹ ⁻`, digits attached to a unit (`cm3`), parentheses, numbers as scalar factors. Left-associative like ucon:
 * `m/s*kg` = m·kg/s (reported in a hint), `mg/kg/day` = mg/(kg·day).
 */

import { MAX_NESTING, MAX_UNIT_CHARS, mapChars, mappedCodePoints, type Tok, tokenize, tooLong } from "./tokenize.js";

export { MAX_NESTING, MAX_UNIT_CHARS, mapChars };

/** Most units and numbers in one expression: every later step (readings, combinations, labels) is bounded by it. */
const MAX_OPERANDS = 32;

/** Largest exponent written in an expression (`m^64`); larger ones are refused before any arithmetic. */
export const MAX_EXPONENT = 64;

export type Node =
  | { t: "atom"; text: string; start: number; end: number; paren?: boolean }
  | { t: "num"; value: number; start: number; end: number; paren?: boolean }
  | { t: "mul"; a: Node; b: Node; implicit: boolean; at: number; paren?: boolean }
  | { t: "div"; a: Node; b: Node; at: number; paren?: boolean }
  | { t: "pow"; base: Node; exp: number; at: number; paren?: boolean };

export interface ParseFailure {
  message: string;
  /** Code-point index of the fault. */
  position: number;
  /** The whole expression corrected, when the correction is mechanical. */
  fix?: string;
  hints: string[];
}

export interface Parsed {
  ast: Node;
  /** Syntax that parses but reads differently from what many people mean (`a/b*c`). */
  syntaxHints: string[];
}

class Fail extends Error {
  constructor(readonly failure: ParseFailure) {
    super(failure.message);
  }
}

const SYNTAX_HELP = "Valid syntax: m/s, kg*m/s^2, W/(m^2*K), m²·s⁻¹";

/**
 * Parses an expression. `mergeWords` joins space-separated atoms that together form a known multi-word name
 * (`fluid ounce`), so that the space is not read as a product.
 */
export function parseUnit(
  input: string,
  options: { mergeWords?: (words: string) => boolean; strict?: boolean } = {},
): Parsed | ParseFailure {
  if (tooLong(input)) {
    return {
      message: `Unit expression is longer than ${MAX_UNIT_CHARS} characters`,
      position: MAX_UNIT_CHARS,
      hints: [`Unit expressions are at most ${MAX_UNIT_CHARS} characters: write the unit alone, e.g. kg/m^3`],
    };
  }
  const chars = mappedCodePoints(input);
  const tokens = tokenize(chars);
  if (!Array.isArray(tokens)) return { ...tokens, hints: [...tokens.hints, SYNTAX_HELP] };
  const toks = options.mergeWords ? mergeWords(tokens, chars, options.mergeWords) : tokens;
  let operands = 0;
  for (const t of toks) {
    if ((t.k === "atom" || t.k === "num") && ++operands > MAX_OPERANDS) {
      return {
        message: `More than ${MAX_OPERANDS} units and numbers in one expression (position ${t.start})`,
        position: t.start,
        hints: [`A unit expression holds at most ${MAX_OPERANDS} units and numbers`, SYNTAX_HELP],
      };
    }
  }
  const source = chars.join("");
  try {
    const parser = new Parser(toks, chars, source, options.strict === true);
    const ast = parser.parseAll();
    return { ast, syntaxHints: parser.syntaxHints };
  } catch (e) {
    if (e instanceof Fail) return e.failure;
    throw e;
  }
}

export function isParseFailure(p: Parsed | ParseFailure): p is ParseFailure {
  return (p as ParseFailure).position !== undefined;
}

function mergeWords(toks: Tok[], chars: readonly string[], isName: (w: string) => boolean): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.k !== "atom") {
      out.push(t);
      continue;
    }
    let merged: Tok = t;
    let j = i;
    // Try the longest run of up to 4 words first.
    for (let words = 4; words >= 2; words--) {
      const end = i + 2 * (words - 1);
      if (end >= toks.length) continue;
      let ok = true;
      const parts: string[] = [];
      for (let w = 0; w < words; w++) {
        const tk = toks[i + 2 * w];
        if (tk.k !== "atom") ok = false;
        else parts.push(tk.text);
        if (w < words - 1 && toks[i + 2 * w + 1]?.k !== "ws") ok = false;
      }
      if (ok && isName(parts.join(" "))) {
        const last = toks[end];
        merged = {
          k: "atom",
          text: chars.slice(t.start, last.end).join("").replace(/\s+/gu, " "),
          start: t.start,
          end: last.end,
        };
        j = end;
        break;
      }
    }
    out.push(merged);
    i = j;
  }
  return out;
}

class Parser {
  private i = 0;
  readonly syntaxHints: string[] = [];
  private readonly toks: Tok[];

  constructor(
    toks: Tok[],
    private readonly chars: readonly string[],
    private readonly source: string,
    private readonly strict: boolean,
  ) {
    // Whitespace matters only between two operands (an implicit product); drop the rest.
    const kept: Tok[] = [];
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k];
      if (t.k !== "ws") {
        kept.push(t);
        continue;
      }
      const prev = kept[kept.length - 1];
      const next = toks[k + 1];
      const prevOperand = prev && (prev.k === "atom" || prev.k === "num" || prev.k === "rp" || prev.k === "exp");
      const nextOperand = next && (next.k === "atom" || next.k === "num" || next.k === "lp");
      if (prevOperand && nextOperand) kept.push(t);
    }
    this.toks = kept;
  }

  private fail(message: string, position: number, fix?: string, hints: string[] = []): never {
    throw new Fail({ message, position, fix, hints: [...hints, SYNTAX_HELP] });
  }

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }

  parseAll(): Node {
    if (this.toks.length === 0) this.fail("Empty unit expression", 0);
    const bad = this.toks.find((t) => t.k === "bad");
    if (bad && bad.k === "bad") {
      const fix = this.chars.slice(0, bad.start).join("") + this.chars.slice(bad.end).join("");
      this.fail(`Unexpected character '${bad.text}' at position ${bad.start}`, bad.start, fix.trim() || undefined, [
        "Remove the character or write it as an operator (* / ^)",
      ]);
    }
    const node = this.product(0);
    const t = this.peek();
    if (t) {
      if (t.k === "rp") {
        const fix = this.chars.slice(0, t.start).join("") + this.chars.slice(t.end).join("");
        this.fail(`Unbalanced parentheses: ')' at position ${t.start} has no matching '('`, t.start, fix, [
          "Parse error: unbalanced parentheses",
        ]);
      }
      this.fail(`Unexpected '${this.text(t)}' at position ${t.start}`, t.start);
    }
    return node;
  }

  private text(t: Tok): string {
    return this.chars.slice(t.start, t.end).join("");
  }

  private product(depth: number): Node {
    const first = this.peek();
    // UCUM's leading solidus: `/min` is 1/min.
    let left: Node =
      first?.k === "op" && first.op === "/"
        ? { t: "num", value: 1, start: first.start, end: first.start }
        : this.power(depth);
    for (;;) {
      const t = this.peek();
      if (!t) break;
      if (t.k === "op") {
        this.i++;
        const ten = t.op === "*" ? this.powerOfTen(left) : undefined;
        if (ten) {
          left = ten;
          continue;
        }
        const right = this.power(depth);
        if (t.op === "*") {
          this.checkDivThenMul(left, t.start, right);
          left = { t: "mul", a: left, b: right, implicit: false, at: t.start };
        } else left = { t: "div", a: left, b: right, at: t.start };
      } else if (t.k === "ws" || t.k === "atom" || t.k === "num" || t.k === "lp") {
        if (t.k === "ws") this.i++;
        const right = this.power(depth);
        this.checkDivThenMul(left, t.start, right);
        left = { t: "mul", a: left, b: right, implicit: true, at: t.start };
      } else break;
    }
    return left;
  }

  /** UCUM's `10*3` is 10³ (`10*3/uL`), never thirty: the literal 10, `*`, then an integer. */
  private powerOfTen(left: Node): Node | undefined {
    if (left.t !== "num" || left.paren || left.value !== 10 || this.text(this.toks[this.i - 2]) !== "10")
      return undefined;
    let k = this.i;
    let sign = 1;
    const s = this.toks[k];
    if (s?.k === "sign") {
      sign = s.sign;
      k++;
    }
    const e = this.toks[k];
    if (e?.k !== "num" || !Number.isInteger(e.value) || !/^\d+$/u.test(e.text)) return undefined;
    const next = this.toks[k + 1];
    if (next?.k === "pow" || next?.k === "exp") return undefined;
    this.i = k + 1;
    return { t: "pow", base: left, exp: this.bounded(sign * e.value, e.start), at: e.start };
  }

  private bounded(exp: number, at: number): number {
    if (!Number.isFinite(exp) || Math.abs(exp) > MAX_EXPONENT) {
      this.fail(`Exponent ${exp} at position ${at} is out of range (at most ±${MAX_EXPONENT})`, at, undefined, [
        `Exponents are at most ±${MAX_EXPONENT}`,
      ]);
    }
    return exp;
  }

  private checkDivThenMul(left: Node, at: number, right: Node): void {
    if (left.t !== "div" || left.paren) return;
    const a = this.render(left.a);
    const b = this.render(left.b);
    const c = this.render(right);
    const message = `'${a}/${b}*${c}' reads left to right as (${a}/${b})·${c}; write ${a}*${c}/${b} or ${a}/(${b}*${c}) to say which`;
    if (this.strict) this.fail(`Ambiguous expression: ${message}`, at, `${a}*${c}/${b}`);
    this.syntaxHints.push(message);
  }

  private render(n: Node): string {
    const span = spanOf(n);
    const text = this.chars.slice(span[0], span[1]).join("").trim();
    return n.paren ? `(${text})` : text;
  }

  private power(depth: number): Node {
    let base = this.primary(depth);
    for (;;) {
      const t = this.peek();
      if (t?.k === "exp") {
        this.i++;
        base = { t: "pow", base, exp: this.bounded(t.value, t.start), at: t.start };
      } else if (t?.k === "pow") {
        this.i++;
        const exp = this.bounded(this.exponent(t.end), t.end);
        base = { t: "pow", base, exp, at: t.start };
      } else break;
    }
    return base;
  }

  private exponent(after: number): number {
    let sign = 1;
    let t = this.peek();
    if (t?.k === "sign") {
      sign = t.sign;
      this.i++;
      t = this.peek();
    }
    if (t?.k === "num") {
      this.i++;
      return sign * t.value;
    }
    if (t?.k === "lp") {
      // Parenthesised rational: ^(1/2), ^(-1).
      this.i++;
      let s2 = 1;
      let u = this.peek();
      if (u?.k === "sign") {
        s2 = u.sign;
        this.i++;
        u = this.peek();
      }
      if (u?.k !== "num") this.fail("Exponent must be a number", u?.start ?? this.chars.length);
      this.i++;
      let value = u.value;
      const v = this.peek();
      if (v?.k === "op" && v.op === "/") {
        this.i++;
        const d = this.peek();
        if (d?.k !== "num" || d.value === 0)
          this.fail("Exponent denominator must be a non-zero number", d?.start ?? this.chars.length);
        this.i++;
        value /= d.value;
      }
      const close = this.peek();
      if (close?.k !== "rp")
        this.fail("Unbalanced parentheses in exponent", close?.start ?? this.chars.length, undefined, [
          "Parse error: unbalanced parentheses",
        ]);
      this.i++;
      return sign * s2 * value;
    }
    if (t?.k === "exp") {
      this.i++;
      return sign * t.value;
    }
    return this.fail("Missing exponent after '^'", t?.start ?? after, undefined, [
      "Write the exponent as a number: m^2, s^-1",
    ]);
  }

  private primary(depth: number): Node {
    const t = this.peek();
    if (!t) {
      const end = this.chars.length;
      const fix = this.source.replace(/\s*[*/·⋅×^]\s*$/u, "");
      return this.fail(
        "Unit expression ends with an operator",
        end,
        fix !== this.source && fix !== "" ? fix : undefined,
      );
    }
    if (t.k === "atom") {
      this.i++;
      return { t: "atom", text: t.text, start: t.start, end: t.end };
    }
    if (t.k === "num") {
      this.i++;
      return { t: "num", value: t.value, start: t.start, end: t.end };
    }
    if (t.k === "sign" && this.toks[this.i + 1]?.k === "num") {
      const n = this.toks[this.i + 1] as Extract<Tok, { k: "num" }>;
      this.i += 2;
      return { t: "num", value: t.sign * n.value, start: t.start, end: n.end };
    }
    if (t.k === "lp") {
      this.i++;
      if (this.peek()?.k === "rp") this.fail("Empty parentheses", t.start);
      const inner = this.product(depth + 1);
      const close = this.peek();
      if (close?.k !== "rp") {
        const missing = this.countOpen();
        const fix = close ? undefined : this.source.trimEnd() + ")".repeat(missing);
        this.fail(
          `Unbalanced parentheses: '(' at position ${t.start} is not closed`,
          close ? close.start : this.chars.length,
          fix,
          ["Parse error: unbalanced parentheses", "Check for unbalanced parentheses or invalid characters"],
        );
      }
      this.i++;
      inner.paren = true;
      return inner;
    }
    if (t.k === "op") {
      const prev = this.toks[this.i - 1];
      const fix =
        prev?.k === "op" ? this.chars.slice(0, t.start).join("") + this.chars.slice(t.end).join("") : undefined;
      return this.fail(`Unexpected operator '${this.text(t)}' at position ${t.start}`, t.start, fix);
    }
    if (t.k === "rp") {
      const fix = this.chars.slice(0, t.start).join("") + this.chars.slice(t.end).join("");
      return this.fail(`Unbalanced parentheses: ')' at position ${t.start} has no matching '('`, t.start, fix, [
        "Parse error: unbalanced parentheses",
      ]);
    }
    return this.fail(`Unexpected '${this.text(t)}' at position ${t.start}`, t.start);
  }

  private countOpen(): number {
    let depth = 0;
    for (const t of this.toks) {
      if (t.k === "lp") depth++;
      else if (t.k === "rp") depth = Math.max(0, depth - 1);
    }
    return Math.max(1, depth);
  }
}

/** [start, end) of a node in code points. */
function spanOf(n: Node): [number, number] {
  switch (n.t) {
    case "atom":
    case "num":
      return [n.start, n.end];
    case "mul":
    case "div": {
      const a = spanOf(n.a);
      const b = spanOf(n.b);
      return [Math.min(a[0], b[0]), Math.max(a[1], b[1]) + (n.b.paren ? 1 : 0)];
    }
    case "pow":
      return spanOf(n.base);
  }
}

/** The atoms of an expression, left to right. */
export function collectAtoms(n: Node, out: Array<Extract<Node, { t: "atom" }>>): void {
  if (n.t === "atom") out.push(n);
  else if (n.t === "mul" || n.t === "div") {
    collectAtoms(n.a, out);
    collectAtoms(n.b, out);
  } else if (n.t === "pow") collectAtoms(n.base, out);
}
