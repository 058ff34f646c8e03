/** The embedding provider interface shared by the router and the memory, and the vector maths both use. */
import { ToolError } from "../errors.js";

export interface EmbeddingProvider {
  /** Stored with every vector: a change of id or dim means re-embedding. */
  readonly id: string;
  readonly dim: number;
  embedDocuments(texts: readonly string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
}

export const MEMORY_SETTING = "DWIM_MEMORY_EMBEDDINGS";

export function embeddingUnavailable(message: string, setting: string, got: string, hints: string[] = []): ToolError {
  return new ToolError({
    error: message,
    error_type: "embedding_unavailable",
    parameter: setting,
    got,
    hints: [...hints, `Or set ${setting}=hash to use the built-in feature-hashing provider`],
  });
}

/** Cosine similarity of two vectors (not assumed normalised). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export function l2normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return v;
  const inv = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i] *= inv;
  return v;
}
