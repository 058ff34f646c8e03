/**
 * A purged memory's id is never given to another memory: before, SQLite handed out max(id) + 1, so after `forget
 * {memory_id: 1, purge: true}` the next `remember` got id 1 and a stale `record_outcome {memory_id: 1}` landed on
 * another agent's memory. Databases written before the fix are migrated in place (docs/memory.md, "Ids").
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { closeAllStores, MIGRATIONS, toolset as memory, recall, remember } from "../../src/memory/index.js";
import { connectInMemory } from "../helpers/mcp.js";
import { memoryAt, removeTmpRoots, tmpRoot } from "../memory/helpers.js";

afterAll(async () => {
  await closeAllStores();
  removeTmpRoots();
});

type Structured = Record<string, unknown>;

describe("a purged id is never reused", () => {
  it("over MCP: remember, purge it, remember again: a new id, and the stale record_outcome is memory_not_found", async () => {
    const c = await connectInMemory({ toolsets: [memory], cwd: tmpRoot(), env: { DWIM_MEMORY_EMBEDDINGS: "hash" } });
    const call = async (name: string, args: Record<string, unknown>) =>
      (await c.client.callTool({ name, arguments: args })).structuredContent as Structured;
    const first = await call("remember", { category: "decision", content: "Agent A: use Redis streams" });
    expect(first.id).toBe(1);
    expect(await call("forget", { memory_id: 1, purge: true })).toMatchObject({ purged: [1] });
    const second = await call("remember", { category: "decision", content: "Agent B: use RabbitMQ" });
    expect(second.id).toBe(2);
    const stale = await call("record_outcome", { memory_id: 1, worked: false, outcome: "meant for A's memory" });
    expect(stale).toMatchObject({ error_type: "memory_not_found", got: 1 });
    const b = (await call("recall", { topic: "rabbitmq" })) as { results: Array<{ id: number; worked: unknown }> };
    expect(b.results).toEqual([expect.objectContaining({ id: 2, worked: null })]);
    await c.close();
  });

  it("a database written before the fix is migrated in place: ids, rows and a damaged row kept, no reuse after", async () => {
    const root = tmpRoot();
    mkdirSync(join(root, ".dwim"));
    const db = new Database(join(root, ".dwim", "memory.db"));
    for (const m of MIGRATIONS.filter((m) => m.version <= 2)) db.exec(m.sql);
    db.pragma("user_version = 2");
    const insert = db.prepare("INSERT INTO memories(id, category, content, created_at) VALUES (?, ?, ?, ?)");
    insert.run(1, "decision", "Old decision about pgbouncer pooling", Date.UTC(2025, 0, 1));
    insert.run(2, "learning", "Old learning about vacuum schedules", Date.UTC(2025, 0, 2));
    db.pragma("ignore_check_constraints = ON");
    insert.run(3, "bogus", "A damaged row about vacuum", Date.UTC(2025, 0, 3));
    db.close();

    const mc = await memoryAt(root);
    const h = await mc.store.health();
    expect(h.schema_version).toBeGreaterThanOrEqual(3);
    expect([h.memories, h.fts_rows]).toEqual([3, 3]);
    expect((await mc.store.get([1, 2, 3])).map((m) => m.id)).toEqual([1, 2, 3]);
    const found = (await recall(mc, { query: "vacuum" })) as { results: Array<{ id: number }> };
    expect(found.results.map((r) => r.id).sort()).toEqual([2, 3]);
    // The newest memory (the damaged one), purged: its id stays given out.
    await mc.store.purge([3]);
    const next = await remember(mc, { category: "decision", content: "A new decision after the migration" });
    expect(next.id).toBe(4);
    expect((await mc.store.health()).integrity).toBe("ok");
  });
});
