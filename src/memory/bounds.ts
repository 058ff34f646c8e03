/**
 * What one memory call may carry. Every text, list and query is checked against these limits before any work is
 * done, and refused with the limit named: the cost of a call (tag lists, filter clauses, query terms) must not grow
 * with whatever an agent sends. A NUL byte is refused the same way on both backends: PostgreSQL's text type cannot
 * hold one, so neither stores it (see docs/memory.md, "Limits").
 */
import { ToolError } from "../core/index.js";
import { MAX_CONTENT_CHARS } from "./types.js";

export const LIMITS = {
  /** rationale and outcome, like content. */
  textChars: MAX_CONTENT_CHARS,
  contextChars: 1000,
  filePathChars: 1024,
  /** A date as written: ISO 8601, or words like "3 days ago". */
  dateChars: 100,
  tags: 32,
  tagChars: 64,
  categories: 8,
  supersedes: 100,
  /** recall's topic and search_memories' query. */
  queryChars: 2000,
  /** search_memories: words, phrases and prefixes together (each prefix* reads every indexed word it starts). */
  queryTerms: 64,
  queryPrefixes: 8,
  /** Parentheses inside parentheses. */
  queryDepth: 16,
} as const;

const NUL = "\u0000";

function invalid(
  parameter: string,
  error: string,
  extra: { got?: unknown; expected?: unknown; likely_fix?: unknown; hints?: string[]; step?: number },
  errorType = "invalid_argument",
): ToolError {
  return new ToolError({ error, error_type: errorType, parameter, ...extra });
}

/** A text argument carries no NUL byte; the fix puts a space where each run of them was. */
export function checkNoNul(raw: string, parameter: string, step?: number, errorType = "invalid_argument"): void {
  if (!raw.includes(NUL)) return;
  const fixed = raw.replace(/\u0000+/gu, " ");
  throw invalid(
    parameter,
    `${parameter} contains a NUL byte (\\0), which no memory backend stores`,
    {
      step,
      got: raw.length > 200 ? `${raw.slice(0, 199)}…` : raw,
      likely_fix: fixed.length <= 200 ? fixed : undefined,
      hints: ["Remove the NUL bytes (or replace them with spaces) and call again"],
    },
    errorType,
  );
}

/** At most `max` characters and no NUL byte. */
export function checkText(
  raw: string,
  parameter: string,
  max: number,
  step?: number,
  errorType = "invalid_argument",
): void {
  if (raw.length > max) {
    throw invalid(
      parameter,
      `${parameter} is ${raw.length} characters, over the limit of ${max}`,
      {
        step,
        got: raw.length,
        expected: `<= ${max} characters`,
        hints: ["Shorten it to what matters; the limit keeps every call's cost bounded"],
      },
      errorType,
    );
  }
  checkNoNul(raw, parameter, step, errorType);
}

/** A list of at most `max` items. */
export function checkCount(list: readonly unknown[], parameter: string, max: number, step?: number): void {
  if (list.length <= max) return;
  throw invalid(parameter, `${parameter} has ${list.length} items, over the limit of ${max}`, {
    step,
    got: list.length,
    expected: `<= ${max} items`,
    hints: [`Pass at most ${max}; split the work over several calls if it needs more`],
  });
}

/** The shape of a parsed search query, as parseSearchQuery counts it. */
export interface QueryShape {
  terms: number;
  prefixes: number;
  depth: number;
}

/** search_memories' query: at most LIMITS.queryTerms terms, LIMITS.queryPrefixes prefixes, LIMITS.queryDepth levels. */
export function checkQueryShape(shape: QueryShape, query: string): void {
  const over = (what: string, n: number, max: number, hint: string) =>
    invalid(
      "query",
      `The query has ${n} ${what}, over the limit of ${max}`,
      { got: query.length > 200 ? `${query.slice(0, 199)}…` : query, expected: `<= ${max} ${what}`, hints: [hint] },
      "invalid_query",
    );
  if (shape.terms > LIMITS.queryTerms) {
    throw over("terms", shape.terms, LIMITS.queryTerms, "Keep the words that identify what you look for");
  }
  if (shape.prefixes > LIMITS.queryPrefixes) {
    throw over(
      "prefix* terms",
      shape.prefixes,
      LIMITS.queryPrefixes,
      "Write whole words where you can: each prefix* reads every indexed word it starts",
    );
  }
  if (shape.depth > LIMITS.queryDepth) {
    throw over("levels of parentheses", shape.depth, LIMITS.queryDepth, "Flatten the groups: a OR b OR c needs none");
  }
}
