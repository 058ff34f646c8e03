/**
 * The transports hold: an oversized stdio message is answered (argument_too_large) and logged, the
 * connection stays; HTTP sessions are capped and expire; Origin and Host are validated; binding beyond loopback needs
 * --allow-remote and a bearer token (generated and printed when not given).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/index.js";
import { configSectionsOf, createApp } from "../../src/server/app.js";
import { type HttpHandle, type HttpOptions, serveHttp } from "../../src/server/http.js";
import { RemoteBindError } from "../../src/server/http-access.js";
import { clientFor } from "../helpers/mcp.js";
import { testingToolset } from "../helpers/tools.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");

function sandboxEnv(extra: Record<string, string> = {}): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), "dwim-transport-"));
  return {
    dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_STATE_HOME: join(dir, "state"), DWIM_LOG: "0", ...extra },
  };
}

const handles: HttpHandle[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close();
});

async function serve(options: HttpOptions): Promise<HttpHandle> {
  const env = { DWIM_LOG: "0" };
  const config = loadConfig({ userFile: null, projectFile: null, env, sections: configSectionsOf([testingToolset]) });
  const handle = await serveHttp(createApp({ toolsets: [testingToolset], env, config }), { port: 0, ...options });
  handles.push(handle);
  return handle;
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};

/** A raw HTTP request (node:http lets us set Host and Origin as an attacker would). */
function post(
  port: number,
  body: unknown,
  headers: Record<string, string> = {},
  connectHost = "127.0.0.1",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((ok, fail) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: connectHost,
        port,
        path: "/mcp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => {
          text += d.toString();
        });
        res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", fail);
    req.end(payload);
  });
}

describe("stdio", () => {
  it("answers a message far over the limit with argument_too_large, logs it, and keeps serving", async () => {
    const { dir, env } = sandboxEnv({ DWIM_MAX_ARGUMENT_BYTES: "100000" });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, "serve", "--tools", "units"],
      cwd: dir,
      env,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const client = clientFor("oversized");
    await client.connect(transport);
    try {
      // (100,000 + 1 MiB) × 4 ≈ 4.6 MB is the stdio limit: 6 MB never reaches the tool.
      const huge = client.callTool({
        name: "convert",
        arguments: { value: 1, from_unit: "x".repeat(6_000_000), to_unit: "m" },
      });
      await expect(huge).rejects.toThrow(/argument_too_large/u);
      expect(stderr).toMatch(/dropped a \d+-byte message/u);
      // Over the argument limit but under the stdio limit: the tool's own structured error.
      const big = await client.callTool({
        name: "convert",
        arguments: { value: 1, from_unit: "y".repeat(200_000), to_unit: "m" },
      });
      expect((big.structuredContent as { error_type: string }).error_type).toBe("argument_too_large");
      const ok = await client.callTool({ name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } });
      expect(ok.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});

describe("HTTP sessions", () => {
  it("stay under the cap however many initialize calls arrive; the evicted session gets 404", async () => {
    const handle = await serve({ host: "127.0.0.1", maxSessions: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await post(handle.port, INITIALIZE);
      expect(r.status).toBe(200);
      ids.push(String(r.headers["mcp-session-id"]));
      expect(handle.sessions()).toBeLessThanOrEqual(5);
    }
    expect(handle.sessions()).toBe(5);
    const evicted = await post(
      handle.port,
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { "mcp-session-id": ids[0] },
    );
    expect(evicted.status).toBe(404);
  });

  it("expire when idle", async () => {
    const handle = await serve({ host: "127.0.0.1", idleMs: 150 });
    await post(handle.port, INITIALIZE);
    expect(handle.sessions()).toBe(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(handle.sessions()).toBe(0);
  });
});

describe("HTTP Origin and Host", () => {
  it("refuses a foreign Origin with 403 and accepts a loopback one or none", async () => {
    const handle = await serve({ host: "127.0.0.1" });
    expect((await post(handle.port, INITIALIZE, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(handle.port, INITIALIZE, { origin: "null" })).status).toBe(403);
    expect((await post(handle.port, INITIALIZE, { origin: "http://localhost:5173" })).status).toBe(200);
    expect((await post(handle.port, INITIALIZE)).status).toBe(200);
  });

  it("refuses a rebinding Host on a loopback server", async () => {
    const handle = await serve({ host: "127.0.0.1" });
    expect((await post(handle.port, INITIALIZE, { host: `evil.example:${handle.port}` })).status).toBe(403);
    expect((await post(handle.port, INITIALIZE, { host: `localhost:${handle.port}` })).status).toBe(200);
  });
});

describe("binding beyond loopback", () => {
  it("is refused without allowRemote", async () => {
    await expect(serve({ host: "0.0.0.0" })).rejects.toBeInstanceOf(RemoteBindError);
  });

  it("with allowRemote, generates a token and requires it; Host must be one of the machine's real names", async () => {
    const handle = await serve({ host: "0.0.0.0", allowRemote: true });
    expect(handle.generatedToken).toBe(true);
    expect(handle.token?.length).toBeGreaterThanOrEqual(32);
    const auth = { authorization: `Bearer ${handle.token}` };
    const none = await post(handle.port, INITIALIZE);
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toContain("Bearer");
    expect((await post(handle.port, INITIALIZE, { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await post(handle.port, INITIALIZE, auth)).status).toBe(200);
    expect((await post(handle.port, INITIALIZE, { ...auth, host: `${hostname()}:${handle.port}` })).status).toBe(200);
    expect((await post(handle.port, INITIALIZE, { ...auth, host: `evil.example:${handle.port}` })).status).toBe(403);
  });

  it("keeps a token given on a loopback server", async () => {
    const handle = await serve({ host: "127.0.0.1", token: "s3cret-token-for-tests" });
    expect((await post(handle.port, INITIALIZE)).status).toBe(401);
    expect((await post(handle.port, INITIALIZE, { authorization: "Bearer s3cret-token-for-tests" })).status).toBe(200);
  });

  it("`dwim serve --http 0.0.0.0:0` exits 2 naming --allow-remote; with it, prints the generated token", async () => {
    const { dir, env } = sandboxEnv();
    const refused = spawn(process.execPath, [MAIN, "serve", "--tools", "units", "--http", "0.0.0.0:0"], {
      cwd: dir,
      env,
    });
    let refusedErr = "";
    refused.stderr.on("data", (d: Buffer) => {
      refusedErr += d.toString();
    });
    expect(await new Promise((ok) => refused.on("exit", ok))).toBe(2);
    expect(refusedErr).toContain("--allow-remote");

    const child = spawn(
      process.execPath,
      [MAIN, "serve", "--tools", "units", "--http", "0.0.0.0:0", "--allow-remote"],
      {
        cwd: dir,
        env,
      },
    );
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!/Bearer \S{32,}/u.test(err) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(err).toMatch(/Authorization: Bearer \S{32,}/u);
    } finally {
      child.kill("SIGTERM");
      await new Promise((ok) => child.on("exit", ok));
    }
  });
});
