/**
 * Text handling for the lexical lane: identifier terms stored beside the content (so `getUserById` and
 * "get user by id" meet), and FTS5 query construction that never lets raw user syntax reach SQLite unchecked.
 */
import { createHash } from "node:crypto";
import { tokens as identifierParts } from "../core/index.js";
import { FUNCTION_WORDS } from "../core/stopwords.js";

/** Words FTS5's unicode61 tokenizer would produce (letters and digits), lower-cased. */
export function plainWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/gu;

/** An identifier worth splitting: camelCase, snake_case, or letters mixed with digits. */
function isCompound(word: string): boolean {
  return /\p{Ll}\p{Lu}/u.test(word) || /\p{Lu}{2}\p{Ll}/u.test(word) || /[\p{L}\p{N}]_[\p{L}\p{N}]/u.test(word);
}

/**
 * Split and whole forms of the identifiers in a text: `getUserById` → `get user by id getuserbyid`,
 * `MAX_RETRY_COUNT` → `max retry count maxretrycount`. Plain words are left to the tokenizer.
 */
export function identTerms(...texts: ReadonlyArray<string | null | undefined>): string {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.normalize("NFKC").matchAll(IDENTIFIER)) {
      const word = m[0];
      if (!isCompound(word)) continue;
      const parts = identifierParts(word);
      for (const p of parts) out.add(p);
      out.add(parts.join(""));
    }
  }
  return [...out].join(" ");
}

const STOP_WORDS = FUNCTION_WORDS;

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * The terms of a natural-language query: words plus the parts of any compound identifier in it, stop words
 * dropped (kept when the query is nothing but stop words), de-duplicated, in order.
 */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const m of query.normalize("NFKC").matchAll(/[\p{L}\p{N}_$]+/gu)) {
    const word = m[0];
    const forms = isCompound(word) ? [...identifierParts(word), identifierParts(word).join("")] : plainWords(word);
    for (const f of forms) if (!terms.includes(f)) terms.push(f);
  }
  const content = terms.filter((t) => !STOP_WORDS.has(t));
  return (content.length > 0 ? content : terms).slice(0, 32);
}

/** A term as a safe FTS5 string (double quotes doubled). */
export function quoteTerm(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** `"a" OR "b" OR ...`: any term may match; bm25 ranks by how many and how rare. */
export function orQuery(terms: readonly string[]): string {
  return terms.map(quoteTerm).join(" OR ");
}

const OPERATORS = new Set(["AND", "OR", "NOT"]);

export interface ParsedSearch {
  /** FTS5 expression to try first. */
  fts: string;
  /** Only quoted tokens: what the query becomes when SQLite rejects `fts`. */
  sanitized: string;
  /** Words the query is about, for snippets and did-you-mean. */
  words: string[];
  /** The query excludes terms (`-term`): only lexical matches can honour that. */
  negated: boolean;
}

/**
 * The search syntax of `search_memories`: `"phrase"`, `prefix*`, `OR`, `-term` (and FTS5's AND, NOT and parentheses,
 * passed through). Every word is quoted so that `:`, `-`, `.` and the like are never FTS5 operators by accident.
 * Returns undefined when the query has no positive term (`-foo` alone).
 */
export function parseSearchQuery(query: string): ParsedSearch | undefined {
  const positives: string[] = [];
  const negatives: string[] = [];
  const words: string[] = [];
  for (const m of query.normalize("NFKC").matchAll(/"[^"]*"?|\(|\)|[^\s()"]+/gu)) {
    const token = m[0];
    if (token === "(" || token === ")") {
      positives.push(token);
      continue;
    }
    if (OPERATORS.has(token)) {
      positives.push(token);
      continue;
    }
    if (token.startsWith('"')) {
      const phrase = token.replace(/^"|"$/gu, "").trim();
      if (phrase === "") continue;
      words.push(...plainWords(phrase));
      positives.push(quoteTerm(phrase));
      continue;
    }
    const negated = token.startsWith("-") && token.length > 1;
    const bare = negated ? token.slice(1) : token;
    const prefix = bare.endsWith("*") && bare.length > 1;
    const word = prefix ? bare.slice(0, -1) : bare;
    if (plainWords(word).length === 0) continue;
    const term = `${quoteTerm(word)}${prefix ? "*" : ""}`;
    if (negated) negatives.push(term);
    else {
      positives.push(term);
      words.push(...plainWords(word));
    }
  }
  const positiveTerms = positives.filter((p) => p.startsWith('"'));
  if (positiveTerms.length === 0) return undefined;
  let fts = positives.join(" ");
  if (negatives.length > 0) fts = `(${fts}) NOT (${negatives.join(" OR ")})`;
  const sanitized = words.map(quoteTerm).join(" ");
  return { fts, sanitized: sanitized || positiveTerms.join(" "), words, negated: negatives.length > 0 };
}

/** Key of a content up to case, punctuation and spacing: equal keys are duplicates. */
export function contentKey(content: string): string {
  return createHash("sha1").update(plainWords(content).join(" ")).digest("hex").slice(0, 20);
}
