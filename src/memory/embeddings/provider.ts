/** The embedding provider interface and the factory that picks one from `embeddings` (DWIM_MEMORY_EMBEDDINGS). */
import { ToolError } from "../../core/index.js";
import type { MemorySettings } from "../settings.js";
import { createEndpointProvider } from "./endpoint.js";
import { HashEmbeddings } from "./hash.js";
import { createOnnxProvider } from "./onnx.js";

export interface EmbeddingProvider {
  /** Stored with every vector: a change of id or dim means re-embedding. */
  readonly id: string;
  readonly dim: number;
  embedDocuments(texts: readonly string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
}

/** The provider, or none (`embeddings = "none"`), plus a note when a fallback was taken. */
export interface ProviderChoice {
  provider: EmbeddingProvider | null;
  /** Set when the configured provider could not start and `embedding_fallback = "hash"` allowed a fallback. */
  degraded?: string;
}

/** Builds the configured provider. A missing or broken model fails here, at start-up, with `embedding_unavailable`. */
export async function createProvider(settings: MemorySettings): Promise<ProviderChoice> {
  const spec = settings.embeddings.trim();
  try {
    if (spec === "hash") return { provider: new HashEmbeddings() };
    if (spec === "none") return { provider: null };
    if (spec.startsWith("onnx:")) return { provider: await createOnnxProvider(spec.slice(5)) };
    if (spec.startsWith("openai:")) {
      return {
        provider: await createEndpointProvider({
          baseUrl: spec.slice(7),
          model: settings.embeddingModel,
          apiKey: settings.embeddingApiKeyEnv ? process.env[settings.embeddingApiKeyEnv] : undefined,
        }),
      };
    }
    throw new ToolError({
      error: `Unknown embedding provider '${spec}'`,
      error_type: "embedding_unavailable",
      parameter: "DWIM_MEMORY_EMBEDDINGS",
      got: spec,
      expected: ["hash", "none", "onnx:<model folder>", "openai:<base url>"],
      hints: ["Set DWIM_MEMORY_EMBEDDINGS (or [memory] embeddings) to hash, none, onnx:<dir> or openai:<url>"],
    });
  } catch (e) {
    if (settings.embeddingFallback === "hash" && e instanceof ToolError) {
      return { provider: new HashEmbeddings(), degraded: `${e.message}; using the hash provider instead` };
    }
    throw e;
  }
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
