/**
 * The read operations: recall (hybrid retrieval, re-ranking, abstention, diversity) and search_memories (query
 * syntax, fusion, diversity; no decay or boosts). A file or tag filter that matches nothing is retried once with a
 * unique close stored value, and the retry is reported with its results comparison.
 */
import {
  type Correction,
  confirmScore,
  type DidYouMean,
  didYouMean,
  editBudget,
  osa,
  ToolError,
} from "../core/index.js";
import { checkCount, checkQueryShape, checkText, LIMITS } from "./bounds.js";
import { queryRelativeDayTokens } from "./dates.js";
import { normalizeFilePath, normalizeTags, parseTime, resolveCategory } from "./inputs.js";
import { anyOf, type LexNode, parseSearchQuery } from "./lexical-query.js";
import type { MemoryContext } from "./open.js";
import {
  compareRanked,
  coordinate,
  diversify,
  type Fused,
  fuse,
  NEIGHBOUR_RADIUS,
  NEIGHBOUR_SHARE,
  type Ranked,
  type RerankOptions,
  rerank,
  termIdf,
  withNeighbours,
} from "./rank.js";
import { memoryTime } from "./rows.js";
import { isQueryTimeout } from "./storage-errors.js";
import type { LexicalHit } from "./store.js";
import { asksQuestion, queryTerms } from "./text.js";
import type { Category, Memory, MemoryFilter } from "./types.js";

export interface FilterInput {
  file_path?: string;
  tags?: string[];
  categories?: string[];
  worked?: boolean;
  since?: string | number;
  include_archived?: boolean;
  include_superseded?: boolean;
}

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
}

/** Vector-only abstention threshold τ per provider; fitted on the bench dev split (see docs/memory.md). */
export const DEFAULT_ABSTAIN_COSINE: Readonly<Record<string, number>> = { "hash-v1": 0.45 };
const MODEL_ABSTAIN_COSINE = 0.6;
/** The rare-term abstention rule needs a corpus to judge rarity against. */
const ABSTAIN_MIN_DOCS = 20;

function buildFilter(mc: MemoryContext, input: FilterInput, corrections: Correction[]): MemoryFilter {
  checkCount(input.categories ?? [], "categories", LIMITS.categories);
  const categories = input.categories?.map((c, i) => {
    const r = resolveCategory(c, `categories[${i}]`, mc.thresholds);
    if (r.correction) corrections.push(r.correction);
    return r.value;
  });
  return {
    file_path: normalizeFilePath(input.file_path, mc.root, "file_path"),
    tags: input.tags ? normalizeTags(input.tags, "tags") : undefined,
    categories: categories as Category[] | undefined,
    worked: input.worked,
    since: parseTime(input.since, "since", undefined, { now: mc.now(), read: (c) => corrections.push(c) }),
    include_archived: input.include_archived ?? false,
    include_superseded: input.include_superseded ?? false,
  };
}

/**
 * The stored value a filter value was meant to be: the unique one within the core's edit budget (two edits for
 * longer values), scored by the core's confirmation score. Paths are matched whole, so the matcher's namespace rules
 * (`/` separates namespaces for tool names) do not apply here.
 */
export function uniqueWithinBudget(
  input: string,
  stored: readonly string[],
): { value: string; confidence: number } | undefined {
  const budget = editBudget(input.length);
  if (budget === 0) return undefined;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (const candidate of stored) {
    if (Math.abs(candidate.length - input.length) > budget) continue;
    const d = osa(input.toLowerCase(), candidate.toLowerCase(), budget + 1);
    if (d > budget) continue;
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      ties = 0;
    } else if (d === bestDistance) ties++;
  }
  if (best === undefined || ties > 0) return undefined;
  return { value: best, confidence: Math.round(confirmScore(input, best) * 1000) / 1000 };
}

/** A file or tag filter that matches no memory at all, corrected to the unique close stored value (or undefined). */
async function correctEmptyFilter(
  mc: MemoryContext,
  filter: MemoryFilter,
): Promise<{ filter: MemoryFilter; corrections: Correction[] } | undefined> {
  const visible = { include_archived: filter.include_archived, include_superseded: filter.include_superseded };
  const corrections: Correction[] = [];
  const next: MemoryFilter = { ...filter };
  if (filter.file_path !== undefined && (await mc.store.count({ ...visible, file_path: filter.file_path })) === 0) {
    const paths = await mc.store.distinctFilePaths();
    const dirs = new Set<string>();
    for (const p of paths) {
      const parts = p.split("/");
      for (let i = 1; i < parts.length; i++) dirs.add(`${parts.slice(0, i).join("/")}/`);
    }
    const wantsDir = filter.file_path.endsWith("/");
    const match = uniqueWithinBudget(filter.file_path, wantsDir ? [...dirs] : [...paths, ...dirs]);
    if (!match) return undefined;
    next.file_path = match.value;
    corrections.push({
      parameter: "file_path",
      original: filter.file_path,
      corrected: match.value,
      correction_type: "typo",
      confidence: match.confidence,
    });
  }
  const tags = filter.tags ?? [];
  if (tags.length > 0) {
    const stored = await mc.store.distinctTags();
    const fixed: string[] = [];
    for (const [i, t] of tags.entries()) {
      if ((await mc.store.count({ ...visible, tags: [t] })) > 0) {
        fixed.push(t);
        continue;
      }
      const match = uniqueWithinBudget(t, stored);
      if (!match) return undefined;
      corrections.push({
        parameter: `tags[${i}]`,
        original: t,
        corrected: match.value,
        correction_type: "typo",
        confidence: match.confidence,
      });
      fixed.push(match.value);
    }
    next.tags = fixed;
  }
  return corrections.length > 0 ? { filter: next, corrections } : undefined;
}

interface Retrieved {
  ranked: Ranked[];
  abstained: boolean;
  lexicalUsed: boolean;
  vectorUsed: boolean;
  degraded?: string;
  sanitized?: boolean;
  /** A step ran past the query timeout and was left out: the answer is what the others found. */
  timedOut?: boolean;
}

/** Whether any step of one call ran past the query timeout. */
interface Cut {
  timedOut: boolean;
}

/**
 * A step's answer, or `fallback` when its statement ran past `[memory] query_timeout_ms` (the call then answers with
 * what its other steps found, marked `incomplete: "timeout"`); any other failure is thrown as it is.
 */
async function unlessTimedOut<T>(cut: Cut, step: Promise<T>, fallback: T): Promise<T> {
  try {
    return await step;
  } catch (e) {
    if (!isQueryTimeout(e)) throw e;
    cut.timedOut = true;
    return fallback;
  }
}

function rerankOptions(mc: MemoryContext): RerankOptions {
  return { recency: mc.settings.recencyWeight, warningBoost: mc.settings.warningBoost };
}

/** The configured weight, or 0 (lexical-only) while the vector lane is off: no provider, no pgvector, re-embedding. */
function vectorWeight(mc: MemoryContext): number {
  return mc.store.provider && !mc.store.vectorLaneDegraded() ? mc.settings.vectorWeight : 0;
}

/**
 * The two lanes fused. A lexical candidate outside the vector lane's top n still gets its exact cosine: the cut at n
 * says nothing about how close it is, and scoring it 0 would rank a memory the words found below vector-only hits.
 */
async function fusedLanes(
  mc: MemoryContext,
  lexical: readonly LexicalHit[],
  text: string,
  filter: MemoryFilter,
  n: number,
  w: number,
  cut: Cut,
): Promise<{ fused: Fused[]; vectorUsed: boolean }> {
  if (w <= 0 || !mc.store.provider || mc.store.vectorLaneDegraded()) {
    return { fused: fuse(lexical, [], w, mc.settings.fusion), vectorUsed: false };
  }
  const q = await mc.store.provider.embedQuery(text);
  const hits = await unlessTimedOut(cut, mc.store.vector(q, filter, n), []);
  const inLane = new Set(hits.map((h) => h.id));
  const outside = lexical.filter((h) => !inLane.has(h.id)).map((h) => h.id);
  const scored = outside.length > 0 ? await unlessTimedOut(cut, mc.store.cosines(q, outside), []) : [];
  return { fused: fuse(lexical, hits, w, mc.settings.fusion, scored), vectorUsed: true };
}

function degradedNote(mc: MemoryContext): string | undefined {
  const notes = [mc.providerDegraded, mc.store.vectorLaneDegraded()].filter((s): s is string => !!s);
  return notes.length > 0 ? notes.join("; ") : undefined;
}

async function rowsById(mc: MemoryContext, ids: readonly number[]): Promise<Map<number, Memory>> {
  return new Map((await mc.store.get(ids)).map((m) => [m.id, m]));
}

async function retrieveForRecall(
  mc: MemoryContext,
  query: string | undefined,
  filter: MemoryFilter,
  limit: number,
): Promise<Retrieved> {
  const n = Math.max(50, 5 * limit);
  const now = mc.now();
  if (!query || query.trim() === "") {
    const ids = await mc.store.list(filter, n);
    const fused = ids.map((id) => ({ id, score: 1, s_lex: 0, s_vec: 0 }));
    return {
      ranked: rerank(fused, await rowsById(mc, ids), now, rerankOptions(mc)),
      abstained: false,
      lexicalUsed: false,
      vectorUsed: false,
      degraded: degradedNote(mc),
    };
  }
  // Days the query names relative to now ("yesterday", "last week") are searched as those days (see dates.ts).
  const terms = [...queryRelativeDayTokens(query, now), ...queryTerms(query)];
  const w = vectorWeight(mc);
  // Only rare terms (in at most half the memories) go to the lexical lane: bm25 gives common ones almost no weight,
  // they cost the most to score, and a memory matched only by them is dropped by abstention anyway.
  const cut: Cut = { timedOut: false };
  const total = await mc.store.totalDocuments();
  // Unknown counts (the count ran out of time): every term is searched, as on a small store.
  const df = await unlessTimedOut(cut, mc.store.documentFrequency(terms), new Map(terms.map((t) => [t, 1])));
  const lexTerms = total >= ABSTAIN_MIN_DOCS ? rareTerms(terms, df, total) : terms;
  const found: LexicalHit[] =
    w < 1 && lexTerms.length > 0 ? await unlessTimedOut(cut, mc.store.lexical(anyOf(lexTerms), filter, n), []) : [];
  const lexical = await unlessTimedOut(cut, coordinated(mc, found, lexTerms, df, total), found);
  const vector = await fusedLanes(mc, lexical, query, filter, n, w, cut);
  const lanes = vector.fused;
  const candidates = lanes.map((f) => f.id);
  const pairs = await unlessTimedOut(cut, mc.store.neighbours(candidates, filter, NEIGHBOUR_RADIUS), []);
  const rows = await rowsById(mc, candidates);
  const asks = new Set(candidates.filter((id) => asksQuestion(rows.get(id)?.content ?? "")));
  const fused = withNeighbours(lanes, pairs, NEIGHBOUR_SHARE, asks);
  // Neighbours that joined through their thread (not found by either lane).
  const joined = fused.filter((f) => !rows.has(f.id)).map((f) => f.id);
  if (joined.length > 0) for (const m of await mc.store.get(joined)) rows.set(m.id, m);
  let ranked = rerank(fused, rows, now, rerankOptions(mc));
  ranked = abstain(mc, ranked, vector.vectorUsed);
  // Nothing found because a lane ran out of time is not "nothing is about that".
  const abstained = ranked.length === 0 && !cut.timedOut;
  return {
    ranked,
    abstained,
    lexicalUsed: w < 1,
    vectorUsed: vector.vectorUsed,
    degraded: degradedNote(mc),
    timedOut: cut.timedOut,
  };
}

/** The lexical hits weighted by how much of the query each holds (see coordinate); as they are for one term. */
async function coordinated(
  mc: MemoryContext,
  hits: LexicalHit[],
  terms: readonly string[],
  df: ReadonlyMap<string, number>,
  total: number,
): Promise<LexicalHit[]> {
  if (terms.length < 2 || hits.length < 2) return hits;
  const idf = new Map(terms.map((t) => [t, termIdf(df.get(t) ?? 0, total)]));
  const contains = await mc.store.containing(
    terms,
    hits.map((h) => h.id),
  );
  return coordinate(hits, contains, idf);
}

function abstainCosine(mc: MemoryContext): number {
  const provider = mc.store.provider;
  return mc.settings.abstainCosine ?? (provider ? (DEFAULT_ABSTAIN_COSINE[provider.id] ?? MODEL_ABSTAIN_COSINE) : 1);
}

function rareTerms(terms: readonly string[], df: ReadonlyMap<string, number>, total: number): string[] {
  return terms.filter((t) => {
    const d = df.get(t) ?? 0;
    return d > 0 && d <= 0.5 * total;
  });
}

/**
 * Abstention: a candidate stands when the lexical lane found it (with 20+ memories that lane searches only terms
 * found in at most half of them), or when its cosine clears τ, or when the neighbour that lifted it stands.
 * Nothing standing means "nothing is about that".
 */
function abstain(mc: MemoryContext, ranked: Ranked[], vectorUsed: boolean): Ranked[] {
  const tau = abstainCosine(mc);
  const stands = (f: Fused) => f.lex_rank !== undefined || (vectorUsed && f.s_vec >= tau);
  const standing = new Set(ranked.filter((r) => stands(r.fused)).map((r) => r.memory.id));
  // A memory lifted by its neighbour stands with it: the answer after a question that matched.
  return ranked.filter((r) => standing.has(r.memory.id) || (r.fused.via !== undefined && standing.has(r.fused.via)));
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
  let got = await retrieveForRecall(mc, query, filter, limit);
  let comparison: { original_matches: number; corrected_matches: number } | undefined;
  if (got.ranked.length === 0) {
    const fixed = await correctEmptyFilter(mc, filter);
    if (fixed) {
      const retry = await retrieveForRecall(mc, query, fixed.filter, limit);
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
  const { fused, vectorUsed } = await fusedLanes(mc, lexical, parsed.words.join(" "), filter, n, w, cut);
  // A vector-only hit must be close enough to stand on its own, and cannot honour excluded terms.
  const tau = abstainCosine(mc);
  const kept = fused.filter((f) => f.lex_rank !== undefined || (!parsed.negated && f.s_vec >= tau));
  const rows = await rowsById(
    mc,
    kept.map((f) => f.id),
  );
  let ranked = rerank(kept, rows, mc.now(), { boosts: false });
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
    })),
    total_candidates: ranked.length,
    retrieval,
  };
  if (offset + limit < ranked.length) out.next_offset = offset + limit;
  if (sanitized) out.query_sanitized = true;
  if (cut.timedOut) out.incomplete = "timeout";
  if (corrections.length > 0) out.did_you_mean = didYouMean(corrections);
  return out;
}
