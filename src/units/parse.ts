/**
 * Tokenizer and parser of unit expressions. Tokens keep code-point positions so that errors can point at the fault.
 * Operators `* · ⋅ × /`, a space is a product, `^`/`**` with signed or parenthesised rational exponents, superscripts
 * `⁰–⁹ ⁻`, digits attached to a unit (`cm3`), parentheses, numbers as scalar factors. Left-associative like ucon:
 * `m/s*kg` = m·kg/s (reported in a hint), `mg/kg/day` = mg/(kg·day).
 */

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

type Tok =
  | { k: "atom"; text: string; start: number; end: number }
  | { k: "num"; value: number; text: string; start: number; end: number }
  | { k: "op"; op: "*" | "/"; start: number; end: number }
  | { k: "pow"; start: number; end: number }
  | { k: "exp"; value: number; start: number; end: number }
  | { k: "lp"; start: number; end: number }
  | { k: "rp"; start: number; end: number }
  | { k: "ws"; start: number; end: number }
  | { k: "sign"; sign: 1 | -1; start: number; end: number }
  | { k: "bad"; text: string; start: number; end: number };

const SUPERSCRIPTS: Record<string, string> = {
  "⁰": "0",
  "¹": "1",
  "²": "2",
  "³": "3",
  "⁴": "4",
  "⁵": "5",
  "⁶": "6",
  "⁷": "7",
  "⁸": "8",
  "⁹": "9",
  "⁻": "-",
  "⁺": "+",
};

/** Fixed character map, not NFKC (which would turn `²` into `2`). */
const CHAR_MAP: Record<string, string> = {
  μ: "µ",
  "\u212A": "K",
  "\u2126": "Ω",
  "\u212B": "Å",
  "℃": "°C",
  "℉": "°F",
  º: "°",
  "−": "-",
  "\u00A0": " ",
};

const isAtomStart = (c: string): boolean => /[\p{L}°%‰Δ′″_µ℃℉]/u.test(c);
const isAtomPart = (c: string): boolean => /[\p{L}°%‰Δ′″_µ℃℉]/u.test(c);
const isDigit = (c: string): boolean => c >= "0" && c <= "9";

export function mapChars(s: string): string {
  let out = "";
  for (const c of s) out += CHAR_MAP[c] ?? c;
  return out;
}

function tokenize(chars: readonly string[]): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const n = chars.length;
  while (i < n) {
    const c = chars[i];
    const start = i;
    if (/\s/u.test(c)) {
      while (i < n && /\s/u.test(chars[i])) i++;
      toks.push({ k: "ws", start, end: i });
    } else if (isDigit(c) || (c === "." && isDigit(chars[i + 1] ?? ""))) {
      let text = "";
      while (i < n && (isDigit(chars[i]) || chars[i] === ".")) text += chars[i++];
      if ((chars[i] === "e" || chars[i] === "E") && /[0-9+-]/u.test(chars[i + 1] ?? "")) {
        const save = i;
        let exp = chars[i++];
        if (chars[i] === "+" || chars[i] === "-") exp += chars[i++];
        if (isDigit(chars[i] ?? "")) {
          while (i < n && isDigit(chars[i])) exp += chars[i++];
          text += exp;
        } else i = save;
      }
      const prev = toks[toks.length - 1];
      if (prev && prev.k === "atom" && prev.end === start && !text.includes(".")) {
        // Digits attached to a unit are its exponent: cm3, m2.
        toks.push({ k: "exp", value: Number(text), start, end: i });
      } else toks.push({ k: "num", value: Number(text), text, start, end: i });
    } else if (isAtomStart(c)) {
      let text = "";
      while (i < n) {
        const ch = chars[i];
        if (isAtomPart(ch)) text += chars[i++];
        else if (isDigit(ch)) {
          // Digits inside a name (mmH2O) stay in it; trailing digits are an exponent.
          let j = i;
          while (j < n && isDigit(chars[j])) j++;
          if (j < n && isAtomPart(chars[j])) {
            while (i < j) text += chars[i++];
          } else break;
        } else if (ch === "-" && isAtomPart(chars[i + 1] ?? "") && /\p{L}/u.test(text.slice(-1))) {
          text += chars[i++]; // light-year, pound-force
        } else break;
      }
      toks.push({ k: "atom", text, start, end: i });
      if (chars[i] === "-" && isDigit(chars[i + 1] ?? "")) {
        // UCUM-style negative exponent attached to a unit: s-1.
        let j = i + 1;
        let digits = "";
        while (j < n && isDigit(chars[j])) digits += chars[j++];
        toks.push({ k: "exp", value: -Number(digits), start: i, end: j });
        i = j;
      }
    } else if (SUPERSCRIPTS[c] !== undefined) {
      let text = "";
      while (i < n && SUPERSCRIPTS[chars[i]] !== undefined) text += SUPERSCRIPTS[chars[i++]];
      const value = Number(text);
      if (Number.isNaN(value)) toks.push({ k: "bad", text: chars.slice(start, i).join(""), start, end: i });
      else toks.push({ k: "exp", value, start, end: i });
    } else if (c === "*" && chars[i + 1] === "*") {
      toks.push({ k: "pow", start, end: i + 2 });
      i += 2;
    } else if (c === "*" || c === "·" || c === "⋅" || c === "×" || c === "•") {
      toks.push({ k: "op", op: "*", start, end: ++i });
    } else if (c === "/" || c === "÷") {
      toks.push({ k: "op", op: "/", start, end: ++i });
    } else if (c === "^") {
      toks.push({ k: "pow", start, end: ++i });
    } else if (c === "(") {
      toks.push({ k: "lp", start, end: ++i });
    } else if (c === ")") {
      toks.push({ k: "rp", start, end: ++i });
    } else if (c === "-" || c === "+") {
      toks.push({ k: "sign", sign: c === "-" ? -1 : 1, start, end: ++i });
    } else {
      toks.push({ k: "bad", text: c, start, end: ++i });
    }
  }
  return toks;
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
  const chars = Array.from(mapCharsKeepLength(input));
  let toks = tokenize(chars);
  if (options.mergeWords) toks = mergeWords(toks, chars, options.mergeWords);
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

/** The character map, but ℃/℉ stay one code point (as atoms) so that positions match the input. */
function mapCharsKeepLength(s: string): string {
  let out = "";
  for (const c of s) {
    const m = CHAR_MAP[c];
    out += m !== undefined && m.length === 1 ? m : c;
  }
  return out;
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
    let left = this.power(depth);
    for (;;) {
      const t = this.peek();
      if (!t) break;
      if (t.k === "op") {
        this.i++;
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
        base = { t: "pow", base, exp: t.value, at: t.start };
      } else if (t?.k === "pow") {
        this.i++;
        const exp = this.exponent(t.end);
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
export function spanOf(n: Node): [number, number] {
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
