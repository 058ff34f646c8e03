/**
 * The PostgreSQL schema: one schema per project (`dwim_<project>`), versioned migrations recorded in
 * `migrations_applied`. Every migration runs in one transaction under a transaction-scoped advisory lock keyed on the
 * schema name, and the version is re-read under that lock, so servers starting at once against an empty database
 * apply each migration exactly once. Opening an up-to-date schema takes no lock and writes nothing.
 *
 * Times are epoch milliseconds (bigint) as in SQLite, so export and import are exact. The lexical lane reads
 * `search_tsv`, written at insert from text normalised in JavaScript (text.ts), so both engines index the same words.
 * Vectors live in their own table, created at open for the provider's dimension (see PostgresMemoryStore).
 */
import type pg from "pg";
import type { MemoryFilter } from "./types.js";

/** What the PostgreSQL store's lanes share: the pool, the project's schema, and error-mapped queries. */
export interface PgContext {
  pool: pg.Pool;
  /** The project's schema name, and quoted for SQL. */
  schema: string;
  s: string;
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  /** The filter as SQL over `memories m`, placeholders numbered from `$start`. */
  where(filter: MemoryFilter, start: number): { sql: string; params: unknown[] };
  /** A driver error as the storage error callers see. */
  fail(e: unknown): Error;
}

export interface PgMigration {
  version: number;
  description: string;
  /** Statements with `{s}` standing for the quoted schema name. */
  sql: string;
}

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    description: "memories with a weighted tsvector, tags, outcomes, links, embeddings meta",
    sql: `
      CREATE TABLE {s}.memories (
        id bigserial PRIMARY KEY,
        category text NOT NULL CHECK (category IN ('decision', 'pattern', 'warning', 'learning')),
        content text NOT NULL,
        rationale text,
        tags text NOT NULL DEFAULT '',
        inferred_tags text NOT NULL DEFAULT '',
        file_path text,
        context text,
        ident_terms text NOT NULL DEFAULT '',
        content_key text NOT NULL DEFAULT '',
        worked boolean,
        outcome text,
        pinned boolean NOT NULL DEFAULT false,
        archived boolean NOT NULL DEFAULT false,
        superseded_by bigint REFERENCES {s}.memories(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
        created_at bigint NOT NULL,
        happened_at bigint,
        recall_count integer NOT NULL DEFAULT 0,
        search_tsv tsvector NOT NULL
      );
      -- fastupdate off: rows go straight into the posting lists. With the default pending list, a freshly written
      -- store answers from an unsorted list the planner prices so high that it scans the table instead (15x slower
      -- at 100k memories until the next vacuum).
      CREATE INDEX memories_search ON {s}.memories USING gin (search_tsv) WITH (fastupdate = off);
      CREATE INDEX memories_file_path ON {s}.memories (file_path);
      CREATE INDEX memories_content_key ON {s}.memories (content_key);
      CREATE INDEX memories_superseded_by ON {s}.memories (superseded_by) WHERE superseded_by IS NOT NULL;
      CREATE INDEX memories_notable ON {s}.memories (id) WHERE worked = false OR category = 'warning';
      CREATE TABLE {s}.memory_tags (
        memory_id bigint NOT NULL REFERENCES {s}.memories(id) ON DELETE CASCADE,
        tag text NOT NULL,
        inferred boolean NOT NULL DEFAULT false,
        PRIMARY KEY (memory_id, tag)
      );
      CREATE INDEX memory_tags_tag ON {s}.memory_tags (tag, memory_id);
      CREATE TABLE {s}.outcomes (
        id bigserial PRIMARY KEY,
        memory_id bigint NOT NULL REFERENCES {s}.memories(id) ON DELETE CASCADE,
        worked boolean NOT NULL,
        outcome text,
        created_at bigint NOT NULL
      );
      CREATE INDEX outcomes_memory ON {s}.outcomes (memory_id);
      CREATE TABLE {s}.links (
        from_id bigint NOT NULL REFERENCES {s}.memories(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        to_id bigint NOT NULL REFERENCES {s}.memories(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        kind text NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (from_id, to_id, kind)
      );
      CREATE INDEX links_to ON {s}.links (to_id);
      CREATE TABLE {s}.embeddings_meta (
        id integer PRIMARY KEY CHECK (id = 1),
        model_id text NOT NULL,
        dim integer NOT NULL
      );
    `,
  },
  {
    version: 2,
    description: "memories in one context, in order: a conversation's turns are each other's neighbours",
    sql: "CREATE INDEX memories_context ON {s}.memories (context, id) WHERE context IS NOT NULL;",
  },
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1].version;

/** A project name as a schema name: `dwim_` plus lowercase letters, digits and `_`, at most 63 bytes. */
export function schemaName(project: string): string {
  const slug = project
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/gu, "_")
    .replace(/^_+|_+$/gu, "");
  return `dwim_${slug || "project"}`.slice(0, 63);
}

/** A double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The advisory lock key of a name (one bigint), so unrelated users of advisory locks do not collide with ours. */
export function lockKeySql(param: string): string {
  return `hashtextextended('dwim-memory:' || ${param}, 0)`;
}

/** The schema's version without taking any lock; 0 when it does not exist yet. */
export async function schemaVersion(client: pg.ClientBase, schema: string): Promise<number> {
  const exists = await client.query("SELECT to_regclass($1) IS NOT NULL AS ok", [
    `${quoteIdent(schema)}.migrations_applied`,
  ]);
  if (!exists.rows[0].ok) return 0;
  const r = await client.query(`SELECT coalesce(max(version), 0) AS v FROM ${quoteIdent(schema)}.migrations_applied`);
  return Number(r.rows[0].v);
}

/**
 * Applies the pending migrations in one transaction under the schema's advisory lock; returns the versions this call
 * applied (none when the schema was current, or another server migrated it while we waited for the lock).
 */
export async function migratePg(client: pg.ClientBase, schema: string): Promise<number[]> {
  if ((await schemaVersion(client, schema)) >= PG_SCHEMA_VERSION) return [];
  const s = quoteIdent(schema);
  const applied: number[] = [];
  await client.query("BEGIN");
  try {
    // A migration may index a large table: the per-statement timeout that bounds queries does not apply.
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query(`SELECT pg_advisory_xact_lock(${lockKeySql("$1")})`, [schema]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.migrations_applied (version integer NOT NULL, applied_at bigint NOT NULL, pid integer NOT NULL)`,
    );
    const current = await schemaVersion(client, schema);
    for (const m of PG_MIGRATIONS) {
      if (m.version <= current) continue;
      await client.query(m.sql.replaceAll("{s}", s));
      await client.query(`INSERT INTO ${s}.migrations_applied(version, applied_at, pid) VALUES ($1, $2, $3)`, [
        m.version,
        Date.now(),
        process.pid,
      ]);
      applied.push(m.version);
    }
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  }
  return applied;
}
