/**
 * One bad row never breaks the memory (docs/memory.md, "One bad row never breaks the memory"): times outside the representable range are refused with
 * invalid_argument; a row already damaged in the database (written by another tool, an older version, a hand edit)
 * never makes recall, search, forget or record_outcome fail for everyone, on either backend; storage failures are
 * typed storage errors naming the database; a database the process may not write still serves reads.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  closeAllStores,
  forget,
  type MemoryContext,
  recall,
  recordOutcome,
  remember,
  rememberBatch,
  searchMemories,
} from "../../src/memory/index.js";
import { rejectionOf } from "../helpers/errors.js";
import { dropProjects, PG_URL, requirePostgres, uniqueProject } from "../memory/backends.js";
import { FILLER, memoryAt, rememberAll, removeTmpRoots, tmpRoot } from "../memory/helpers.js";
import { collect, startWorker } from "../memory/workers.js";

const projects: string[] = [];
afterAll(async () => {
  await closeAllStores();
  await dropProjects(PG_URL, projects);
  removeTmpRoots();
});

describe("times outside the representable range", () => {
  const bad: Array<string | number> = [
    8.64e15,
    -8.64e15,
    1e300,
    "+275760-09-13T00:00:00.000Z",
    "-010000-01-01",
    2 ** 53,
  ];
  it.each(bad)("%s is invalid_argument for remember, remember_batch, recall and search_memories", async (t) => {
    const mc = await memoryAt(tmpRoot());
    const one = await rejectionOf(remember(mc, { category: "decision", content: "x", happened_at: t }));
    expect(one.payload).toMatchObject({ error_type: "invalid_argument", parameter: "happened_at" });
    expect(one.payload.error).toMatch(/representable date range/u);
    const batch = await rejectionOf(
      rememberBatch(mc, [
        { category: "decision", content: "fine" },
        { category: "decision", content: "y", happened_at: t },
      ]),
    );
    expect(batch.payload).toMatchObject({ parameter: "memories[1].happened_at", item_error_type: "invalid_argument" });
    for (const read of [recall(mc, { query: "x", since: t }), searchMemories(mc, { query: "x", since: t })]) {
      expect((await rejectionOf(read)).payload).toMatchObject({ error_type: "invalid_argument", parameter: "since" });
    }
    expect(await mc.store.count()).toBe(0);
  });
  it("the range's ends are accepted", async () => {
    const mc = await memoryAt(tmpRoot());
    for (const t of ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"]) {
      await remember(mc, { category: "decision", content: `edge ${t}`, happened_at: t });
    }
    expect(await mc.store.count()).toBe(2);
  });
});

/** Every read and write path over a store holding a damaged row next to good ones. */
async function survivesDamagedRow(mc: MemoryContext, damagedId: number): Promise<void> {
  const out = (await recall(mc, { query: "stripe webhooks damaged row", limit: 50 })) as {
    results: Array<{ id: number; created_at: string | null }>;
  };
  const damaged = out.results.find((r) => r.id === damagedId);
  expect(damaged).toBeDefined();
  expect(out.results.some((r) => r.id !== damagedId)).toBe(true);
  const listed = (await recall(mc, { categories: ["learning", "decision"], limit: 50 })) as { results: unknown[] };
  expect(listed.results.length).toBeGreaterThan(1);
  const since = (await recall(mc, { query: "damaged row", since: "2000-01-01" })) as { results: unknown[] };
  expect(Array.isArray(since.results)).toBe(true);
  for (const sort of ["relevance", "newest"] as const) {
    const found = (await searchMemories(mc, { query: "damaged", sort })) as { results: Array<{ id: number }> };
    expect(found.results.map((r) => r.id)).toContain(damagedId);
  }
  expect((await recordOutcome(mc, { id: damagedId, worked: false, outcome: "still readable" })).events).toBe(1);
  expect((await forget(mc, { ids: [damagedId] })).archived).toEqual([damagedId]);
  expect((await forget(mc, { ids: [damagedId], purge: true })).purged).toEqual([damagedId]);
  const good = await remember(mc, { category: "decision", content: "Writes still work after the damaged row" });
  const after = (await recall(mc, { query: "writes still work" })) as { results: Array<{ id: number }> };
  expect(after.results[0].id).toBe(good.id);
}

describe("a damaged row never breaks the memory for everyone", () => {
  it("SQLite: times out of range or not numbers, an unknown category", async () => {
    const root = tmpRoot();
    const mc = await memoryAt(root);
    await rememberAll(mc, FILLER);
    const victim = await remember(mc, { category: "learning", content: "A damaged row about stripe webhooks" });
    // As another tool (or a hand edit) might leave it: bypassing the CHECK constraint and the type of the column.
    const db = new Database(join(root, ".dwim", "memory.db"));
    db.pragma("ignore_check_constraints = ON");
    db.prepare("UPDATE memories SET happened_at = 1e300, created_at = 'garbage', category = 'bogus' WHERE id = ?").run(
      victim.id,
    );
    db.prepare("UPDATE memories SET created_at = -9e15 WHERE id = 1").run();
    db.close();
    await survivesDamagedRow(mc, victim.id);
  });

  it("PostgreSQL: times beyond the representable range", async () => {
    await requirePostgres();
    const project = uniqueProject("s");
    projects.push(project);
    const mc = await memoryAt(tmpRoot(), { DWIM_MEMORY_URL: PG_URL, DWIM_MEMORY_PROJECT: project });
    await rememberAll(mc, FILLER);
    const victim = await remember(mc, { category: "learning", content: "A damaged row about stripe webhooks" });
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`UPDATE "dwim_${project}".memories SET happened_at = $2, created_at = $3 WHERE id = $1`, [
      victim.id,
      "9000000000000000000",
      "-9000000000000000000",
    ]);
    await admin.end();
    await survivesDamagedRow(mc, victim.id);
  });
});

describe("storage failures are typed and name the database", () => {
  it("a file that is not a database is a storage_error naming its path", async () => {
    const root = tmpRoot();
    mkdirSync(join(root, ".dwim"));
    writeFileSync(join(root, ".dwim", "memory.db"), "this is not a database, it is a text file ".repeat(200));
    const e = await rejectionOf(memoryAt(root));
    expect(e.payload.error_type).toBe("storage_error");
    expect(e.payload.error).toContain(join(root, ".dwim", "memory.db"));
  });
  it("a database path that is a directory is a storage_error naming it", async () => {
    const root = tmpRoot();
    const dir = join(root, "a-directory");
    mkdirSync(dir);
    const e = await rejectionOf(memoryAt(root, { DWIM_MEMORY_DB: dir }));
    expect(e.payload.error_type).toBe("storage_error");
    expect(e.payload.error).toContain(dir);
  });
});

describe("a database this process may not write", () => {
  it("serves recall and search; remember is a read-only storage_error; health says read_only", async () => {
    const root = tmpRoot();
    const mc = await memoryAt(root);
    await rememberAll(mc, FILLER);
    const m = await remember(mc, { category: "decision", content: "Read-only copies still answer recall" });
    await closeAllStores();
    // Writable by no one (a reader that root runs drops the capabilities that ignore modes); its directory stays
    // writable, as for any read-only copy, so the failure is the database's own.
    chmodSync(join(root, ".dwim", "memory.db"), 0o444);
    const reader = startWorker(["serve", root], {}, true);
    expect(await reader.next()).toMatchObject({ ready: true });
    const found = (await reader.send("recall", { query: "read-only copies recall" })) as {
      results: Array<{ id: number }>;
    };
    expect(found.results[0].id).toBe(m.id);
    const searched = (await reader.send("search", { query: "copies" })) as { results: Array<{ id: number }> };
    expect(searched.results.map((r) => r.id)).toEqual([m.id]);
    expect(await reader.send("health", {})).toMatchObject({ read_only: true, memories: FILLER.length + 1 });
    const write = await reader.send("remember", { category: "decision", content: "must not be written" });
    expect(write).toMatchObject({ error_type: "storage_error" });
    expect(String(write.error)).toMatch(/read-only/u);
    reader.proc.stdin.end(`${JSON.stringify({ op: "exit" })}\n`);
    await collect(reader);
    await reader.exited;
  }, 60_000);
});
