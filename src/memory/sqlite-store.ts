/**
 * SQLite implementation of MemoryStore: better-sqlite3 + FTS5 (bm25) + sqlite-vec (vec0), WAL, one file per project.
 * Multi-process safety comes from SQLite itself: every write is one `BEGIN IMMEDIATE` transaction (a deferred
 * read-then-write can hit BUSY without waiting), the busy timeout queues writers, and a write that is still busy
 * retries twice with jitter before failing with `storage_busy`.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import { ToolError } from "../core/index.js";
import { migrate, SCHEMA_VERSION } from "./schema.js";
import { filterSql, isNarrowing, type SqlWhere } from "./sql-filter.js";
import type { LexicalHit, MemoryStore, RelatedRow, StoreHealth, VectorHit } from "./store.js";
import { contentKey, identTerms, quoteTerm } from "./text.js";
import type { Category, Memory, MemoryFilter, NewMemory } from "./types.js";
import { VectorCache } from "./vector-cache.js";

/**
 * Up to this many hidden (archived, superseded) memories, both lanes rank first and filter the few ids ranked;
 * beyond it, or with a narrowing filter, they filter while ranking.
 */
const RANK_THEN_FILTER_MAX = 2000;

export interface SqliteStoreOptions {
  path: string;
  provider: EmbeddingProvider | null;
  /** `strict`: synchronous=FULL. */
  durability?: "normal" | "strict";
  busyTimeoutMs?: number;
}

interface MemoryRow {
  id: number;
  category: string;
  content: string;
  rationale: string | null;
  tags: string;
  inferred_tags: string;
  file_path: string | null;
  context: string | null;
  worked: number | null;
  outcome: string | null;
  pinned: number;
  archived: number;
  superseded_by: number | null;
  created_at: number;
  happened_at: number | null;
  recall_count: number;
}

const REEMBED_BATCH = 64;

function splitWords(s: string): string[] {
  return s === "" ? [] : s.split(" ");
}

export function rowToMemory(r: MemoryRow): Memory {
  return {
    id: r.id,
    category: r.category as Category,
    content: r.content,
    rationale: r.rationale,
    tags: splitWords(r.tags),
    inferred_tags: splitWords(r.inferred_tags),
    file_path: r.file_path,
    context: r.context,
    worked: r.worked === null ? null : r.worked === 1,
    outcome: r.outcome,
    pinned: r.pinned === 1,
    archived: r.archived === 1,
    superseded_by: r.superseded_by,
    created_at: new Date(r.created_at).toISOString(),
    happened_at: r.happened_at === null ? null : new Date(r.happened_at).toISOString(),
    recall_count: r.recall_count,
  };
}

function isBusy(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? "";
  return code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_") || code === "SQLITE_LOCKED";
}

function storageError(e: unknown, path: string): ToolError {
  if (e instanceof ToolError) return e;
  return new ToolError({
    error: `Memory database ${path} failed: ${(e as Error).message}`,
    error_type: "storage_error",
    hints: ["Check that the file is on a local disk and writable", "Set DWIM_MEMORY_DB to use another file"],
  });
}

export class SqliteMemoryStore implements MemoryStore {
  readonly path: string;
  readonly provider: EmbeddingProvider | null;
  private readonly db: Database.Database;
  private readonly repairs: string[] = [];
  private reembedAll = false;
  private background: Promise<void> = Promise.resolve();
  private dataVersion = -1;
  /** Document frequency per term, with the document total it was counted against. */
  private readonly dfCache = new Map<string, { n: number; total: number }>();
  private totalCache: number | undefined;
  private vectors: VectorCache | undefined;
  private vectorsStale = true;
  private hiddenCount: number | undefined;
  private closed = false;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly busyTimeoutMs: number;

  private constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    this.provider = options.provider;
    if (options.path !== ":memory:") mkdirSync(dirname(options.path), { recursive: true });
    this.busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.db = new Database(options.path, { timeout: this.busyTimeoutMs });
    sqliteVec.load(this.db);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma(`synchronous = ${options.durability === "strict" ? "FULL" : "NORMAL"}`);
    migrate(this.db);
  }

  /** Opens (creating and migrating as needed), checks consistency, and starts any re-embedding in the background. */
  static open(options: SqliteStoreOptions): SqliteMemoryStore {
    const store = new SqliteMemoryStore(options);
    try {
      store.prepareVectorTable();
      store.checkConsistency();
    } catch (e) {
      store.close();
      throw storageError(e, options.path);
    }
    return store;
  }

  // ---- open-time work -------------------------------------------------------------------------------------------

  /** Creates `memory_vec` for the provider's dimension; a different model or dim rebuilds it (served lexical-only). */
  private prepareVectorTable(): void {
    const provider = this.provider;
    if (!provider) return;
    this.db
      .transaction(() => {
        const meta = this.stmt("SELECT model_id, dim FROM embeddings_meta WHERE id = 1").get() as
          | { model_id: string; dim: number }
          | undefined;
        const exists = this.stmt("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").get() !== undefined;
        if (meta && exists && meta.model_id === provider.id && meta.dim === provider.dim) return;
        if (exists) this.db.exec("DROP TABLE memory_vec");
        this.db.exec(
          `CREATE VIRTUAL TABLE memory_vec USING vec0(embedding float[${provider.dim}] distance_metric=cosine)`,
        );
        this.stmt(
          "INSERT INTO embeddings_meta(id, model_id, dim) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET model_id = excluded.model_id, dim = excluded.dim",
        ).run(provider.id, provider.dim);
        const n = (this.stmt("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
        if (meta && n > 0) {
          this.reembedAll = true;
          this.repairs.push(
            `embedding model changed (${meta.model_id}/${meta.dim} → ${provider.id}/${provider.dim}): re-embedding ${n} memories`,
          );
        }
      })
      .immediate();
  }

  /** D5: memory, FTS and vector counts must agree; FTS is rebuilt and missing vectors re-embedded when they do not. */
  private checkConsistency(): void {
    const memories = this.scalar("SELECT count(*) FROM memories");
    const fts = this.scalar("SELECT count(*) FROM memory_fts_docsize");
    if (fts !== memories) {
      this.db.transaction(() => this.db.exec("INSERT INTO memory_fts(memory_fts) VALUES ('rebuild')")).immediate();
      this.repairs.push(`FTS index had ${fts} rows for ${memories} memories: rebuilt`);
    }
    if (!this.provider) return;
    const vectors = this.scalar("SELECT count(*) FROM memory_vec");
    if (vectors !== memories || this.reembedAll) {
      if (!this.reembedAll) this.repairs.push(`${memories - vectors} memories without a vector: re-embedding`);
      this.background = this.reembedMissing()
        .catch((e) => {
          this.repairs.push(`re-embedding stopped: ${(e as Error).message}`);
        })
        .finally(() => {
          this.reembedAll = false;
        });
    }
  }

  private async reembedMissing(): Promise<void> {
    const provider = this.provider;
    if (!provider) return;
    let lastId = 0;
    for (;;) {
      if (this.closed) return;
      const rows = this.stmt(
        "SELECT m.id, m.content, m.rationale, m.tags, m.file_path FROM memories m WHERE m.id > ? AND NOT EXISTS (SELECT 1 FROM memory_vec v WHERE v.rowid = m.id) ORDER BY m.id LIMIT ?",
      ).all(lastId, REEMBED_BATCH) as Array<{
        id: number;
        content: string;
        rationale: string | null;
        tags: string;
        file_path: string | null;
      }>;
      if (rows.length === 0) return;
      lastId = rows[rows.length - 1].id;
      const vectors = await provider.embedDocuments(rows.map((r) => embeddingText(r)));
      if (this.closed) return;
      await this.write(() => {
        const has = this.stmt("SELECT 1 FROM memory_vec WHERE rowid = ?");
        const stillThere = this.stmt("SELECT 1 FROM memories WHERE id = ?");
        const insert = this.stmt("INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)");
        rows.forEach((r, i) => {
          // Another process may have embedded or deleted the row since we read it.
          if (has.get(BigInt(r.id)) || !stillThere.get(r.id)) return;
          insert.run(BigInt(r.id), vectors[i]);
        });
      });
    }
  }

  // ---- helpers --------------------------------------------------------------------------------------------------

  /** Prepared once per SQL text: preparing costs more than running most of these statements. */
  private stmt(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  private scalar(sql: string, ...params: unknown[]): number {
    return Number(
      this.stmt(sql)
        .pluck()
        .get(...params),
    );
  }

  /** Drops caches when any connection (this one or another process) has changed the database. */
  private freshen(): void {
    const v = this.db.pragma("data_version", { simple: true }) as number;
    const changes = this.stmt("SELECT total_changes()").pluck().get() as number;
    const key = v * 1_000_003 + changes;
    if (key !== this.dataVersion) {
      this.dataVersion = key;
      this.totalCache = undefined;
      this.hiddenCount = undefined;
      this.vectorsStale = true;
    }
  }

  /**
   * One IMMEDIATE transaction. While another process holds the write lock we poll with short jittered sleeps on the
   * event loop (SQLite's own busy handler sleeps up to 100 ms at a time and blocks the thread); past the busy timeout,
   * two last retries, then `storage_busy`.
   */
  private async write<T>(fn: () => T): Promise<T> {
    const tx = this.db.transaction(fn);
    const deadline = Date.now() + this.busyTimeoutMs;
    let lastTries = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        this.db.pragma("busy_timeout = 0");
        return tx.immediate();
      } catch (e) {
        if (!isBusy(e)) throw storageError(e, this.path);
        if (Date.now() >= deadline && ++lastTries > 2) {
          throw new ToolError({
            error: `The memory database is busy: another process held the write lock for over ${this.busyTimeoutMs} ms`,
            error_type: "storage_busy",
            hints: ["Retry the call in a moment; nothing was written"],
          });
        }
        await sleep(Math.min(1 + attempt, 8) * (0.5 + Math.random()));
      } finally {
        this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
      }
    }
  }

  // ---- writes ---------------------------------------------------------------------------------------------------

  async insert(items: readonly NewMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<number[]> {
    return this.write(() => {
      const insert = this.stmt(
        `INSERT INTO memories(category, content, rationale, tags, inferred_tags, file_path, context, ident_terms,
           content_key, worked, outcome, pinned, created_at, happened_at)
         VALUES (@category, @content, @rationale, @tags, @inferred_tags, @file_path, @context, @ident_terms,
           @content_key, @worked, @outcome, @pinned, @created_at, @happened_at)`,
      );
      const tag = this.stmt("INSERT OR IGNORE INTO memory_tags(memory_id, tag, inferred) VALUES (?, ?, ?)");
      const vec = this.stmt("INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)");
      const supersede = this.stmt("UPDATE memories SET superseded_by = ? WHERE id = ?");
      const link = this.stmt("INSERT OR IGNORE INTO links(from_id, to_id, kind, created_at) VALUES (?, ?, ?, ?)");
      const ids: number[] = [];
      items.forEach((m, i) => {
        const all = [...m.tags, ...m.inferred_tags];
        const info = insert.run({
          category: m.category,
          content: m.content,
          rationale: m.rationale,
          tags: all.join(" "),
          inferred_tags: m.inferred_tags.join(" "),
          file_path: m.file_path,
          context: m.context,
          ident_terms: identTerms(m.content, m.rationale, m.file_path),
          content_key: contentKey(m.content),
          worked: m.worked === null ? null : m.worked ? 1 : 0,
          outcome: m.outcome,
          pinned: m.pinned ? 1 : 0,
          created_at: m.created_at,
          happened_at: m.happened_at,
        });
        const id = Number(info.lastInsertRowid);
        ids.push(id);
        for (const t of m.tags) tag.run(id, t, 0);
        for (const t of m.inferred_tags) tag.run(id, t, 1);
        const v = vectors[i];
        if (v && this.provider && !this.reembedAll) vec.run(BigInt(id), v);
        for (const old of m.supersedes) {
          supersede.run(id, old);
          link.run(id, old, "supersedes", m.created_at);
        }
      });
      return ids;
    });
  }

  async recordOutcome(id: number, worked: boolean, outcome: string | null, at: number): Promise<number> {
    return this.write(() => {
      this.stmt("INSERT INTO outcomes(memory_id, worked, outcome, created_at) VALUES (?, ?, ?, ?)").run(
        id,
        worked ? 1 : 0,
        outcome,
        at,
      );
      this.stmt("UPDATE memories SET worked = ?, outcome = ? WHERE id = ?").run(worked ? 1 : 0, outcome, id);
      return this.scalar("SELECT count(*) FROM outcomes WHERE memory_id = ?", id);
    });
  }

  async setArchived(ids: readonly number[], archived: boolean): Promise<number> {
    return this.write(() => {
      const st = this.stmt("UPDATE memories SET archived = ? WHERE id = ? AND archived <> ?");
      return ids.reduce((n, id) => n + st.run(archived ? 1 : 0, id, archived ? 1 : 0).changes, 0);
    });
  }

  async purge(ids: readonly number[]): Promise<number> {
    return this.write(() => {
      let n = 0;
      const hasVec = this.stmt("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").get() !== undefined;
      for (const id of ids) {
        n += this.stmt("DELETE FROM memories WHERE id = ?").run(id).changes;
        this.stmt("DELETE FROM memory_tags WHERE memory_id = ?").run(id);
        this.stmt("DELETE FROM outcomes WHERE memory_id = ?").run(id);
        this.stmt("DELETE FROM links WHERE from_id = ? OR to_id = ?").run(id, id);
        this.stmt("UPDATE memories SET superseded_by = NULL WHERE superseded_by = ?").run(id);
        if (hasVec) this.stmt("DELETE FROM memory_vec WHERE rowid = ?").run(BigInt(id));
      }
      return n;
    });
  }

  bumpRecallCount(ids: readonly number[]): void {
    if (ids.length === 0) return;
    try {
      // No busy wait here: a recall must never queue behind writers for a counter.
      this.db.pragma("busy_timeout = 0");
      this.db
        .transaction(() => {
          const st = this.stmt("UPDATE memories SET recall_count = recall_count + 1 WHERE id = ?");
          for (const id of ids) st.run(id);
        })
        .immediate();
    } catch (e) {
      if (!isBusy(e)) throw storageError(e, this.path);
    } finally {
      this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    }
  }

  // ---- reads ----------------------------------------------------------------------------------------------------

  get(ids: readonly number[]): Memory[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT * FROM memories WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as MemoryRow[];
    const byId = new Map(rows.map((r) => [r.id, rowToMemory(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  missing(ids: readonly number[]): number[] {
    const found = new Set(this.get(ids).map((m) => m.id));
    return ids.filter((id) => !found.has(id));
  }

  count(filter: MemoryFilter = { include_archived: true, include_superseded: true }): number {
    const w = filterSql(filter);
    return this.scalar(`SELECT count(*) FROM memories m WHERE ${w.sql}`, ...w.params);
  }

  list(filter: MemoryFilter, limit: number): number[] {
    const w = filterSql(filter);
    return (
      this.stmt(
        `SELECT m.id FROM memories m WHERE ${w.sql} ORDER BY coalesce(m.happened_at, m.created_at) DESC, m.id DESC LIMIT ?`,
      )
        .pluck()
        .all(...w.params, limit) as number[]
    ).map(Number);
  }

  totalDocuments(): number {
    this.freshen();
    this.totalCache ??= this.scalar("SELECT count(*) FROM memories");
    return this.totalCache;
  }

  /**
   * Counted once and reused while the corpus has grown or shrunk by at most 2 %: rarity only has to be roughly right,
   * and counting a common term's doclist costs milliseconds at 100k memories.
   */
  documentFrequency(terms: readonly string[]): Map<string, number> {
    const total = this.totalDocuments();
    const out = new Map<string, number>();
    const st = this.stmt("SELECT count(*) FROM memory_fts WHERE memory_fts MATCH ?").pluck();
    for (const t of terms) {
      let entry = this.dfCache.get(t);
      if (!entry || Math.abs(total - entry.total) > Math.max(2, 0.02 * entry.total)) {
        entry = { n: Number(st.get(quoteTerm(t))), total };
        if (this.dfCache.size > 50_000) this.dfCache.clear();
        this.dfCache.set(t, entry);
      }
      out.set(t, entry.n);
    }
    return out;
  }

  lexical(ftsQuery: string, filter: MemoryFilter, limit: number): LexicalHit[] {
    const w = filterSql(filter);
    // Column weights: content 1, rationale 0.5, tags 3, path 1, identifier terms 1.
    const bm25 = "bm25(memory_fts, 1.0, 0.5, 3.0, 1.0, 1.0)";
    const margin = this.rankFirstMargin(filter);
    if (margin !== undefined) {
      // Rank on the FTS index alone, then apply visibility to the few ids ranked: joining every match to `memories`
      // before ranking costs two to three times as much on a large store, and the result is the same.
      const hits = this.stmt(
        `SELECT rowid AS id, ${bm25} AS bm25 FROM memory_fts WHERE memory_fts MATCH ? ORDER BY bm25, rowid LIMIT ?`,
      ).all(ftsQuery, limit + margin) as LexicalHit[];
      return margin === 0 ? hits : this.admit(hits, w).slice(0, limit);
    }
    return this.stmt(
      `SELECT m.id AS id, ${bm25} AS bm25
       FROM memory_fts JOIN memories m ON m.id = memory_fts.rowid
       WHERE memory_fts MATCH ? AND ${w.sql} ORDER BY bm25, m.id LIMIT ?`,
    ).all(ftsQuery, ...w.params, limit) as LexicalHit[];
  }

  /**
   * How many rows a lane that ranks before it filters must over-fetch so that `limit` visible rows survive (the
   * hidden, archived or superseded, rows could all rank in front); undefined when the lane should filter while it
   * ranks instead: a narrowing filter, or more hidden rows than RANK_THEN_FILTER_MAX.
   */
  private rankFirstMargin(filter: MemoryFilter): number | undefined {
    if (isNarrowing(filter)) return undefined;
    if (filter.include_archived && filter.include_superseded) return 0;
    this.freshen();
    // Two range counts on the (archived, superseded_by) index; the OR form scans the whole index.
    this.hiddenCount ??= this.scalar(
      `SELECT (SELECT count(*) FROM memories WHERE archived = 1)
            + (SELECT count(*) FROM memories WHERE archived = 0 AND superseded_by IS NOT NULL)`,
    );
    return this.hiddenCount <= RANK_THEN_FILTER_MAX ? this.hiddenCount : undefined;
  }

  /** The hits whose memories the filter admits, in their order. */
  private admit<T extends { id: number }>(hits: readonly T[], w: SqlWhere): T[] {
    if (hits.length === 0) return [];
    const allowed = new Set(
      (
        this.stmt(`SELECT m.id FROM memories m WHERE m.id IN (SELECT value FROM json_each(?)) AND ${w.sql}`)
          .pluck()
          .all(JSON.stringify(hits.map((h) => h.id)), ...w.params) as number[]
      ).map(Number),
    );
    return hits.filter((h) => allowed.has(Number(h.id)));
  }

  vectorLaneDegraded(): string | undefined {
    if (!this.provider) return undefined;
    if (this.reembedAll) return "re-embedding after a model change: vectors are not used until it finishes";
    return undefined;
  }

  vector(query: Float32Array, filter: MemoryFilter, limit: number): VectorHit[] {
    if (!this.provider || this.reembedAll || limit <= 0) return [];
    this.freshen();
    this.vectors ??= new VectorCache(this.db, this.provider.dim);
    if (this.vectorsStale) {
      this.vectors.sync();
      this.vectorsStale = false;
    }
    const w = filterSql(filter);
    const margin = this.rankFirstMargin(filter);
    if (margin !== undefined) return this.admit(this.vectors.topK(query, limit + margin), w).slice(0, limit);
    const allowed = new Set(
      (
        this.stmt(`SELECT m.id FROM memories m WHERE ${w.sql}`)
          .pluck()
          .all(...w.params) as number[]
      ).map(Number),
    );
    return this.vectors.topK(query, limit, (id) => allowed.has(id));
  }

  relatedCandidates(key: string, filePath: string | null): RelatedRow[] {
    const cols = "id, content, category, worked, file_path";
    const rows = [
      ...this.stmt(`SELECT ${cols} FROM memories WHERE content_key = ? AND archived = 0 LIMIT 20`).all(key),
      ...this.stmt(
        `SELECT ${cols} FROM memories INDEXED BY memories_notable WHERE (worked = 0 OR category = 'warning') AND archived = 0 ORDER BY id DESC LIMIT 200`,
      ).all(),
      ...(filePath === null
        ? []
        : this.stmt(`SELECT ${cols} FROM memories WHERE file_path = ? AND archived = 0 ORDER BY id DESC LIMIT 50`).all(
            filePath,
          )),
    ] as Array<{ id: number; content: string; category: string; worked: number | null; file_path: string | null }>;
    const seen = new Set<number>();
    const out: RelatedRow[] = [];
    for (const r of rows) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ ...r, worked: r.worked === null ? null : r.worked === 1 });
    }
    return out;
  }

  distinctFilePaths(): string[] {
    return this.db
      .prepare("SELECT DISTINCT file_path FROM memories WHERE file_path IS NOT NULL LIMIT 5000")
      .pluck()
      .all() as string[];
  }

  distinctTags(): string[] {
    return this.stmt("SELECT DISTINCT tag FROM memory_tags LIMIT 5000").pluck().all() as string[];
  }

  health(): StoreHealth {
    const meta = this.stmt("SELECT model_id, dim FROM embeddings_meta WHERE id = 1").get() as
      | { model_id: string; dim: number }
      | undefined;
    const hasVec = this.stmt("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").get() !== undefined;
    return {
      path: this.path,
      schema_version: this.db.pragma("user_version", { simple: true }) as number,
      memories: this.scalar("SELECT count(*) FROM memories"),
      fts_rows: this.scalar("SELECT count(*) FROM memory_fts_docsize"),
      vectors: hasVec ? this.scalar("SELECT count(*) FROM memory_vec") : 0,
      model_id: meta?.model_id ?? null,
      dim: meta?.dim ?? null,
      repairs: [...this.repairs],
      reembedding: this.reembedAll,
      integrity: String(this.db.pragma("quick_check", { simple: true })),
    };
  }

  idle(): Promise<void> {
    return this.background;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  /** Expected schema version (for health output). */
  static readonly schemaVersion = SCHEMA_VERSION;
}

/** The text a memory is embedded from: what it says, why, its tags and its file. */
export function embeddingText(m: {
  content: string;
  rationale: string | null;
  tags: string | readonly string[];
  file_path: string | null;
}): string {
  const tags = typeof m.tags === "string" ? m.tags : m.tags.join(" ");
  return [m.content, m.rationale ?? "", tags, m.file_path ?? ""].filter((s) => s !== "").join("\n");
}
