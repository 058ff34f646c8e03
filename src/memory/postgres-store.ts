/**
 * PostgreSQL implementation of MemoryStore, for a team: one database, one schema per project, many servers on many
 * machines. node-postgres (`pg`) pool; full-text search on a weighted `tsvector` (GIN); vectors on pgvector with an
 * HNSW index when the extension is installed, else the vector lane is off and reported as degraded. Every write is
 * one transaction, so a killed writer leaves no partial batch; concurrent writers need no lock beyond PostgreSQL's own.
 *
 * The lanes are postgres-lexical.ts and postgres-vectors.ts. Ranking differs from FTS5's bm25 only inside the lexical
 * lane; fusion, re-ranking, abstention and diversity are the shared code above the store.
 */
import { userInfo } from "node:os";
import pg from "pg";
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import type { LexNode } from "./lexical-query.js";
import { PgLexicalLane, tsvectorSql } from "./postgres-lexical.js";
import { migratePg, PG_SCHEMA_VERSION, type PgContext, quoteIdent, schemaVersion } from "./postgres-schema.js";
import { PgVectorLane } from "./postgres-vectors.js";
import { assembleStored, distinctRelated, type MemoryRow, rowToMemory } from "./rows.js";
import { filterSql, type SqlDialect, threadNeighboursSql } from "./sql-filter.js";
import { DEFAULT_QUERY_TIMEOUT_MS, queryTimeout, readOnlyError, redactUrl, storageError } from "./storage-errors.js";
import type { LexicalHit, MemoryLink, MemoryStore, RelatedRow, StoredMemory, StoreHealth, VectorHit } from "./store.js";
import { contentKey, derivedTerms, indexText } from "./text.js";
import type { Memory, MemoryFilter, NewMemory } from "./types.js";

export interface PostgresStoreOptions {
  /** `postgres://user@host:port/database` (a password may be in it, in PGPASSWORD or in ~/.pgpass). */
  url: string;
  /** The project's schema (see schemaName). */
  schema: string;
  provider: EmbeddingProvider | null;
  /** Connections per process (default 4). */
  poolMax?: number;
  /** Every statement is stopped by the server past this long (statement_timeout), as `query_timeout`. */
  queryTimeoutMs?: number;
}

const PG_HINTS = [
  "Check that PostgreSQL is running and DWIM_MEMORY_URL (or [memory] url) points at it",
  "Locally: pg_ctlcluster --skip-systemctl-redirect <version> main start",
];

/** SQLSTATE classes of a database that refuses writes: read-only transaction, insufficient privilege. */
function isReadOnlyError(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === "25006" || code === "42501";
}

/** Serialization failure or deadlock: the transaction can simply run again. */
function isRetryable(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === "40001" || code === "40P01";
}

/** bigint columns arrive as numbers (every id and epoch-ms time fits in 2^53). */
const typeParsers = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `?` placeholders (from sql-filter) numbered from `$start`. */
function numbered(sql: string, start: number): string {
  let n = start;
  return sql.replace(/\?/gu, () => `$${n++}`);
}

/** As libpq does: without a user in the URL, PGUSER, else the operating-system user. */
function withDefaultUser(url: string): string {
  try {
    const u = new URL(url);
    if (u.username === "") u.username = encodeURIComponent(process.env.PGUSER || userInfo().username);
    return u.toString();
  } catch {
    return url;
  }
}

export class PostgresMemoryStore implements MemoryStore {
  readonly path: string;
  readonly provider: EmbeddingProvider | null;
  private readonly pool: pg.Pool;
  private readonly s: string;
  private readonly dialect: SqlDialect;
  private readonly secrets: string[];
  private readOnly = false;
  private readonly repairs: string[] = [];
  private closed = false;
  /** Recall-count updates still in flight (close waits for them). */
  private readonly pending = new Set<Promise<void>>();
  private readonly db: PgContext;
  private readonly lexicalLane: PgLexicalLane;
  private readonly vectors: PgVectorLane;

  private readonly queryTimeoutMs: number;

  private constructor(private readonly options: PostgresStoreOptions) {
    this.provider = options.provider;
    this.queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    this.s = quoteIdent(options.schema);
    this.dialect = { tagTable: `${this.s}.memory_tags`, bool: (v) => ({ literal: v ? "true" : "false", param: v }) };
    this.path = `${redactUrl(options.url)} (schema ${options.schema})`;
    let password = "";
    try {
      password = decodeURIComponent(new URL(options.url).password);
    } catch {
      // not a URL: pg reports it when connecting
    }
    this.secrets = [password, process.env.PGPASSWORD ?? ""].filter((x) => x.length >= 3);
    this.pool = new pg.Pool({
      connectionString: withDefaultUser(options.url),
      max: options.poolMax ?? 4,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      application_name: "dwim-memory",
      types: typeParsers,
      statement_timeout: this.queryTimeoutMs,
    });
    // An idle connection the server dropped must not crash the process; the next query reconnects.
    this.pool.on("error", () => undefined);
    this.db = {
      pool: this.pool,
      schema: options.schema,
      s: this.s,
      query: (sql, params) => this.query(sql, params),
      where: (filter, start) => this.where(filter, start),
      fail: (e) => this.fail(e),
    };
    this.lexicalLane = new PgLexicalLane(this.db);
    this.vectors = new PgVectorLane(this.db, options.provider, this.repairs, () => this.closed);
  }

  /** Connects, migrates (once, under an advisory lock), prepares the vector table, starts any re-embedding. */
  static async open(options: PostgresStoreOptions): Promise<PostgresMemoryStore> {
    const store = new PostgresMemoryStore(options);
    try {
      await store.prepare();
    } catch (e) {
      await store.pool.end().catch(() => undefined);
      throw store.fail(e);
    }
    return store;
  }

  private fail(e: unknown) {
    if (isReadOnlyError(e)) return readOnlyError(this.path);
    // query_canceled: the statement_timeout stopped it.
    if ((e as { code?: unknown }).code === "57014") return queryTimeout(this.queryTimeoutMs);
    return storageError(e, this.path, { secrets: this.secrets, hints: PG_HINTS });
  }

  private async prepare(): Promise<void> {
    const client = await this.pool.connect();
    try {
      try {
        await migratePg(client, this.options.schema);
      } catch (e) {
        if (!isReadOnlyError(e)) throw e;
        // A role that may only read: serve reads from a schema someone else created.
        const version = await schemaVersion(client, this.options.schema);
        if (version < PG_SCHEMA_VERSION) throw e;
        this.readOnly = true;
      }
      // A role without INSERT, or a read-only server (a hot standby): reads are served, writes say why they fail.
      const access = await client.query(
        "SELECT has_table_privilege($1, 'INSERT') AND current_setting('transaction_read_only') = 'off' AS writable",
        [`${this.s}.memories`],
      );
      if (access.rows[0].writable !== true) this.readOnly = true;
      await this.vectors.prepare(client, this.readOnly);
    } finally {
      client.release();
    }
    if (this.provider && this.vectors.ext && !this.readOnly) this.vectors.startReembedding();
  }

  // ---- helpers --------------------------------------------------------------------------------------------------

  private async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    try {
      return (await this.pool.query<R>(sql, params)).rows;
    } catch (e) {
      throw this.fail(e);
    }
  }

  /** One transaction, run again on a serialization failure or deadlock (twice at most). */
  private async write<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.readOnly) throw readOnlyError(this.path);
    for (let attempt = 0; ; attempt++) {
      let client: pg.PoolClient | undefined;
      try {
        client = await this.pool.connect();
        await client.query("BEGIN");
        const out = await fn(client);
        await client.query("COMMIT");
        client.release();
        return out;
      } catch (e) {
        if (client) {
          const broken = await client.query("ROLLBACK").then(
            () => false,
            () => true,
          );
          client.release(broken);
        }
        if (isRetryable(e) && attempt < 2) continue;
        throw this.fail(e);
      }
    }
  }

  // ---- writes ---------------------------------------------------------------------------------------------------

  /** Inserts rows (ids given) with tags and vectors, all in one statement per table. */
  private async insertRows(
    client: pg.PoolClient,
    ids: readonly number[],
    items: ReadonlyArray<NewMemory | StoredMemory>,
    vectors: ReadonlyArray<Float32Array | null>,
  ): Promise<void> {
    const col = <T>(f: (m: NewMemory | StoredMemory) => T) => items.map(f);
    const stored = (m: NewMemory | StoredMemory) => ("id" in m ? m : undefined);
    await client.query(
      `INSERT INTO ${this.s}.memories(id, category, content, rationale, tags, inferred_tags, file_path, context,
         ident_terms, content_key, worked, outcome, pinned, archived, superseded_by, created_at, happened_at,
         recall_count, search_tsv)
       SELECT r.id, r.category, r.content, r.rationale, r.tags, r.inferred_tags, r.file_path, r.context, r.ident_terms,
         r.content_key, r.worked, r.outcome, r.pinned, r.archived, r.superseded_by, r.created_at, r.happened_at,
         r.recall_count, ${tsvectorSql("r.lex_a", "r.lex_b", "r.lex_c")}
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::text[], $11::boolean[], $12::text[], $13::boolean[], $14::boolean[], $15::bigint[],
         $16::bigint[], $17::bigint[], $18::integer[], $19::text[], $20::text[], $21::text[])
         AS r(id, category, content, rationale, tags, inferred_tags, file_path, context, ident_terms, content_key,
           worked, outcome, pinned, archived, superseded_by, created_at, happened_at, recall_count, lex_a, lex_b, lex_c)`,
      [
        ids,
        col((m) => m.category),
        col((m) => m.content),
        col((m) => m.rationale),
        col((m) => [...m.tags, ...m.inferred_tags].join(" ")),
        col((m) => m.inferred_tags.join(" ")),
        col((m) => m.file_path),
        col((m) => m.context),
        col((m) => derivedTerms(m)),
        col((m) => contentKey(m.content)),
        col((m) => m.worked),
        col((m) => m.outcome),
        col((m) => m.pinned),
        col((m) => stored(m)?.archived ?? false),
        col((m) => stored(m)?.superseded_by ?? null),
        col((m) => m.created_at),
        col((m) => m.happened_at),
        col((m) => stored(m)?.recall_count ?? 0),
        col((m) => indexText([...m.tags, ...m.inferred_tags].join(" "))),
        col((m) => [indexText(m.content), indexText(m.file_path), derivedTerms(m)].join(" ")),
        col((m) => indexText(m.rationale)),
      ],
    );
    const tagIds: number[] = [];
    const tags: string[] = [];
    const inferred: boolean[] = [];
    items.forEach((m, i) => {
      for (const [list, isInferred] of [
        [m.tags, false],
        [m.inferred_tags, true],
      ] as const) {
        for (const t of list) {
          tagIds.push(ids[i]);
          tags.push(t);
          inferred.push(isInferred);
        }
      }
    });
    if (tags.length > 0) {
      await client.query(
        `INSERT INTO ${this.s}.memory_tags(memory_id, tag, inferred)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::boolean[]) ON CONFLICT DO NOTHING`,
        [tagIds, tags, inferred],
      );
    }
    await this.vectors.insert(client, ids, vectors);
  }

  async insert(items: readonly NewMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<number[]> {
    return this.write(async (client) => {
      const ids = (
        await client.query(`SELECT nextval(pg_get_serial_sequence($1, 'id')) AS id FROM generate_series(1, $2)`, [
          `${this.s}.memories`,
          items.length,
        ])
      ).rows.map((r) => Number(r.id));
      await this.insertRows(client, ids, items, vectors);
      const from: number[] = [];
      const to: number[] = [];
      const at: number[] = [];
      items.forEach((m, i) => {
        for (const old of m.supersedes) {
          from.push(ids[i]);
          to.push(old);
          at.push(m.created_at);
        }
      });
      if (from.length > 0) {
        await client.query(
          `UPDATE ${this.s}.memories m SET superseded_by = s.from_id
           FROM unnest($1::bigint[], $2::bigint[]) AS s(from_id, to_id) WHERE m.id = s.to_id`,
          [from, to],
        );
        await client.query(
          `INSERT INTO ${this.s}.links(from_id, to_id, kind, created_at)
           SELECT f, t, 'supersedes', a FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS l(f, t, a)
           ON CONFLICT DO NOTHING`,
          [from, to, at],
        );
      }
      return ids;
    });
  }

  async importMemories(items: readonly StoredMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<void> {
    if (items.length === 0) return;
    await this.write(async (client) => {
      // Ids are given: first move the sequence past them (immediately visible to every writer), so that no concurrent
      // remember can draw one of them.
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, 'id'), greatest($2::bigint, (SELECT last_value FROM ${this.s}.memories_id_seq)))`,
        [`${this.s}.memories`, items.reduce((m, r) => Math.max(m, r.id), 1)],
      );
      await this.insertRows(
        client,
        items.map((m) => m.id),
        items.map((m) => ({ ...m, superseded_by: null })),
        vectors,
      );
      const outcomes = items.flatMap((m) => m.outcomes.map((o) => ({ id: m.id, ...o })));
      if (outcomes.length > 0) {
        await client.query(
          `INSERT INTO ${this.s}.outcomes(memory_id, worked, outcome, created_at)
           SELECT * FROM unnest($1::bigint[], $2::boolean[], $3::text[], $4::bigint[])`,
          [
            outcomes.map((o) => o.id),
            outcomes.map((o) => o.worked),
            outcomes.map((o) => o.outcome),
            outcomes.map((o) => o.at),
          ],
        );
      }
    });
  }

  async importLinks(
    supersededBy: ReadonlyArray<{ id: number; by: number }>,
    links: readonly MemoryLink[],
  ): Promise<void> {
    await this.write(async (client) => {
      if (supersededBy.length > 0) {
        await client.query(
          `UPDATE ${this.s}.memories m SET superseded_by = s.by
           FROM unnest($1::bigint[], $2::bigint[]) AS s(id, by) WHERE m.id = s.id`,
          [supersededBy.map((x) => x.id), supersededBy.map((x) => x.by)],
        );
      }
      if (links.length > 0) {
        await client.query(
          `INSERT INTO ${this.s}.links(from_id, to_id, kind, created_at)
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[]) ON CONFLICT DO NOTHING`,
          [links.map((l) => l.from_id), links.map((l) => l.to_id), links.map((l) => l.kind), links.map((l) => l.at)],
        );
      }
    });
  }

  async recordOutcome(id: number, worked: boolean, outcome: string | null, at: number): Promise<number> {
    return this.write(async (client) => {
      await client.query(
        `INSERT INTO ${this.s}.outcomes(memory_id, worked, outcome, created_at) VALUES ($1, $2, $3, $4)`,
        [id, worked, outcome, at],
      );
      await client.query(`UPDATE ${this.s}.memories SET worked = $2, outcome = $3 WHERE id = $1`, [
        id,
        worked,
        outcome,
      ]);
      const r = await client.query(`SELECT count(*) AS n FROM ${this.s}.outcomes WHERE memory_id = $1`, [id]);
      return Number(r.rows[0].n);
    });
  }

  async setArchived(ids: readonly number[], archived: boolean): Promise<number> {
    return this.write(async (client) => {
      const r = await client.query(
        `UPDATE ${this.s}.memories SET archived = $2 WHERE id = ANY($1::bigint[]) AND archived <> $2`,
        [ids, archived],
      );
      return r.rowCount ?? 0;
    });
  }

  /** Tags, outcomes, links and the vector go with the row (ON DELETE CASCADE); supersession links to it are cleared. */
  async purge(ids: readonly number[]): Promise<number> {
    return this.write(async (client) => {
      const r = await client.query(`DELETE FROM ${this.s}.memories WHERE id = ANY($1::bigint[])`, [ids]);
      return r.rowCount ?? 0;
    });
  }

  /**
   * Not awaited by the recall it belongs to, and committed without waiting for the WAL flush (a lost increment after
   * a crash is harmless); SKIP LOCKED so that it never queues behind a writer. One round trip: ids are integers.
   */
  async bumpRecallCount(ids: readonly number[]): Promise<void> {
    if (ids.length === 0 || this.readOnly || this.closed) return;
    const list = ids.filter((id) => Number.isSafeInteger(id)).join(",");
    const done = this.pool
      .query(
        `BEGIN; SET LOCAL synchronous_commit TO off;
         UPDATE ${this.s}.memories m SET recall_count = m.recall_count + 1
         FROM (SELECT id FROM ${this.s}.memories WHERE id IN (${list}) FOR UPDATE SKIP LOCKED) l WHERE m.id = l.id;
         COMMIT`,
      )
      .then(
        () => undefined,
        () => undefined,
      );
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  // ---- reads ----------------------------------------------------------------------------------------------------

  private where(filter: MemoryFilter, start: number) {
    const w = filterSql(filter, this.dialect);
    return { sql: numbered(w.sql, start), params: w.params };
  }

  async get(ids: readonly number[]): Promise<Memory[]> {
    if (ids.length === 0) return [];
    const rows = await this.query<MemoryRow>(`SELECT * FROM ${this.s}.memories WHERE id = ANY($1::bigint[])`, [ids]);
    const byId = new Map(rows.map((r) => [Number(r.id), rowToMemory(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async missing(ids: readonly number[]): Promise<number[]> {
    const rows = await this.query<{ id: number }>(`SELECT id FROM ${this.s}.memories WHERE id = ANY($1::bigint[])`, [
      ids,
    ]);
    const found = new Set(rows.map((r) => Number(r.id)));
    return ids.filter((id) => !found.has(id));
  }

  async count(filter: MemoryFilter = { include_archived: true, include_superseded: true }): Promise<number> {
    const w = this.where(filter, 1);
    const rows = await this.query<{ n: number }>(
      `SELECT count(*) AS n FROM ${this.s}.memories m WHERE ${w.sql}`,
      w.params,
    );
    return Number(rows[0].n);
  }

  async list(filter: MemoryFilter, limit: number): Promise<number[]> {
    const w = this.where(filter, 1);
    const rows = await this.query<{ id: number }>(
      `SELECT m.id FROM ${this.s}.memories m WHERE ${w.sql}
       ORDER BY coalesce(m.happened_at, m.created_at) DESC, m.id DESC LIMIT $${w.params.length + 1}`,
      [...w.params, limit],
    );
    return rows.map((r) => Number(r.id));
  }

  async neighbours(
    ids: readonly number[],
    filter: MemoryFilter,
    radius: number,
  ): Promise<Array<{ id: number; neighbour: number; distance: number }>> {
    if (ids.length === 0 || radius < 1) return [];
    const w = filterSql(filter, this.dialect);
    // Placeholders in text order: the two radii, the candidate ids, then the filter's.
    const rows = await this.query<{ id: number; neighbour: number; distance: number }>(
      numbered(threadNeighboursSql(`${this.s}.memories`, "c.id = ANY(?::bigint[])", w.sql), 1),
      [radius, radius, ids, ...w.params],
    );
    return rows.map((r) => ({ id: Number(r.id), neighbour: Number(r.neighbour), distance: Number(r.distance) }));
  }

  totalDocuments(): Promise<number> {
    return this.lexicalLane.totalDocuments();
  }

  documentFrequency(terms: readonly string[]): Promise<Map<string, number>> {
    return this.lexicalLane.documentFrequency(terms);
  }

  lexical(query: LexNode, filter: MemoryFilter, limit: number): Promise<LexicalHit[]> {
    return this.lexicalLane.search(query, filter, limit);
  }

  containing(terms: readonly string[], ids: readonly number[]): Promise<Map<string, Set<number>>> {
    return this.lexicalLane.containing(terms, ids);
  }

  vectorLaneDegraded(): string | undefined {
    return this.vectors.degraded();
  }

  vector(query: Float32Array, filter: MemoryFilter, limit: number): Promise<VectorHit[]> {
    return this.vectors.search(query, filter, limit);
  }

  cosines(query: Float32Array, ids: readonly number[]): Promise<VectorHit[]> {
    return this.vectors.cosines(query, ids);
  }

  async relatedCandidates(key: string, filePath: string | null): Promise<RelatedRow[]> {
    const cols = "id, content, category, worked, file_path";
    const rows = await this.query<{
      id: number;
      content: string;
      category: string;
      worked: boolean | null;
      file_path: string | null;
    }>(
      `(SELECT ${cols} FROM ${this.s}.memories WHERE content_key = $1 AND NOT archived LIMIT 20)
       UNION ALL
       (SELECT ${cols} FROM ${this.s}.memories WHERE (worked = false OR category = 'warning') AND NOT archived
        ORDER BY id DESC LIMIT 200)
       UNION ALL
       (SELECT ${cols} FROM ${this.s}.memories WHERE $2::text IS NOT NULL AND file_path = $2 AND NOT archived
        ORDER BY id DESC LIMIT 50)`,
      [key, filePath],
    );
    return distinctRelated(rows);
  }

  async idsWithContentKey(key: string): Promise<number[]> {
    const rows = await this.query<{ id: number }>(
      `SELECT id FROM ${this.s}.memories WHERE content_key = $1 LIMIT 100`,
      [key],
    );
    return rows.map((r) => Number(r.id));
  }

  async distinctFilePaths(): Promise<string[]> {
    const rows = await this.query<{ p: string }>(
      `SELECT DISTINCT file_path AS p FROM ${this.s}.memories WHERE file_path IS NOT NULL LIMIT 5000`,
    );
    return rows.map((r) => r.p);
  }

  async distinctTags(): Promise<string[]> {
    const rows = await this.query<{ t: string }>(`SELECT DISTINCT tag AS t FROM ${this.s}.memory_tags LIMIT 5000`);
    return rows.map((r) => r.t);
  }

  // ---- export -----------------------------------------------------------------------------------------------------

  async exportPage(afterId: number, limit: number): Promise<StoredMemory[]> {
    const rows = await this.query<MemoryRow & { id: number }>(
      `SELECT * FROM ${this.s}.memories WHERE id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const [tags, outcomes, links] = await Promise.all([
      this.query<{ memory_id: number; tag: string; inferred: boolean }>(
        `SELECT memory_id, tag, inferred FROM ${this.s}.memory_tags WHERE memory_id = ANY($1::bigint[])`,
        [ids],
      ),
      this.query<{ memory_id: number; worked: boolean; outcome: string | null; at: number }>(
        `SELECT memory_id, worked, outcome, created_at AS at FROM ${this.s}.outcomes WHERE memory_id = ANY($1::bigint[]) ORDER BY id`,
        [ids],
      ),
      this.query<{ from_id: number; to_id: number; kind: string; at: number }>(
        `SELECT from_id, to_id, kind, created_at AS at FROM ${this.s}.links WHERE from_id = ANY($1::bigint[]) ORDER BY to_id, kind`,
        [ids],
      ),
    ]);
    return assembleStored(rows, tags, outcomes, links);
  }

  async highestId(): Promise<number> {
    const rows = await this.query<{ n: number }>(
      `SELECT greatest(coalesce((SELECT max(id) FROM ${this.s}.memories), 0),
                       (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${this.s}.memories_id_seq)) AS n`,
    );
    return Number(rows[0].n);
  }

  async health(): Promise<StoreHealth> {
    const [counts] = await this.query<{
      memories: number;
      version: number;
      model_id: string | null;
      dim: number | null;
    }>(
      `SELECT (SELECT count(*) FROM ${this.s}.memories) AS memories,
              (SELECT max(version) FROM ${this.s}.migrations_applied) AS version,
              (SELECT model_id FROM ${this.s}.embeddings_meta WHERE id = 1) AS model_id,
              (SELECT dim FROM ${this.s}.embeddings_meta WHERE id = 1) AS dim`,
    );
    const vectors = await this.vectors.count().catch(() => 0);
    const out: StoreHealth = {
      backend: "postgres",
      path: this.path,
      schema_version: Number(counts.version),
      memories: Number(counts.memories),
      // The tsvector is a column of the row: the lexical index cannot drift from the table.
      fts_rows: Number(counts.memories),
      vectors,
      model_id: counts.model_id,
      dim: counts.dim === null ? null : Number(counts.dim),
      repairs: [...this.repairs],
      reembedding: this.vectors.reembedAll,
      // Rows, tags, tsvectors and vectors are written in one transaction under constraints the server enforces.
      integrity: "ok",
    };
    const lane = this.vectorLaneDegraded();
    if (lane) out.vector_lane = lane;
    if (this.readOnly) out.read_only = true;
    return out;
  }

  idle(): Promise<void> {
    return this.vectors.background;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.vectors.background.catch(() => undefined);
    await Promise.all(this.pending);
    await this.pool.end().catch(() => undefined);
  }
}
