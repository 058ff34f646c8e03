/**
 * Every result dwim sends passes the strictest mainstream client: the v1 TypeScript SDK's Client, which checks
 * structuredContent against the listed outputSchema on error results too (Gemini CLI and many agents are built on
 * it), and the v2 Client in both protocol eras, over stdio and Streamable HTTP. Every tool's success and error paths
 * run through each; no call may turn into a protocol error (docs/clients.md, "Results every client accepts").
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { StreamableHTTPClientTransport as V2HttpTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport as V2StdioTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/index.js";
import { closeAllStores } from "../../src/memory/index.js";
import { configSectionsOf, createApp } from "../../src/server/app.js";
import { serveHttp } from "../../src/server/http.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { clientFor, MODERN_VERSION } from "../helpers/mcp.js";
import { ERROR_SAMPLES, SAMPLES } from "../helpers/tool-samples.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");

/** What the test needs of either SDK's client. */
interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string; outputSchema?: unknown }> }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

type Sdk = "v1" | "v2-2025" | "v2-2026";
type Transport = "stdio" | "http";

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "dwim-strict-"));
  writeFileSync(join(dir, "notes.txt"), "alpha\nbeta parse config\ngamma\n");
  return dir;
}

function stdioParams(dir: string) {
  return {
    command: process.execPath,
    args: [MAIN, "serve", "--project", dir],
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_STATE_HOME: join(dir, "state"), DWIM_LOG: "0" },
    stderr: "pipe" as const,
  };
}

/** A client of `sdk` connected to a dwim server over `transport`, serving every toolset in `dir`. */
async function connect(
  sdk: Sdk,
  transport: Transport,
  dir: string,
): Promise<{ client: AnyClient; stop(): Promise<void> }> {
  let url: URL | undefined;
  let stopServer: () => Promise<void> = async () => undefined;
  if (transport === "http") {
    const env = { DWIM_LOG: "0" };
    const config = loadConfig({ userFile: null, projectFile: null, env, sections: configSectionsOf(TOOLSETS) });
    const handle = await serveHttp(createApp({ toolsets: TOOLSETS, env, config, cwd: dir, project: dir }), {
      host: "127.0.0.1",
      port: 0,
    });
    url = new URL(handle.url);
    stopServer = () => handle.close();
  }
  if (sdk === "v1") {
    const client = new V1Client({ name: "strict-v1", version: "0.0.0" });
    await client.connect(url ? new V1HttpTransport(url) : new V1StdioTransport(stdioParams(dir)));
    const stop = async () => {
      await client.close();
      await stopServer();
    };
    return { client: client as unknown as AnyClient, stop };
  }
  const client = clientFor("strict-v2", sdk === "v2-2026" ? MODERN_VERSION : "2025-11-25");
  await client.connect(url ? new V2HttpTransport(url) : new V2StdioTransport(stdioParams(dir)));
  const stop = async () => {
    await client.close();
    await stopServer();
  };
  return { client: client as unknown as AnyClient, stop };
}

const COMBINATIONS: Array<[Sdk, Transport]> = [
  ["v1", "stdio"],
  ["v1", "http"],
  ["v2-2025", "stdio"],
  ["v2-2025", "http"],
  ["v2-2026", "stdio"],
  ["v2-2026", "http"],
];

describe.each(COMBINATIONS)("the %s client over %s", (sdk, transport) => {
  afterAll(async () => {
    await closeAllStores();
  });

  it("gets every tool's successes and errors as results, never a protocol error", async () => {
    const { client, stop } = await connect(sdk, transport, project());
    try {
      const { tools } = await client.listTools();
      // the client validates against these (the v1 client only for tools it has listed)
      expect(tools.filter((t) => t.outputSchema === undefined).map((t) => t.name)).toEqual([]);
      // 2026-07-28 over HTTP has no sessions: a unit defined by one request is gone for the next
      const stateless = sdk === "v2-2026" && transport === "http";
      for (const [name, args] of SAMPLES) {
        const result = await client.callTool({ name, arguments: args });
        const sessionBound = stateless && name === "define_conversion";
        expect(result.isError === true, `${name} ${JSON.stringify(result.structuredContent)}`).toBe(sessionBound);
      }
      for (const [name, args] of ERROR_SAMPLES) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, name).toBe(true);
        expect((result.structuredContent as { error_type?: unknown }).error_type, name).toEqual(expect.any(String));
        expect((result.content as Array<{ text: string }>)[0].text, name).toMatch(/^Error \(/u);
      }
    } finally {
      await stop();
    }
    // about 60 calls through a real server: minutes on a loaded 2-core machine, seconds on a quiet one
  }, 240_000);
});
