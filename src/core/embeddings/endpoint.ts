/**
 * An OpenAI-compatible `/embeddings` endpoint, meant for a local server (llama.cpp, Ollama, LM Studio, vLLM). The
 * dimension is learnt from a probe at start-up, so a wrong URL or model fails then, not at the first recall.
 */
import type { ToolError } from "../errors.js";
import type { EmbeddingProvider } from "./provider.js";
import { embeddingUnavailable, l2normalize, MEMORY_SETTING } from "./provider.js";

export interface EndpointOptions {
  baseUrl: string;
  model?: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Texts per request. */
  batchSize?: number;
  /** The setting named in errors (DWIM_MEMORY_EMBEDDINGS, DWIM_ROUTER_EMBEDDINGS). */
  setting?: string;
}

function unavailable(setting: string | undefined, message: string, url: string, hints: string[] = []): ToolError {
  return embeddingUnavailable(message, setting ?? MEMORY_SETTING, `openai:${url}`, hints);
}

export class EndpointEmbeddings implements EmbeddingProvider {
  readonly id: string;
  dim = 0;
  private readonly url: string;

  constructor(private readonly options: EndpointOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/u, "")}/embeddings`;
    this.id = `openai:${options.baseUrl}#${options.model ?? "default"}`;
  }

  async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    const size = this.options.batchSize ?? 64;
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += size) out.push(...(await this.request(texts.slice(i, i + size))));
    return out;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return (await this.request([text]))[0];
  }

  private async request(input: readonly string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: this.options.model ?? "default", input }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (e) {
      throw unavailable(
        this.options.setting,
        `Embedding endpoint ${this.url} is unreachable: ${(e as Error).message}`,
        this.options.baseUrl,
        ["Start the local embedding server, or fix the URL"],
      );
    }
    if (!response.ok) {
      const body = (await response.text().catch(() => "")).slice(0, 200);
      throw unavailable(
        this.options.setting,
        `Embedding endpoint ${this.url} answered ${response.status}: ${body}`,
        this.options.baseUrl,
        ["Check the model name (DWIM_MEMORY_EMBEDDING_MODEL) and the API key variable"],
      );
    }
    const json = (await response.json()) as { data?: Array<{ embedding?: unknown; index?: number }> };
    const data = json.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw unavailable(
        this.options.setting,
        `Embedding endpoint ${this.url} returned no 'data' array of ${input.length}`,
        this.options.baseUrl,
      );
    }
    const sorted = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return sorted.map((d) => {
      if (!Array.isArray(d.embedding) || d.embedding.length === 0) {
        throw unavailable(
          this.options.setting,
          `Embedding endpoint ${this.url} returned an item without an embedding`,
          this.options.baseUrl,
        );
      }
      const v = l2normalize(Float32Array.from(d.embedding as number[]));
      if (this.dim !== 0 && v.length !== this.dim) {
        throw unavailable(
          this.options.setting,
          `Embedding endpoint changed dimension from ${this.dim} to ${v.length}`,
          this.options.baseUrl,
        );
      }
      return v;
    });
  }

  /** Learns the dimension; fails when the endpoint does not answer as expected. */
  async probe(): Promise<void> {
    const [v] = await this.request(["dimension probe"]);
    this.dim = v.length;
  }
}

export async function createEndpointProvider(options: EndpointOptions): Promise<EndpointEmbeddings> {
  if (!/^https?:\/\//u.test(options.baseUrl)) {
    throw unavailable(options.setting, `'${options.baseUrl}' is not an http(s) URL`, options.baseUrl, [
      "Use openai:http://127.0.0.1:8080/v1 (the base URL, without /embeddings)",
    ]);
  }
  const provider = new EndpointEmbeddings(options);
  await provider.probe();
  return provider;
}
