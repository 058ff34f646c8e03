import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { testingToolset } from "../helpers/tools.js";

let conn: Connected;

beforeAll(async () => {
  conn = await connectInMemory({ toolsets: [testingToolset] });
});
afterAll(async () => {
  await conn.close();
});

describe("MCP server through the SDK client (in-memory transport)", () => {
  it("lists every tool with its JSON schema and annotations, properties left open for dwim to correct", async () => {
    const { tools } = await conn.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["echo_search", "always_fails", "delete_item"]);
    const echo = tools[0];
    expect(echo.inputSchema).toMatchObject({ type: "object", required: ["fuzzy_filter"] });
    expect(echo.inputSchema.additionalProperties).toBeUndefined();
    expect(Object.keys(echo.inputSchema.properties ?? {})).toEqual(["fuzzy_filter", "limit", "category", "tags"]);
    expect(echo.annotations?.readOnlyHint).toBe(true);
    expect(tools[2].annotations?.destructiveHint).toBe(true);
  });

  it("returns isError results (never protocol errors) for every kind of bad call, and keeps serving", async () => {
    const bad: Array<[string, unknown, string]> = [
      ["no_such_tool", {}, "unknown_tool"],
      ["echo_search", { fuzzy_filter: 5 }, "invalid_arguments"],
      ["echo_search", {}, "missing_parameter"],
      ["echo_search", { fuzzy_filter: "a", bogus: 1 }, "unknown_parameter"],
      ["echo_search", { fuzzy_filter: "x".repeat(10 * 1024 * 1024) }, "argument_too_large"],
      ["always_fails", { mode: "exception" }, "internal_error"],
    ];
    for (const [name, args, type] of bad) {
      const r = await conn.client.callTool({ name, arguments: args as Record<string, unknown> });
      expect(r.isError, name).toBe(true);
      expect((r.structuredContent as ErrorPayload).error_type).toBe(type);
      expect((r.content as Array<{ text: string }>)[0].text).toContain(type);
    }
    const ok = await conn.client.callTool({ name: "echo_search", arguments: { fuzzy_filter: "still serving" } });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent).toEqual({ echoed: { fuzzy_filter: "still serving", limit: 20 } });
  });

  it("gives each MCP session its own session state", async () => {
    const other = await conn.newSession();
    const r = await other.callTool({ name: "echo_search", arguments: { fuzzy_filter: "x" } });
    expect(r.isError).toBeFalsy();
  });
});
