/**
 * Tokenizer of unit expressions: one pass over the code points, so its time is linear in the input, which is bounded
 * (`MAX_UNIT_CHARS`) before any work is done. Tokens keep code-point positions so that errors point at the fault.
 *
 * Characters are mapped one to one (positions stay those of the input) by a fixed table, not NFKC, which would turn
 * `²` into `2`: µ/μ, the Kelvin, Ohm and Ångström signs, subscript digits (`H₂O`), the many middle dots people type
 * (`·` `⋅` `∙` `・` `‧`, Greek ano teleia), fullwidth forms (`ｋｇ`), and Unicode minus and fraction slashes.
 * UCUM syntax is read as UCUM writes it: `.` between two operands is a product (`kg.m2.s-2`), `[…]` belongs to the
 * atom (`[in_i]`, `mm[Hg]`), `{…}` is an annotation (unity on its own, ignored after a unit), `10*3` is 10³.
 */

/** Longest unit expression read; longer ones are refused before any other work (a field is never scanned twice). */
export const MAX_UNIT_CHARS = 256;
/** Deepest parenthesis nesting read; deeper is a parse_error, never a stack overflow. */
export const MAX_NESTING = 32;

export type Tok =
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

export interface TokenizeFailure {
  message: string;
  position: number;
  hints: string[];
}

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

/** One code point to one code point, so positions never move. */
const CHAR_MAP: Record<string, string> = {
  μ: "µ",
  "\u212A": "K",
  "\u2126": "Ω",
  "\u212B": "Å",
  º: "°",
  "˚": "°",
  "−": "-",
  "\u2044": "/",
  "\u2215": "/",
  "\u00A0": " ",
  "\u3000": " ",
  "\u2219": "·",
  "\u30FB": "·",
  "\u0387": "·",
  "\u2027": "·",
  "₀": "0",
  "₁": "1",
  "₂": "2",
  "₃": "3",
  "₄": "4",
  "₅": "5",
  "₆": "6",
  "₇": "7",
  "₈": "8",
  "₉": "9",
};

/** Fullwidth ASCII (U+FF01–U+FF5E) is the ASCII character typed with a CJK input method. */
function mapOne(c: string): string {
  const m = CHAR_MAP[c];
  if (m !== undefined) return m;
  const code = c.codePointAt(0) as number;
  return code >= 0xff01 && code <= 0xff5e ? String.fromCodePoint(code - 0xfee0) : c;
}

/** The character map over a whole string, plus the two signs that expand (℃ → °C, ℉ → °F). */
export function mapChars(s: string): string {
  let out = "";
  for (const c of s) out += c === "℃" ? "°C" : c === "℉" ? "°F" : mapOne(c);
  return out;
}

/** The input as mapped code points (℃/℉ stay one code point: they are atoms of their own). */
export function mappedCodePoints(s: string): string[] {
  const out: string[] = [];
  for (const c of s) out.push(mapOne(c));
  return out;
}

/** Whether a string is longer than MAX_UNIT_CHARS code points, decided without scanning a long one. */
export function tooLong(s: string): boolean {
  if (s.length <= MAX_UNIT_CHARS) return false;
  if (s.length > 2 * MAX_UNIT_CHARS) return true;
  let n = 0;
  for (const _ of s) if (++n > MAX_UNIT_CHARS) return true;
  return false;
}

const ATOM = /[\p{L}°%‰Δ′″_µ℃℉']/u;
const LETTER = /\p{L}/u;
const SPACE = /\s/u;
const isAtomChar = (c: string | undefined): boolean => c !== undefined && c !== "'" && ATOM.test(c);
const isAtomPart = (c: string | undefined): boolean => c !== undefined && ATOM.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isSpace = (c: string | undefined): boolean => c !== undefined && SPACE.test(c);
const MULTIPLY = new Set(["*", "·", "⋅", "×", "•"]);

type Operand = Extract<Tok, { k: "atom" | "num" | "exp" | "rp" }>;
const isOperand = (t: Tok | undefined): t is Operand =>
  t !== undefined && (t.k === "atom" || t.k === "num" || t.k === "exp" || t.k === "rp");

/** Tokens of the mapped code points, or the first fault that no parse could get past. */
export function tokenize(chars: readonly string[]): Tok[] | TokenizeFailure {
  const toks: Tok[] = [];
  const n = chars.length;
  let depth = 0;
  let i = 0;
  const last = () => toks[toks.length - 1];
  while (i < n) {
    const c = chars[i];
    const start = i;
    if (isSpace(c)) {
      while (i < n && isSpace(chars[i])) i++;
      toks.push({ k: "ws", start, end: i });
    } else if (isDigit(c) || (c === "." && isDigit(chars[i + 1]) && !isOperand(last()))) {
      i = number(chars, i, toks);
    } else if (c === ".") {
      // UCUM's product (`kg.m`, `N.m`) between two operands; otherwise an abbreviation's period (`fl. oz.`, `in.`).
      const next = chars[i + 1];
      if (isOperand(last()) && (isAtomChar(next) || next === "(" || next === "[" || isDigit(next))) {
        toks.push({ k: "op", op: "*", start, end: i + 1 });
      } else if (!(last()?.k === "atom" && (next === undefined || isSpace(next) || next === "/" || next === ")"))) {
        toks.push({ k: "bad", text: c, start, end: i + 1 });
      }
      i++;
    } else if (isAtomChar(c) || c === "[") {
      const r = atom(chars, i, toks);
      if ("message" in r) return r;
      i = r.end;
    } else if (c === "{") {
      // UCUM annotation: unity on its own (`{cells}/uL`), nothing after a unit (`mL{total}`).
      let j = i + 1;
      while (j < n && chars[j] !== "}" && chars[j] !== "{") j++;
      if (chars[j] !== "}") return { message: `Unclosed annotation '{' at position ${i}`, position: i, hints: [] };
      const prev = last();
      if (!(isOperand(prev) && prev.end === start)) toks.push({ k: "num", value: 1, text: "1", start, end: j + 1 });
      i = j + 1;
    } else if (SUPERSCRIPTS[c] !== undefined) {
      let text = "";
      while (i < n && SUPERSCRIPTS[chars[i]] !== undefined) text += SUPERSCRIPTS[chars[i++]];
      const value = Number(text);
      if (Number.isNaN(value)) toks.push({ k: "bad", text: chars.slice(start, i).join(""), start, end: i });
      else toks.push({ k: "exp", value, start, end: i });
    } else if (c === "*" && chars[i + 1] === "*") {
      toks.push({ k: "pow", start, end: i + 2 });
      i += 2;
    } else if (MULTIPLY.has(c)) {
      toks.push({ k: "op", op: "*", start, end: ++i });
    } else if (c === "/" || c === "÷") {
      toks.push({ k: "op", op: "/", start, end: ++i });
    } else if (c === "^") {
      toks.push({ k: "pow", start, end: ++i });
    } else if (c === "(") {
      if (++depth > MAX_NESTING) {
        return {
          message: `Parentheses nested deeper than ${MAX_NESTING} levels at position ${i}`,
          position: i,
          hints: [`Unit expressions nest at most ${MAX_NESTING} parentheses deep`],
        };
      }
      toks.push({ k: "lp", start, end: ++i });
    } else if (c === ")") {
      depth = Math.max(0, depth - 1);
      toks.push({ k: "rp", start, end: ++i });
    } else if (c === "-" || c === "+") {
      toks.push({ k: "sign", sign: c === "-" ? -1 : 1, start, end: ++i });
    } else {
      toks.push({ k: "bad", text: c, start, end: ++i });
    }
  }
  return toks;
}

/** A number (one decimal point, optional exponent); digits right after a unit are its exponent (`cm3`, `m2`). */
function number(chars: readonly string[], from: number, toks: Tok[]): number {
  const n = chars.length;
  let i = from;
  let text = "";
  let point = false;
  while (i < n && (isDigit(chars[i]) || (chars[i] === "." && !point && isDigit(chars[i + 1])))) {
    if (chars[i] === ".") point = true;
    text += chars[i++];
  }
  if ((chars[i] === "e" || chars[i] === "E") && (isDigit(chars[i + 1]) || /^[+-]$/u.test(chars[i + 1] ?? ""))) {
    let j = i + 1;
    let exp = chars[i];
    if (chars[j] === "+" || chars[j] === "-") exp += chars[j++];
    if (isDigit(chars[j])) {
      while (j < n && isDigit(chars[j])) exp += chars[j++];
      text += exp;
      i = j;
    }
  }
  const prev = toks[toks.length - 1];
  if (prev?.k === "atom" && prev.end === from && !point) {
    toks.push({ k: "exp", value: Number(text), start: from, end: i });
  } else toks.push({ k: "num", value: Number(text), text, start: from, end: i });
  return i;
}

/**
 * An atom: letters and unit signs, `[…]` groups (UCUM), digits followed by more letters (`mmH2O`), hyphens between
 * letters (`light-year`); a UCUM negative exponent right after it (`s-1`) is its own token.
 */
function atom(chars: readonly string[], from: number, toks: Tok[]): { end: number } | TokenizeFailure {
  const n = chars.length;
  let i = from;
  let text = "";
  while (i < n) {
    const ch = chars[i];
    if (ch === "[") {
      let j = i + 1;
      while (j < n && chars[j] !== "]" && chars[j] !== "[") j++;
      if (chars[j] !== "]") return { message: `Unclosed '[' at position ${i}`, position: i, hints: [] };
      while (i <= j) text += chars[i++];
    } else if (isAtomPart(ch) && (ch !== "'" || text !== "")) {
      text += chars[i++];
    } else if (isDigit(ch)) {
      // Digits inside a name (mmH2O) or after an underscore (cal_15) stay in it; trailing digits are an exponent.
      let j = i;
      while (j < n && isDigit(chars[j])) j++;
      if (text.endsWith("_")) {
        // A subscript after an underscore may carry a decimal: inH2O_39.2F (SP 811's 39.2 °F water column).
        if (chars[j] === "." && isDigit(chars[j + 1])) for (j++; j < n && isDigit(chars[j]); ) j++;
        while (i < j) text += chars[i++];
      } else if (j < n && (isAtomPart(chars[j]) || chars[j] === "[") && chars[j] !== "'") {
        while (i < j) text += chars[i++];
      } else break;
    } else if (ch === "-" && isAtomChar(chars[i + 1]) && LETTER.test(text.slice(-1))) {
      text += chars[i++]; // light-year, pound-force
    } else break;
  }
  toks.push({ k: "atom", text, start: from, end: i });
  if (chars[i] === "-" && isDigit(chars[i + 1])) {
    // UCUM-style negative exponent attached to a unit: s-1.
    let j = i + 1;
    let digits = "";
    while (j < n && isDigit(chars[j])) digits += chars[j++];
    toks.push({ k: "exp", value: -Number(digits), start: i, end: j });
    i = j;
  }
  return { end: i };
}
