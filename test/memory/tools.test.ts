import { afterAll, describe, expect, it } from "vitest";
import { suggest } from "../../src/core/index.js";
import { toolset } from "../../src/memory/index.js";
import { connectInMemory } from "../helpers/mcp.js";
import { removeTmpRoots, tmpRoot } from "./helpers.js";

afterAll(removeTmpRoots);

type Structured = Record<string, unknown>;

async function connect(env: Record<string, string> = {}) {
  const cwd = tmpRoot();
  const c = await connectInMemory({ toolsets: [toolset], cwd, env });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await c.client.callTool({ name, arguments: args });
    return { isError: r.isError === true, s: r.structuredContent as Structured };
  };
  return { ...c, call, cwd };
}

describe("the memory toolset over MCP", () => {
  it("lists six tools with the right annotations and CLI shapes", async () => {
    const c = await connect();
    const { tools } = await c.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual([
      "forget",
      "recall",
      "record_outcome",
      "remember",
      "remember_batch",
      "search_memories",
    ]);
    expect(byName.get("recall")?.annotations?.readOnlyHint).toBe(true);
    expect(byName.get("search_memories")?.annotations?.readOnlyHint).toBe(true);
    expect(byName.get("forget")?.annotations?.destructiveHint).toBe(true);
    const defs = new Map(toolset.tools.map((t) => [t.name, t]));
    expect(defs.get("remember")?.cli).toEqual({ command: "remember", positional: ["content"] });
    expect(defs.get("recall")?.cli).toEqual({ command: "recall", positional: ["topic"] });
    await c.close();
  });

  it("remember → recall → record_outcome → forget, end to end", async () => {
    const c = await connect();
    const r = await c.call("remember", {
      content: "Use WAL mode for SQLite",
      category: "decision",
      file_path: "src/db.ts",
    });
    expect(r.isError).toBe(false);
    const id = r.s.id as number;
    const found = await c.call("recall", { topic: "sqlite wal" });
    expect((found.s.results as Structured[])[0].id).toBe(id);
    const outcome = await c.call("record_outcome", { memory_id: id, worked: false, outcome: "locks on NFS" });
    expect(outcome.s.events).toBe(1);
    const gone = await c.call("forget", { memory_id: id });
    expect(gone.s.archived).toEqual([id]);
    const after = await c.call("recall", { topic: "sqlite wal" });
    expect(after.s.results).toEqual([]);
    const archived = await c.call("recall", { topic: "sqlite wal", include_archived: true });
    expect((archived.s.results as Structured[])[0].id).toBe(id);
    const purged = await c.call("forget", { memory_id: [id], purge: true });
    expect(purged.s.purged).toEqual([id]);
    const none = await c.call("recall", { topic: "sqlite wal", include_archived: true });
    expect(none.s.results).toEqual([]);
    await c.close();
  });

  it("an unknown category is a structured error; a typo is corrected and reported (case 20)", async () => {
    const c = await connect();
    const bad = await c.call("remember", { content: "x", category: "idea" });
    expect(bad.isError).toBe(true);
    expect(bad.s.error_type).toBe("invalid_category");
    expect((bad.s.hints as string[]).length).toBeGreaterThan(0);
    const near = await c.call("remember", { content: "x", category: "warnig" });
    expect(near.isError).toBe(false);
    expect((near.s.did_you_mean as Structured).corrected).toBe(true);
    await c.close();
  });

  it("unknown ids are memory_not_found; empty content is invalid_argument (case 24)", async () => {
    const c = await connect();
    for (const [name, args] of [
      ["record_outcome", { memory_id: 9, worked: true }],
      ["forget", { memory_id: [9, 10] }],
    ] as const) {
      const r = await c.call(name, args);
      expect(r.isError).toBe(true);
      expect(r.s.error_type).toBe("memory_not_found");
    }
    const empty = await c.call("remember", { content: "   ", category: "learning" });
    expect(empty.s.error_type).toBe("invalid_argument");
    const long = await c.call("remember", { content: "a".repeat(8001), category: "learning" });
    expect(long.s.error_type).toBe("content_too_long");
    await c.close();
  });

  it("forget is never the auto-corrected target of a misspelt tool name", () => {
    const candidates = toolset.tools.map((t) => ({
      target: t.name,
      destructive: t.annotations.destructiveHint === true,
    }));
    for (const typo of ["forgt", "froget", "forgett", "forge"]) {
      const s = suggest(typo, candidates);
      expect(s.tier).not.toBe("auto");
    }
  });

  it("an invalid weight fails the first call with invalid_config", async () => {
    const c = await connect({ DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "1.5" });
    const r = await c.call("recall", { topic: "x" });
    expect(r.isError).toBe(true);
    expect(r.s.error_type).toBe("invalid_config");
    expect(String(r.s.error)).toContain("DWIM_MEMORY_HYBRID_VECTOR_WEIGHT");
    await c.close();
  });
});
