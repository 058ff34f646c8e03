/**
 * A destructive tool is never reached by a guess. In front of the official memory server (from
 * npm), `deleteEntities`, `DELETE_ENTITY`, `delete-entity` and a typo are refused with likely_fix and delete
 * nothing; so is the right name with a parameter name that needed correcting. A tool without annotations counts as
 * destructive (MCP's defaults: readOnlyHint false, destructiveHint true).
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as V1InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DID_YOU_MEAN_META_KEY, isDestructive } from "../../src/proxy/index.js";
import type { Loose } from "../router/helpers.js";
import { connectToProxy, FIXTURE, MEMORY, nodeUpstream, type Proxied, startTestProxy } from "./helpers.js";

describe("destructive tools behind the proxy (server-memory)", () => {
  let proxied: Proxied;
  let client: Client;
  let memoryFile: string;
  let log: string;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as Loose;
  const names = async () => ((await call("read_graph", {})).structuredContent.entities as Loose[]).map((e) => e.name);

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-proxy-memory-"));
    memoryFile = join(dir, "graph.jsonl");
    log = join(dir, "calls.log");
    // MEMORY_FILE_PATH comes from the user's environment, as it would for a server started by an MCP client.
    proxied = await startTestProxy(
      [nodeUpstream("memory", MEMORY), nodeUpstream("fixture", FIXTURE, [], { FIXTURE_LOG: log })],
      { env: { ...process.env, MEMORY_FILE_PATH: memoryFile } },
    );
    client = await connectToProxy(proxied.proxy);
    const created = await call("create_entities", {
      entities: [
        { name: "Alice", entityType: "person", observations: ["likes tea"] },
        { name: "Bob", entityType: "person", observations: [] },
      ],
    });
    expect(created.isError).toBeFalsy();
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("the upstream got the user's environment: the graph is written where MEMORY_FILE_PATH says", () => {
    expect(readFileSync(memoryFile, "utf8")).toContain('"name":"Alice"');
  });

  for (const guess of ["deleteEntities", "DELETE_ENTITY", "delete-entity", "delete_entites", "Delete Entities"]) {
    it(`'${guess}' is refused with likely_fix and deletes nothing`, async () => {
      const r = await call(guess, { entityNames: ["Alice"] });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({
        error_type: "unknown_tool",
        blocked_reason: "destructive",
        likely_fix: { name: "delete_entities", arguments: { entityNames: ["Alice"] } },
      });
      expect(await names()).toContain("Alice");
    });
  }

  it("the right name with a parameter name that needed correcting is refused too", async () => {
    for (const key of ["entity_names", "EntityNames", "entityName"]) {
      const r = await call("delete_entities", { [key]: ["Alice"] });
      expect(r.isError).toBe(true);
      // delete_entities declares an outputSchema that dwim's error shape does not fit: the refusal is text only,
      // so that a client checking structuredContent against it (the v1 SDK) still gets the result
      expect(r.structuredContent).toBeUndefined();
      const text = r.content[0].text as string;
      expect(text).toContain("Error (unknown_parameter)");
      expect(text).toContain(`parameter: ${key}`);
      expect(text).toContain('likely_fix: {"name":"delete_entities","arguments":{"entityNames":["Alice"]}}');
    }
    expect(await names()).toContain("Alice");
  });

  it("a refusal reaches a v1 SDK client as a result, not a protocol error", async () => {
    const [clientSide, serverSide] = V1InMemoryTransport.createLinkedPair();
    const served = serveStdio(() => proxied.proxy.createServer(), {
      transport: proxied.proxy.watchTransport(
        serverSide as unknown as Parameters<typeof proxied.proxy.watchTransport>[0],
      ),
    });
    const v1 = new V1Client({ name: "v1", version: "0.0.0" });
    await v1.connect(clientSide);
    try {
      await v1.listTools();
      const r = await v1.callTool({ name: "delete_entities", arguments: { entity_names: ["Alice"] } });
      expect(r.isError).toBe(true);
    } finally {
      await v1.close();
      await served.close();
    }
    expect(await names()).toContain("Alice");
  });

  it("the likely_fix, re-issued as given, runs", async () => {
    const refused = await call("deleteEntities", { entityNames: ["Bob"] });
    // an unknown name: no listed outputSchema applies, so the refusal keeps its structuredContent
    const fix = refused.structuredContent.likely_fix as { name: string; arguments: Record<string, unknown> };
    const r = await call(fix.name, fix.arguments);
    expect(r.isError).toBeFalsy();
    expect(await names()).toEqual(["Alice"]);
  });

  it("a tool that writes is refused on a guess even when declared non-destructive; read-only tools are corrected", async () => {
    const carol = { entities: [{ name: "Carol", entityType: "person", observations: [] }] };
    const refused = await call("createEntity", carol);
    expect(refused.structuredContent).toMatchObject({
      error_type: "unknown_tool",
      blocked_reason: "not_read_only",
      likely_fix: { name: "create_entities", arguments: carol },
    });
    expect(await names()).not.toContain("Carol");
    const read = await call("readGraph", {});
    expect(read.isError).toBeFalsy();
    expect(read._meta[DID_YOU_MEAN_META_KEY].corrections[0]).toMatchObject({
      original: "readGraph",
      corrected: "read_graph",
    });
  });

  it("a tool without annotations is treated as destructive (MCP defaults)", async () => {
    const r = await call("purgeRecords", { record_ids: ["r1"] });
    expect(r.structuredContent).toMatchObject({ error_type: "unknown_tool", blocked_reason: "destructive" });
    expect(r.structuredContent.hints[0]).toContain("may be destructive");
    const typo = await call("purge_record", { record_ids: ["r1"] });
    expect(typo.structuredContent).toMatchObject({ likely_fix: { name: "purge_records" } });
    let calls = "";
    try {
      calls = readFileSync(log, "utf8");
    } catch {}
    expect(calls).not.toContain("purge_records");
  });
});

describe("isDestructive: the MCP annotation defaults", () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ readOnlyHint: true }, false],
    [{ readOnlyHint: true, destructiveHint: true }, false],
    [{ readOnlyHint: false }, true],
    [{ destructiveHint: false }, false],
    [{ readOnlyHint: false, destructiveHint: true }, true],
  ])("%j → %s", (annotations, expected) => {
    expect(isDestructive(annotations)).toBe(expected);
  });
});
