/**
 * Tool search in the proxy, through the MCP client, in front of the reference filesystem and memory servers (from
 * npm): the client lists search_tools, call_tool and the pinned tools only; search returns the best tools with the
 * input schemas their servers list; call_tool runs one with the usual recovery, and a tool that may write never on
 * a guess. Off by default.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, proxySection, sectionOf } from "../../src/core/config.js";
import { buildCatalog, planMetaCall, type Upstream } from "../../src/proxy/index.js";
import { ROUTER_CONFIG_SECTIONS } from "../../src/router/config.js";
import type { Loose } from "../router/helpers.js";
import {
  connectDirect,
  connectToProxy,
  FILESYSTEM,
  MEMORY,
  nodeUpstream,
  type Proxied,
  startTestProxy,
} from "./helpers.js";

/** The lexical lane alone: a search answers at once and the same way on every machine. */
const lexicalConfig = () =>
  loadConfig({
    userFile: null,
    projectFile: null,
    env: { DWIM_LOG: "0", DWIM_ROUTER_EMBEDDINGS: "none" },
    sections: [...ROUTER_CONFIG_SECTIONS],
  });

describe("tool search (filesystem and memory servers behind the proxy)", () => {
  let proxied: Proxied;
  let client: Client;
  let dir: string;
  let memoryFile: string;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as Loose;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dwim-tool-search-"));
    writeFileSync(join(dir, "notes.txt"), "tool search works\n");
    memoryFile = join(dir, "graph.jsonl");
    proxied = await startTestProxy(
      [nodeUpstream("fs", FILESYSTEM, [dir]), nodeUpstream("memory", MEMORY, [], { MEMORY_FILE_PATH: memoryFile })],
      { config: lexicalConfig(), toolSearch: { pinned: ["read_graph", "no_such_tool"] } },
    );
    client = await connectToProxy(proxied.proxy);
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("lists search_tools, call_tool and the pinned tool instead of every tool, and says which pin names nothing", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["search_tools", "call_tool", "read_graph"]);
    expect(proxied.proxy.gateway.catalog.tools.length).toBeGreaterThan(20);
    expect(tools[0].inputSchema.required).toEqual(["query"]);
    expect(proxied.logs.some((l) => l.includes("no_such_tool"))).toBe(true);
  });

  it("search returns the best tools with the input schemas their servers list", async () => {
    const r = await call("search_tools", { query: "remove entities from the knowledge graph", limit: 3 });
    expect(r.isError).toBeFalsy();
    const found = r.structuredContent.tools as Loose[];
    expect(found).toHaveLength(3);
    expect(found.map((t) => t.name)).toContain("delete_entities");
    const direct = await connectDirect(nodeUpstream("memory", MEMORY, [], { MEMORY_FILE_PATH: memoryFile }));
    try {
      const listed = (await direct.listTools()).tools.find((t) => t.name === "delete_entities");
      expect(found.find((t) => t.name === "delete_entities")?.inputSchema).toEqual(listed?.inputSchema);
    } finally {
      await direct.close();
    }
    expect(r.structuredContent.total).toBe(proxied.proxy.gateway.catalog.tools.length);
    expect(JSON.parse(r.content[0].text).tools).toHaveLength(3);
  });

  it("search ranks a plain request's tool first", async () => {
    const r = await call("search_tools", { query: "show the contents of a text file" });
    const names = (r.structuredContent.tools as Loose[]).map((t) => t.name);
    expect(names).toHaveLength(5);
    expect(names.slice(0, 3)).toContain("read_text_file");
  });

  it("call_tool runs a tool by name and returns the upstream's result", async () => {
    const r = await call("call_tool", { name: "read_text_file", arguments: { path: join(dir, "notes.txt") } });
    expect(r.isError).toBeFalsy();
    expect(r.content[0].text).toContain("tool search works");
  });

  it("call_tool corrects a read-only tool's slip and says so", async () => {
    const r = await call("call_tool", { name: "list_allowed_directory", arguments: {} });
    expect(r.isError).toBeFalsy();
    expect(r.content[0].text).toContain(dir);
    expect(r._meta["dwim/did_you_mean"].corrections[0]).toMatchObject({
      parameter: "name",
      original: "list_allowed_directory",
      corrected: "list_allowed_directories",
    });
  });

  it("call_tool never runs a tool that may write on a guess: a typo of delete_entities deletes nothing", async () => {
    await call("call_tool", {
      name: "create_entities",
      arguments: { entities: [{ name: "Alice", entityType: "person", observations: [] }] },
    });
    const r = await call("call_tool", { name: "delete_entites", arguments: { entityNames: ["Alice"] } });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      error_type: "unknown_tool",
      blocked_reason: "destructive",
      likely_fix: { name: "delete_entities", arguments: { entityNames: ["Alice"] } },
    });
    expect(readFileSync(memoryFile, "utf8")).toContain('"name":"Alice"');
  });

  it("a pinned tool and an unlisted one are called by their own names too", async () => {
    const graph = await call("read_graph", {});
    expect(graph.isError).toBeFalsy();
    const listed = await call("list_allowed_directories", {});
    expect(listed.content[0].text).toContain(dir);
  });

  it("the two tools' own parameters are recovered and reported: q for query, args for arguments", async () => {
    const r = await call("search_tools", { q: "directory tree", limit: 2 });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.did_you_mean.corrections[0]).toMatchObject({ original: "q", corrected: "query" });
    const c = await call("call_tool", { tool: "read_text_file", args: { path: join(dir, "notes.txt") } });
    expect(c.isError).toBeFalsy();
    expect(c.content[0].text).toContain("tool search works");
  });

  it("a search without a query is a structured error naming the parameter", async () => {
    const r = await call("search_tools", { limit: 3 });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ parameter: "query" });
    expect(typeof r.structuredContent.error_type).toBe("string");
  });

  it("a limit out of range is refused with the bound as likely_fix", async () => {
    const r = await call("search_tools", { query: "read a file", limit: 500 });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ parameter: "limit" });
  });
});

describe("tool search is off by default", () => {
  it("without it the client lists every upstream tool", async () => {
    const proxied = await startTestProxy([nodeUpstream("memory", MEMORY, [], { MEMORY_FILE_PATH: "/dev/null" })], {
      config: lexicalConfig(),
    });
    const client = await connectToProxy(proxied.proxy);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("read_graph");
      expect(names).not.toContain("search_tools");
    } finally {
      await client.close();
      await proxied.close();
    }
  });

  it("[proxy] tool_search and pinned are read from dwim.toml and the environment", () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-tool-search-config-"));
    const file = join(dir, "dwim.toml");
    writeFileSync(file, '[proxy]\ntool_search = true\npinned = ["read_graph"]\n');
    const fromFile = loadConfig({ userFile: file, projectFile: null, env: {} });
    expect(sectionOf(fromFile, proxySection)).toEqual({ tool_search: true, pinned: ["read_graph"] });
    const byDefault = loadConfig({ userFile: null, projectFile: null, env: {} });
    expect(sectionOf(byDefault, proxySection).tool_search).toBe(false);
    const fromEnv = loadConfig({ userFile: null, projectFile: null, env: { DWIM_PROXY_TOOL_SEARCH: "1" } });
    expect(sectionOf(fromEnv, proxySection).tool_search).toBe(true);
  });
});

describe("which calls are the two tools'", () => {
  const upstream = {
    name: "other",
    spec: { name: "other" },
    tools: [{ name: "search_tool", inputSchema: { type: "object" } }],
  } as unknown as Upstream;
  const catalog = buildCatalog(undefined, [upstream]);

  it("a served tool's exact name is that tool, however close to search_tools; a slip of the two is theirs", () => {
    expect(planMetaCall(catalog, lexicalConfig(), "search_tool", {})).toBeUndefined();
    expect(planMetaCall(catalog, lexicalConfig(), "Search_Tools", { query: "x" })).toMatchObject({
      kind: "search",
      query: "x",
      limit: 5,
    });
    expect(planMetaCall(catalog, lexicalConfig(), "read_file", {})).toBeUndefined();
  });
});
