/** Picks an embedding provider from its setting: `use-lite` (the shipped model), `hash`, `none`, `onnx:<dir>`, `openai:<url>`. */
import { ToolError } from "../errors.js";
import { createEndpointProvider } from "./endpoint.js";
import { HashEmbeddings } from "./hash.js";
import { createOnnxProvider } from "./onnx.js";
import type { EmbeddingProvider } from "./provider.js";
import { createSentenceEncoder, SENTENCE_ENCODER_SPEC } from "./sentence-encoder.js";

/** The provider, or none (`none`), plus a note when a fallback was taken. */
export interface ProviderChoice {
  provider: EmbeddingProvider | null;
  /** Set when the configured provider could not start and the hash provider stands in for it. */
  degraded?: string;
}

export interface ProviderSpec {
  /** `use-lite` (the shipped model), `hash`, `none`, `onnx:<model folder>` or `openai:<base url>`. */
  spec: string;
  /** Model name sent to an OpenAI-compatible endpoint. */
  model?: string;
  apiKey?: string;
  /**
   * What an unusable `onnx:`/`openai:` provider does: `error` stops start-up, `hash` falls back and reports it. The
   * shipped model always falls back: it is the default, so a broken install must not stop the server.
   */
  fallback: "error" | "hash";
  /** The setting named in errors and hints. */
  setting: string;
}

const PROVIDER_SPECS = [SENTENCE_ENCODER_SPEC, "hash", "none", "onnx:<model folder>", "openai:<base url>"];

/** Builds the provider a setting names. A missing or broken model fails here, at start-up, with `embedding_unavailable`. */
export async function createEmbeddingProvider(options: ProviderSpec): Promise<ProviderChoice> {
  const spec = options.spec.trim();
  try {
    if (spec === SENTENCE_ENCODER_SPEC) return { provider: createSentenceEncoder(options.setting) };
    if (spec === "hash") return { provider: new HashEmbeddings() };
    if (spec === "none") return { provider: null };
    if (spec.startsWith("onnx:")) return { provider: await createOnnxProvider(spec.slice(5), options.setting) };
    if (spec.startsWith("openai:")) {
      return {
        provider: await createEndpointProvider({
          baseUrl: spec.slice(7),
          model: options.model,
          apiKey: options.apiKey,
          setting: options.setting,
        }),
      };
    }
    throw new ToolError({
      error: `Unknown embedding provider '${spec}'`,
      error_type: "embedding_unavailable",
      parameter: options.setting,
      got: spec,
      expected: PROVIDER_SPECS,
      hints: [`Set ${options.setting} to ${PROVIDER_SPECS.join(", ")}`],
    });
  } catch (e) {
    const fallback = spec === SENTENCE_ENCODER_SPEC || options.fallback === "hash";
    if (fallback && e instanceof ToolError) {
      return { provider: new HashEmbeddings(), degraded: `${e.message}; using the hash provider instead` };
    }
    throw e;
  }
}
