/**
 * Durability and concurrency with real child processes on one project database.
 * Sizes are scaled to keep this file under ~20 s on 2 cores; `DWIM_MEMORY_STRESS_N` raises the writer count
 * (the benchmark runs 3 × 5,000).
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterAll, describe, expect, it } from "vitest";
import { closeAllStores, MIGRATIONS, recall, SqliteMemoryStore } from "../../src/memory/index.js";
import { memoryAt, removeTmpRoots, tmpRoot } from "./helpers.js";
import { collect, startWorker } from "./workers.js";

const require = createRequire(import.meta.url);
const WRITES = Number(process.env.DWIM_MEMORY_STRESS_N ?? 1200);

afterAll(async () => {
  await closeAllStores();
  removeTmpRoots();
});

function openRaw(root: string): Database.Database {
  const db = new Database(join(root, ".dwim", "memory.db"));
  sqliteVec.load(db);
  return db;
}

describe("durability and concurrency", () => {
  it(`three writer processes × ${WRITES} remember calls: 0 lost, 0 storage_busy`, async () => {
    const root = tmpRoot();
    const workers = ["a", "b", "c"].map((name) => startWorker(["write", root, String(WRITES), name]));
    const outputs = await Promise.all(workers.map(collect));
    for (const out of outputs) {
      expect(out.filter((l) => l.error)).toEqual([]);
      expect(out[out.length - 1]).toEqual({ done: true, busy: 0 });
    }
    const db = openRaw(root);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    for (const name of ["a", "b", "c"]) {
      const n = db
        .prepare("SELECT count(DISTINCT content) FROM memories WHERE file_path = ?")
        .pluck()
        .get(`src/${name}.ts`);
      expect(n).toBe(WRITES);
    }
    expect(db.prepare("SELECT count(*) FROM memory_vec").pluck().get()).toBe(3 * WRITES);
    db.close();
  }, 60_000);

  it("SIGKILL during 500-item batches: every acknowledged batch whole, no half batch, integrity ok", async () => {
    const root = tmpRoot();
    for (let round = 0; round < 2; round++) {
      const w = startWorker(["batch", root, "500"]);
      const acked: number[] = [];
      const first = await w.next();
      acked.push(first.ack as number);
      // Kill at a random point of a later batch: the next transaction is in flight most of the time.
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 60));
      w.proc.kill("SIGKILL");
      for (;;) {
        const r = await w.lines.next();
        if (r.done) break;
        acked.push((JSON.parse(r.value) as { ack: number }).ack);
      }
      await w.exited;
      const db = openRaw(root);
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const total = db.prepare("SELECT count(*) FROM memories").pluck().get() as number;
      expect(total % 500).toBe(0);
      const perBatch = db
        .prepare(
          "SELECT substr(content, 1, instr(substr(content, 7), ' ') + 5) AS b, count(*) AS n FROM memories GROUP BY b",
        )
        .all() as Array<{ b: string; n: number }>;
      for (const row of perBatch) expect(row.n % 500).toBe(0);
      // Rounds reuse the root, so batch numbers repeat: every acknowledged batch of this round is there in full.
      for (const b of acked) {
        const n = db
          .prepare("SELECT count(*) FROM memories WHERE content LIKE ?")
          .pluck()
          .get(`batch ${b} item %`) as number;
        expect(n).toBeGreaterThanOrEqual(500);
      }
      expect(db.prepare("SELECT count(*) FROM memory_fts_docsize").pluck().get()).toBe(total);
      db.close();
    }
  }, 60_000);

  it("two server processes on one project both get full lexical + vector search, no degraded", async () => {
    const root = tmpRoot();
    const a = startWorker(["serve", root]);
    const b = startWorker(["serve", root]);
    expect(await a.next()).toEqual({ ready: true, provider: "hash-v1" });
    expect(await b.next()).toEqual({ ready: true, provider: "hash-v1" });
    const stored = await a.send("remember", {
      category: "learning",
      content: "Kafka consumer lag alarms fire at 10k messages",
    });
    const seen = (await b.send("recall", { query: "kafka consumer lag", explain: true })) as {
      results: Array<{ id: number; why: { s_lex: number; s_vec: number } }>;
      retrieval: Record<string, unknown>;
    };
    expect(seen.results[0].id).toBe(stored.id);
    expect(seen.results[0].why.s_lex).toBeGreaterThan(0);
    expect(seen.results[0].why.s_vec).toBeGreaterThan(0);
    expect(seen.retrieval).toEqual({ lexical: true, vector: true });
    const back = await b.send("remember", { category: "decision", content: "Partition the orders topic by tenant id" });
    const fromA = (await a.send("recall", { query: "orders topic partition" })) as { results: Array<{ id: number }> };
    expect(fromA.results[0].id).toBe(back.id);
    for (const w of [a, b]) w.proc.stdin.end(`${JSON.stringify({ op: "exit" })}\n`);
    await Promise.all([a.exited, b.exited]);
  }, 30_000);

  it("a migration started by two processes at once runs once", async () => {
    const root = tmpRoot();
    const workers = [startWorker(["open", root]), startWorker(["open", root])];
    const outs = await Promise.all(workers.map(collect));
    for (const o of outs) {
      // A worker that failed says why (its exit code and stderr) before its missing health line would.
      expect(o.filter((l) => l.error)).toEqual([]);
      expect((o[0].health as { integrity: string }).integrity).toBe("ok");
    }
    const db = openRaw(root);
    expect(
      db.prepare("SELECT version, count(*) AS n FROM migrations_applied GROUP BY version ORDER BY version").all(),
    ).toEqual(MIGRATIONS.map((m) => ({ version: m.version, n: 1 })));
    db.close();
  }, 30_000);

  it("opening waits for a write lock another process holds on a file not yet in WAL mode", async () => {
    // SQLite returns BUSY at once, without its busy handler, when the switch to WAL needs a lock another process
    // holds: two processes opening a new project database at once met this.
    const path = join(tmpRoot(), "memory.db");
    const holder = spawn(process.execPath, [
      "-e",
      `const db = new (require(${JSON.stringify(require.resolve("better-sqlite3"))}))(${JSON.stringify(path)});
       db.exec("BEGIN IMMEDIATE");
       process.stdout.write("held\\n");
       setTimeout(() => { db.exec("COMMIT"); db.close(); }, 300);`,
    ]);
    await new Promise((held) => holder.stdout.once("data", held));
    const started = Date.now();
    const store = SqliteMemoryStore.open({ path, provider: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect((await store.health()).integrity).toBe("ok");
    await store.close();
    await new Promise((exited) => holder.once("exit", exited));
  }, 30_000);

  it("the open-time check repairs missing vectors and a stale FTS index", async () => {
    const root = tmpRoot();
    const mc = await memoryAt(root);
    for (const content of ["Circuit breaker opens after 5 failures", "Bulkhead limits concurrent calls per tenant"]) {
      await import("../../src/memory/index.js").then((m) => m.remember(mc, { category: "pattern", content }));
    }
    await closeAllStores();
    // Simulate a crash between a row and its vector, and an FTS index that lost a row.
    const db = openRaw(root);
    db.prepare("DELETE FROM memory_vec WHERE rowid = 1").run();
    const row = db.prepare("SELECT * FROM memories WHERE id = 2").get() as Record<string, unknown>;
    db.prepare(
      "INSERT INTO memory_fts(memory_fts, rowid, content, rationale, tags, file_path, ident_terms) VALUES ('delete', 2, ?, ?, ?, ?, ?)",
    ).run(row.content, row.rationale, row.tags, row.file_path, row.ident_terms);
    db.close();
    const reopened = await memoryAt(root);
    await reopened.store.idle();
    const h = await reopened.store.health();
    expect(h.repairs.join("\n")).toMatch(/FTS index had 1 rows for 2 memories: rebuilt/);
    expect(h.repairs.join("\n")).toMatch(/1 memories without a vector/);
    expect([h.memories, h.fts_rows, h.vectors]).toEqual([2, 2, 2]);
    const out = (await recall(reopened, { query: "bulkhead" })) as { results: Array<{ id: number }> };
    expect(out.results[0].id).toBe(2);
  });
});
