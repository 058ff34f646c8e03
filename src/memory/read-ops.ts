/**
 * The read operations: recall (hybrid retrieval, re-ranking, abstention, diversity) and search_memories (query
 * syntax, fusion, diversity; no decay or boosts), over the retrieval in retrieval.ts.
 */
import { type Correction, type DidYouMean, didYouMean, ToolError } from "../core/index.js";
import { checkQueryShape, checkText, LIMITS } from "./bounds.js";
import { type LexNode, parseSearchQuery } from "./lexical-query.js";
import type { MemoryContext } from "./open.js";
import { compareRanked, diversify, type Ranked, rerank } from "./rank.js";
import {
  abstainCosine,
  buildFilter,
  type Cut,
  correctEmptyFilter,
  degradedNote,
  type FilterInput,
  fusedLanes,
  retrieveRanked,
  rowsById,
  unlessTimedOut,
  vectorWeight,
} from "./retrieval.js";
import { memoryTime } from "./rows.js";
import type { LexicalHit } from "./store.js";
import type { MemoryFilter } from "./types.js";

export interface RecallInput extends FilterInput {
  query?: string;
  limit?: number;
  condensed?: boolean;
  explain?: boolean;
}

export interface SearchInput extends FilterInput {
  query: string;
  limit?: number;
  offset?: number;
  sort?: "relevance" | "newest";
  /**
   * false: a plain query finds only the memories holding every word (and close ones by meaning), as search_memories
   * did before it answered questions; the library keeps it for callers that need exactly that.
   */
  broaden?: boolean;
}

function present(r: Ranked, condensed: boolean, explain: boolean): Record<string, unknown> {
  const m = r.memory;
  const out: Record<string, unknown> = {
    id: m.id,
    category: m.category,
    content: condensed && m.content.length > 200 ? `${m.content.slice(0, 199)}…` : m.content,
    tags: m.tags,
    file_path: m.file_path,
    worked: m.worked,
    score: Math.round(r.score * 10_000) / 10_000,
    created_at: m.created_at,
  };
  if (!condensed) {
    if (m.rationale) out.rationale = m.rationale;
    if (m.outcome) out.outcome = m.outcome;
    if (m.happened_at) out.happened_at = m.happened_at;
    if (m.pinned) out.pinned = true;
  }
  if (m.superseded_by !== null) out.superseded_by = m.superseded_by;
  if (m.archived) out.archived = true;
  if (explain)
    out.why = Object.fromEntries(Object.entries(r.why).map(([k, v]) => [k, Math.round(v * 10_000) / 10_000]));
  return out;
}

export async function recall(mc: MemoryContext, input: RecallInput): Promise<Record<string, unknown>> {
  if (input.query !== undefined) checkText(input.query, "topic", LIMITS.queryChars);
  const query = input.query?.trim() || undefined;
  if (!query && !input.file_path && !(input.tags?.length ?? 0) && !(input.categories?.length ?? 0)) {
    throw new ToolError({
      error: "recall needs something to look for: a topic, file_path, tags or categories",
      error_type: "missing_query",
      parameter: "topic",
      hints: ["Pass topic (what you are about to work on), or file_path to see what is known about a file"],
    });
  }
  const limit = input.limit ?? 10;
  const corrections: Correction[] = [];
  let filter = buildFilter(mc, input, corrections);
  let got = await retrieveRanked(mc, query, filter, limit);
  let comparison: { original_matches: number; corrected_matches: number } | undefined;
  if (got.ranked.length === 0) {
    const fixed = await correctEmptyFilter(mc, filter);
    if (fixed) {
      const retry = await retrieveRanked(mc, query, fixed.filter, limit);
      if (retry.ranked.length > 0) {
        filter = fixed.filter;
        got = retry;
        corrections.push(...fixed.corrections);
        comparison = { original_matches: 0, corrected_matches: Math.min(limit, retry.ranked.length) };
      }
    }
  }
  const results = diversify(
    got.ranked,
    (r) => r.memory.file_path,
    (r) => r.memory.id,
    mc.settings.maxPerFile,
    limit,
  );
  await mc.store.bumpRecallCount(results.map((r) => r.memory.id));
  const retrieval: Record<string, unknown> = { lexical: got.lexicalUsed, vector: got.vectorUsed };
  if (got.degraded) retrieval.degraded = got.degraded;
  const out: Record<string, unknown> = {
    results: results.map((r) => present(r, input.condensed ?? false, input.explain ?? false)),
    abstained: got.abstained,
    retrieval,
  };
  if (got.timedOut) out.incomplete = "timeout";
  if (corrections.length > 0) out.did_you_mean = didYouMean(corrections, undefined, comparison) satisfies DidYouMean;
  return out;
}

function snippet(content: string, words: readonly string[], width = 160): string {
  if (content.length <= width) return content;
  const lower = content.toLowerCase();
  const at =
    words
      .map((w) => lower.indexOf(w))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, Math.min(at - 40, content.length - width));
  return `${start > 0 ? "…" : ""}${content.slice(start, start + width)}${start + width < content.length ? "…" : ""}`;
}

export async function searchMemories(mc: MemoryContext, input: SearchInput): Promise<Record<string, unknown>> {
  checkText(input.query, "query", LIMITS.queryChars, undefined, "invalid_query");
  const parsed = parseSearchQuery(input.query);
  if (!parsed) {
    throw new ToolError({
      error: `Query '${input.query}' has no term to search for`,
      error_type: input.query.trim() === "" ? "missing_query" : "invalid_query",
      parameter: "query",
      got: input.query,
      hints: [
        'Syntax: words (all must match), "exact phrase", prefix*, a OR b, -excluded (with at least one positive term)',
      ],
    });
  }
  checkQueryShape(parsed.shape, input.query);
  const corrections: Correction[] = [];
  const filter = buildFilter(mc, input, corrections);
  const limit = input.limit ?? 10;
  const offset = input.offset ?? 0;
  const n = Math.max(50, 5 * (offset + limit));
  const w = vectorWeight(mc);
  // A malformed query (`foo AND (`) is never passed on: it is searched as its words, all required, and reported.
  const sanitized = parsed.strict === undefined;
  const lexQuery: LexNode = parsed.strict ?? parsed.sanitized;
  const cut: Cut = { timedOut: false };
  const lexical: LexicalHit[] = w < 1 ? await unlessTimedOut(cut, mc.store.lexical(lexQuery, filter, n), []) : [];
  const broaden = parsed.plain && input.broaden !== false;
  // A broadened query is embedded as recall embeds it, as written: the second lane's embedding is then the same one.
  const vectorText = broaden ? input.query : parsed.words.join(" ");
  const { fused, vectorUsed } = await fusedLanes(mc, lexical, vectorText, filter, n, w, cut);
  // A vector-only hit must be close enough to stand on its own, and cannot honour excluded terms.
  const tau = abstainCosine(mc);
  const kept = fused.filter((f) => f.lex_rank !== undefined || (!parsed.negated && f.s_vec >= tau));
  const rows = await rowsById(
    mc,
    kept.map((f) => f.id),
  );
  let ranked = rerank(kept, rows, mc.now(), { boosts: false });
  const matched = new Map<number, Match>();
  let broadened = false;
  if (broaden) {
    // A plain query's page: the memories holding every word first, then recall's ranking of the rest (some words,
    // or close in meaning), so that a question finds what recall finds.
    ranked = ranked.filter((r) => r.fused.lex_rank !== undefined);
    for (const r of ranked) matched.set(r.memory.id, "all_words");
    if (ranked.length < offset + limit) {
      const more = await beyondAllWords(mc, input.query, filter, offset + limit, matched, cut);
      broadened = more.length > 0;
      ranked = [...ranked, ...more];
    }
  }
  if (input.sort === "newest") {
    ranked = [...ranked].sort((a, b) => memoryTime(b.memory) - memoryTime(a.memory) || compareRanked(a, b));
  }
  const page = diversify(
    ranked,
    (r) => r.memory.file_path,
    (r) => r.memory.id,
    mc.settings.maxPerFile,
    offset + limit,
  ).slice(offset);
  const retrieval: Record<string, unknown> = { lexical: w < 1, vector: vectorUsed };
  const degraded = degradedNote(mc);
  if (degraded) retrieval.degraded = degraded;
  const out: Record<string, unknown> = {
    results: page.map((r) => ({
      id: r.memory.id,
      category: r.memory.category,
      snippet: snippet(r.memory.content, parsed.words),
      tags: r.memory.tags,
      file_path: r.memory.file_path,
      worked: r.memory.worked,
      score: Math.round(r.score * 10_000) / 10_000,
      created_at: r.memory.created_at,
      ...(matched.has(r.memory.id) ? { match: matched.get(r.memory.id) } : {}),
    })),
    total_candidates: ranked.length,
    retrieval,
  };
  if (broadened) {
    out.broadened = true;
    const all = [...matched.values()].filter((m) => m === "all_words").length;
    out.note = `${all === 0 ? "No memory holds" : `Only ${all} ${all === 1 ? "memory holds" : "memories hold"}`} every word of the query; the others hold some of its words or are close in meaning, ranked as recall ranks them (see match)`;
  }
  if (offset + limit < ranked.length) out.next_offset = offset + limit;
  if (sanitized) out.query_sanitized = true;
  if (cut.timedOut) out.incomplete = "timeout";
  if (corrections.length > 0) out.did_you_mean = didYouMean(corrections);
  return out;
}

/**
 * How a search_memories result matched a plain query: it holds every word, it holds some of them (or is the reply
 * right after one that does, see docs/memory.md), or only its meaning is close.
 */
type Match = "all_words" | "some_words" | "meaning";

/**
 * A plain query (a question, a few words) whose words no memory holds all of, or fewer than a page: the memories
 * recall's ranking finds for the same words, any of them, with the vector lane and abstention (no decay or boosts,
 * as search_memories ranks), after those already found. `matched` gains how each one matched.
 */
async function beyondAllWords(
  mc: MemoryContext,
  query: string,
  filter: MemoryFilter,
  wanted: number,
  matched: Map<number, Match>,
  cut: Cut,
): Promise<Ranked[]> {
  const any = await retrieveRanked(mc, query, filter, wanted, { boosts: false });
  if (any.timedOut) cut.timedOut = true;
  const more = any.ranked.filter((r) => !matched.has(r.memory.id));
  for (const r of more) {
    matched.set(r.memory.id, r.fused.lex_rank !== undefined || r.fused.via !== undefined ? "some_words" : "meaning");
  }
  return more;
}
