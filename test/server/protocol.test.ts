/**
 * Clients speaking the current protocol revision (2026-07-28: no handshake, a `_meta` envelope on every
 * request) and clients speaking each 2025 revision (initialize handshake) list and call dwim's tools over stdio,
 * Streamable HTTP and in memory. Each client is the SDK's real Client, pinned to exactly one version.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/index.js";
import type { HttpHandle } from "../../src/server/http.js";
import {
  clientFor,
  connectInMemory,
  MODERN_VERSION,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
  serveHttpForTest,
} from "../helpers/mcp.js";
import { testingToolset } from "../helpers/tools.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");

/** The client negotiated exactly `version`, in the era that version belongs to. */
function expectSpeaks(client: Client, version: ProtocolVersion): void {
  expect(client.getNegotiatedProtocolVersion()).toBe(version);
  expect(client.getProtocolEra()).toBe(version === MODERN_VERSION ? "modern" : "legacy");
}

/** Lists the testing toolset, runs a call the router corrects, and a call that fails as an isError result. */
async function exerciseTestingTools(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(["echo_search", "always_fails", "delete_item"]);
  const fixed = await client.callTool({ name: "echo_search", arguments: { fuzy_filter: "a" } });
  expect(fixed.isError).toBeFalsy();
  expect(fixed.structuredContent).toMatchObject({
    echoed: { fuzzy_filter: "a" },
    did_you_mean: { corrections: [{ parameter: "fuzy_filter", corrected: "fuzzy_filter" }] },
  });
  const unknown = await client.callTool({ name: "no_such_tool", arguments: {} });
  expect(unknown.isError).toBe(true);
  expect((unknown.structuredContent as ErrorPayload).error_type).toBe("unknown_tool");
}

describe.each(PROTOCOL_VERSIONS)("a client speaking %s", (version) => {
  it("lists and calls tools in memory", async () => {
    const conn = await connectInMemory({ toolsets: [testingToolset], protocol: version });
    try {
      expectSpeaks(conn.client, version);
      await exerciseTestingTools(conn.client);
    } finally {
      await conn.close();
    }
  });

  describe("over Streamable HTTP", () => {
    let handle: HttpHandle;
    beforeAll(async () => {
      handle = await serveHttpForTest([testingToolset]);
    });
    afterAll(async () => {
      await handle.close();
    });

    it("lists and calls tools, with a session only on the 2025 revisions", async () => {
      const client = clientFor("http-era-test", version);
      await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
      try {
        expectSpeaks(client, version);
        await exerciseTestingTools(client);
        // 2026-07-28 is stateless: no MCP session is kept for it; a 2025 client holds exactly one.
        expect(handle.sessions()).toBe(version === MODERN_VERSION ? 0 : 1);
      } finally {
        await client.close();
      }
    });
  });

  it("lists and calls the real server's tools over stdio", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-era-"));
    writeFileSync(join(dir, "notes.txt"), "alpha\nbeta\n");
    const client = clientFor("stdio-era-test", version);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [MAIN, "serve"],
        cwd: dir,
        env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_STATE_HOME: join(dir, "state"), DWIM_LOG: "0" },
        stderr: "pipe",
      }),
    );
    try {
      expectSpeaks(client, version);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("read_file");
      const r = await client.callTool({ name: "read_fiel", arguments: { pth: "notes.txt" } });
      expect(r.isError).toBeFalsy();
      expect(JSON.stringify(r.structuredContent)).toContain("beta");
      const bad = await client.callTool({ name: "read_file", arguments: { path: 42 } });
      expect(bad.isError).toBe(true);
      expect((bad.structuredContent as ErrorPayload).error_type).toBe("invalid_arguments");
    } finally {
      await client.close();
    }
  });
});

describe("a client that negotiates (mode auto)", () => {
  it("settles on 2026-07-28 with dwim over HTTP", async () => {
    const handle = await serveHttpForTest([testingToolset]);
    const client = new Client({ name: "auto", version: "0" }, { versionNegotiation: { mode: "auto" } });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
      expectSpeaks(client, MODERN_VERSION);
      await exerciseTestingTools(client);
    } finally {
      await client.close();
      await handle.close();
    }
  });
});
