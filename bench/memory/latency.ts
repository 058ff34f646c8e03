/**
 * Latency at 10k and 100k memories: a seeded generator (Zipf-distributed vocabulary plus camelCase identifiers and
 * file paths), loaded with remember_batch; then warm recall (hybrid, top 10), remember and remember_batch of 100, each
 * timed over >= 30 repetitions (p50/p95). The provider's own embedding is timed separately; cold open is a fresh
 * store. The scale runs pass the hash provider (storage measured, not model inference); a small run keeps the default
 * sentence model to show what a user's call costs with it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/core/index.js";
import { SqliteMemoryStore } from "../../src/memory/index.js";
import { rng } from "../lib/random.js";
import { percentile } from "../lib/report.js";
import { closeAllStores, memorySection, openMemory, recall, remember, rememberBatch } from "./lib.js";

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ter",
  "san",
  "dro",
  "pel",
  "vi",
  "nor",
  "ex",
  "ul",
  "qua",
  "zen",
  "bri",
  "fo",
  "gat",
];

export class CorpusGenerator {
  private readonly rand: () => number;
  readonly vocabulary: string[] = [];
  private readonly cdf: number[] = [];

  constructor(seed = 7, size = 8000) {
    this.rand = rng(seed);
    const seen = new Set<string>();
    while (this.vocabulary.length < size) {
      const n = 1 + Math.floor(this.rand() * 4);
      let w = "";
      for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(this.rand() * SYLLABLES.length)];
      if (!seen.has(w)) {
        seen.add(w);
        this.vocabulary.push(w);
      }
    }
    let total = 0;
    for (let r = 1; r <= size; r++) {
      total += 1 / r ** 1.07;
      this.cdf.push(total);
    }
    for (let i = 0; i < size; i++) this.cdf[i] /= total;
  }

  word(): string {
    const x = this.rand();
    let lo = 0;
    let hi = this.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return this.vocabulary[lo];
  }

  identifier(): string {
    const a = this.word();
    const b = this.word();
    return `${a}${b[0].toUpperCase()}${b.slice(1)}`;
  }

  memory(): { category: string; content: string; file_path?: string } {
    const n = 10 + Math.floor(this.rand() * 20);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(this.rand() < 0.08 ? this.identifier() : this.word());
    const categories = ["decision", "pattern", "warning", "learning"];
    return {
      category: categories[Math.floor(this.rand() * 4)],
      content: words.join(" "),
      file_path: this.rand() < 0.7 ? `src/${this.word()}/${this.word()}.ts` : undefined,
    };
  }

  query(): string {
    const n = 2 + Math.floor(this.rand() * 3);
    return Array.from({ length: n }, () => this.word()).join(" ");
  }
}

/** Median and 95th percentile of a timed sample, in ms. */
export interface Percentiles {
  p50: number;
  p95: number;
}

export interface LatencyResult {
  n: number;
  /** Embedding provider id of the store measured. */
  provider: string;
  loadSeconds: number;
  recall: Percentiles;
  recallLexicalOnly: Percentiles;
  remember: Percentiles;
  embed: Percentiles;
  batch100: Percentiles;
  coldOpenMs: number;
  dbBytes?: number;
}

function stats(xs: number[]) {
  return { p50: percentile(xs, 50), p95: percentile(xs, 95) };
}

/** p50/p95 in ms of `count` awaited calls of `fn`, after 5 warm-up calls. */
export async function sampleMs(fn: () => Promise<unknown>, count: number): Promise<Percentiles> {
  for (let i = 0; i < 5; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const s = performance.now();
    await fn();
    out.push(performance.now() - s);
  }
  return stats(out);
}

export async function runLatency(
  n: number,
  reps = 60,
  env: Readonly<Record<string, string>> = {},
): Promise<LatencyResult> {
  const gen = new CorpusGenerator(11);
  const root = mkdtempSync(join(tmpdir(), `dwim-mem-lat-${n}-`));
  const config = loadConfig({ sections: [memorySection], env: { ...env }, userFile: null, projectFile: null });
  const configLex = loadConfig({
    sections: [memorySection],
    env: { ...env, DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "0" },
    userFile: null,
    projectFile: null,
  });
  const mc = await openMemory({ config, root, env: {} });
  const t0 = performance.now();
  for (let i = 0; i < n; i += 500) {
    await rememberBatch(
      mc,
      Array.from({ length: Math.min(500, n - i) }, () => gen.memory()),
    );
  }
  const loadSeconds = (performance.now() - t0) / 1000;
  const time = (fn: () => Promise<unknown>, count = reps) => sampleMs(fn, count);
  const recallT = await time(() => recall(mc, { query: gen.query(), limit: 10 }));
  const lexOnly = await openMemory({ config: configLex, root, env: {} });
  const recallLex = await time(() => recall(lexOnly, { query: gen.query(), limit: 10 }));
  const rememberT = await time(() => remember(mc, gen.memory()));
  const provider = mc.store.provider;
  if (!provider) throw new Error("latency bench: the memory opened without an embedding provider");
  const embedT = await time(() => provider.embedDocuments([gen.memory().content]));
  const batchT = await time(
    () =>
      rememberBatch(
        mc,
        Array.from({ length: 100 }, () => gen.memory()),
      ),
    30,
  );
  await closeAllStores();
  const s = performance.now();
  const store = SqliteMemoryStore.open({ path: join(root, ".dwim", "memory.db"), provider: mc.store.provider });
  const coldOpenMs = performance.now() - s;
  await store.close();
  return {
    n,
    provider: provider.id,
    loadSeconds,
    recall: recallT,
    recallLexicalOnly: recallLex,
    remember: rememberT,
    embed: embedT,
    batch100: batchT,
    coldOpenMs,
  };
}
