/**
 * The PostgreSQL vector lane: pgvector with an HNSW cosine index, in `memory_vectors` at the provider's dimension
 * (nothing hard-coded: another model or dimension rebuilds the table and re-embeds in the background, lexical-only
 * meanwhile). Without the extension the lane is off and says why.
 */
import type pg from "pg";
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import { lockKeySql, type PgContext, quoteIdent } from "./postgres-schema.js";
import { reembedMissing, type UnembeddedRow } from "./reembed.js";
import type { VectorHit } from "./store.js";
import type { MemoryFilter } from "./types.js";

function vectorLiteral(v: Float32Array): string {
  return `[${Array.from(v, (x) => (Number.isFinite(x) ? x : 0)).join(",")}]`;
}

export class PgVectorLane {
  /** The quoted schema of the pgvector extension, when it is installed. */
  ext: string | undefined;
  /** pgvector >= 0.8: filtered HNSW scans continue until enough rows pass. */
  private iterativeScan = false;
  private off: string | undefined;
  /** Set while every vector is being rebuilt after a model change. */
  reembedAll = false;
  background: Promise<void> = Promise.resolve();
  /** Pool connections whose session has the HNSW search settings. */
  private readonly tuned = new WeakSet<pg.PoolClient>();

  constructor(
    private readonly db: PgContext,
    private readonly provider: EmbeddingProvider | null,
    private readonly repairs: string[],
    private readonly isClosed: () => boolean,
  ) {}

  /** Rows of this batch get vectors in the same transaction, unless the lane is off or rebuilding. */
  async insert(client: pg.PoolClient, ids: readonly number[], vectors: ReadonlyArray<Float32Array | null>) {
    const withVector = ids.flatMap((_, i) => (vectors[i] ? [i] : []));
    if (!this.ext || !this.provider || this.reembedAll || withVector.length === 0) return;
    await client.query(
      `INSERT INTO ${this.db.s}.memory_vectors(memory_id, embedding)
       SELECT v.id, v.e::${this.ext}.vector FROM unnest($1::bigint[], $2::text[]) AS v(id, e)`,
      [withVector.map((i) => ids[i]), withVector.map((i) => vectorLiteral(vectors[i] as Float32Array))],
    );
  }

  /** Vectors stored (0 when the lane is off). */
  async count(): Promise<number> {
    if (!this.ext) return 0;
    const rows = await this.db.query<{ n: number }>(
      `SELECT CASE WHEN to_regclass($1) IS NULL THEN 0 ELSE (SELECT count(*) FROM ${this.db.s}.memory_vectors) END AS n`,
      [`${this.db.s}.memory_vectors`],
    );
    return Number(rows[0].n);
  }

  /**
   * Finds pgvector (creating the extension when the server has it and the role may), then makes sure the vector
   * table matches the provider's model and dimension; a change drops and rebuilds it (served lexical-only meanwhile).
   */
  async prepare(client: pg.PoolClient, readOnly: boolean): Promise<void> {
    const provider = this.provider;
    if (!provider) return;
    let ext = await client.query(
      "SELECT n.nspname, e.extversion FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'",
    );
    if (ext.rowCount === 0 && !readOnly) {
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
      this.off =
        "pgvector is not installed in this database: recall is lexical-only (a superuser can run CREATE EXTENSION vector)";
      return;
    }
    this.ext = quoteIdent(ext.rows[0].nspname);
    const [major, minor] = String(ext.rows[0].extversion).split(".").map(Number);
    this.iterativeScan = major > 0 || minor >= 8;
    const current = async () => {
      const meta = await client.query(`SELECT model_id, dim FROM ${this.db.s}.embeddings_meta WHERE id = 1`);
      const table = await client.query("SELECT to_regclass($1) IS NOT NULL AS ok", [`${this.db.s}.memory_vectors`]);
      const m = meta.rows[0] as { model_id: string; dim: number } | undefined;
      return { meta: m, ok: m?.model_id === provider.id && m?.dim === provider.dim && table.rows[0].ok === true };
    };
    if ((await current()).ok) return;
    if (readOnly) {
      this.off = "the read-only database has no vectors for this embedding model: recall is lexical-only";
      return;
    }
    await client.query("BEGIN");
    try {
      await client.query(`SELECT pg_advisory_xact_lock(${lockKeySql("$1")})`, [this.db.schema]);
      const { meta, ok } = await current();
      if (!ok) {
        await client.query(`DROP TABLE IF EXISTS ${this.db.s}.memory_vectors`);
        await client.query(
          `CREATE TABLE ${this.db.s}.memory_vectors (
             memory_id bigint PRIMARY KEY REFERENCES ${this.db.s}.memories(id) ON DELETE CASCADE,
             embedding ${this.ext}.vector(${provider.dim}) NOT NULL)`,
        );
        await client.query(
          `CREATE INDEX memory_vectors_hnsw ON ${this.db.s}.memory_vectors USING hnsw (embedding ${this.ext}.vector_cosine_ops)`,
        );
        await client.query(
          `INSERT INTO ${this.db.s}.embeddings_meta(id, model_id, dim) VALUES (1, $1, $2)
           ON CONFLICT (id) DO UPDATE SET model_id = excluded.model_id, dim = excluded.dim`,
          [provider.id, provider.dim],
        );
        const n = Number((await client.query(`SELECT count(*) AS n FROM ${this.db.s}.memories`)).rows[0].n);
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
  startReembedding(): void {
    this.background = this.reembedMissing()
      .catch((e) => {
        if (!this.isClosed()) this.repairs.push(`re-embedding stopped: ${(e as Error).message}`);
      })
      .finally(() => {
        this.reembedAll = false;
      });
  }

  private async reembedMissing(): Promise<void> {
    if (!this.provider) return;
    const done = await reembedMissing(this.provider, {
      isClosed: this.isClosed,
      missing: (afterId, limit) =>
        this.db.query<UnembeddedRow>(
          `SELECT m.id, m.content, m.rationale, m.tags, m.file_path FROM ${this.db.s}.memories m
           WHERE m.id > $1 AND NOT EXISTS (SELECT 1 FROM ${this.db.s}.memory_vectors v WHERE v.memory_id = m.id)
           ORDER BY m.id LIMIT $2`,
          [afterId, limit],
        ),
      // Another server may have embedded or deleted a row meanwhile: both are fine.
      store: async (rows, vectors) => {
        await this.db.query(
          `INSERT INTO ${this.db.s}.memory_vectors(memory_id, embedding)
           SELECT v.id, v.e::${this.ext}.vector FROM unnest($1::bigint[], $2::text[]) AS v(id, e)
           WHERE EXISTS (SELECT 1 FROM ${this.db.s}.memories m WHERE m.id = v.id)
           ON CONFLICT (memory_id) DO NOTHING`,
          [rows.map((r) => r.id), vectors.map(vectorLiteral)],
        );
      },
    });
    if (done > 0 && !this.reembedAll) this.repairs.push(`${done} memories without a vector: embedded`);
  }

  degraded(): string | undefined {
    if (!this.provider) return undefined;
    if (this.off) return this.off;
    if (this.reembedAll) return "re-embedding after a model change: vectors are not used until it finishes";
    return undefined;
  }

  /** Exact cosines of the given memories (no index: a primary-key lookup of a few dozen rows). */
  async cosines(query: Float32Array, ids: readonly number[]): Promise<VectorHit[]> {
    if (!this.provider || !this.ext || this.reembedAll || ids.length === 0) return [];
    const rows = await this.db.query<{ id: number; cosine: number }>(
      `SELECT memory_id AS id, 1 - (embedding OPERATOR(${this.ext}.<=>) $1::${this.ext}.vector) AS cosine
       FROM ${this.db.s}.memory_vectors WHERE memory_id = ANY($2::bigint[])`,
      [vectorLiteral(query), [...ids]],
    );
    return rows.map((r) => ({ id: Number(r.id), cosine: Number(r.cosine) }));
  }

  /**
   * HNSW search with the filter applied during the scan: pgvector's iterative scan keeps reading the graph until
   * `limit` rows pass the filter (pgvector >= 0.8; older versions return what the first 500 candidates give).
   */
  async search(query: Float32Array, filter: MemoryFilter, limit: number): Promise<VectorHit[]> {
    if (!this.provider || !this.ext || this.reembedAll || limit <= 0) return [];
    const w = this.db.where(filter, 3);
    const client = await this.db.pool.connect().catch((e) => {
      throw this.db.fail(e);
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
          `SELECT v.memory_id AS id, 1 - (v.embedding OPERATOR(${this.ext}.<=>) $1::${this.ext}.vector) AS cosine
           FROM ${this.db.s}.memory_vectors v JOIN ${this.db.s}.memories m ON m.id = v.memory_id
           WHERE ${w.sql}
           ORDER BY v.embedding OPERATOR(${this.ext}.<=>) $1::${this.ext}.vector LIMIT $2`,
          [vectorLiteral(query), limit, ...w.params],
        )
      ).rows as Array<{ id: number; cosine: number }>;
      client.release();
      return rows
        .map((r) => ({ id: Number(r.id), cosine: Number(r.cosine) }))
        .sort((a, b) => b.cosine - a.cosine || a.id - b.id);
    } catch (e) {
      client.release(true);
      throw this.db.fail(e);
    }
  }
}
