import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/index.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");
const SDK = (p: string) =>
  pathToFileURL(resolve(__dirname, "../../node_modules/@modelcontextprotocol/server/dist", p)).href;
const ZOD = pathToFileURL(resolve(__dirname, "../../node_modules/zod/index.js")).href;

/** A plain MCP server that knows nothing of dwim; it logs every call it executes. */
function upstreamSource(log: string): string {
  return `
import { appendFileSync } from "node:fs";
import { McpServer } from ${JSON.stringify(SDK("index.mjs"))};
import { serveStdio } from ${JSON.stringify(SDK("stdio.mjs"))};
import { z } from ${JSON.stringify(ZOD)};
const log = (line) => appendFileSync(${JSON.stringify(log)}, line + "\\n");
serveStdio(() => {
  const server = new McpServer({ name: "upstream", version: "1.2.3" });
  server.registerTool("read_notes", {
    description: "Read notes of a file",
    inputSchema: z.object({ path: z.string(), limit: z.number().optional() }),
  }, async ({ path, limit }) => { log("read_notes " + path + " " + limit); return { content: [{ type: "text", text: "notes of " + path }] }; });
  server.registerTool("delete_notes", {
    description: "Delete the notes of a file",
    inputSchema: z.object({ path: z.string() }),
    annotations: { destructiveHint: true },
  }, async ({ path }) => { log("delete_notes " + path); return { content: [{ type: "text", text: "deleted " + path }] }; });
  return server;
});
`;
}

describe("dwim proxy -- <command>", () => {
  let dir: string;
  let log: string;
  let client: Client;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dwim-proxy-"));
    log = join(dir, "calls.log");
    writeFileSync(join(dir, "upstream.mjs"), upstreamSource(log));
    // A foreign tool declares no parameter aliases; the project's dwim.toml adds one.
    mkdirSync(join(dir, ".dwim"));
    writeFileSync(join(dir, ".dwim", "dwim.toml"), '[params.read_notes]\nfile_path = "path"\n');
    client = new Client({ name: "proxy-test", version: "0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [MAIN, "proxy", "--", process.execPath, join(dir, "upstream.mjs")],
        cwd: dir,
        env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_STATE_HOME: join(dir, "state"), DWIM_LOG: "0" },
        stderr: "pipe",
      }),
    );
  });
  afterAll(async () => {
    await client.close();
  });

  it("mirrors the upstream tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["delete_notes", "read_notes"]);
  });

  it("delivers a correct call after a misspelled tool name and an aliased parameter", async () => {
    const r = await client.callTool({ name: "raed_notes", arguments: { file_path: "a.txt", limt: 3 } });
    expect(r.isError).toBeFalsy();
    const dym = (
      r.structuredContent as { did_you_mean: { corrections: Array<{ parameter: string; corrected: string }> } }
    ).did_you_mean;
    expect(dym.corrections.map((c) => c.corrected)).toEqual(["read_notes", "path", "limit"]);
    expect(readFileSync(log, "utf8")).toContain("read_notes a.txt 3");
  });

  it("refuses a misspelled destructive tool with likely_fix and does not execute it", async () => {
    const r = await client.callTool({ name: "delte_notes", arguments: { path: "a.txt" } });
    expect(r.isError).toBe(true);
    const e = r.structuredContent as ErrorPayload;
    expect(e.error_type).toBe("unknown_tool");
    expect(e.likely_fix).toEqual({ name: "delete_notes", arguments: { path: "a.txt" } });
    const calls = existsSync(log) ? readFileSync(log, "utf8") : "";
    expect(calls).not.toContain("delete_notes");
  });
});
