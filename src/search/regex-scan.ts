/**
 * A small tokenizer for regex-looking text: enough of Rust regex syntax to tell regex constructs from code
 * literals (detection) and to turn a regex into fzf terms (conversion). It never throws; unknown input is literal.
 */

export type RegexToken =
  | { kind: "literal"; text: string }
  /** `.`, `\w`, `\s`, `\d` and their negations, or a class `[...]`. */
  | { kind: "any"; source: string }
  | { kind: "quantifier"; source: string; optional: boolean }
  | { kind: "anchor_start" }
  | { kind: "anchor_end" }
  | { kind: "word_boundary" }
  | { kind: "group"; source: string; alternatives: RegexToken[][]; lookaround: "" | "ahead" | "negative" | "behind" }
  | { kind: "alternation" }
  | { kind: "backreference"; source: string };

const CLASS_ESCAPES = new Set(["w", "W", "s", "S", "d", "D"]);
const LITERAL_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r" };

/** Groups nest at most this deep; a deeper `(` is read as a literal (no recursion to overflow the stack). */
const MAX_GROUP_DEPTH = 32;

/** Tokenizes `src` from `start`; stops at an unmatched `)` when `inGroup`. Returns tokens and the end index. */
function tokenizeFrom(src: string, start: number, depth: number): { tokens: RegexToken[]; end: number } {
  const inGroup = depth > 0;
  const tokens: RegexToken[] = [];
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === ")" && inGroup) return { tokens, end: i };
    if (c === "\\") {
      const n = src[i + 1];
      if (n === undefined) {
        tokens.push({ kind: "literal", text: "\\" });
        i++;
      } else if (CLASS_ESCAPES.has(n)) {
        tokens.push({ kind: "any", source: `\\${n}` });
        i += 2;
      } else if (n === "b" || n === "B") {
        tokens.push({ kind: "word_boundary" });
        i += 2;
      } else if (n >= "1" && n <= "9") {
        tokens.push({ kind: "backreference", source: `\\${n}` });
        i += 2;
      } else {
        tokens.push({ kind: "literal", text: LITERAL_ESCAPES[n] ?? n });
        i += 2;
      }
    } else if (c === "[") {
      const close = classEnd(src, i);
      if (close < 0) {
        tokens.push({ kind: "literal", text: c });
        i++;
      } else {
        tokens.push({ kind: "any", source: src.slice(i, close + 1) });
        i = close + 1;
      }
    } else if (c === "(" && depth >= MAX_GROUP_DEPTH) {
      tokens.push({ kind: "literal", text: c });
      i++;
    } else if (c === "(") {
      let body = i + 1;
      let lookaround: "" | "ahead" | "negative" | "behind" = "";
      if (src.startsWith("?=", body)) lookaround = "ahead";
      else if (src.startsWith("?!", body)) lookaround = "negative";
      else if (src.startsWith("?<=", body) || src.startsWith("?<!", body)) lookaround = "behind";
      if (lookaround === "ahead" || lookaround === "negative") body += 2;
      else if (lookaround === "behind") body += 3;
      else if (src.startsWith("?:", body)) body += 2;
      else if (src[body] === "?") {
        const m = /^\?(P?<[A-Za-z_]\w*>|[a-zA-Z-]*:?)/u.exec(src.slice(body));
        body += m ? m[0].length : 1;
      }
      const inner = tokenizeFrom(src, body, depth + 1);
      const alternatives = splitAlternatives(inner.tokens);
      const end = inner.end < src.length ? inner.end + 1 : inner.end;
      tokens.push({ kind: "group", source: src.slice(i, end), alternatives, lookaround });
      i = end;
    } else if (c === "|") {
      tokens.push({ kind: "alternation" });
      i++;
    } else if (c === "*" || c === "+" || c === "?") {
      let q = c;
      if (src[i + 1] === "?") q += "?";
      tokens.push({ kind: "quantifier", source: q, optional: c !== "+" });
      i += q.length;
    } else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}\??/u.exec(src.slice(i));
      if (m && tokens.length > 0) {
        tokens.push({ kind: "quantifier", source: m[0], optional: m[1] === "0" });
        i += m[0].length;
      } else {
        tokens.push({ kind: "literal", text: c });
        i++;
      }
    } else if (c === "^") {
      tokens.push({ kind: "anchor_start" });
      i++;
    } else if (c === "$") {
      tokens.push({ kind: "anchor_end" });
      i++;
    } else if (c === ".") {
      tokens.push({ kind: "any", source: "." });
      i++;
    } else {
      tokens.push({ kind: "literal", text: c });
      i++;
    }
  }
  return { tokens, end: i };
}

/** Index of the `]` closing the class opened at `open`, or -1. */
function classEnd(src: string, open: number): number {
  let i = open + 1;
  if (src[i] === "^") i++;
  if (src[i] === "]") i++;
  for (; i < src.length; i++) {
    if (src[i] === "\\") i++;
    else if (src[i] === "[" && src[i + 1] === ":") {
      const close = src.indexOf(":]", i + 2);
      if (close > 0) i = close + 1;
    } else if (src[i] === "]") return i;
  }
  return -1;
}

function splitAlternatives(tokens: RegexToken[]): RegexToken[][] {
  const out: RegexToken[][] = [[]];
  for (const t of tokens) {
    if (t.kind === "alternation") out.push([]);
    else out[out.length - 1].push(t);
  }
  return out;
}

/** Top-level alternatives of a regex. */
export function parseRegex(src: string): RegexToken[][] {
  let pos = 0;
  const all: RegexToken[] = [];
  // A stray `)` at top level is a literal; keep going after it.
  while (pos <= src.length) {
    const r = tokenizeFrom(src, pos, 0);
    all.push(...r.tokens);
    if (r.end >= src.length) break;
    all.push({ kind: "literal", text: src[r.end] });
    pos = r.end + 1;
  }
  return splitAlternatives(all);
}
