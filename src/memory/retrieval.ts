/**
 * Retrieval shared by recall and search_memories: filters (a file or tag filter that matches nothing is retried once
 * with a unique close stored value), the two lanes and their fusion, coverage, thread neighbours, re-ranking and
 * abstention, and the query timeout's partial answers.
 */
import { type Correction, confirmScore, editBudget, osa } from "../core/index.js";
import { checkCount, LIMITS } from "./bounds.js";
import { queryRelativeDayTokens } from "./dates.js";
import { normalizeFilePath, normalizeTags, parseTime, resolveCategory } from "./inputs.js";
import { anyOf } from "./lexical-query.js";
import type { MemoryContext } from "./open.js";
import {
  coordinate,
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

/** Vector-only abstention threshold τ per provider; fitted on the bench dev split (see docs/memory.md). */
const DEFAULT_ABSTAIN_COSINE: Readonly<Record<string, number>> = { "hash-v1": 0.45 };
const MODEL_ABSTAIN_COSINE = 0.6;
/** The rare-term abstention rule needs a corpus to judge rarity against. */
const ABSTAIN_MIN_DOCS = 20;

export function buildFilter(mc: MemoryContext, input: FilterInput, corrections: Correction[]): MemoryFilter {
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
function uniqueWithinBudget(
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
export async function correctEmptyFilter(
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

export interface Retrieved {
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
export interface Cut {
  timedOut: boolean;
}

/**
 * A step's answer, or `fallback` when its statement ran past `[memory] query_timeout_ms` (the call then answers with
 * what its other steps found, marked `incomplete: "timeout"`); any other failure is thrown as it is.
 */
export async function unlessTimedOut<T>(cut: Cut, step: Promise<T>, fallback: T): Promise<T> {
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
export function vectorWeight(mc: MemoryContext): number {
  return mc.store.provider && !mc.store.vectorLaneDegraded() ? mc.settings.vectorWeight : 0;
}

/**
 * The two lanes fused. A lexical candidate outside the vector lane's top n still gets its exact cosine: the cut at n
 * says nothing about how close it is, and scoring it 0 would rank a memory the words found below vector-only hits.
 */
export async function fusedLanes(
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

export function degradedNote(mc: MemoryContext): string | undefined {
  const notes = [mc.providerDegraded, mc.store.vectorLaneDegraded()].filter((s): s is string => !!s);
  return notes.length > 0 ? notes.join("; ") : undefined;
}

export async function rowsById(mc: MemoryContext, ids: readonly number[]): Promise<Map<number, Memory>> {
  return new Map((await mc.store.get(ids)).map((m) => [m.id, m]));
}

export async function retrieveRanked(
  mc: MemoryContext,
  query: string | undefined,
  filter: MemoryFilter,
  limit: number,
  reranking: RerankOptions = rerankOptions(mc),
): Promise<Retrieved> {
  const n = Math.max(50, 5 * limit);
  const now = mc.now();
  if (!query || query.trim() === "") {
    const ids = await mc.store.list(filter, n);
    const fused = ids.map((id) => ({ id, score: 1, s_lex: 0, s_vec: 0 }));
    return {
      ranked: rerank(fused, await rowsById(mc, ids), now, reranking),
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
  let ranked = rerank(fused, rows, now, reranking);
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

export function abstainCosine(mc: MemoryContext): number {
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
