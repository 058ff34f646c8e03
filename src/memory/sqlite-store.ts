/**
 * SQLite implementation of MemoryStore: better-sqlite3 + FTS5 (bm25) + sqlite-vec (vec0), WAL, one file per project.
 * Multi-process safety comes from SQLite itself: every write is one `BEGIN IMMEDIATE` transaction (a deferred
 * read-then-write can hit BUSY without waiting), the busy timeout queues writers, and a write that is still busy
 * retries twice with jitter before failing with `storage_busy`.
 */
import { accessSync, constants, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import { ToolError } from "../core/errors.js";
import { type LexNode, toFts5, wordsNode } from "./lexical-query.js";
import { reembedMissing, type UnembeddedRow } from "./reembed.js";
import { assembleStored, distinctRelated, type MemoryRow, rowToMemory } from "./rows.js";
import { migrate, READABLE_SCHEMA_VERSION, SCHEMA_VERSION } from "./schema.js";
import { filterSql, isNarrowing, type SqlWhere, threadNeighboursSql } from "./sql-filter.js";
import { DEFAULT_QUERY_TIMEOUT_MS, QueryTimeout, queryTimeout, readOnlyError, storageError } from "./storage-errors.js";
import type { LexicalHit, MemoryLink, MemoryStore, RelatedRow, StoredMemory, StoreHealth, VectorHit } from "./store.js";
import { contentKey, derivedTerms } from "./text.js";
import type { Memory, MemoryFilter, NewMemory } from "./types.js";
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
  /** A read statement still running after this long stops with `query_timeout` (see queryTimeout). */
  queryTimeoutMs?: number;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Blocks this thread for `ms` (see SqliteMemoryStore.open for why that is acceptable where it is used). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isBusy(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? "";
  return code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_") || code === "SQLITE_LOCKED";
}

/** The file (or its directory) cannot be written: the database can still be read. */
function isReadOnly(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? "";
  return code.startsWith("SQLITE_READONLY") || code === "SQLITE_CANTOPEN" || code === "SQLITE_PERM";
}

const SQLITE_HINTS = [
  "Check that the file is a dwim memory database on a local disk, and readable",
  "SQLite creates memory.db-wal and memory.db-shm beside the file: its directory must be writable, or those files present",
  "Set DWIM_MEMORY_DB to use another file",
];

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export class SqliteMemoryStore implements MemoryStore {
  readonly path: string;
  readonly provider: EmbeddingProvider | null;
  private db: Database.Database;
  /** The file or its directory cannot be written: reads are served, writes fail with storage_error. */
  private readOnly = false;
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
  private statements = new Map<string, Database.Statement>();
  private readonly busyTimeoutMs: number;
  private readonly queryTimeoutMs: number;
  /** When the read statement running now must stop (epoch ms); checked row by row by `dwim_in_time()`. */
  private statementDeadline = Number.POSITIVE_INFINITY;

  private constructor(private readonly options: SqliteStoreOptions) {
    this.path = options.path;
    this.provider = options.provider;
    this.busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    this.queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    let db: Database.Database | undefined;
    try {
      if (options.path !== ":memory:") mkdirSync(dirname(options.path), { recursive: true });
      db = this.connect(false);
      migrate(db);
      this.db = db;
      // A file we may read but not write opens read-write in SQLite and fails on the first write: say so up front.
      if (options.path !== ":memory:" && !writable(options.path)) this.readOnly = true;
    } catch (e) {
      db?.close();
      if (!isReadOnly(e) || options.path === ":memory:") throw e;
      // A file (or directory) we may not write: serve reads from it as it is.
      this.db = this.connect(true);
      this.readOnly = true;
      const version = this.db.pragma("user_version", { simple: true }) as number;
      if (version < READABLE_SCHEMA_VERSION) {
        throw new Error(
          `the database is read-only and at schema version ${version}, older than ${READABLE_SCHEMA_VERSION}`,
        );
      }
    }
  }

  private connect(readonly: boolean): Database.Database {
    const db = new Database(this.options.path, {
      timeout: this.busyTimeoutMs,
      readonly,
      fileMustExist: readonly,
    });
    sqliteVec.load(db);
    // better-sqlite3 exposes no progress handler or interrupt: the statements that may read a large share of the
    // index (the lexical lane, term counts) call this per row instead, so they stop at their deadline.
    db.function("dwim_in_time", { deterministic: false }, () => {
      if (Date.now() > this.statementDeadline) throw new QueryTimeout();
      return 1;
    });
    if (!readonly) {
      db.pragma("journal_mode = WAL");
      db.pragma(`synchronous = ${this.options.durability === "strict" ? "FULL" : "NORMAL"}`);
    }
    return db;
  }

  /**
   * Opens (creating and migrating as needed), checks consistency, and starts any re-embedding in the background.
   * Opening can meet a lock SQLite will not wait for: switching a new file to WAL turns a read lock into a write
   * lock, and SQLite returns BUSY at once there rather than risk a deadlock. So a busy open starts over after a
   * short sleep until the busy timeout. The sleep blocks this thread as SQLite's own busy handler would; file
   * databases open on the store's worker thread, never on the event loop.
   */
  static open(options: SqliteStoreOptions): SqliteMemoryStore {
    const deadline = Date.now() + (options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS);
    for (let attempt = 0; ; attempt++) {
      let store: SqliteMemoryStore | undefined;
      try {
        store = new SqliteMemoryStore(options);
        if (!store.readOnly) {
          store.prepareVectorTable();
          store.checkConsistency();
        }
        return store;
      } catch (e) {
        if (store) store.closeNow();
        if (!isBusy(e) || Date.now() >= deadline) throw storageError(e, options.path, { hints: SQLITE_HINTS });
        sleepSync(Math.min(2 + 2 * attempt, 25) * (0.5 + Math.random()));
      }
    }
  }

  // ---- open-time work -------------------------------------------------------------------------------------------

  private vectorMeta(): { model_id: string; dim: number } | undefined {
    return this.stmt("SELECT model_id, dim FROM embeddings_meta WHERE id = 1").get() as
      | { model_id: string; dim: number }
      | undefined;
  }

  private hasVectorTable(): boolean {
    return this.stmt("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").get() !== undefined;
  }

  /** Creates `memory_vec` for the provider's dimension; a different model or dim rebuilds it (served lexical-only). */
  private prepareVectorTable(): void {
    const provider = this.provider;
    if (!provider) return;
    const current = (meta: { model_id: string; dim: number } | undefined) =>
      meta !== undefined && this.hasVectorTable() && meta.model_id === provider.id && meta.dim === provider.dim;
    // Checked before taking the write lock, so that opening an up-to-date store writes nothing.
    if (current(this.vectorMeta())) return;
    this.db
      .transaction(() => {
        const meta = this.vectorMeta();
        if (current(meta)) return;
        if (this.hasVectorTable()) this.db.exec("DROP TABLE memory_vec");
        this.db.exec(
          `CREATE VIRTUAL TABLE memory_vec USING vec0(embedding float[${provider.dim}] distance_metric=cosine)`,
        );
        this.stmt(
          "INSERT INTO embeddings_meta(id, model_id, dim) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET model_id = excluded.model_id, dim = excluded.dim",
        ).run(provider.id, provider.dim);
        const n = this.scalar("SELECT count(*) FROM memories");
        if (meta && n > 0) {
          this.reembedAll = true;
          this.repairs.push(
            `embedding model changed (${meta.model_id}/${meta.dim} → ${provider.id}/${provider.dim}): re-embedding ${n} memories`,
          );
        }
      })
      .immediate();
  }

  /** Memory, FTS and vector counts must agree; FTS is rebuilt and missing vectors re-embedded when they do not. */
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
    if (!this.provider) return;
    await reembedMissing(this.provider, {
      isClosed: () => this.closed,
      missing: async (afterId, limit) =>
        this.stmt(
          "SELECT m.id, m.content, m.rationale, m.tags, m.file_path FROM memories m WHERE m.id > ? AND NOT EXISTS (SELECT 1 FROM memory_vec v WHERE v.rowid = m.id) ORDER BY m.id LIMIT ?",
        ).all(afterId, limit) as UnembeddedRow[],
      store: (rows, vectors) =>
        this.write(() => {
          const has = this.stmt("SELECT 1 FROM memory_vec WHERE rowid = ?");
          const stillThere = this.stmt("SELECT 1 FROM memories WHERE id = ?");
          const insert = this.stmt("INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)");
          rows.forEach((r, i) => {
            // Another process may have embedded or deleted the row since we read it.
            if (has.get(BigInt(r.id)) || !stillThere.get(r.id)) return;
            insert.run(BigInt(r.id), vectors[i]);
          });
        }),
    });
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

  /**
   * A read: any failure of the database becomes a storage_error naming the file, and a statement that runs past the
   * query timeout a `query_timeout` (like PostgreSQL's statement_timeout).
   */
  private async read<T>(fn: () => T): Promise<T> {
    this.statementDeadline = Date.now() + this.queryTimeoutMs;
    try {
      return fn();
    } catch (e) {
      if (e instanceof QueryTimeout) throw queryTimeout(this.queryTimeoutMs);
      throw storageError(e, this.path, { hints: SQLITE_HINTS });
    } finally {
      this.statementDeadline = Number.POSITIVE_INFINITY;
    }
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
    if (this.readOnly) throw readOnlyError(this.path);
    const tx = this.db.transaction(fn);
    const deadline = Date.now() + this.busyTimeoutMs;
    let lastTries = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        this.db.pragma("busy_timeout = 0");
        return tx.immediate();
      } catch (e) {
        if (isReadOnly(e)) throw readOnlyError(this.path);
        if (!isBusy(e)) throw storageError(e, this.path, { hints: SQLITE_HINTS });
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

  /** Inserts one memory row (with the given id, or a new one) and its tags, vector and supersession links. */
  private insertOne(m: NewMemory | StoredMemory, vector: Float32Array | null | undefined): number {
    const stored = "id" in m ? m : undefined;
    const all = [...m.tags, ...m.inferred_tags];
    const info = this.stmt(
      `INSERT INTO memories(id, category, content, rationale, tags, inferred_tags, file_path, context, ident_terms,
         content_key, worked, outcome, pinned, archived, superseded_by, created_at, happened_at, recall_count)
       VALUES (@id, @category, @content, @rationale, @tags, @inferred_tags, @file_path, @context, @ident_terms,
         @content_key, @worked, @outcome, @pinned, @archived, @superseded_by, @created_at, @happened_at, @recall_count)`,
    ).run({
      id: stored?.id ?? null,
      category: m.category,
      content: m.content,
      rationale: m.rationale,
      tags: all.join(" "),
      inferred_tags: m.inferred_tags.join(" "),
      file_path: m.file_path,
      context: m.context,
      ident_terms: derivedTerms(m),
      content_key: contentKey(m.content),
      worked: m.worked === null ? null : m.worked ? 1 : 0,
      outcome: m.outcome,
      pinned: m.pinned ? 1 : 0,
      archived: stored?.archived ? 1 : 0,
      superseded_by: stored?.superseded_by ?? null,
      created_at: m.created_at,
      happened_at: m.happened_at,
      recall_count: stored?.recall_count ?? 0,
    });
    const id = Number(info.lastInsertRowid);
    const tag = this.stmt("INSERT OR IGNORE INTO memory_tags(memory_id, tag, inferred) VALUES (?, ?, ?)");
    for (const t of m.tags) tag.run(id, t, 0);
    for (const t of m.inferred_tags) tag.run(id, t, 1);
    if (vector && this.provider && !this.reembedAll) {
      this.stmt("INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)").run(BigInt(id), vector);
    }
    return id;
  }

  async insert(items: readonly NewMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<number[]> {
    return this.write(() => {
      const supersede = this.stmt("UPDATE memories SET superseded_by = ? WHERE id = ?");
      const link = this.stmt("INSERT OR IGNORE INTO links(from_id, to_id, kind, created_at) VALUES (?, ?, ?, ?)");
      return items.map((m, i) => {
        const id = this.insertOne(m, vectors[i]);
        for (const old of m.supersedes) {
          supersede.run(id, old);
          link.run(id, old, "supersedes", m.created_at);
        }
        return id;
      });
    });
  }

  async importMemories(items: readonly StoredMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<void> {
    await this.write(() => {
      const outcome = this.stmt("INSERT INTO outcomes(memory_id, worked, outcome, created_at) VALUES (?, ?, ?, ?)");
      items.forEach((m, i) => {
        this.insertOne({ ...m, superseded_by: null }, vectors[i]);
        for (const o of m.outcomes) outcome.run(m.id, o.worked ? 1 : 0, o.outcome, o.at);
      });
    });
  }

  async importLinks(
    supersededBy: ReadonlyArray<{ id: number; by: number }>,
    links: readonly MemoryLink[],
  ): Promise<void> {
    await this.write(() => {
      const supersede = this.stmt("UPDATE memories SET superseded_by = ? WHERE id = ?");
      const link = this.stmt("INSERT OR IGNORE INTO links(from_id, to_id, kind, created_at) VALUES (?, ?, ?, ?)");
      for (const s of supersededBy) supersede.run(s.by, s.id);
      for (const l of links) link.run(l.from_id, l.to_id, l.kind, l.at);
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
      const hasVec = this.hasVectorTable();
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

  async bumpRecallCount(ids: readonly number[]): Promise<void> {
    if (ids.length === 0 || this.readOnly) return;
    try {
      // No busy wait here: a recall must never queue behind writers for a counter.
      this.db.pragma("busy_timeout = 0");
      this.db
        .transaction(() => {
          const st = this.stmt("UPDATE memories SET recall_count = recall_count + 1 WHERE id = ?");
          for (const id of ids) st.run(id);
        })
        .immediate();
    } catch {
      // Best effort: busy, read-only or failing, the recall it belongs to has its answer already.
    } finally {
      this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    }
  }

  // ---- reads ----------------------------------------------------------------------------------------------------

  get(ids: readonly number[]): Promise<Memory[]> {
    return this.read(() => {
      if (ids.length === 0) return [];
      const rows = this.stmt(`SELECT * FROM memories WHERE id IN (SELECT value FROM json_each(?))`).all(
        JSON.stringify(ids),
      ) as MemoryRow[];
      const byId = new Map(rows.map((r) => [Number(r.id), rowToMemory(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    });
  }

  missing(ids: readonly number[]): Promise<number[]> {
    return this.read(() => {
      const found = new Set(
        (
          this.stmt("SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?))")
            .pluck()
            .all(JSON.stringify(ids)) as number[]
        ).map(Number),
      );
      return ids.filter((id) => !found.has(id));
    });
  }

  count(filter: MemoryFilter = { include_archived: true, include_superseded: true }): Promise<number> {
    return this.read(() => {
      const w = filterSql(filter);
      return this.scalar(`SELECT count(*) FROM memories m WHERE ${w.sql}`, ...w.params);
    });
  }

  list(filter: MemoryFilter, limit: number): Promise<number[]> {
    return this.read(() => {
      const w = filterSql(filter);
      return (
        this.stmt(
          `SELECT m.id FROM memories m WHERE ${w.sql} ORDER BY coalesce(m.happened_at, m.created_at) DESC, m.id DESC LIMIT ?`,
        )
          .pluck()
          .all(...w.params, limit) as number[]
      ).map(Number);
    });
  }

  totalDocuments(): Promise<number> {
    return this.read(() => this.total());
  }

  private total(): number {
    this.freshen();
    this.totalCache ??= this.scalar("SELECT count(*) FROM memories");
    return this.totalCache;
  }

  /**
   * Counted once and reused while the corpus has grown or shrunk by at most 2 %: rarity only has to be roughly right,
   * and counting a common term's doclist costs milliseconds at 100k memories.
   */
  documentFrequency(terms: readonly string[]): Promise<Map<string, number>> {
    return this.read(() => {
      const total = this.total();
      const out = new Map<string, number>();
      const st = this.stmt("SELECT count(*) FROM memory_fts WHERE memory_fts MATCH ? AND dwim_in_time()").pluck();
      for (const t of terms) {
        let entry = this.dfCache.get(t);
        if (!entry || Math.abs(total - entry.total) > Math.max(2, 0.02 * entry.total)) {
          entry = { n: Number(st.get(toFts5(wordsNode([t])))), total };
          if (this.dfCache.size > 50_000) this.dfCache.clear();
          this.dfCache.set(t, entry);
        }
        out.set(t, entry.n);
      }
      return out;
    });
  }

  containing(terms: readonly string[], ids: readonly number[]): Promise<Map<string, Set<number>>> {
    if (ids.length === 0) return Promise.resolve(new Map(terms.map((t) => [t, new Set<number>()])));
    return this.read(() => {
      // One statement per term: FTS5 reads the term's doclist and keeps the candidates. A `rowid = ?` per candidate
      // was no faster (measured at 10k and 100k), and FTS5 ignores that constraint when the id is bound as a double,
      // which is how a JS number binds.
      const st = this.stmt(
        "SELECT rowid FROM memory_fts WHERE memory_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?)) AND dwim_in_time()",
      ).pluck();
      const list = JSON.stringify(ids);
      const out = new Map<string, Set<number>>();
      for (const t of terms) out.set(t, new Set((st.all(toFts5(wordsNode([t])), list) as number[]).map(Number)));
      return out;
    });
  }

  neighbours(
    ids: readonly number[],
    filter: MemoryFilter,
    radius: number,
  ): Promise<Array<{ id: number; neighbour: number; distance: number }>> {
    if (ids.length === 0 || radius < 1) return Promise.resolve([]);
    return this.read(() => {
      const w = filterSql(filter);
      // Placeholders in text order: the two radii, the candidate ids, then the filter's.
      const rows = this.stmt(threadNeighboursSql("memories", "c.id IN (SELECT value FROM json_each(?))", w.sql)).all(
        radius,
        radius,
        JSON.stringify(ids),
        ...w.params,
      ) as Array<{ id: number; neighbour: number; distance: number }>;
      return rows.map((r) => ({ id: Number(r.id), neighbour: Number(r.neighbour), distance: Number(r.distance) }));
    });
  }

  lexical(query: LexNode, filter: MemoryFilter, limit: number): Promise<LexicalHit[]> {
    return this.read(() => {
      const match = toFts5(query);
      const w = filterSql(filter);
      // Column weights: content 1, rationale 0.5, tags 3, path 1, identifier terms 1.
      const bm25 = "bm25(memory_fts, 1.0, 0.5, 3.0, 1.0, 1.0)";
      const margin = this.rankFirstMargin(filter);
      if (margin !== undefined) {
        // Rank on the FTS index alone, then apply visibility to the few ids ranked: joining every match to `memories`
        // before ranking costs two to three times as much on a large store, and the result is the same.
        const hits = this.stmt(
          `SELECT rowid AS id, ${bm25} AS rank FROM memory_fts WHERE memory_fts MATCH ? AND dwim_in_time()
           ORDER BY rank, rowid LIMIT ?`,
        ).all(match, limit + margin) as LexicalHit[];
        return margin === 0 ? hits : this.admit(hits, w).slice(0, limit);
      }
      return this.stmt(
        `SELECT m.id AS id, ${bm25} AS rank
         FROM memory_fts JOIN memories m ON m.id = memory_fts.rowid
         WHERE memory_fts MATCH ? AND ${w.sql} AND dwim_in_time() ORDER BY rank, m.id LIMIT ?`,
      ).all(match, ...w.params, limit) as LexicalHit[];
    });
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
    if (this.readOnly && !this.hasVectorTable()) return "the read-only database has no vectors: recall is lexical-only";
    return undefined;
  }

  /** The vector cache, in step with the table; undefined while the lane is off. */
  private syncedVectors(): VectorCache | undefined {
    if (!this.provider || this.reembedAll || !this.hasVectorTable()) return undefined;
    this.freshen();
    this.vectors ??= new VectorCache(this.db, this.provider.dim);
    if (this.vectorsStale) {
      this.vectors.sync();
      this.vectorsStale = false;
    }
    return this.vectors;
  }

  cosines(query: Float32Array, ids: readonly number[]): Promise<VectorHit[]> {
    return this.read(() => (ids.length === 0 ? [] : (this.syncedVectors()?.cosines(query, ids) ?? [])));
  }

  vector(query: Float32Array, filter: MemoryFilter, limit: number): Promise<VectorHit[]> {
    return this.read(() => {
      if (limit <= 0) return [];
      const vectors = this.syncedVectors();
      if (!vectors) return [];
      const w = filterSql(filter);
      const margin = this.rankFirstMargin(filter);
      if (margin !== undefined) return this.admit(vectors.topK(query, limit + margin), w).slice(0, limit);
      const allowed = new Set(
        (
          this.stmt(`SELECT m.id FROM memories m WHERE ${w.sql}`)
            .pluck()
            .all(...w.params) as number[]
        ).map(Number),
      );
      return vectors.topK(query, limit, (id) => allowed.has(id));
    });
  }

  relatedCandidates(key: string, filePath: string | null): Promise<RelatedRow[]> {
    return this.read(() => {
      const cols = "id, content, category, worked, file_path";
      const rows = [
        ...this.stmt(`SELECT ${cols} FROM memories WHERE content_key = ? AND archived = 0 LIMIT 20`).all(key),
        ...this.stmt(
          `SELECT ${cols} FROM memories INDEXED BY memories_notable WHERE (worked = 0 OR category = 'warning') AND archived = 0 ORDER BY id DESC LIMIT 200`,
        ).all(),
        ...(filePath === null
          ? []
          : this.stmt(
              `SELECT ${cols} FROM memories WHERE file_path = ? AND archived = 0 ORDER BY id DESC LIMIT 50`,
            ).all(filePath)),
      ] as Array<{ id: number; content: string; category: string; worked: number | null; file_path: string | null }>;
      return distinctRelated(rows);
    });
  }

  idsWithContentKey(key: string): Promise<number[]> {
    return this.read(() =>
      (this.stmt("SELECT id FROM memories WHERE content_key = ? LIMIT 100").pluck().all(key) as number[]).map(Number),
    );
  }

  distinctFilePaths(): Promise<string[]> {
    return this.read(
      () =>
        this.stmt("SELECT DISTINCT file_path FROM memories WHERE file_path IS NOT NULL LIMIT 5000")
          .pluck()
          .all() as string[],
    );
  }

  distinctTags(): Promise<string[]> {
    return this.read(() => this.stmt("SELECT DISTINCT tag FROM memory_tags LIMIT 5000").pluck().all() as string[]);
  }

  // ---- export -----------------------------------------------------------------------------------------------------

  exportPage(afterId: number, limit: number): Promise<StoredMemory[]> {
    return this.read(() => {
      const rows = this.stmt("SELECT * FROM memories WHERE id > ? ORDER BY id LIMIT ?").all(afterId, limit) as Array<
        MemoryRow & { id: number }
      >;
      if (rows.length === 0) return [];
      const ids = JSON.stringify(rows.map((r) => r.id));
      const inIds = "IN (SELECT value FROM json_each(?))";
      const tags = this.stmt(`SELECT memory_id, tag, inferred FROM memory_tags WHERE memory_id ${inIds}`).all(
        ids,
      ) as Array<{ memory_id: number; tag: string; inferred: number }>;
      const outcomes = this.stmt(
        `SELECT memory_id, worked, outcome, created_at FROM outcomes WHERE memory_id ${inIds} ORDER BY id`,
      ).all(ids) as Array<{ memory_id: number; worked: number; outcome: string | null; created_at: number }>;
      const links = this.stmt(
        `SELECT from_id, to_id, kind, created_at FROM links WHERE from_id ${inIds} ORDER BY to_id, kind`,
      ).all(ids) as Array<{ from_id: number; to_id: number; kind: string; created_at: number }>;
      return assembleStored(
        rows,
        tags.map((t) => ({ ...t, inferred: t.inferred === 1 })),
        outcomes.map((o) => ({ memory_id: o.memory_id, worked: o.worked === 1, outcome: o.outcome, at: o.created_at })),
        links.map((l) => ({ from_id: l.from_id, to_id: l.to_id, kind: l.kind, at: l.created_at })),
      );
    });
  }

  highestId(): Promise<number> {
    return this.read(() =>
      this.scalar(
        `SELECT max(coalesce((SELECT max(id) FROM memories), 0),
                    coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'memories'), 0))`,
      ),
    );
  }

  async health(): Promise<StoreHealth> {
    return this.read(() => {
      const meta = this.vectorMeta();
      const hasVec = this.hasVectorTable();
      const out: StoreHealth = {
        backend: "sqlite",
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
      const lane = this.vectorLaneDegraded();
      if (lane) out.vector_lane = lane;
      if (this.readOnly) out.read_only = true;
      return out;
    });
  }

  idle(): Promise<void> {
    return this.background;
  }

  async close(): Promise<void> {
    this.closeNow();
  }

  private closeNow(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  /** Expected schema version (for health output). */
  static readonly schemaVersion = SCHEMA_VERSION;
}
