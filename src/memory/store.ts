/**
 * The storage interface. It is narrow on purpose: rows in and out, one lexical lane, one vector lane, counts. Query
 * parsing, fusion, re-ranking, abstention and diversity happen above it (lexical-query.ts, rank.ts, read-ops.ts), so
 * the SQLite and PostgreSQL backends implement exactly this and share the rest. Every method is async because a
 * server backend is; the SQLite backend answers synchronously inside.
 */
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import type { LexNode } from "./lexical-query.js";
import type { Memory, MemoryFilter, NewMemory } from "./types.js";

export interface LexicalHit {
  id: number;
  /** The engine's relevance as a cost, lower is better: FTS5 bm25 (negative), or minus PostgreSQL's score. */
  rank: number;
}

export interface VectorHit {
  id: number;
  cosine: number;
}

/** The few fields remember's related check reads. */
export interface RelatedRow {
  id: number;
  content: string;
  category: string;
  worked: boolean | null;
  file_path: string | null;
}

export interface StoreHealth {
  backend: "sqlite" | "postgres";
  /** The database file, or the server URL without its password (and the schema). */
  path: string;
  schema_version: number;
  memories: number;
  fts_rows: number;
  vectors: number;
  model_id: string | null;
  dim: number | null;
  /** Work done by the open-time check. */
  repairs: string[];
  /** Set while vectors are being rebuilt (served lexical-only meanwhile). */
  reembedding: boolean;
  /** Why the vector lane is off, when it is (e.g. no pgvector on the server). */
  vector_lane?: string;
  read_only?: boolean;
  integrity: string;
}

/** One outcome event as stored (append-only). */
export interface OutcomeEvent {
  worked: boolean;
  outcome: string | null;
  /** Epoch ms. */
  at: number;
}

/** A link between memories as stored (`supersedes`: from the newer to the older). */
export interface MemoryLink {
  from_id: number;
  to_id: number;
  kind: string;
  /** Epoch ms. */
  at: number;
}

/**
 * A memory with everything stored about it, for export and import: exact epoch-ms times, explicit and inferred tags
 * apart, its outcome events and the links it starts. Vectors are not part of it: the importing side embeds with its
 * own provider.
 */
export interface StoredMemory extends Omit<Memory, "category" | "created_at" | "happened_at"> {
  /** As stored (an export may carry a damaged row's value). */
  category: string;
  /** Explicit tags only; inferred ones are in inferred_tags. */
  tags: string[];
  /** Epoch ms. */
  created_at: number;
  happened_at: number | null;
  outcomes: OutcomeEvent[];
  links: MemoryLink[];
}

export interface MemoryStore {
  /** The database file, or the server URL without its password (for messages and health). */
  readonly path: string;
  readonly provider: EmbeddingProvider | null;
  /** Why the vector lane is off or reduced right now, if it is. */
  vectorLaneDegraded(): string | undefined;

  /** One transaction: every item or none. Vectors (same order) were computed before the lock was taken. */
  insert(items: readonly NewMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<number[]>;
  get(ids: readonly number[]): Promise<Memory[]>;
  /** Ids among `ids` that do not exist. */
  missing(ids: readonly number[]): Promise<number[]>;
  count(filter?: MemoryFilter): Promise<number>;
  /** Ids matching the filter, newest first (recall without a query). */
  list(filter: MemoryFilter, limit: number): Promise<number[]>;
  /** Memories stored, visible or not (an estimate is fine on a large store). */
  totalDocuments(): Promise<number>;
  /** Documents (visible or not) that contain each term (may be cached or estimated while the corpus is large). */
  documentFrequency(terms: readonly string[]): Promise<Map<string, number>>;
  lexical(query: LexNode, filter: MemoryFilter, limit: number): Promise<LexicalHit[]>;
  /**
   * For each term, the memories among `ids` whose indexed text contains it (as the lexical lane matches it): which
   * words of a query each lexical candidate holds.
   */
  containing(terms: readonly string[], ids: readonly number[]): Promise<Map<string, Set<number>>>;
  /**
   * The thread neighbours of each memory: the `radius` memories before and after it (by id) with the same non-null
   * `context`, when they pass the filter, with their distance in memories of the thread. None without a context.
   */
  neighbours(
    ids: readonly number[],
    filter: MemoryFilter,
    radius: number,
  ): Promise<Array<{ id: number; neighbour: number; distance: number }>>;
  vector(query: Float32Array, filter: MemoryFilter, limit: number): Promise<VectorHit[]>;
  /**
   * The exact cosine of each of the given memories that has a vector (any order): the vector lane's view of a
   * candidate the other lane found, so that one lane's top-k cut does not count as "unrelated".
   */
  cosines(query: Float32Array, ids: readonly number[]): Promise<VectorHit[]>;
  /**
   * Cheap candidates for remember's `related` check, without a full search: same content key, recent failures and
   * warnings, recent memories on the same file.
   */
  relatedCandidates(contentKey: string, filePath: string | null): Promise<RelatedRow[]>;
  /** Ids of the memories (archived or not) whose content has this key (see contentKey), at most 100. */
  idsWithContentKey(contentKey: string): Promise<number[]>;
  /** Distinct stored values for did-you-mean on filters. */
  distinctFilePaths(): Promise<string[]>;
  distinctTags(): Promise<string[]>;

  recordOutcome(id: number, worked: boolean, outcome: string | null, at: number): Promise<number>;
  setArchived(ids: readonly number[], archived: boolean): Promise<number>;
  /** Hard delete: row, FTS entry, vector, tags, links, outcome events. */
  purge(ids: readonly number[]): Promise<number>;
  /** Best effort: skipped when another writer holds the lock or the database is read-only; never throws. */
  bumpRecallCount(ids: readonly number[]): Promise<void>;

  /** Every memory with its events and links, in id order, a page at a time. */
  exportPage(afterId: number, limit: number): Promise<StoredMemory[]>;
  /**
   * One transaction: writes the memories with the ids, times, counters, tags and outcome events they carry (the
   * caller has made the ids free), without their supersession links (see importLinks). Vectors as for insert.
   */
  importMemories(items: readonly StoredMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<void>;
  /** One transaction: sets `superseded_by` and adds links between memories already written by importMemories. */
  importLinks(supersededBy: ReadonlyArray<{ id: number; by: number }>, links: readonly MemoryLink[]): Promise<void>;
  /**
   * The highest id ever given out, purged memories' included (0 when none was): no new memory gets an id at or below
   * it, on either backend (see docs/memory.md, "Ids").
   */
  highestId(): Promise<number>;

  health(): Promise<StoreHealth>;
  /** Resolves when background re-embedding is done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}
