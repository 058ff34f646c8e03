/**
 * dwim/client around both SDK generations' `Client` (v1 `@modelcontextprotocol/sdk`, v2 `@modelcontextprotocol/client`),
 * connected over stdio to the MCP reference servers installed from npm: a misspelled name or key is corrected against
 * the server's tools/list before the request goes out, or answered with a likely_fix and never sent; results are the
 * server's own (docs/adapters.md, "MCP client").
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CorrectionReport, type RefusalReport, withDwim } from "../../src/adapters/client.js";
import { EVERYTHING, FILESYSTEM, MEMORY } from "../proxy/helpers.js";

interface AnyClient {
  listTools(params?: { cursor?: string }): Promise<{ tools: Array<{ name: string }>; nextCursor?: string }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

const GENERATIONS = {
  v1: async (args: string[], env: Record<string, string>): Promise<AnyClient> => {
    const client = new ClientV1({ name: "dwim-client-test", version: "0.0.0" });
    const stderr = "ignore";
    await client.connect(new StdioV1({ command: process.execPath, args, env: { ...processEnv(), ...env }, stderr }));
    return client as unknown as AnyClient;
  },
  v2: async (args: string[], env: Record<string, string>): Promise<AnyClient> => {
    const client = new ClientV2({ name: "dwim-client-test", version: "0.0.0" });
    const stderr = "ignore";
    await client.connect(new StdioV2({ command: process.execPath, args, env: { ...processEnv(), ...env }, stderr }));
    return client as unknown as AnyClient;
  },
};

function processEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}

type Result = { isError?: boolean; content?: Array<{ type: string; text?: string }>; structuredContent?: unknown };

for (const [generation, connect] of Object.entries(GENERATIONS)) {
  describe(`dwim/client around the ${generation} Client`, () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-client-"));
    const memoryFile = join(dir, "memory.jsonl");
    const clients: AnyClient[] = [];
    let everything: AnyClient;
    let plainEverything: AnyClient;
    let memory: AnyClient;
    let files: AnyClient;
    const corrections: CorrectionReport[] = [];
    const refusals: RefusalReport[] = [];
    const report = {
      onCorrection: (r: CorrectionReport) => corrections.push(r),
      onRefusal: (r: RefusalReport) => refusals.push(r),
    };

    beforeAll(async () => {
      writeFileSync(join(dir, "notes.txt"), "hello\n");
      const [e, plain, m, f] = await Promise.all([
        connect([EVERYTHING, "stdio"], {}),
        connect([EVERYTHING, "stdio"], {}),
        connect([MEMORY], { MEMORY_FILE_PATH: memoryFile }),
        connect([FILESYSTEM, dir], {}),
      ]);
      clients.push(e, plain, m, f);
      everything = withDwim(e, report);
      plainEverything = plain;
      memory = withDwim(m, report);
      files = withDwim(f, report);
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
    });

    it("a misspelled tool name is called by its right name; the result is the server's, as a direct call gets it", async () => {
      const before = corrections.length;
      const corrected = await everything.callTool({ name: "get_sum", arguments: { a: 2, b: 3 } });
      const direct = await plainEverything.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } });
      expect(JSON.stringify(corrected)).toBe(JSON.stringify(direct));
      expect(corrections.slice(before)).toEqual([
        expect.objectContaining({
          adapter: "mcp-client",
          original: { name: "get_sum", arguments: { a: 2, b: 3 } },
          corrected: { name: "get-sum", arguments: { a: 2, b: 3 } },
        }),
      ]);
    });

    it("a misspelled argument key and a number sent as a string are corrected", async () => {
      const echoed = (await everything.callTool({ name: "echo", arguments: { mesage: "hi" } })) as Result;
      expect(echoed.isError).not.toBe(true);
      expect(echoed.content?.[0].text).toContain("hi");
      const sum = (await everything.callTool({ name: "get-sum", arguments: { a: "2", b: 3 } })) as Result;
      expect(JSON.stringify(sum)).toBe(
        JSON.stringify(await plainEverything.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } })),
      );
      const types = corrections.at(-1)?.did_you_mean.corrections.map((c) => c.correction_type);
      expect(types).toEqual(["type_coercion"]);
    });

    it("a call that fits goes out exactly as made and is not reported", async () => {
      const before = [corrections.length, refusals.length];
      const args = { message: "as sent" };
      const result = await everything.callTool({ name: "echo", arguments: args });
      expect(JSON.stringify(result)).toBe(
        JSON.stringify(await plainEverything.callTool({ name: "echo", arguments: args })),
      );
      expect([corrections.length, refusals.length]).toEqual(before);
    });

    it("a read-only tool of the memory server is reached through a typo", async () => {
      const result = (await memory.callTool({ name: "search_node", arguments: { query: "nothing" } })) as Result;
      expect(result.isError).not.toBe(true);
      expect(corrections.at(-1)?.corrected.name).toBe("search_nodes");
    });

    it("a destructive tool is never reached by a guess: likely_fix, and nothing is sent", async () => {
      await memory.callTool({
        name: "create_entities",
        arguments: { entities: [{ name: "keep-me", entityType: "test", observations: [] }] },
      });
      const refused = (await memory.callTool({
        name: "delete_entity",
        arguments: { entityNames: ["keep-me"] },
      })) as Result & { structuredContent: Record<string, unknown> };
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({
        error_type: "unknown_tool",
        likely_fix: { name: "delete_entities", arguments: { entityNames: ["keep-me"] } },
        blocked_reason: "destructive",
      });
      expect(refused.content?.[0].text).toContain("likely_fix");
      expect(refusals.at(-1)?.error.likely_fix).toEqual(refused.structuredContent.likely_fix);
      const graph = (await memory.callTool({ name: "read_graph", arguments: {} })) as Result;
      expect(JSON.stringify(graph)).toContain("keep-me");
    });

    it("the filesystem server: reads are corrected, a misspelled write is refused and writes nothing", async () => {
      const read = (await files.callTool({
        name: "read_text_fle",
        arguments: { path: join(dir, "notes.txt") },
      })) as Result;
      expect(read.content?.[0].text).toContain("hello");
      const target = join(dir, "new.txt");
      const write = (await files.callTool({
        name: "write_fle",
        arguments: { path: target, content: "x" },
      })) as Result & { structuredContent: Record<string, unknown> };
      expect(write.isError).toBe(true);
      expect(write.structuredContent.likely_fix).toEqual({
        name: "write_file",
        arguments: { path: target, content: "x" },
      });
      expect(existsSync(target)).toBe(false);
      const renamed = (await files.callTool({
        name: "write_file",
        arguments: { pth: target, content: "x" },
      })) as Result & { structuredContent: Record<string, unknown> };
      expect(renamed.structuredContent).toMatchObject({ error_type: "unknown_parameter" });
      expect(existsSync(target)).toBe(false);
    });

    it("a name dwim has nothing for goes to the server, whose own answer stands", async () => {
      const wrapped = await everything.callTool({ name: "xyzzy_plugh", arguments: {} }).catch((e: Error) => e.message);
      const plain = await plainEverything
        .callTool({ name: "xyzzy_plugh", arguments: {} })
        .catch((e: Error) => e.message);
      expect(JSON.stringify(wrapped)).toBe(JSON.stringify(plain));
    });

    it("every other method is the client's own", async () => {
      const listed = await everything.listTools();
      expect(listed.tools.map((t) => t.name)).toContain("get-sum");
    });
  });
}

describe("dwim/client types", () => {
  it("takes either SDK generation's Client as it is typed and returns the same type", () => {
    const v1: ClientV1 = withDwim(new ClientV1({ name: "typed", version: "0.0.0" }));
    const v2: ClientV2 = withDwim(new ClientV2({ name: "typed", version: "0.0.0" }));
    expect([typeof v1.callTool, typeof v2.callTool, typeof v2.listTools]).toEqual(["function", "function", "function"]);
  });
});
