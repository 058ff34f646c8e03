/**
 * The proxy (issue 6, "must show"): a small MCP server written here, wrapped by startProxy and served by dwim with
 * the router middleware, receives a correct call after the client sent a misspelled tool name and an aliased
 * parameter; a misspelled call into its destructive tool is refused with likely_fix and never reaches it.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouterMiddleware } from "../../src/router/middleware.js";
import { type ProxyHandle, startProxy, zodObjectFromJsonSchema } from "../../src/router/proxy.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import type { Loose } from "./helpers.js";
import { configOf } from "./helpers.js";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const url = (rel: string) => pathToFileURL(join(repo, "node_modules", rel)).href;

const UPSTREAM = `
import { McpServer } from ${JSON.stringify(url("@modelcontextprotocol/server/dist/index.mjs"))};
import { serveStdio } from ${JSON.stringify(url("@modelcontextprotocol/server/dist/stdio.mjs"))};
import { z } from ${JSON.stringify(url("zod/index.js"))};

const received = [];
serveStdio(() => {
  const server = new McpServer({ name: "notes", version: "1.2.3" });
  server.registerTool("create_note", {
    description: "Create a note with a title and a body.",
    inputSchema: z.object({ title: z.string(), body: z.string(), pinned: z.boolean().optional() }),
  }, async (args) => {
    received.push({ tool: "create_note", args });
    return { content: [{ type: "text", text: "created " + args.title }], structuredContent: { created: args.title, args } };
  });
  server.registerTool("delete_note", {
    description: "Delete a note for good.",
    inputSchema: z.object({ id: z.number() }),
    annotations: { destructiveHint: true },
  }, async (args) => {
    received.push({ tool: "delete_note", args });
    return { content: [{ type: "text", text: "deleted " + args.id }] };
  });
  server.registerTool("received_calls", {
    description: "Every call this server received.",
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
  }, async () => ({ content: [{ type: "text", text: JSON.stringify(received) }] }));
  server.registerTool("fail_always", { description: "Always fails.", inputSchema: z.object({}) }, async () => ({
    isError: true, content: [{ type: "text", text: "upstream says no" }],
  }));
  return server;
});
`;

describe("dwim proxy over a real stdio MCP server", () => {
  let proxy: ProxyHandle;
  let conn: Connected;
  const received = async () => {
    const r = (await conn.client.callTool({ name: "received_calls", arguments: {} })) as Loose;
    return JSON.parse(r.content[0].text) as Array<{ tool: string; args: Record<string, unknown> }>;
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-proxy-"));
    const file = join(dir, "notes-server.mjs");
    writeFileSync(file, UPSTREAM);
    proxy = await startProxy({ command: process.execPath, args: [file] });
    const config = configOf({ user: '[params.create_note]\ntext = "body"\n' });
    conn = await connectInMemory({
      toolsets: [{ name: "proxy", description: "mirrored", tools: proxy.tools }],
      config,
      middleware: createRouterMiddleware,
    });
  });
  afterAll(async () => {
    await conn?.close();
    await proxy?.close();
  });

  it("mirrors the upstream tools with their schemas and annotations", async () => {
    expect(proxy.upstream).toEqual({ name: "notes", version: "1.2.3" });
    const listed = await conn.client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(["create_note", "delete_note", "received_calls", "fail_always"]);
    const del = listed.tools.find((t) => t.name === "delete_note");
    expect(del?.annotations?.destructiveHint).toBe(true);
    expect(del?.inputSchema.required).toEqual(["id"]);
  });

  it("a misspelled tool name and an aliased parameter arrive corrected upstream", async () => {
    const r = (await conn.client.callTool({ name: "create_nte", arguments: { title: "t1", text: "hello" } })) as Loose;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.created).toBe("t1");
    expect(r.structuredContent.did_you_mean.corrections.map((c: Loose) => [c.parameter, c.corrected])).toEqual([
      ["name", "create_note"],
      ["text", "body"],
    ]);
    expect(await received()).toContainEqual({ tool: "create_note", args: { title: "t1", body: "hello" } });
  });

  it("a misspelled destructive tool is refused with likely_fix and never reaches the server", async () => {
    const r = (await conn.client.callTool({ name: "delete_not", arguments: { id: 7 } })) as Loose;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      error_type: "unknown_tool",
      likely_fix: { name: "delete_note", arguments: { id: 7 } },
      blocked_reason: "destructive",
    });
    expect((await received()).some((c) => c.tool === "delete_note")).toBe(false);
    const confirmed = (await conn.client.callTool({ name: "delete_note", arguments: { id: "7" } })) as Loose;
    expect(confirmed.isError).toBeFalsy();
    expect((await received()).filter((c) => c.tool === "delete_note")).toEqual([
      { tool: "delete_note", args: { id: 7 } },
    ]);
  });

  it("upstream errors stay isError results; unknown parameters are caught before the server", async () => {
    const fail = (await conn.client.callTool({ name: "fail_always", arguments: {} })) as Loose;
    expect(fail.isError).toBe(true);
    expect(fail.structuredContent).toMatchObject({ error_type: "upstream_error", error: "upstream says no" });
    const extra = (await conn.client.callTool({
      name: "create_note",
      arguments: { title: "x", body: "y", colour: "red" },
    })) as Loose;
    expect(extra.structuredContent).toMatchObject({ error_type: "unknown_parameter", parameter: "colour" });
  });
});

describe("JSON Schema → zod", () => {
  it("keeps required, types and enums; unknown shapes accept any value", () => {
    const schema = zodObjectFromJsonSchema({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "string", enum: ["x", "y"] }, c: { not: {} } },
      required: ["a"],
    });
    expect(schema.safeParse({ a: 1, b: "x" }).success).toBe(true);
    expect(schema.safeParse({ b: "x" }).success).toBe(false);
    expect(schema.safeParse({ a: 1, b: "z" }).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(["a", "b", "c"]);
  });
});
