/**
 * Background re-embedding, for both backends: page through the memories that have no vector (after a model change,
 * or rows a crash or another writer left without one), embed a batch outside any lock, store it, repeat.
 */
import type { EmbeddingProvider } from "../core/embeddings/provider.js";
import { embeddingText } from "./text.js";

const BATCH = 64;

/** The fields a memory is embedded from. */
export interface UnembeddedRow {
  id: number;
  content: string;
  rationale: string | null;
  tags: string;
  file_path: string | null;
}

export interface ReembedSource {
  /** Up to `limit` memories without a vector and with an id above `afterId`, in id order. */
  missing(afterId: number, limit: number): Promise<UnembeddedRow[]>;
  /** Stores the vectors, skipping rows another process embedded or deleted meanwhile. */
  store(rows: readonly UnembeddedRow[], vectors: readonly Float32Array[]): Promise<void>;
  isClosed(): boolean;
}

/** Embeds every memory without a vector; returns how many it embedded (stops early when the store closes). */
export async function reembedMissing(provider: EmbeddingProvider, source: ReembedSource): Promise<number> {
  let lastId = 0;
  let done = 0;
  while (!source.isClosed()) {
    const rows = await source.missing(lastId, BATCH);
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1].id;
    const vectors = await provider.embedDocuments(rows.map((r) => embeddingText(r)));
    if (source.isClosed()) break;
    await source.store(rows, vectors);
    done += rows.length;
  }
  return done;
}
