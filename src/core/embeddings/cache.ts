/**
 * A disk cache of document vectors keyed by content: one file per (provider, list of texts), named by the SHA-256 of
 * both, so a registry is embedded once and a changed description misses the cache by construction. The directory is
 * dwim's cache directory (core/cache-dir.ts), which `off` disables. Best effort: an unreadable or unwritable cache
 * only costs the embedding time.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { EmbeddingProvider } from "./provider.js";

/**
 * node:crypto on first use, not at import: the router loads this module in every process, including each CLI call,
 * and loading crypto costs a few milliseconds of start-up that only a cache lookup needs.
 */
const requireBuiltin = createRequire(import.meta.url);
function sha256(): import("node:crypto").Hash {
  return (requireBuiltin("node:crypto") as typeof import("node:crypto")).createHash("sha256");
}

function vectorsKey(provider: EmbeddingProvider, texts: readonly string[]): string {
  const h = sha256().update(`${provider.id}\u0000${provider.dim}`);
  for (const t of texts) h.update("\u0000").update(t);
  return h.digest("hex").slice(0, 32);
}

/** Vectors of one dimension packed row after row into one array (row i at i·dim). */
export function packRows(vectors: readonly Float32Array[], dim: number): Float32Array {
  const all = new Float32Array(vectors.length * dim);
  for (let i = 0; i < vectors.length; i++) all.set(vectors[i], i * dim);
  return all;
}

function readVectors(file: string, count: number, dim: number): Float32Array[] | undefined {
  try {
    const buf = readFileSync(file);
    if (buf.byteLength !== count * dim * 4) return undefined;
    const all = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    return Array.from({ length: count }, (_, i) => all.subarray(i * dim, (i + 1) * dim));
  } catch {
    return undefined;
  }
}

function writeVectors(file: string, dir: string, vectors: readonly Float32Array[], dim: number): void {
  try {
    mkdirSync(dir, { recursive: true });
    const all = packRows(vectors, dim);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(all.buffer));
    renameSync(tmp, file);
  } catch {
    // best effort: the next start embeds again
  }
}

export interface CachedVectors {
  vectors: Float32Array[];
  /** true when read from disk, false when embedded now. */
  cached: boolean;
}

/** The vectors of `texts`, from the cache when present, else embedded (in one call) and stored. */
export async function cachedDocumentVectors(
  provider: EmbeddingProvider,
  texts: readonly string[],
  dir: string | null,
  namespace = "docs",
): Promise<CachedVectors> {
  const file = dir ? join(dir, "embeddings", `${namespace}-${vectorsKey(provider, texts)}.f32`) : undefined;
  if (file) {
    const hit = readVectors(file, texts.length, provider.dim);
    if (hit) return { vectors: hit, cached: true };
  }
  const vectors = await provider.embedDocuments(texts);
  if (file && dir) writeVectors(file, join(dir, "embeddings"), vectors, provider.dim);
  return { vectors, cached: false };
}
