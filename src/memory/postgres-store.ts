/**
 * PostgreSQL implementation of MemoryStore, for a team: one database, one schema per project, many servers on many
 * machines. node-postgres (`pg`) pool; full-text search on a weighted `tsvector` (GIN); vectors on pgvector with an
 * HNSW index when the extension is installed, else the vector lane is off and reported as degraded. Every write is
 * one transaction, so a killed writer leaves no partial batch; concurrent writers need no lock beyond PostgreSQL's own.
 *
 * Ranking differs from FTS5's bm25 only inside the lexical lane (see lexicalSql); fusion, re-ranking, abstention and
 * diversity are the shared code above the store.
 */
import { userInfo } from "node:os";
import pg from "pg";
import type { EmbeddingProvider } from "./embeddings/provider.js";
import { flatTerms, type LexNode, toTsquery, wordsNode } from "./lexical-query.js";
import { lockKeySql, migratePg, PG_SCHEMA_VERSION, quoteIdent, schemaVersion } from "./postgres-schema.js";
import { type MemoryRow, rowToMemory } from "./rows.js";
import { filterSql, type SqlDialect } from "./sql-filter.js";
import { assembleStored, distinctRelated } from "./sqlite-store.js";
import { readOnlyError, redactUrl, storageError } from "./storage-errors.js";
import type { LexicalHit, MemoryLink, MemoryStore, RelatedRow, StoredMemory, StoreHealth, VectorHit } from "./store.js";
import { contentKey, embeddingText, identTerms, indexText } from "./text.js";
import type { Memory, MemoryFilter, NewMemory } from "./types.js";

export interface PostgresStoreOptions {
  /** `postgres://user@host:port/database` (a password may be in it, in PGPASSWORD or in ~/.pgpass). */
  url: string;
  /** The project's schema (see schemaName). */
  schema: string;
  provider: EmbeddingProvider | null;
  /** Connections per process (default 4). */
  poolMax?: number;
}

/** Text search configuration: English stemming, like FTS5's porter tokenizer. */
const TS_CONFIG = "'english'";
/**
 * ts_rank weights {D, C, B, A}: tags (A) 1, content, path and identifier terms (B) 1/3, rationale (C) 1/6: the same
 * 3 : 1 : 0.5 proportions as the SQLite lane's bm25 column weights.
 */
const TS_WEIGHTS = "'{0, 0.16667, 0.33333, 1}'";
/**
 * At most this many candidate rows are scored per lexical query. Terms are taken rarest first while their document
 * counts fit; when even the rarest common term matches more, the newest matches of all the terms together are scored.
 * Scoring every match of a term found in a third of a million memories would take seconds; 10,000 take 20–60 ms.
 */
const LEXICAL_BUDGET = 10_000;
/** Below this many memories counts are exact; above, the planner's statistics are close enough for rarity. */
const EXACT_COUNT_MAX = 50_000;
const STATS_TTL_MS = 60_000;
const REEMBED_BATCH = 64;
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

function vectorLiteral(v: Float32Array): string {
  return `[${Array.from(v, (x) => (Number.isFinite(x) ? x : 0)).join(",")}]`;
}

export class PostgresMemoryStore implements MemoryStore {
  readonly path: string;
  readonly provider: EmbeddingProvider | null;
  private readonly pool: pg.Pool;
  private readonly s: string;
  private readonly dialect: SqlDialect;
  private readonly secrets: string[];
  /** Schema of the pgvector extension, when it is installed. */
  private vectorSchema: string | undefined;
  /** pgvector >= 0.8: filtered HNSW scans continue until enough rows pass. */
  private iterativeScan = false;
  private vectorOff: string | undefined;
  private readOnly = false;
  private reembedAll = false;
  private readonly repairs: string[] = [];
  private background: Promise<void> = Promise.resolve();
  private closed = false;
  /** Recall-count updates still in flight (close waits for them). */
  private readonly pending = new Set<Promise<void>>();
  /** Pool connections whose session has the HNSW search settings. */
  private readonly tuned = new WeakSet<pg.PoolClient>();
  private readonly dfCache = new Map<string, { n: number; total: number }>();
  private stats: { at: number; total: number; common: Map<string, number>; floor: number } | undefined;

  private constructor(private readonly options: PostgresStoreOptions) {
    this.provider = options.provider;
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
    });
    // An idle connection the server dropped must not crash the process; the next query reconnects.
    this.pool.on("error", () => undefined);
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
      await this.prepareVectors(client);
    } finally {
      client.release();
    }
    if (this.provider && this.vectorSchema && !this.readOnly) this.startReembedding();
  }

  /**
   * Finds pgvector (creating the extension when the server has it and the role may), then makes sure the vector
   * table matches the provider's model and dimension; a change drops and rebuilds it (served lexical-only meanwhile).
   */
  private async prepareVectors(client: pg.PoolClient): Promise<void> {
    const provider = this.provider;
    if (!provider) return;
    let ext = await client.query(
      "SELECT n.nspname, e.extversion FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'",
    );
    if (ext.rowCount === 0 && !this.readOnly) {
      const available = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
      if ((available.rowCount ?? 0) > 0) {
        try {
          await client.query("BEGIN");
          await client.query(`SELECT pg_advisory_xact_lock(${lockKeySql("'extension vector'")})`);
          await client.query("CREATE EXTENSION IF NOT EXISTS vector");
          await client.query("COMMIT");
        } catch {
          await client.query("ROLLBACK").catch(() => undefined);
        }
        ext = await client.query(
          "SELECT n.nspname, e.extversion FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'",
        );
      }
    }
    if (ext.rowCount === 0) {
      this.vectorOff =
        "pgvector is not installed in this database: recall is lexical-only (a superuser can run CREATE EXTENSION vector)";
      return;
    }
    this.vectorSchema = quoteIdent(ext.rows[0].nspname);
    const [major, minor] = String(ext.rows[0].extversion).split(".").map(Number);
    this.iterativeScan = major > 0 || minor >= 8;
    const current = async () => {
      const meta = await client.query(`SELECT model_id, dim FROM ${this.s}.embeddings_meta WHERE id = 1`);
      const table = await client.query("SELECT to_regclass($1) IS NOT NULL AS ok", [`${this.s}.memory_vectors`]);
      const m = meta.rows[0] as { model_id: string; dim: number } | undefined;
      return { meta: m, ok: m?.model_id === provider.id && m?.dim === provider.dim && table.rows[0].ok === true };
    };
    if ((await current()).ok) return;
    if (this.readOnly) {
      this.vectorOff = "the read-only database has no vectors for this embedding model: recall is lexical-only";
      return;
    }
    await client.query("BEGIN");
    try {
      await client.query(`SELECT pg_advisory_xact_lock(${lockKeySql("$1")})`, [this.options.schema]);
      const { meta, ok } = await current();
      if (!ok) {
        await client.query(`DROP TABLE IF EXISTS ${this.s}.memory_vectors`);
        await client.query(
          `CREATE TABLE ${this.s}.memory_vectors (
             memory_id bigint PRIMARY KEY REFERENCES ${this.s}.memories(id) ON DELETE CASCADE,
             embedding ${this.vectorSchema}.vector(${provider.dim}) NOT NULL)`,
        );
        await client.query(
          `CREATE INDEX memory_vectors_hnsw ON ${this.s}.memory_vectors USING hnsw (embedding ${this.vectorSchema}.vector_cosine_ops)`,
        );
        await client.query(
          `INSERT INTO ${this.s}.embeddings_meta(id, model_id, dim) VALUES (1, $1, $2)
           ON CONFLICT (id) DO UPDATE SET model_id = excluded.model_id, dim = excluded.dim`,
          [provider.id, provider.dim],
        );
        const n = Number((await client.query(`SELECT count(*) AS n FROM ${this.s}.memories`)).rows[0].n);
        if (meta && n > 0) {
          this.reembedAll = true;
          this.repairs.push(
            `embedding model changed (${meta.model_id}/${meta.dim} → ${provider.id}/${provider.dim}): re-embedding ${n} memories`,
          );
        }
      }
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    }
  }

  /** Embeds, in the background, every memory without a vector (after a model change, or rows another writer left). */
  private startReembedding(): void {
    this.background = this.reembedMissing()
      .catch((e) => {
        if (!this.closed) this.repairs.push(`re-embedding stopped: ${(e as Error).message}`);
      })
      .finally(() => {
        this.reembedAll = false;
      });
  }

  private async reembedMissing(): Promise<void> {
    const provider = this.provider;
    if (!provider) return;
    let lastId = 0;
    let done = 0;
    for (;;) {
      if (this.closed) return;
      const rows = (
        await this.pool.query(
          `SELECT m.id, m.content, m.rationale, m.tags, m.file_path FROM ${this.s}.memories m
           WHERE m.id > $1 AND NOT EXISTS (SELECT 1 FROM ${this.s}.memory_vectors v WHERE v.memory_id = m.id)
           ORDER BY m.id LIMIT $2`,
          [lastId, REEMBED_BATCH],
        )
      ).rows as Array<{
        id: number;
        content: string;
        rationale: string | null;
        tags: string;
        file_path: string | null;
      }>;
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1].id;
      const vectors = await provider.embedDocuments(rows.map((r) => embeddingText(r)));
      if (this.closed) return;
      // Another server may have embedded or deleted a row meanwhile: both are fine.
      await this.pool.query(
        `INSERT INTO ${this.s}.memory_vectors(memory_id, embedding)
         SELECT v.id, v.e::${this.vectorSchema}.vector FROM unnest($1::bigint[], $2::text[]) AS v(id, e)
         WHERE EXISTS (SELECT 1 FROM ${this.s}.memories m WHERE m.id = v.id)
         ON CONFLICT (memory_id) DO NOTHING`,
        [rows.map((r) => r.id), vectors.map(vectorLiteral)],
      );
      done += rows.length;
    }
    if (done > 0 && !this.reembedAll) this.repairs.push(`${done} memories without a vector: embedded`);
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
         r.recall_count,
         setweight(to_tsvector(${TS_CONFIG}, r.lex_a), 'A') || setweight(to_tsvector(${TS_CONFIG}, r.lex_b), 'B')
           || setweight(to_tsvector(${TS_CONFIG}, r.lex_c), 'C')
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
        col((m) => identTerms(m.content, m.rationale, m.file_path)),
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
        col((m) =>
          [indexText(m.content), indexText(m.file_path), identTerms(m.content, m.rationale, m.file_path)].join(" "),
        ),
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
    const withVector = items.flatMap((_, i) => (vectors[i] ? [i] : []));
    if (this.vectorSchema && this.provider && !this.reembedAll && withVector.length > 0) {
      await client.query(
        `INSERT INTO ${this.s}.memory_vectors(memory_id, embedding)
         SELECT v.id, v.e::${this.vectorSchema}.vector FROM unnest($1::bigint[], $2::text[]) AS v(id, e)`,
        [withVector.map((i) => ids[i]), withVector.map((i) => vectorLiteral(vectors[i] as Float32Array))],
      );
    }
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

  /**
   * The planner's statistics, refreshed at most once a minute: the row estimate and the frequency of the most common
   * lexemes of `search_tsv` (gathered by ANALYZE, which autovacuum runs as the table grows).
   */
  private async statistics(): Promise<NonNullable<PostgresMemoryStore["stats"]>> {
    if (this.stats && Date.now() - this.stats.at < STATS_TTL_MS) return this.stats;
    const rows = await this.query<{ estimate: number; elems: string[] | null; freqs: number[] | null }>(
      `SELECT greatest(c.reltuples, 0)::float8 AS estimate,
              (SELECT s.most_common_elems::text::text[] FROM pg_stats s
                WHERE s.schemaname = $1 AND s.tablename = 'memories' AND s.attname = 'search_tsv') AS elems,
              (SELECT s.most_common_elem_freqs FROM pg_stats s
                WHERE s.schemaname = $1 AND s.tablename = 'memories' AND s.attname = 'search_tsv') AS freqs
       FROM pg_class c WHERE c.oid = to_regclass($2)`,
      [this.options.schema, `${this.s}.memories`],
    );
    const r = rows[0] ?? { estimate: 0, elems: null, freqs: null };
    let total = Number(r.estimate);
    if (total < EXACT_COUNT_MAX) total = await this.count();
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
   * sampled frequency; any other is rarer than those and is counted, up to the lexical budget.
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
    // One round trip: each term's lexemes, and its match count (capped on a large store, where only "more than the
    // budget" matters and a common lexeme's count comes from the statistics instead).
    const cap = stats.total >= EXACT_COUNT_MAX ? LEXICAL_BUDGET + 1 : stats.total + 1;
    const rows = await this.query<{ lexemes: string[]; n: number }>(
      `SELECT coalesce(tsvector_to_array(to_tsvector(${TS_CONFIG}, t.term)), '{}') AS lexemes,
              CASE WHEN $3 AND tsvector_to_array(to_tsvector(${TS_CONFIG}, t.term)) <@ $4::text[] THEN -1
                   ELSE (SELECT count(*) FROM (SELECT 1 FROM ${this.s}.memories
                          WHERE search_tsv @@ to_tsquery(${TS_CONFIG}, t.q) LIMIT $2) c) END AS n
       FROM unnest($1::text[], $5::text[]) WITH ORDINALITY AS t(term, q, i) ORDER BY t.i`,
      [
        todo.map((t) => indexText(t)),
        cap,
        stats.total >= EXACT_COUNT_MAX,
        [...stats.common.keys()],
        todo.map((t) => toTsquery(wordsNode([t]))),
      ],
    );
    for (const [i, term] of todo.entries()) {
      const words = rows[i]?.lexemes ?? [];
      let n = Number(rows[i]?.n ?? 0);
      if (words.length === 0) n = 0;
      else if (n < 0) n = Math.min(...words.map((w) => stats.common.get(w) ?? 0));
      // Past the cap only "more than the budget and rarer than the common lexemes" is known.
      else if (n >= cap) n = Math.max(n, stats.floor);
      if (this.dfCache.size > 50_000) this.dfCache.clear();
      this.dfCache.set(term, { n, total: stats.total });
      out.set(term, n);
    }
    return out;
  }

  async lexical(query: LexNode, filter: MemoryFilter, limit: number): Promise<LexicalHit[]> {
    const terms = flatTerms(query);
    const built = terms ? await this.termsSql(terms, filter, limit) : this.querySql(query, filter, limit);
    if (!built) return [];
    const { sql, params } = built;
    const rows = await this.query<{ id: number; score: number }>(sql, params);
    return rows.map((r) => ({ id: Number(r.id), rank: -Number(r.score) }));
  }

  /** search_memories' structured queries: cover density ranking of the whole tsquery, weighted by field. */
  private querySql(query: LexNode, filter: MemoryFilter, limit: number) {
    const w = this.where(filter, 3);
    return {
      sql: `SELECT m.id, ts_rank_cd(${TS_WEIGHTS}, m.search_tsv, q.q, 1) AS score
            FROM ${this.s}.memories m, to_tsquery(${TS_CONFIG}, $1) AS q(q)
            WHERE m.search_tsv @@ q.q AND ${w.sql}
            ORDER BY score DESC, m.id LIMIT $2`,
      params: [toTsquery(query), limit, ...w.params],
    };
  }

  /**
   * recall's any-of-these-terms query, scored like bm25: each term's field-weighted, length-normalised frequency
   * (ts_rank of that term alone) times its idf, summed. Candidates are bounded by LEXICAL_BUDGET (see above).
   */
  private async termsSql(terms: readonly string[], filter: MemoryFilter, limit: number) {
    const df = await this.documentFrequency(terms);
    const total = Math.max(1, (await this.statistics()).total);
    const used = terms.filter((t) => (df.get(t) ?? 0) > 0).sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0));
    // No term occurs (or each is a stop word to the text search configuration): nothing can match.
    if (used.length === 0) return undefined;
    const idf = (t: string) => {
      const n = df.get(t) ?? 0;
      return Math.log(1 + (total - n + 0.5) / (n + 0.5));
    };
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
    const w = this.where(filter, base);
    const score = used.map(
      (_, i) => `$${4 + 2 * i} * ts_rank(${TS_WEIGHTS}, c.search_tsv, to_tsquery(${TS_CONFIG}, $${3 + 2 * i}), 1)`,
    );
    const params: unknown[] = [candidates, limit];
    for (const t of used) params.push(toTsquery(wordsNode([t])), idf(t));
    // Within budget every match is scored; past it (all terms common), the newest matches of all the terms together.
    const newest = budgeted > 0 ? "" : `ORDER BY m.id DESC LIMIT ${LEXICAL_BUDGET}`;
    return {
      sql: `SELECT c.id, ${score.join(" + ")} AS score
            FROM (SELECT m.id, m.search_tsv FROM ${this.s}.memories m
                  WHERE m.search_tsv @@ to_tsquery(${TS_CONFIG}, $1) AND ${w.sql} ${newest}) c
            ORDER BY score DESC, c.id LIMIT $2`,
      params: [...params, ...w.params],
    };
  }

  vectorLaneDegraded(): string | undefined {
    if (!this.provider) return undefined;
    if (this.vectorOff) return this.vectorOff;
    if (this.reembedAll) return "re-embedding after a model change: vectors are not used until it finishes";
    return undefined;
  }

  /**
   * HNSW search with the filter applied during the scan: pgvector's iterative scan keeps reading the graph until
   * `limit` rows pass the filter (pgvector >= 0.8; older versions return what the first 500 candidates give).
   */
  async vector(query: Float32Array, filter: MemoryFilter, limit: number): Promise<VectorHit[]> {
    if (!this.provider || !this.vectorSchema || this.reembedAll || limit <= 0) return [];
    const w = this.where(filter, 3);
    const client = await this.pool.connect().catch((e) => {
      throw this.fail(e);
    });
    try {
      if (!this.tuned.has(client)) {
        // Session settings, once per connection: filtered scans continue until enough rows pass (pgvector >= 0.8);
        // older versions get a candidate list long enough for the largest lane this store asks for.
        await client.query(
          this.iterativeScan
            ? "SET hnsw.iterative_scan = relaxed_order; SET hnsw.ef_search = 100"
            : "SET hnsw.ef_search = 500",
        );
        this.tuned.add(client);
      }
      const rows = (
        await client.query(
          `SELECT v.memory_id AS id, 1 - (v.embedding OPERATOR(${this.vectorSchema}.<=>) $1::${this.vectorSchema}.vector) AS cosine
           FROM ${this.s}.memory_vectors v JOIN ${this.s}.memories m ON m.id = v.memory_id
           WHERE ${w.sql}
           ORDER BY v.embedding OPERATOR(${this.vectorSchema}.<=>) $1::${this.vectorSchema}.vector LIMIT $2`,
          [vectorLiteral(query), limit, ...w.params],
        )
      ).rows as Array<{ id: number; cosine: number }>;
      client.release();
      return rows
        .map((r) => ({ id: Number(r.id), cosine: Number(r.cosine) }))
        .sort((a, b) => b.cosine - a.cosine || a.id - b.id);
    } catch (e) {
      client.release(true);
      throw this.fail(e);
    }
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

  async maxId(): Promise<number> {
    const rows = await this.query<{ n: number }>(`SELECT coalesce(max(id), 0) AS n FROM ${this.s}.memories`);
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
    const vectors = this.vectorSchema
      ? Number(
          (
            await this.query<{ n: number }>(
              `SELECT CASE WHEN to_regclass($1) IS NULL THEN 0 ELSE (SELECT count(*) FROM ${this.s}.memory_vectors) END AS n`,
              [`${this.s}.memory_vectors`],
            ).catch(() => [{ n: 0 }])
          )[0].n,
        )
      : 0;
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
      reembedding: this.reembedAll,
      integrity: "ok",
    };
    const lane = this.vectorLaneDegraded();
    if (lane) out.vector_lane = lane;
    if (this.readOnly) out.read_only = true;
    return out;
  }

  idle(): Promise<void> {
    return this.background;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.background.catch(() => undefined);
    await Promise.all(this.pending);
    await this.pool.end().catch(() => undefined);
  }
}
