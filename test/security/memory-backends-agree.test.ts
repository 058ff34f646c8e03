/**
 * The two memory backends answer the same attacks the same way, over a real MCP client: a purged memory's id is
 * never given out again, so a stale `record_outcome` is `memory_not_found` and lands on no other memory (SQLite once
 * reused it); a NUL byte in memory text or a filter is the same `invalid_argument` on both (PostgreSQL once failed it
 * as a storage_error, SQLite stored it), and nothing is written (docs/memory.md, "Ids" and "Limits").
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeAllStores, toolset as memory } from "../../src/memory/index.js";
import { connectInMemory } from "../helpers/mcp.js";
import { dropProjects, PG_URL, requirePostgres, uniqueProject } from "../memory/backends.js";
import { removeTmpRoots, tmpRoot } from "../memory/helpers.js";

const projects: string[] = [];
afterAll(async () => {
  await closeAllStores();
  await dropProjects(PG_URL, projects);
  removeTmpRoots();
});

type Structured = Record<string, unknown>;

const backends: Array<[string, () => Promise<Record<string, string>>]> = [
  ["SQLite", async () => ({})],
  [
    "PostgreSQL",
    async () => {
      await requirePostgres();
      const project = uniqueProject("agree");
      projects.push(project);
      return { DWIM_MEMORY_URL: PG_URL, DWIM_MEMORY_PROJECT: project };
    },
  ],
];

describe.each(backends)("%s", (_name, envOf) => {
  async function connect() {
    const env = { DWIM_MEMORY_EMBEDDINGS: "hash", ...(await envOf()) };
    const c = await connectInMemory({ toolsets: [memory], cwd: tmpRoot(), env });
    const call = async (name: string, args: Record<string, unknown>) =>
      (await c.client.callTool({ name, arguments: args })).structuredContent as Structured;
    return { call, close: () => c.close() };
  }

  it("a purged id is never given out again; the stale record_outcome is memory_not_found", async () => {
    const c = await connect();
    const first = await c.call("remember", { category: "decision", content: "Agent A: use Redis streams" });
    expect(await c.call("forget", { memory_id: first.id, purge: true })).toMatchObject({ purged: [first.id] });
    const second = await c.call("remember", { category: "decision", content: "Agent B: use RabbitMQ" });
    expect(second.id).not.toBe(first.id);
    const stale = await c.call("record_outcome", { memory_id: first.id, worked: false, outcome: "meant for A" });
    expect(stale).toMatchObject({ error_type: "memory_not_found" });
    const b = (await c.call("recall", { topic: "rabbitmq" })) as { results: Array<{ id: number; worked: unknown }> };
    expect(b.results).toEqual([expect.objectContaining({ id: second.id, worked: null })]);
    await c.close();
  });

  it("a NUL byte in memory text or a filter is invalid_argument naming the field, and nothing is written", async () => {
    const c = await connect();
    const cases: Array<[string, Structured, string]> = [
      ["remember", { category: "decision", content: "a\u0000b" }, "content"],
      ["remember", { category: "decision", content: "ok", tags: ["a\u0000b"] }, "tags[0]"],
      ["recall", { topic: "queue", file_path: "q\u0000.ts" }, "file_path"],
      ["search_memories", { query: "queue", file_path: "q\u0000.ts" }, "file_path"],
    ];
    for (const [tool, args, parameter] of cases) {
      expect(await c.call(tool, args), `${tool} ${parameter}`).toMatchObject({
        error_type: "invalid_argument",
        parameter,
      });
    }
    const listed = (await c.call("recall", { categories: ["decision"] })) as { results: unknown[] };
    expect(listed.results).toEqual([]);
    await c.close();
  });
});
