/**
 * A long memory query holds neither the server nor past its deadline. Before, SQLite ran on the server's only thread:
 * while one search_memories scanned the index, every other call of every session waited (a convert for 9–10 s behind
 * a 36 KB prefix query). Now the database runs on its own thread, and a read statement past `query_timeout_ms` is
 * stopped, the call answering with what the other steps found, marked `incomplete: "timeout"` (docs/memory.md,
 * "Calls never hold the server"). The figure (convert within 100 ms) is measured in bench/memory, not asserted here.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAllStores, toolset as memory, SqliteMemoryStore } from "../../src/memory/index.js";
import { toolset as units } from "../../src/units/index.js";
import { connectInMemory } from "../helpers/mcp.js";
import { removeTmpRoots, tmpRoot } from "../memory/helpers.js";

let root = "";
/** Eight one-letter prefixes over a store where each expands to thousands of words: the costliest query allowed. */
const WORST = "a* OR b* OR c* OR d* OR e* OR f* OR g* OR h*";

beforeAll(async () => {
  root = tmpRoot();
  mkdirSync(join(root, ".dwim"));
  const path = join(root, ".dwim", "memory.db");
  await SqliteMemoryStore.open({ path, provider: null }).close();
  // 15,000 memories of 40 words each, written in one statement (through the FTS triggers, like remember).
  const db = new Database(path);
  const words = Array.from({ length: 40 }, (_, k) => `'${"abcdefgh"[k % 8]}' || ((i * ${7 + 2 * k}) % 9973)`);
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 15000)
    INSERT INTO memories(category, content, created_at)
    SELECT 'learning', ${words.join(" || ' ' || ")}, 1700000000000 + i FROM n`);
  db.close();
}, 120_000);

afterAll(async () => {
  await closeAllStores();
  removeTmpRoots();
});

async function connect(timeoutMs: number) {
  const env = { DWIM_MEMORY_EMBEDDINGS: "none", DWIM_MEMORY_QUERY_TIMEOUT_MS: String(timeoutMs) };
  const c = await connectInMemory({ toolsets: [memory, units], cwd: root, env });
  const call = async (name: string, args: Record<string, unknown>) =>
    (await c.client.callTool({ name, arguments: args }, { timeout: 120_000 })).structuredContent as Record<
      string,
      unknown
    >;
  // Opens the store (and its thread) before anything is measured.
  await call("search_memories", { query: "a1" });
  return { ...c, call };
}

type Call = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * Runs `work` while a convert is due every 5 ms on the same server; how long each waited from the moment it was due
 * (a blocked server delays the timer that sends it as much as the answer; one due before the work ended counts even
 * when answered after), and how long the work took.
 */
async function besideConvert<T>(
  call: Call,
  work: () => Promise<T>,
): Promise<{ out: T; took: number; waits: number[] }> {
  const waits: number[] = [];
  let end = Number.POSITIVE_INFINITY;
  const pinger = (async () => {
    let due = performance.now();
    while (due < end) {
      const r = await call("convert", { value: 1, from_unit: "km", to_unit: "m" });
      expect(r.quantity).toBe(1000);
      waits.push(performance.now() - due);
      due = performance.now() + 5;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const t = performance.now();
  const out = await work();
  end = performance.now();
  await pinger;
  return { out, took: end - t, waits };
}

describe("a long memory call", () => {
  it("leaves the server answering: convert calls complete while a search runs, each in a fraction of it", async () => {
    const c = await connect(60_000);
    const { out, took, waits } = await besideConvert(c.call, () => c.call("search_memories", { query: WORST }));
    expect(out.results).toHaveLength(10);
    expect(out.incomplete).toBeUndefined();
    // With the database on the server's thread, one convert waited for the whole scan.
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits)).toBeLessThan(took / 3);
    await c.close();
  }, 120_000);

  it("with the default sentence model, a batch of long memories leaves the server answering too", async () => {
    const c = await connectInMemory({ toolsets: [memory, units], cwd: tmpRoot(), env: {} });
    const call: Call = async (name, args) =>
      (await c.client.callTool({ name, arguments: args }, { timeout: 120_000 })).structuredContent as Record<
        string,
        unknown
      >;
    // Loads the model (on its thread) before anything is measured.
    expect(await call("remember", { category: "decision", content: "Warm up the sentence model" })).toHaveProperty(
      "id",
    );
    const long = (i: number) =>
      Array.from({ length: 300 }, (_, k) => `word${(i * 31 + k * 7) % 997} detail${k % 13}`).join(" ");
    const memories = Array.from({ length: 16 }, (_, i) => ({ category: "learning", content: long(i) }));
    const { out, took, waits } = await besideConvert(call, () => call("remember_batch", { memories }));
    expect(out.count).toBe(16);
    // Inline, a model call of eight such texts held every other call for its whole length.
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits)).toBeLessThan(took / 3);
    await c.close();
  }, 180_000);

  it("past query_timeout_ms is stopped: the answer says incomplete: timeout, and the store keeps serving", async () => {
    const c = await connect(100);
    const cut = await c.call("search_memories", { query: WORST });
    expect(cut).toMatchObject({ incomplete: "timeout", results: [] });
    const recall = await c.call("recall", { topic: "a1 b2 c3 d4 e5 f6 g7 h8" });
    expect(Array.isArray(recall.results)).toBe(true);
    // The first memory: i = 1 writes a7, then b9.
    const quick = await c.call("search_memories", { query: '"a7 b9"' });
    expect(quick.incomplete).toBeUndefined();
    expect((quick.results as unknown[]).length).toBeGreaterThan(0);
    await c.close();
  }, 120_000);
});
