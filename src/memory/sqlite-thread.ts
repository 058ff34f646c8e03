/**
 * The SQLite store on a thread of its own. better-sqlite3 answers synchronously, so on the server's thread a long
 * statement (a prefix search over a large store, an index rebuild, the first load of the vectors) held every other
 * call of every session until it finished. Here a worker thread (sqlite-worker.ts) owns the database and this class
 * forwards each MemoryStore call to it as a message, so the server thread only waits (see docs/memory.md, "Calls
 * never hold the server"). The embedding provider stays on this thread, one model per process: the worker asks it
 * for vectors by message while re-embedding.
 */
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import { WorkerThread } from "../core/worker-thread.js";
import type { LexNode } from "./lexical-query.js";
import type { SqliteStoreOptions } from "./sqlite-store.js";
import { storageError } from "./storage-errors.js";
import type { LexicalHit, MemoryLink, MemoryStore, RelatedRow, StoredMemory, StoreHealth, VectorHit } from "./store.js";
import type { Memory, MemoryFilter, NewMemory } from "./types.js";

/** The store's methods that the worker runs (everything but the synchronous fields). */
export type StoreMethod = Exclude<keyof MemoryStore, "path" | "provider" | "vectorLaneDegraded">;

/** What the worker needs to open one store; the provider is known by its id and dimension (vectors are asked for). */
interface StoreSetup {
  options: Omit<SqliteStoreOptions, "provider">;
  provider: { id: string; dim: number } | null;
}

/** `store`: the handle this thread gave the store when it opened it. */
export type DatabaseRequest =
  | { op: "open"; store: number; setup: StoreSetup }
  | { op: "call"; store: number; method: StoreMethod; args: unknown[] };

/** Every answer carries the store's vectorLaneDegraded() after the call, kept here for synchronous reads. */
export interface DatabaseAnswer {
  value: unknown;
  lane: string | undefined;
}

/** The worker's request: vectors for these texts from the store's provider. */
export interface EmbedRequest {
  store: number;
  texts: string[];
}

/**
 * The one worker thread of the process that owns every SQLite memory database it opens: started with the first store,
 * stopped when the last one closes.
 */
class DatabaseThread {
  private readonly thread: WorkerThread;
  private readonly stores = new Map<number, ThreadedSqliteStore>();
  private nextHandle = 0;

  constructor() {
    this.thread = new WorkerThread(import.meta.url, "memory", "sqlite-worker", (body) =>
      this.embed(body as EmbedRequest),
    );
  }

  /** A handle for a new store (its requests carry it). */
  register(store: ThreadedSqliteStore): number {
    const handle = ++this.nextHandle;
    this.stores.set(handle, store);
    return handle;
  }

  async unregister(handle: number): Promise<void> {
    this.stores.delete(handle);
    if (this.stores.size > 0) return;
    if (shared === this) shared = undefined;
    await this.thread.terminate();
  }

  async send(store: ThreadedSqliteStore, request: DatabaseRequest): Promise<unknown> {
    let answer: DatabaseAnswer;
    try {
      answer = (await this.thread.request(request)) as DatabaseAnswer;
    } catch (e) {
      if (this.thread.stoppedBecause) {
        if (shared === this) shared = undefined;
        throw storageError(this.thread.stoppedBecause, store.path);
      }
      throw e;
    }
    store.lane = answer.lane;
    return answer.value;
  }

  private async embed(request: EmbedRequest): Promise<Float32Array[]> {
    const provider = this.stores.get(request.store)?.provider;
    if (!provider) throw new Error("no embedding provider");
    return provider.embedDocuments(request.texts);
  }
}

let shared: DatabaseThread | undefined;

export class ThreadedSqliteStore implements MemoryStore {
  readonly path: string;
  readonly provider: EmbeddingProvider | null;
  /** The store's vectorLaneDegraded() as of its last answer. */
  lane: string | undefined;
  private readonly thread: DatabaseThread;
  private readonly handle: number;
  private closed = false;

  private constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    this.provider = options.provider;
    shared ??= new DatabaseThread();
    this.thread = shared;
    this.handle = this.thread.register(this);
  }

  /** Opens the database on the process's database thread (creating and migrating it as needed). */
  static async open(options: SqliteStoreOptions): Promise<ThreadedSqliteStore> {
    const store = new ThreadedSqliteStore(options);
    const { provider, ...rest } = options;
    const setup: StoreSetup = { options: rest, provider: provider ? { id: provider.id, dim: provider.dim } : null };
    try {
      await store.thread.send(store, { op: "open", store: store.handle, setup });
    } catch (e) {
      await store.thread.unregister(store.handle);
      throw e;
    }
    return store;
  }

  private call<T>(method: StoreMethod, ...args: unknown[]): Promise<T> {
    return this.thread.send(this, { op: "call", store: this.handle, method, args }) as Promise<T>;
  }

  vectorLaneDegraded(): string | undefined {
    return this.lane;
  }

  insert(items: readonly NewMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<number[]> {
    return this.call("insert", items, vectors);
  }
  get(ids: readonly number[]): Promise<Memory[]> {
    return this.call("get", ids);
  }
  missing(ids: readonly number[]): Promise<number[]> {
    return this.call("missing", ids);
  }
  count(filter?: MemoryFilter): Promise<number> {
    return this.call("count", ...(filter === undefined ? [] : [filter]));
  }
  list(filter: MemoryFilter, limit: number): Promise<number[]> {
    return this.call("list", filter, limit);
  }
  totalDocuments(): Promise<number> {
    return this.call("totalDocuments");
  }
  documentFrequency(terms: readonly string[]): Promise<Map<string, number>> {
    return this.call("documentFrequency", terms);
  }
  lexical(query: LexNode, filter: MemoryFilter, limit: number): Promise<LexicalHit[]> {
    return this.call("lexical", query, filter, limit);
  }
  containing(terms: readonly string[], ids: readonly number[]): Promise<Map<string, Set<number>>> {
    return this.call("containing", terms, ids);
  }
  neighbours(
    ids: readonly number[],
    filter: MemoryFilter,
    radius: number,
  ): Promise<Array<{ id: number; neighbour: number; distance: number }>> {
    return this.call("neighbours", ids, filter, radius);
  }
  vector(query: Float32Array, filter: MemoryFilter, limit: number): Promise<VectorHit[]> {
    return this.call("vector", query, filter, limit);
  }
  cosines(query: Float32Array, ids: readonly number[]): Promise<VectorHit[]> {
    return this.call("cosines", query, ids);
  }
  relatedCandidates(contentKey: string, filePath: string | null): Promise<RelatedRow[]> {
    return this.call("relatedCandidates", contentKey, filePath);
  }
  idsWithContentKey(contentKey: string): Promise<number[]> {
    return this.call("idsWithContentKey", contentKey);
  }
  distinctFilePaths(): Promise<string[]> {
    return this.call("distinctFilePaths");
  }
  distinctTags(): Promise<string[]> {
    return this.call("distinctTags");
  }
  recordOutcome(id: number, worked: boolean, outcome: string | null, at: number): Promise<number> {
    return this.call("recordOutcome", id, worked, outcome, at);
  }
  setArchived(ids: readonly number[], archived: boolean): Promise<number> {
    return this.call("setArchived", ids, archived);
  }
  purge(ids: readonly number[]): Promise<number> {
    return this.call("purge", ids);
  }
  bumpRecallCount(ids: readonly number[]): Promise<void> {
    return this.call("bumpRecallCount", ids);
  }
  exportPage(afterId: number, limit: number): Promise<StoredMemory[]> {
    return this.call("exportPage", afterId, limit);
  }
  importMemories(items: readonly StoredMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<void> {
    return this.call("importMemories", items, vectors);
  }
  importLinks(supersededBy: ReadonlyArray<{ id: number; by: number }>, links: readonly MemoryLink[]): Promise<void> {
    return this.call("importLinks", supersededBy, links);
  }
  highestId(): Promise<number> {
    return this.call("highestId");
  }
  health(): Promise<StoreHealth> {
    return this.call("health");
  }
  idle(): Promise<void> {
    return this.call("idle");
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.call("close");
    } finally {
      await this.thread.unregister(this.handle);
    }
  }
}
