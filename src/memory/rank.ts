/**
 * The retrieval pipeline's pure steps: fusion of the two lanes, re-ranking (decay, outcome, category, supersession),
 * abstention and per-file diversity. No SQL here; the store supplies lane hits and rows.
 */
import { memoryTime } from "./rows.js";
import type { LexicalHit, VectorHit } from "./store.js";
import type { Memory } from "./types.js";

const DAY_MS = 86_400_000;
const HALF_LIFE_DAYS = 30;
const DECAY_FLOOR = 0.3;
const FAILED_BOOST = 1.5;
const WARNING_BOOST = 1.2;
const SUPERSEDED_FACTOR = 0.5;
const RRF_K = 60;

export interface Fused {
  id: number;
  score: number;
  s_lex: number;
  s_vec: number;
  lex_rank?: number;
  vec_rank?: number;
  /** What the memory's thread neighbours lent it (see withNeighbours); 0 when none. */
  s_ctx?: number;
  /** The neighbour that lent it s_ctx. */
  via?: number;
}

/**
 * Share of a neighbour's score a memory receives, per turn of distance: ½ from the turn next to it, ¼ from the one
 * after. A turn of a conversation is read with the turns around it: a short reply ("congrats!", "a sunset") means
 * nothing alone. Half: the context counts, but less than what the memory itself says, and less the further away it
 * is. The reply to a question gets the question's whole score (see withNeighbours).
 */
export const NEIGHBOUR_SHARE = 0.5;
/** How many memories either side of a memory in its thread are its context. */
export const NEIGHBOUR_RADIUS = 2;

/**
 * Neighbour context: each memory's score becomes s + max over its thread neighbours n of share^d(n)·s(n), computed
 * from the scores before this step (one step, no chains). `pairs` lists (candidate, neighbour, distance) from the
 * store; a neighbour that was not a candidate joins with its lent score alone and records `via`, the candidate it
 * stands on.
 *
 * A memory in `asks` ends with a question (asksQuestion): the memory right after it in the thread is its reply, and
 * receives its whole score rather than a share. The question matched the words of a request; the reply is what
 * tells the answer ("What got you into running?" / "My mental health"), yet says little of the topic itself, so
 * with half it ranked below the question and the question's other echoes. Ids are thread order, so the reply is
 * the neighbour with the larger id at distance 1.
 */
export function withNeighbours(
  fused: readonly Fused[],
  pairs: ReadonlyArray<{ id: number; neighbour: number; distance?: number }>,
  share = NEIGHBOUR_SHARE,
  asks: ReadonlySet<number> = new Set(),
): Fused[] {
  const byId = new Map(fused.map((f) => [f.id, { ...f }]));
  const lent = new Map<number, { score: number; via: number }>();
  for (const { id, neighbour, distance = 1 } of pairs) {
    const from = byId.get(id);
    if (!from || from.score <= 0 || neighbour === id || distance < 1) continue;
    const reply = distance === 1 && neighbour > id && asks.has(id);
    const score = (reply ? 1 : share ** distance) * from.score;
    const prev = lent.get(neighbour);
    if (!prev || score > prev.score) lent.set(neighbour, { score, via: id });
  }
  for (const [id, l] of lent) {
    let f = byId.get(id);
    if (!f) {
      f = { id, score: 0, s_lex: 0, s_vec: 0 };
      byId.set(id, f);
    }
    f.s_ctx = l.score;
    f.via = l.via;
  }
  for (const f of byId.values()) f.score += f.s_ctx ?? 0;
  return [...byId.values()];
}

/** A term's idf as bm25 weighs it, never negative: ln(1 + (N − n + 0.5) / (n + 0.5)) for n of N documents. */
export function termIdf(documents: number, total: number): number {
  return Math.log(1 + (total - documents + 0.5) / (documents + 0.5));
}

/**
 * The lexical lane's scores times each candidate's coverage of the query: the idf-weighted share of the query's terms
 * it contains (`contains`: term → candidates holding it; `idf`: term → weight), as Lucene's classic `coord` factor
 * does with counts. bm25 adds a term's weight per term matched, but its saturation and length normalisation let a
 * short memory holding one rare word of the question ("Wow, did you see that band?") outrank one holding several of
 * them; multiplied by the share, holding more of what was asked counts first and frequency and length second.
 * Candidates holding the same terms keep their order. A candidate found to hold none (a tokenisation mismatch
 * between the engine and the term list) counts as holding the lightest term. Re-sorted, ties by id.
 */
export function coordinate(
  hits: readonly LexicalHit[],
  contains: ReadonlyMap<string, ReadonlySet<number>>,
  idf: ReadonlyMap<string, number>,
): LexicalHit[] {
  const weights = [...idf.values()].filter((x) => x > 0);
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole <= 0) return [...hits];
  const lightest = Math.min(...weights);
  return hits
    .map((h) => {
      let held = 0;
      for (const [term, ids] of contains) if (ids.has(h.id)) held += idf.get(term) ?? 0;
      return { id: h.id, rank: h.rank * (Math.max(held, lightest) / whole) };
    })
    .sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/**
 * Daem0n-MCP's blend s = (1−w)·s_lex + w·s_vec, with s_lex = rank / best rank over the candidates (so the best lexical
 * hit is 1) and s_vec = max(0, cos). A lane that did not find a candidate contributes 0. With `rrf`, reciprocal rank
 * fusion (1−w)/(k+rank_lex) + w/(k+rank_vec) instead. `scored`: cosines of candidates outside the vector lane's
 * top k, which give their s_vec but no rank.
 */
export function fuse(
  lexical: readonly LexicalHit[],
  vector: readonly VectorHit[],
  w: number,
  mode: "blend" | "rrf",
  scored: readonly VectorHit[] = [],
): Fused[] {
  const byId = new Map<number, Fused>();
  const entry = (id: number): Fused => {
    let f = byId.get(id);
    if (!f) {
      f = { id, score: 0, s_lex: 0, s_vec: 0 };
      byId.set(id, f);
    }
    return f;
  };
  const best = lexical.reduce((m, h) => Math.max(m, -h.rank), 0);
  lexical.forEach((h, i) => {
    const f = entry(h.id);
    f.s_lex = best > 0 ? -h.rank / best : 1;
    f.lex_rank = i + 1;
  });
  for (const h of scored) {
    const f = byId.get(h.id);
    if (f && f.vec_rank === undefined) f.s_vec = Math.max(0, h.cosine);
  }
  vector.forEach((h, i) => {
    const f = entry(h.id);
    f.s_vec = Math.max(0, h.cosine);
    f.vec_rank = i + 1;
  });
  for (const f of byId.values()) {
    f.score =
      mode === "rrf"
        ? (f.lex_rank ? (1 - w) / (RRF_K + f.lex_rank) : 0) + (f.vec_rank ? w / (RRF_K + f.vec_rank) : 0)
        : (1 - w) * f.s_lex + w * f.s_vec;
  }
  return [...byId.values()];
}

/**
 * Daem0n-MCP's decay max(exp(−ln2·age/30 d), 0.3), none for patterns, warnings and pinned memories, mixed in with
 * `recency` r: (1 − r) + r·decay. r = 1 is Daem0n-MCP's full multiplicative decay.
 */
export function decayFactor(m: Memory, now: number, recency = 1): number {
  if (m.pinned || m.category === "pattern" || m.category === "warning") return 1;
  const at = memoryTime(m);
  const ageDays = Math.max(0, (now - at) / DAY_MS);
  const decay = Math.max(Math.exp((-Math.LN2 * ageDays) / HALF_LIFE_DAYS), DECAY_FLOOR);
  return 1 - recency + recency * decay;
}

export interface Ranked {
  memory: Memory;
  score: number;
  fused: Fused;
  why: {
    s_lex: number;
    s_vec: number;
    s_ctx: number;
    fused: number;
    decay: number;
    outcome: number;
    category: number;
    superseded: number;
  };
}

export interface RerankOptions {
  /** false: no decay, outcome or category factors (search_memories). */
  boosts?: boolean;
  /** Weight of the recency decay, 0..1. */
  recency?: number;
  /** Factor for warnings (Daem0n-MCP's 1.2). */
  warningBoost?: number;
}

/**
 * The share of a boost B a candidate at relevance rel = s / best s receives: none at rel <= 1/B, where even the whole
 * boost would only tie it with the best, rising linearly to all of it at rel = 1. A failure on the question's topic
 * surfaces with the full boost; one that matches a word or two of it (rel 0.7–0.8) cannot jump over the answer, as it
 * did with a share of rel itself.
 */
export function boostShare(boost: number, rel: number): number {
  if (boost <= 1) return 0;
  const floor = 1 / boost;
  return Math.min(1, Math.max(0, (rel - floor) / (1 - floor)));
}

/**
 * s × decay × outcome × category (× 0.5 when superseded); ties: newer first, then id. Daem0n-MCP's ×1.5 for a failed
 * decision and ×1.2 for a warning are given in proportion to the candidate's relevance (see boostShare).
 */
export function rerank(
  fused: readonly Fused[],
  rows: ReadonlyMap<number, Memory>,
  now: number,
  options: RerankOptions = {},
): Ranked[] {
  const applyBoosts = options.boosts ?? true;
  const top = fused.reduce((x, f) => Math.max(x, f.score), 0);
  const out: Ranked[] = [];
  for (const f of fused) {
    const m = rows.get(f.id);
    if (!m) continue;
    const rel = top > 0 ? f.score / top : 1;
    const decay = applyBoosts ? decayFactor(m, now, options.recency ?? 1) : 1;
    const warningBoost = options.warningBoost ?? WARNING_BOOST;
    const outcome = applyBoosts && m.worked === false ? 1 + (FAILED_BOOST - 1) * boostShare(FAILED_BOOST, rel) : 1;
    const category =
      applyBoosts && m.category === "warning" ? 1 + (warningBoost - 1) * boostShare(warningBoost, rel) : 1;
    const superseded = m.superseded_by !== null ? SUPERSEDED_FACTOR : 1;
    const score = f.score * decay * outcome * category * superseded;
    out.push({
      memory: m,
      score,
      fused: f,
      why: {
        s_lex: f.s_lex,
        s_vec: f.s_vec,
        s_ctx: f.s_ctx ?? 0,
        fused: f.score,
        decay,
        outcome,
        category,
        superseded,
      },
    });
  }
  return out.sort(compareRanked);
}

export function compareRanked(a: Ranked, b: Ranked): number {
  if (b.score !== a.score) return b.score - a.score;
  const at = memoryTime(a.memory);
  const bt = memoryTime(b.memory);
  if (bt !== at) return bt - at;
  return a.memory.id - b.memory.id;
}

/**
 * Per-file diversity: keep a ranked item while its file has fewer than `maxPerFile` kept items, then backfill from
 * the items passed over, in rank order, until `limit`. A memory without a file is its own group (Daem0n-MCP capped all
 * file-less memories together). 0 = unlimited.
 */
export function diversify<T>(
  ranked: readonly T[],
  fileOf: (item: T) => string | null,
  idOf: (item: T) => number,
  maxPerFile: number,
  limit: number,
): T[] {
  if (maxPerFile <= 0) return ranked.slice(0, limit);
  const kept: T[] = [];
  const passed: T[] = [];
  const perFile = new Map<string, number>();
  for (const item of ranked) {
    if (kept.length >= limit) break;
    const key = fileOf(item) ?? `\u0000memory:${idOf(item)}`;
    const n = perFile.get(key) ?? 0;
    if (n < maxPerFile) {
      kept.push(item);
      perFile.set(key, n + 1);
    } else passed.push(item);
  }
  // Backfill keeps rank order among the backfilled items but places them after the diverse ones.
  for (const item of passed) {
    if (kept.length >= limit) break;
    kept.push(item);
  }
  return kept;
}
