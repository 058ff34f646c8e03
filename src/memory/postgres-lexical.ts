/**
 * The PostgreSQL lexical lane: a weighted tsvector under GIN, queried with a tsquery rendered from the shared parse
 * (lexical-query.ts). recall's any-of-these-terms query is scored like bm25 (per term: ts_rank of that term alone,
 * field-weighted and length-normalised, times its idf); search_memories' structured queries by ts_rank_cd. Rarity
 * comes from exact counts on a small store and from the planner's statistics on a large one.
 */
import { flatTerms, type LexNode, toTsquery, wordsNode } from "./lexical-query.js";
import type { PgContext } from "./postgres-schema.js";
import { termIdf } from "./rank.js";
import type { LexicalHit } from "./store.js";
import { indexText } from "./text.js";
import type { MemoryFilter } from "./types.js";

/** Text search configuration: English stemming, like FTS5's porter tokenizer. */
const TS_CONFIG = "'english'";
/**
 * ts_rank weights {D, C, B, A}: tags (A) 1, content, path and identifier terms (B) 1/3, rationale (C) 1/6: the same
 * 3 : 1 : 0.5 proportions as the SQLite lane's bm25 column weights.
 */
const TS_WEIGHTS = "'{0, 0.16667, 0.33333, 1}'";
/**
 * The lexical lane's work is bounded by the rows it visits (each a heap read and a few ts_rank calls, 5–25 µs). Terms
 * are taken rarest first while their document counts add up to at most LEXICAL_BUDGET, and every match of those is
 * scored. When even the rarest term matches more (every term is common), a sample of OVERFLOW_SAMPLE memories that
 * contain all the terms is scored: which ones is the engine's choice, so such a query is answered approximately.
 * (An "ORDER BY id DESC" sample made the planner walk the primary key backwards through the table: 0.4–0.6 s at 1M.)
 */
const LEXICAL_BUDGET = 5_000;
const OVERFLOW_SAMPLE = 2_000;
/** Below this many memories counts are exact; above, the planner's statistics are close enough for rarity. */
const EXACT_COUNT_MAX = 50_000;
const STATS_TTL_MS = 60_000;
/** On a large store, rare terms are counted up to this many matches (each count visits that many rows). */
const RARE_COUNT_CAP = 1_000;

interface Statistics {
  at: number;
  total: number;
  /** Lexeme → estimated document count, for the most common lexemes. */
  common: Map<string, number>;
  /** Any lexeme not in `common` is in fewer documents than this. */
  floor: number;
}

/** The `search_tsv` value of a row: tags (A), content, path and identifier terms (B), rationale (C). */
export function tsvectorSql(a: string, b: string, c: string): string {
  return `setweight(to_tsvector(${TS_CONFIG}, ${a}), 'A') || setweight(to_tsvector(${TS_CONFIG}, ${b}), 'B')
           || setweight(to_tsvector(${TS_CONFIG}, ${c}), 'C')`;
}

export class PgLexicalLane {
  private readonly dfCache = new Map<string, { n: number; total: number }>();
  private stats: Statistics | undefined;

  constructor(private readonly db: PgContext) {}

  /**
   * The planner's statistics, refreshed at most once a minute: the row estimate and the frequency of the most common
   * lexemes of `search_tsv` (gathered by ANALYZE, which autovacuum runs as the table grows).
   */
  private async statistics(): Promise<Statistics> {
    if (this.stats && Date.now() - this.stats.at < STATS_TTL_MS) return this.stats;
    const rows = await this.db.query<{ estimate: number; elems: string[] | null; freqs: number[] | null }>(
      `SELECT greatest(c.reltuples, 0)::float8 AS estimate,
              (SELECT s.most_common_elems::text::text[] FROM pg_stats s
                WHERE s.schemaname = $1 AND s.tablename = 'memories' AND s.attname = 'search_tsv') AS elems,
              (SELECT s.most_common_elem_freqs FROM pg_stats s
                WHERE s.schemaname = $1 AND s.tablename = 'memories' AND s.attname = 'search_tsv') AS freqs
       FROM pg_class c WHERE c.oid = to_regclass($2)`,
      [this.db.schema, `${this.db.s}.memories`],
    );
    const r = rows[0] ?? { estimate: 0, elems: null, freqs: null };
    let total = Number(r.estimate);
    if (total < EXACT_COUNT_MAX) {
      total = Number((await this.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${this.db.s}.memories`))[0].n);
    }
    const common = new Map<string, number>();
    const elems = r.elems ?? [];
    const freqs = (r.freqs ?? []).map(Number);
    for (const [i, e] of elems.entries()) common.set(e, Math.round(freqs[i] * total));
    // After the per-element frequencies come the minimum and maximum: anything not listed is rarer than the minimum.
    const floor = elems.length > 0 ? Math.ceil((freqs[elems.length] ?? 0) * total) : 0;
    this.stats = { at: Date.now(), total, common, floor };
    return this.stats;
  }

  async totalDocuments(): Promise<number> {
    return (await this.statistics()).total;
  }

  /**
   * Exact while the store is small. On a large one, a lexeme among the planner's most common elements takes its
   * sampled frequency; any other is rarer than those and is counted up to a small cap.
   */
  async documentFrequency(terms: readonly string[]): Promise<Map<string, number>> {
    const stats = await this.statistics();
    const out = new Map<string, number>();
    const todo = terms.filter((t) => {
      const entry = this.dfCache.get(t);
      if (entry && Math.abs(stats.total - entry.total) <= Math.max(2, 0.02 * entry.total)) {
        out.set(t, entry.n);
        return false;
      }
      return true;
    });
    if (todo.length === 0) return out;
    // One round trip: each term's lexemes and its match count (a common lexeme's comes from the statistics instead).
    // Small store: exact. Large one with statistics: a lexeme not among the common ones is in fewer than `floor`
    // documents, so a count up to a small cap tells the very rare apart (its idf) and the rest is estimated.
    const large = stats.total >= EXACT_COUNT_MAX;
    const cap = !large
      ? stats.total + 1
      : stats.floor > 0
        ? Math.min(stats.floor, RARE_COUNT_CAP) + 1
        : LEXICAL_BUDGET + 1;
    const rows = await this.db.query<{ lexemes: string[]; n: number }>(
      `SELECT coalesce(tsvector_to_array(to_tsvector(${TS_CONFIG}, t.term)), '{}') AS lexemes,
              CASE WHEN $3 AND tsvector_to_array(to_tsvector(${TS_CONFIG}, t.term)) <@ $4::text[] THEN -1
                   ELSE (SELECT count(*) FROM (SELECT 1 FROM ${this.db.s}.memories
                          WHERE search_tsv @@ to_tsquery(${TS_CONFIG}, t.q) LIMIT $2) c) END AS n
       FROM unnest($1::text[], $5::text[]) WITH ORDINALITY AS t(term, q, i) ORDER BY t.i`,
      [todo.map((t) => indexText(t)), cap, large, [...stats.common.keys()], todo.map((t) => toTsquery(wordsNode([t])))],
    );
    for (const [i, term] of todo.entries()) {
      const words = rows[i]?.lexemes ?? [];
      let n = Number(rows[i]?.n ?? 0);
      if (words.length === 0) n = 0;
      else if (n < 0) n = Math.min(...words.map((w) => stats.common.get(w) ?? 0));
      // Past the cap only "between the cap and the floor" is known: take the middle.
      else if (n >= cap) n = Math.max(n, Math.round((n + stats.floor) / 2));
      if (this.dfCache.size > 50_000) this.dfCache.clear();
      this.dfCache.set(term, { n, total: stats.total });
      out.set(term, n);
    }
    return out;
  }

  /** For each term, which of `ids` contain it, in one round trip. */
  async containing(terms: readonly string[], ids: readonly number[]): Promise<Map<string, Set<number>>> {
    const out = new Map<string, Set<number>>(terms.map((t) => [t, new Set<number>()]));
    if (terms.length === 0 || ids.length === 0) return out;
    const rows = await this.db.query<{ i: number; id: number }>(
      `SELECT t.i, m.id FROM unnest($1::text[]) WITH ORDINALITY AS t(q, i)
       JOIN ${this.db.s}.memories m ON m.id = ANY($2::bigint[]) AND m.search_tsv @@ to_tsquery(${TS_CONFIG}, t.q)`,
      [terms.map((t) => toTsquery(wordsNode([t]))), ids],
    );
    for (const r of rows) out.get(terms[Number(r.i) - 1])?.add(Number(r.id));
    return out;
  }

  async search(query: LexNode, filter: MemoryFilter, limit: number): Promise<LexicalHit[]> {
    const terms = flatTerms(query);
    const built = terms ? await this.termsSql(terms, filter, limit) : this.querySql(query, filter, limit);
    if (!built) return [];
    const { sql, params } = built;
    const rows = await this.db.query<{ id: number; score: number }>(sql, params);
    return rows.map((r) => ({ id: Number(r.id), rank: -Number(r.score) }));
  }

  /** search_memories' structured queries: cover density ranking of the whole tsquery, weighted by field. */
  private querySql(query: LexNode, filter: MemoryFilter, limit: number) {
    const w = this.db.where(filter, 3);
    return {
      sql: `SELECT m.id, ts_rank_cd(${TS_WEIGHTS}, m.search_tsv, q.q, 1) AS score
            FROM ${this.db.s}.memories m, to_tsquery(${TS_CONFIG}, $1) AS q(q)
            WHERE m.search_tsv @@ q.q AND ${w.sql}
            ORDER BY score DESC, m.id LIMIT $2`,
      params: [toTsquery(query), limit, ...w.params],
    };
  }

  /**
   * recall's any-of-these-terms query, scored like bm25: each term's field-weighted, length-normalised frequency
   * (ts_rank of that term alone) times its idf, summed. Candidates are bounded (see LEXICAL_BUDGET).
   */
  private async termsSql(terms: readonly string[], filter: MemoryFilter, limit: number) {
    const df = await this.documentFrequency(terms);
    const total = Math.max(1, (await this.statistics()).total);
    const used = terms.filter((t) => (df.get(t) ?? 0) > 0).sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0));
    // No term occurs (or each is a stop word to the text search configuration): nothing can match.
    if (used.length === 0) return undefined;
    const idf = (t: string) => termIdf(df.get(t) ?? 0, total);
    let budgeted = 0;
    let spent = 0;
    while (budgeted < used.length && spent + (df.get(used[budgeted]) ?? 0) <= LEXICAL_BUDGET) {
      spent += df.get(used[budgeted]) ?? 0;
      budgeted++;
    }
    const candidates =
      budgeted > 0
        ? toTsquery({ kind: "or", children: used.slice(0, budgeted).map((t) => wordsNode([t])) })
        : toTsquery({ kind: "and", children: used.map((t) => wordsNode([t])) });
    const base = 3 + 2 * used.length;
    const w = this.db.where(filter, base);
    const score = used.map(
      (_, i) => `$${4 + 2 * i} * ts_rank(${TS_WEIGHTS}, c.search_tsv, to_tsquery(${TS_CONFIG}, $${3 + 2 * i}), 1)`,
    );
    const params: unknown[] = [candidates, limit];
    for (const t of used) params.push(toTsquery(wordsNode([t])), idf(t));
    // Within budget every match is scored; past it (all terms common), a bounded sample of the memories with them all.
    const sample = budgeted > 0 ? "" : `LIMIT ${OVERFLOW_SAMPLE}`;
    return {
      sql: `SELECT c.id, ${score.join(" + ")} AS score
            FROM (SELECT m.id, m.search_tsv FROM ${this.db.s}.memories m
                  WHERE m.search_tsv @@ to_tsquery(${TS_CONFIG}, $1) AND ${w.sql} ${sample}) c
            ORDER BY score DESC, c.id LIMIT $2`,
      params: [...params, ...w.params],
    };
  }
}
