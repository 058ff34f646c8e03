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
    expect(defs.get("remember")?.cli).toEqual({ command: "remember", optionalPositional: [] });
    expect(defs.get("recall")?.cli).toEqual({ command: "recall", optionalPositional: ["topic"] });
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

  it("recall's topic and search_memories' query answer to each other's name, and the rename is reported", async () => {
    const c = await connect({ DWIM_MEMORY_EMBEDDINGS: "hash" });
    await c.call("remember", { content: "Use pnpm workspaces for the monorepo", category: "decision", tags: ["x"] });
    const searched = await c.call("search_memories", { topic: "pnpm", tag: ["x"] });
    expect(searched.isError).toBe(false);
    expect((searched.s.results as unknown[]).length).toBe(1);
    const renamed = (searched.s.did_you_mean as { corrections: Array<{ original: string; corrected: string }> })
      .corrections;
    expect(renamed.map((r) => `${r.original}→${r.corrected}`).sort()).toEqual(["tag→tags", "topic→query"]);
    const recalled = await c.call("recall", { query: "pnpm" });
    expect((recalled.s.results as unknown[]).length).toBe(1);
    await c.close();
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
