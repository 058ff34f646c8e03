/**
 * Export and import between backends (docs/memory.md, "Moving between backends"): SQLite → PostgreSQL → SQLite keeps every field (ids of
 * supersession links, outcome events, explicit and inferred tags, times, counters, archived and pinned); re-running
 * an import skips what is there; ids taken by other memories are renumbered with references rewritten; a malformed
 * file imports nothing. The CLI round trip runs the built `dwim memory export|import`.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeAllStores,
  exportMemories,
  forget,
  importMemories,
  type MemoryContext,
  parseExport,
  recall,
  recordOutcome,
  remember,
  rememberBatch,
} from "../../src/memory/index.js";
import { rejectionOf } from "../helpers/errors.js";
import { dropProjects, PG_URL, requirePostgres, uniqueProject } from "./backends.js";
import { memoryAt, removeTmpRoots, tmpRoot } from "./helpers.js";

const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/cli/main.js");
const run = promisify(execFile);
const projects: string[] = [];

function pgEnv(): Record<string, string> {
  const project = uniqueProject("x");
  projects.push(project);
  return { DWIM_MEMORY_URL: PG_URL, DWIM_MEMORY_PROJECT: project };
}

beforeAll(() => requirePostgres());
afterAll(async () => {
  await closeAllStores();
  await dropProjects(PG_URL, projects);
  removeTmpRoots();
});

async function exported(mc: MemoryContext): Promise<string[]> {
  const lines: string[] = [];
  await exportMemories(mc, (l) => void lines.push(l));
  return lines;
}

/** A memory with every kind of stored fact. */
async function populate(mc: MemoryContext): Promise<void> {
  const old = await remember(mc, {
    category: "decision",
    content: "Deploy with Heroku pipelines",
    tags: ["deploy"],
    file_path: "ops/deploy.md",
    happened_at: "2024-02-29T12:34:56.789Z",
    context: "ticket OPS-1",
  });
  await remember(mc, {
    category: "decision",
    content: "Deploy with Fly.io machines; fixed the slow cold starts",
    rationale: "Heroku dynos slept",
    supersedes: [old.id],
    pinned: true,
  });
  const failed = await remember(mc, { category: "pattern", content: "Retry the webhook three times" });
  await recordOutcome(mc, { id: failed.id, worked: false, outcome: "duplicates charged" });
  await recordOutcome(mc, { id: failed.id, worked: true, outcome: "idempotency keys" });
  const gone = await remember(mc, { category: "learning", content: "Old cache note to archive" });
  await forget(mc, { ids: [gone.id] });
  await rememberBatch(mc, [
    { category: "warning", content: "Don't log request bodies", tags: ["security"] },
    { category: "learning", content: "Café names need Unicode collation" },
  ]);
  await recall(mc, { query: "deploy fly" });
}

describe("export and import between SQLite and PostgreSQL", () => {
  it("SQLite → PostgreSQL → SQLite is lossless, and the imported memory answers the same recall", async () => {
    const sqlite = await memoryAt(tmpRoot());
    await populate(sqlite);
    const first = await exported(sqlite);
    expect(first).toHaveLength(7);
    const postgres = await memoryAt(tmpRoot(), pgEnv());
    const summary = await importMemories(postgres, await parseExport(first));
    expect(summary).toEqual({ imported: 6, skipped: 0, renumbered: {}, warnings: [] });
    const second = await exported(postgres);
    // Same records, line for line (the header names a different source).
    expect(second.slice(1)).toEqual(first.slice(1));
    const back = await memoryAt(tmpRoot());
    await importMemories(back, await parseExport(second));
    expect((await exported(back)).slice(1)).toEqual(first.slice(1));

    const record = JSON.parse(first[2]);
    expect(record).toMatchObject({ pinned: true, rationale: "Heroku dynos slept" });
    expect(record.links).toEqual([{ from_id: record.id, to_id: 1, kind: "supersedes", at: record.created_at }]);
    const superseded = JSON.parse(first[1]);
    expect(superseded).toMatchObject({ superseded_by: record.id, happened_at: "2024-02-29T12:34:56.789Z" });
    expect(superseded.context).toBe("ticket OPS-1");
    expect(JSON.parse(first[3]).outcomes.map((o: { worked: boolean }) => o.worked)).toEqual([false, true]);
    expect(JSON.parse(first[4]).archived).toBe(true);

    const q = { query: "how do we deploy" };
    const ids = async (mc: MemoryContext) =>
      ((await recall(mc, q)) as { results: Array<{ id: number }> }).results.map((r) => r.id);
    expect(await ids(postgres)).toEqual(await ids(sqlite));
    // New memories continue after the imported ids.
    const after = await remember(postgres, { category: "learning", content: "Written after the import" });
    expect(after.id).toBe(7);
  });

  it("importing again skips what is there; ids taken by other memories are renumbered and references follow", async () => {
    const source = await memoryAt(tmpRoot());
    await populate(source);
    const lines = await exported(source);
    const target = await memoryAt(tmpRoot(), pgEnv());
    await remember(target, { category: "learning", content: "The team's own first memory" });
    const summary = await importMemories(target, await parseExport(lines));
    expect(summary.imported).toBe(6);
    expect(summary.renumbered).toEqual({ "1": 7 });
    const again = await importMemories(target, await parseExport(lines));
    expect(again).toMatchObject({ imported: 0, skipped: 6 });
    const [moved] = await target.store.get([7]);
    expect(moved.content).toBe("Deploy with Heroku pipelines");
    expect(moved.superseded_by).toBe(2);
    const [own] = await target.store.get([1]);
    expect(own.content).toBe("The team's own first memory");
  });

  it("a malformed line names itself and nothing is imported", async () => {
    const source = await memoryAt(tmpRoot());
    await populate(source);
    const lines = await exported(source);
    const broken = [...lines.slice(0, 3), lines[3].replace('"pattern"', '"idea"'), ...lines.slice(4)];
    const e = await rejectionOf(parseExport(broken));
    expect(e.payload.error_type).toBe("invalid_argument");
    expect(e.payload.error).toMatch(/line 4: category/u);
    const empty = await rejectionOf(parseExport(["{}"]));
    expect(empty.payload.error).toMatch(/header/u);
  });

  it("dwim memory export / import on the command line move a project into the team database and back", async () => {
    const root = tmpRoot();
    const mc = await memoryAt(root);
    await populate(mc);
    await closeAllStores();
    const env = { ...process.env, DWIM_LOG: "0" };
    const file = join(root, "memory.jsonl");
    const out = await run(process.execPath, [MAIN, "memory", "export", "--out", file], { cwd: root, env });
    expect(out.stderr).toMatch(/exported 6 memories/u);
    const team = pgEnv();
    const imported = await run(process.execPath, [MAIN, "memory", "import", file, "--json"], {
      cwd: root,
      env: { ...env, ...team },
    });
    expect(JSON.parse(imported.stdout)).toMatchObject({ imported: 6, skipped: 0 });
    const fromTeam = await run(process.execPath, [MAIN, "memory", "export"], { cwd: root, env: { ...env, ...team } });
    expect(fromTeam.stdout.trim().split("\n").slice(1)).toEqual(readFileSync(file, "utf8").trim().split("\n").slice(1));
    writeFileSync(join(root, "bad.jsonl"), "not json\n");
    const bad = await run(process.execPath, [MAIN, "memory", "import", join(root, "bad.jsonl")], {
      cwd: root,
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((bad as { code: number }).code).toBe(1);
    expect((bad as { stderr: string }).stderr).toMatch(/line 1: not JSON/u);
  }, 60_000);
});
