/**
 * Lexical queries, parsed once and rendered for each engine: SQLite FTS5 MATCH syntax and PostgreSQL tsquery. The
 * parse is ours (never the engine's), so the documented syntax ("phrase", prefix*, a OR b, -term, AND, NOT,
 * parentheses) means the same on both backends and a malformed query is caught before any SQL runs.
 */
import type { QueryShape } from "./bounds.js";
import { foldWord, isStopWord, plainWords } from "./text.js";

/** A query tree: `words` is one word, or several that must be adjacent (a phrase); `prefix` applies to the last. */
export type LexNode =
  | { kind: "words"; words: string[]; prefix: boolean }
  | { kind: "and" | "or"; children: LexNode[] }
  | { kind: "not"; keep: LexNode; drop: LexNode };

export function wordsNode(words: readonly string[], prefix = false): LexNode {
  return { kind: "words", words: [...words], prefix };
}

/** Any of the terms may match: how recall asks (the engine ranks by how many match and how rare they are). */
export function anyOf(terms: readonly string[]): LexNode {
  const nodes = terms.map((t) => wordsNode([t]));
  return nodes.length === 1 ? nodes[0] : { kind: "or", children: nodes };
}

/** The single words of a flat OR of single words (recall's query shape), else undefined. */
export function flatTerms(node: LexNode): string[] | undefined {
  const parts = node.kind === "or" ? node.children : [node];
  const out: string[] = [];
  for (const p of parts) {
    if (p.kind !== "words" || p.words.length !== 1 || p.prefix) return undefined;
    out.push(p.words[0]);
  }
  return out;
}

// ---- rendering -------------------------------------------------------------------------------------------------

function quoteFts(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** FTS5 MATCH syntax: every word quoted, so no input character is ever an FTS5 operator. */
export function toFts5(node: LexNode): string {
  switch (node.kind) {
    case "words":
      return `${quoteFts(node.words.join(" "))}${node.prefix ? "*" : ""}`;
    case "and":
    case "or":
      return `(${node.children.map(toFts5).join(node.kind === "and" ? " AND " : " OR ")})`;
    case "not":
      return `(${toFts5(node.keep)} NOT ${toFts5(node.drop)})`;
  }
}

/**
 * PostgreSQL tsquery text for `to_tsquery(config, …)`: each word a quoted lexeme (normalised by the configuration,
 * so stemming matches the indexed text), phrases joined with `<->`, prefixes as `:*`. Words hold only letters and
 * digits (see plainWords), so quoting cannot be broken.
 */
export function toTsquery(node: LexNode): string {
  switch (node.kind) {
    case "words": {
      const last = node.words.length - 1;
      const parts = node.words.map((w, i) => `'${foldWord(w)}'${node.prefix && i === last ? ":*" : ""}`);
      return parts.length === 1 ? parts[0] : `(${parts.join(" <-> ")})`;
    }
    case "and":
    case "or":
      return `(${node.children.map(toTsquery).join(node.kind === "and" ? " & " : " | ")})`;
    case "not":
      return `(${toTsquery(node.keep)} & !${toTsquery(node.drop)})`;
  }
}

// ---- parsing search_memories syntax ------------------------------------------------------------------------------

export interface ParsedSearch {
  /** The query as written, when it parses; undefined for a malformed one (`foo AND (`). */
  strict?: LexNode;
  /** Every positive word, all required: what a malformed query is searched as (reported as `query_sanitized`). */
  sanitized: LexNode;
  /** Words the query is about, for snippets and the vector lane. */
  words: string[];
  /** The query excludes terms (`-term`): only lexical matches can honour that. */
  negated: boolean;
  /** How much it asks of the engine (see bounds.ts). */
  shape: QueryShape;
  /** Bare words only: no phrase, prefix, exclusion, operator or parenthesis (what a question looks like). */
  plain: boolean;
}

type Token =
  | { t: "open" | "close" | "and" | "or" | "not" }
  | { t: "words"; node: LexNode; negated: boolean; words: string[]; stop?: boolean; bare?: boolean };

/** Terms, prefixes and the deepest nesting of parentheses, as written (before stop words are dropped). */
function shapeOf(tokens: readonly Token[]): QueryShape {
  let terms = 0;
  let prefixes = 0;
  let depth = 0;
  let open = 0;
  for (const tok of tokens) {
    if (tok.t === "words") {
      terms++;
      if (tok.node.kind === "words" && tok.node.prefix) prefixes++;
    } else if (tok.t === "open") depth = Math.max(depth, ++open);
    else if (tok.t === "close") open = Math.max(0, open - 1);
  }
  return { terms, prefixes, depth };
}

function tokenize(query: string): Token[] {
  const out: Token[] = [];
  for (const m of query.normalize("NFKC").matchAll(/"[^"]*"?|\(|\)|[^\s()"]+/gu)) {
    const token = m[0];
    if (token === "(") out.push({ t: "open" });
    else if (token === ")") out.push({ t: "close" });
    else if (token === "AND" || token === "OR" || token === "NOT") out.push({ t: token.toLowerCase() as "and" });
    else if (token.startsWith('"')) {
      const words = plainWords(token.replace(/^"|"$/gu, ""));
      if (words.length > 0) out.push({ t: "words", node: wordsNode(words), negated: false, words });
    } else {
      const negated = token.startsWith("-") && token.length > 1;
      const body = negated ? token.slice(1) : token;
      const prefix = body.endsWith("*") && body.length > 1;
      const words = plainWords(prefix ? body.slice(0, -1) : body);
      const stop = !negated && !prefix && words.length === 1 && isStopWord(words[0]);
      const bare = !negated && !prefix;
      if (words.length > 0) out.push({ t: "words", node: wordsNode(words, prefix), negated, words, stop, bare });
    }
  }
  return out;
}

/**
 * Recursive descent with FTS5's precedence (NOT over AND over OR, AND implicit between terms). Returns undefined on
 * any syntax error: a dangling operator, an unbalanced parenthesis, an empty group.
 */
function parseTokens(tokens: readonly Token[]): LexNode | undefined {
  let at = 0;
  const peek = () => tokens[at];
  const fail = Symbol("fail");
  const primary = (): LexNode => {
    const tok = peek();
    if (!tok) throw fail;
    if (tok.t === "words") {
      at++;
      return tok.node;
    }
    if (tok.t === "open") {
      at++;
      const inner = orExpr();
      if (peek()?.t !== "close") throw fail;
      at++;
      return inner;
    }
    throw fail;
  };
  const notExpr = (): LexNode => {
    let node = primary();
    while (peek()?.t === "not") {
      at++;
      node = { kind: "not", keep: node, drop: primary() };
    }
    return node;
  };
  const andExpr = (): LexNode => {
    const children = [notExpr()];
    for (;;) {
      const tok = peek();
      if (tok?.t === "and") at++;
      else if (!(tok?.t === "words" || tok?.t === "open")) break;
      children.push(notExpr());
    }
    return children.length === 1 ? children[0] : { kind: "and", children };
  };
  const orExpr = (): LexNode => {
    const children = [andExpr()];
    while (peek()?.t === "or") {
      at++;
      children.push(andExpr());
    }
    return children.length === 1 ? children[0] : { kind: "or", children };
  };
  try {
    const node = orExpr();
    return at === tokens.length ? node : undefined;
  } catch (e) {
    if (e === fail) return undefined;
    throw e;
  }
}

/**
 * The search syntax of `search_memories`: `"phrase"`, `prefix*`, `a OR b`, `-term`, and AND, NOT and parentheses.
 * `-term` excludes the term from the whole query. Words outside quotes are all required, stop words apart. Returns undefined when the query has no positive term (`-foo`).
 */
export function parseSearchQuery(query: string): ParsedSearch | undefined {
  let tokens = tokenize(query);
  const shape = shapeOf(tokens);
  const bareWords = tokens.every((t) => t.t === "words" && t.bare === true);
  // A plain question ("how do we verify webhooks") means its content words: bare stop words are dropped, unless
  // nothing else is left or the query uses operators. (PostgreSQL's english configuration does not index them.)
  const plain = tokens.every((t) => t.t === "words");
  if (plain && tokens.some((t) => t.t === "words" && !t.negated && !t.stop)) {
    tokens = tokens.filter((t) => t.t !== "words" || !t.stop);
  }
  const positives = tokens.filter((t) => t.t !== "words" || !t.negated);
  const negatives = tokens.flatMap((t) => (t.t === "words" && t.negated ? [t.node] : []));
  const positiveWords = positives.flatMap((t) => (t.t === "words" ? [t] : []));
  if (positiveWords.length === 0) return undefined;
  const words = positiveWords.flatMap((t) => t.words);
  const sanitizedParts = positiveWords.map((t) => wordsNode(t.words));
  const sanitized: LexNode =
    sanitizedParts.length === 1 ? sanitizedParts[0] : { kind: "and", children: sanitizedParts };
  let strict = parseTokens(positives);
  if (strict && negatives.length > 0) {
    strict = {
      kind: "not",
      keep: strict,
      drop: negatives.length === 1 ? negatives[0] : { kind: "or", children: negatives },
    };
  }
  return { strict, sanitized, words, negated: negatives.length > 0, shape, plain: bareWords };
}
