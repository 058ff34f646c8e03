/**
 * The storage interface. It is narrow on purpose: rows in and out, one lexical lane, one vector lane, counts. Fusion,
 * re-ranking, abstention and diversity happen above it, so a PostgreSQL backend (tsvector + pgvector) can implement
 * exactly this and reuse the rest.
 */
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import type { Memory, MemoryFilter, NewMemory } from "./types.js";

export interface LexicalHit {
  id: number;
  /** bm25: negative, lower is better. */
  bm25: number;
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
  integrity: string;
}

export interface MemoryStore {
  readonly path: string;
  readonly provider: EmbeddingProvider | null;
  /** Why the vector lane is off or reduced right now, if it is. */
  vectorLaneDegraded(): string | undefined;

  /** One transaction: every item or none. Vectors (same order) were computed before the lock was taken. */
  insert(items: readonly NewMemory[], vectors: ReadonlyArray<Float32Array | null>): Promise<number[]>;
  get(ids: readonly number[]): Memory[];
  /** Ids among `ids` that do not exist. */
  missing(ids: readonly number[]): number[];
  count(filter?: MemoryFilter): number;
  /** Ids matching the filter, newest first (recall without a query). */
  list(filter: MemoryFilter, limit: number): number[];
  /** Memories stored, visible or not. */
  totalDocuments(): number;
  /** Documents (visible or not) that contain each term (may be cached while the corpus changes little). */
  documentFrequency(terms: readonly string[]): Map<string, number>;
  lexical(ftsQuery: string, filter: MemoryFilter, limit: number): LexicalHit[];
  vector(query: Float32Array, filter: MemoryFilter, limit: number): VectorHit[];
  /**
   * Cheap candidates for remember's `related` check, without a full search: same content key, recent failures and
   * warnings, recent memories on the same file.
   */
  relatedCandidates(contentKey: string, filePath: string | null): RelatedRow[];
  /** Distinct stored values for did-you-mean on filters. */
  distinctFilePaths(): string[];
  distinctTags(): string[];

  recordOutcome(id: number, worked: boolean, outcome: string | null, at: number): Promise<number>;
  setArchived(ids: readonly number[], archived: boolean): Promise<number>;
  /** Hard delete: row, FTS entry, vector, tags, links, outcome events. */
  purge(ids: readonly number[]): Promise<number>;
  /** Best effort: skipped when another writer holds the lock. */
  bumpRecallCount(ids: readonly number[]): void;

  health(): StoreHealth;
  /** Resolves when background re-embedding is done. */
  idle(): Promise<void>;
  close(): void;
}
