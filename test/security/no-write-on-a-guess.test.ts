/**
 * A tool that is not read-only is never run on a guess, dwim's own included: a corrected tool name or a renamed
 * parameter makes the call an error whose likely_fix is the exact corrected call; nothing is written, deleted or
 * purged until that call is re-issued. Read-only tools are still corrected, and declared aliases still apply. Each
 * reproduction goes through the SDK client over MCP (in memory, and through `dwim proxy --tools`).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolset as edit } from "../../src/edit/index.js";
import { toolset as memory } from "../../src/memory/index.js";
import { createApp } from "../../src/server/app.js";
import { toMcpTool } from "../../src/server/mcp.js";
import { toolset as units } from "../../src/units/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { connectToProxy, FIXTURE, nodeUpstream, type Proxied, startTestProxy, testConfig } from "../proxy/helpers.js";
import type { Loose } from "../router/helpers.js";

type Result = { isError: boolean; s: Loose };

function caller(client: Client) {
  return async (name: string, args: Record<string, unknown>): Promise<Result> => {
    const r = await client.callTool({ name, arguments: args });
    return { isError: r.isError === true, s: r.structuredContent as Loose };
  };
}

describe("dwim's own tools over MCP", () => {
  let c: Connected;
  let call: (name: string, args: Record<string, unknown>) => Promise<Result>;
  let dir: string;
  let file: string;
  let memoryId: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dwim-guess-"));
    file = join(dir, "notes.txt");
    writeFileSync(file, "alpha\nbeta\n");
    c = await connectInMemory({ toolsets: [edit, memory, units], cwd: dir, env: { DWIM_MEMORY_EMBEDDINGS: "hash" } });
    call = caller(c.client);
    const remembered = await call("remember", { content: "Keep this decision", category: "decision" });
    expect(remembered.isError).toBe(false);
    memoryId = remembered.s.memory_id;
  });
  afterAll(async () => {
    await c?.close();
  });

  const stillThere = async () => {
    const r = await call("recall", { topic: "Keep this decision" });
    return JSON.stringify(r.s).includes("Keep this decision");
  };

  it('forget {"memory_id", "purg": true} is refused with the exact call as likely_fix, and purges nothing', async () => {
    const r = await call("forget", { memory_id: memoryId, purg: true });
    expect(r.isError).toBe(true);
    expect(r.s).toMatchObject({
      error_type: "unknown_parameter",
      parameter: "purg",
      blocked_reason: "destructive",
      likely_fix: { name: "forget", arguments: { memory_id: memoryId, purge: true } },
    });
    expect(r.s.hints[0]).toContain("'forget' may be destructive");
    expect(await stillThere()).toBe(true);
  });

  it('forget {"memoryid"} is refused and forgets nothing', async () => {
    const r = await call("forget", { memoryid: memoryId });
    expect(r.s).toMatchObject({
      error_type: "unknown_parameter",
      likely_fix: { name: "forget", arguments: { memory_id: memoryId } },
    });
    expect(await stillThere()).toBe(true);
  });

  it('edit_file {"pth"} and {"old_sr"} are refused and leave the file as it was', async () => {
    const pth = await call("edit_file", { pth: file, old_str: "alpha", new_str: "gamma" });
    expect(pth.s).toMatchObject({
      error_type: "unknown_parameter",
      parameter: "pth",
      likely_fix: { name: "edit_file", arguments: { path: file, old_str: "alpha", new_str: "gamma" } },
    });
    const oldSr = await call("edit_file", { path: file, old_sr: "alpha", new_str: "gamma" });
    expect(oldSr.s).toMatchObject({
      error_type: "unknown_parameter",
      parameter: "old_sr",
      likely_fix: { name: "edit_file", arguments: { path: file, old_str: "alpha", new_str: "gamma" } },
    });
    expect(readFileSync(file, "utf8")).toBe("alpha\nbeta\n");
  });

  it("a misspelt name of a tool that writes is refused with likely_fix, though the tool is not destructive", async () => {
    const r = await call("remeber", { content: "Written on a guess", category: "decision" });
    expect(r.s).toMatchObject({
      error_type: "unknown_tool",
      blocked_reason: "not_read_only",
      likely_fix: { name: "remember", arguments: { content: "Written on a guess", category: "decision" } },
    });
    expect(r.s.hints[0]).toContain("'remember' is not read-only");
    const units = await call("define_unit", { nam: "smoot", dimension: "length" });
    expect(units.s).toMatchObject({ error_type: "unknown_parameter", blocked_reason: "not_read_only" });
  });

  it("the likely_fix, re-issued as given, runs", async () => {
    const refused = await call("edit_file", { pth: file, old_str: "beta", new_str: "delta" });
    const fix = refused.s.likely_fix as { name: string; arguments: Record<string, unknown> };
    const r = await call(fix.name, fix.arguments);
    expect(r.isError).toBe(false);
    expect(readFileSync(file, "utf8")).toBe("alpha\ndelta\n");
  });

  it("read-only tools are still corrected, and a declared alias of a writing tool still runs", async () => {
    const read = await call("read_fil", { pth: file });
    expect(read.isError).toBe(false);
    expect(read.s.did_you_mean.corrections.map((x: Loose) => x.corrected)).toEqual(["read_file", "path"]);
    const converted = await call("convert", { valeu: 1, from: "km", to: "m" });
    expect(converted.isError).toBe(false);
    const aliased = await call("str_replace", { path: file, old_str: "delta", new_str: "epsilon" });
    expect(aliased.isError).toBe(false);
    expect(readFileSync(file, "utf8")).toBe("alpha\nepsilon\n");
  });
});

describe("dwim's own tools and upstream tools through the proxy share the rule", () => {
  let proxied: Proxied;
  let call: (name: string, args: Record<string, unknown>) => Promise<Result>;
  let client: Client;
  let dir: string;
  let log: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dwim-guess-proxy-"));
    log = join(dir, "calls.log");
    writeFileSync(join(dir, "notes.txt"), "alpha\n");
    const app = createApp({ toolsets: [edit], cwd: dir, config: testConfig() });
    proxied = await startTestProxy([nodeUpstream("fixture", FIXTURE, [], { FIXTURE_LOG: log })], {
      own: {
        tools: app.registry.tools,
        list: toMcpTool,
        run: async () => {
          throw new Error("a refused call must not run");
        },
      },
    });
    client = await connectToProxy(proxied.proxy);
    call = caller(client);
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("edit_file {pth} is refused by the proxy as by dwim serve", async () => {
    const r = await call("edit_file", { pth: join(dir, "notes.txt"), old_str: "alpha", new_str: "beta" });
    expect(r.s).toMatchObject({ error_type: "unknown_parameter", parameter: "pth", blocked_reason: "destructive" });
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("alpha\n");
  });

  it("an upstream tool without annotations is refused on a renamed parameter and runs nothing", async () => {
    const r = await call("purge_records", { recordIds: ["r1"] });
    expect(r.s).toMatchObject({
      error_type: "unknown_parameter",
      likely_fix: { name: "purge_records", arguments: { record_ids: ["r1"] } },
    });
    let calls = "";
    try {
      calls = readFileSync(log, "utf8");
    } catch {}
    expect(calls).not.toContain("purge_records");
  });
});
