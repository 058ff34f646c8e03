import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  applyLikelyFix,
  CorrectionLog,
  createToolContext,
  type ErrorPayload,
  invokeTool,
  loadConfig,
  renderError,
  summarizeLog,
  ToolRegistry,
} from "../../src/core/index.js";
import { deleteTool, echoTool, failingTool } from "../helpers/tools.js";

const tools = [echoTool, failingTool, deleteTool];
const registry = new ToolRegistry(tools);

function context(logPath?: string) {
  const config = loadConfig({ userFile: null, projectFile: null, env: {} });
  return createToolContext({ config, tools, log: new CorrectionLog(logPath) });
}

async function call(name: string, args: unknown, logPath?: string) {
  return invokeTool(registry, { name, arguments: args }, context(logPath));
}

function errorOf(result: Awaited<ReturnType<typeof call>>): ErrorPayload {
  expect(result.isError).toBe(true);
  return result.structuredContent as ErrorPayload;
}

describe("input validation through the pipeline", () => {
  it("runs a valid call and applies schema defaults", async () => {
    const r = await call("echo_search", { fuzzy_filter: "abc" });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ echoed: { fuzzy_filter: "abc", limit: 20 } });
  });

  it("answers an unknown parameter with a likely_fix from the tool's own schema (fuzy_filter → fuzzy_filter)", async () => {
    const e = errorOf(await call("echo_search", { fuzy_filter: "abc" }));
    expect(e).toMatchObject({
      error_type: "unknown_parameter",
      parameter: "fuzy_filter",
      likely_fix: "fuzzy_filter",
      expected: ["fuzzy_filter", "limit", "category", "tags"],
    });
    const fixed = applyLikelyFix({ name: "echo_search", arguments: { fuzy_filter: "abc" } }, e);
    expect(fixed).toEqual({ name: "echo_search", arguments: { fuzzy_filter: "abc" } });
    expect((await invokeTool(registry, fixed!, context())).isError).toBeFalsy();
  });

  it("gives a hallucinated parameter no fix, only the valid names", async () => {
    const e = errorOf(await call("echo_search", { fuzzy_filter: "a", smoking_allowed: true }));
    expect(e.error_type).toBe("unknown_parameter");
    expect(e.likely_fix).toBeUndefined();
    expect(e.hints.join(" ")).toContain("Valid parameters: fuzzy_filter, limit, category, tags");
  });

  it("reports a missing required parameter with its JSON path", async () => {
    const e = errorOf(await call("echo_search", {}));
    expect(e).toMatchObject({ error_type: "missing_parameter", parameter: "fuzzy_filter", expected: "string" });
  });

  it("reports a wrong type with the coerced value as likely_fix", async () => {
    const e = errorOf(await call("echo_search", { fuzzy_filter: "a", limit: "30" }));
    expect(e).toMatchObject({ error_type: "invalid_arguments", parameter: "limit", got: "30", likely_fix: 30 });
  });

  it("suggests the enum value a typo meant (desicion → decision)", async () => {
    const e = errorOf(await call("echo_search", { fuzzy_filter: "a", category: "desicion" }));
    expect(e).toMatchObject({ parameter: "category", likely_fix: "decision" });
  });

  it("points into arrays with a JSON path", async () => {
    const e = errorOf(await call("echo_search", { fuzzy_filter: "a", tags: ["ok", 7] }));
    expect(e.parameter).toBe("tags[1]");
  });

  it("rejects arguments that are not an object", async () => {
    expect(errorOf(await call("echo_search", [1, 2])).error_type).toBe("invalid_arguments");
  });

  it("rejects oversized arguments before doing any work", async () => {
    const big = "x".repeat(5_000_000);
    const e = errorOf(await call("echo_search", { fuzzy_filter: big }));
    expect(e.error_type).toBe("argument_too_large");
  });
});

describe("unknown tools and handler failures", () => {
  it("answers an unknown tool with a likely_fix call", async () => {
    const e = errorOf(await call("echo_serch", { fuzzy_filter: "x" }));
    expect(e).toMatchObject({
      error_type: "unknown_tool",
      likely_fix: { name: "echo_search", arguments: { fuzzy_filter: "x" } },
    });
  });

  it("marks a fix into a destructive tool as needing confirmation", async () => {
    const e = errorOf(await call("delete_iten", { id: 3 }));
    expect(e.likely_fix).toEqual({ name: "delete_item", arguments: { id: 3 } });
    expect(e.hints.join(" ")).toContain("destructive");
  });

  it("gives garbage tool names no fix", async () => {
    const e = errorOf(await call("xyzzy", {}));
    expect(e.likely_fix).toBeUndefined();
  });

  it("passes a ToolError through as the structured error", async () => {
    const e = errorOf(await call("always_fails", { mode: "tool_error" }));
    expect(e).toMatchObject({ error_type: "unknown_unit", likely_fix: "kilogram (kg)", parameter: "from_unit" });
  });

  it("turns an unexpected exception into internal_error without a stack trace", async () => {
    const r = await call("always_fails", { mode: "exception" });
    const e = errorOf(r);
    expect(e.error_type).toBe("internal_error");
    expect(JSON.stringify(r)).not.toContain("secret/stack");
  });
});

describe("correction log and stats", () => {
  it("appends one JSON line per likely_fix issued and summarises them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-log-"));
    const path = join(dir, "corrections.jsonl");
    await call("echo_search", { fuzy_filter: "a" }, path);
    await call("echo_serch", { fuzzy_filter: "a" }, path);
    await call("xyzzy", {}, path); // no likely_fix: not logged
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({ tool: "echo_search", tier: "likely_fix", corrected: "fuzzy_filter" });
    const s = summarizeLog(path);
    expect(s.total).toBe(2);
    expect(s.by_correction_type).toEqual({ unknown_parameter: 1, unknown_tool: 1 });
    expect(s.by_tier).toEqual({ likely_fix: 2 });
  });

  it("writes nothing when disabled", async () => {
    const log = CorrectionLog.disabled();
    expect(log.enabled).toBe(false);
    log.append({ ts: "t", tool: "x", tier: "auto", correction_type: "typo" });
  });
});

describe("rendering", () => {
  it("falls back to JSON when a tool's renderer throws, keeping the success", async () => {
    const { defineTool } = await import("../../src/core/index.js");
    const { z } = await import("zod");
    const fragile = defineTool({
      name: "fragile",
      title: "Fragile",
      description: "Renders badly.",
      toolset: "testing",
      input: { n: z.number() },
      handler: (a) => ({ n: a.n }),
      render: () => {
        throw new Error("render bug");
      },
    });
    const reg = new ToolRegistry([fragile]);
    const config = loadConfig({ userFile: null, projectFile: null, env: {} });
    const r = await invokeTool(
      reg,
      { name: "fragile", arguments: { n: 1 } },
      createToolContext({ config, tools: [fragile], log: CorrectionLog.disabled() }),
    );
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ n: 1 });
    expect(r.content[0].text).toContain('"n": 1');
  });

  it("shows an error's detail whole after its summary, however long the hints", () => {
    const detail = "     3\t  const x = 1;\n     4\t  return x;";
    const text = renderError({ error: "e", error_type: "T", hints: ["h".repeat(800)], detail });
    expect(text.startsWith("Error (T): e")).toBe(true);
    expect(text.endsWith(`\n${detail}`)).toBe(true);
    expect(renderError({ error: "e", error_type: "T", hints: [] })).toBe("Error (T): e");
  });
});

describe("unknown parameter paired with a missing required one", () => {
  it("proposes the one missing required parameter when the matcher only has it as a hint", async () => {
    const { defineTool, unknownParameterError } = await import("../../src/core/index.js");
    const { z } = await import("zod");
    const tool = defineTool({
      name: "resolve_name",
      title: "t",
      description: "d.",
      toolset: "testing",
      input: { tool_name: z.string(), verbose: z.boolean().optional() },
      handler: () => ({}),
    });
    expect(unknownParameterError(tool, "tool_arme").likely_fix).toBeUndefined();
    expect(unknownParameterError(tool, "tool_arme", {}, { tool_arme: "x" }).likely_fix).toBe("tool_name");
    // Nothing missing: no pairing.
    expect(unknownParameterError(tool, "tool_arme", {}, { tool_name: "a", tool_arme: "x" }).likely_fix).toBeUndefined();
  });
});
