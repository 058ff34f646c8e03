/**
 * A local ONNX sentence-embedding model folder (`tokenizer.json`, `onnx/model*.onnx`), run through
 * `@huggingface/transformers` with remote models disabled: nothing is ever downloaded. The package is an optional
 * dependency (its onnxruntime-node postinstall fetches extra binaries, so dwim does not install it for you); when it is
 * missing, or the folder is incomplete, start-up fails with `embedding_unavailable` naming what is missing.
 */
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { ToolError } from "../errors.js";
import type { EmbeddingProvider } from "./provider.js";
import { embeddingUnavailable, l2normalize, MEMORY_SETTING } from "./provider.js";

const PACKAGE = "@huggingface/transformers";

function unavailable(message: string, dir: string, hints: string[], setting: string): ToolError {
  return embeddingUnavailable(message, setting, `onnx:${dir}`, hints);
}

/** Files the folder lacks (empty when it looks complete). */
export function missingModelFiles(dir: string): string[] {
  const missing: string[] = [];
  if (!existsSync(join(dir, "tokenizer.json"))) missing.push("tokenizer.json");
  if (!existsSync(join(dir, "config.json"))) missing.push("config.json");
  const onnxDir = join(dir, "onnx");
  const models = existsSync(onnxDir) ? readdirSync(onnxDir).filter((f) => /^model.*\.onnx$/u.test(f)) : [];
  if (models.length === 0) missing.push("onnx/model.onnx");
  return missing;
}

type FeatureExtractor = (
  texts: string[],
  options: { pooling: "mean"; normalize: boolean },
) => Promise<{ tolist(): number[][] }>;

interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  pipeline(task: "feature-extraction", model: string, options: Record<string, unknown>): Promise<FeatureExtractor>;
}

export class OnnxEmbeddings implements EmbeddingProvider {
  readonly id: string;
  dim = 0;

  constructor(
    readonly dir: string,
    private readonly extract: FeatureExtractor,
  ) {
    this.id = `onnx:${basename(dir)}`;
  }

  async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const out = await this.extract([...texts], { pooling: "mean", normalize: true });
    return out.tolist().map((row) => l2normalize(Float32Array.from(row)));
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return (await this.embedDocuments([text]))[0];
  }
}

export async function createOnnxProvider(folder: string, setting = MEMORY_SETTING): Promise<OnnxEmbeddings> {
  const dir = resolve(folder);
  if (!existsSync(dir)) {
    throw unavailable(
      `${setting} names a model folder that does not exist: ${dir}`,
      folder,
      ["Point it at a local folder with tokenizer.json, config.json and onnx/model.onnx"],
      setting,
    );
  }
  const missing = missingModelFiles(dir);
  if (missing.length > 0) {
    throw unavailable(
      `Model folder ${dir} (${setting}) lacks ${missing.join(", ")}`,
      folder,
      ["Copy the missing files into the folder; dwim never downloads models"],
      setting,
    );
  }
  let transformers: TransformersModule;
  try {
    transformers = (await import(PACKAGE)) as TransformersModule;
  } catch {
    throw unavailable(
      `The onnx provider needs the optional package ${PACKAGE}, which is not installed`,
      folder,
      [`Install it with ONNXRUNTIME_NODE_INSTALL_CUDA=skip npm install ${PACKAGE}`],
      setting,
    );
  }
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = dirname(dir);
  let extract: FeatureExtractor;
  try {
    extract = await transformers.pipeline("feature-extraction", basename(dir), { local_files_only: true });
  } catch (e) {
    throw unavailable(
      `Cannot load the model in ${dir}: ${(e as Error).message.split("\n")[0]}`,
      folder,
      ["Check that the folder holds a sentence-embedding model exported to ONNX"],
      setting,
    );
  }
  const provider = new OnnxEmbeddings(dir, extract);
  const [probe] = await provider.embedDocuments(["dimension probe"]);
  provider.dim = probe.length;
  return provider;
}
