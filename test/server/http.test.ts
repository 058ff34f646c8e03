import { request } from "node:http";
import { type Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/index.js";
import { type HttpHandle, parseListenAddress } from "../../src/server/http.js";
import { clientFor, serveHttpForTest } from "../helpers/mcp.js";
import { testingToolset } from "../helpers/tools.js";

let handle: HttpHandle;

beforeAll(async () => {
  handle = await serveHttpForTest([testingToolset]);
});
afterAll(async () => {
  await handle.close();
});

async function connect(): Promise<Client> {
  const client = clientFor("http-test");
  await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
  return client;
}

async function post(body: string, headers: Record<string, string> = {}) {
  return fetch(handle.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  });
}

describe("Streamable HTTP", () => {
  it("parses listen addresses", () => {
    expect(parseListenAddress("127.0.0.1:7077")).toEqual({ host: "127.0.0.1", port: 7077 });
    expect(parseListenAddress("7077")).toEqual({ host: "127.0.0.1", port: 7077 });
    expect(parseListenAddress("[::1]:80")).toEqual({ host: "::1", port: 80 });
    expect(() => parseListenAddress("host:99999")).toThrow(/Invalid listen address/);
  });

  it("serves tools to the SDK client over HTTP", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(3);
    // The router middleware corrects the misspelled parameter and says so.
    const r = await client.callTool({ name: "echo_search", arguments: { fuzy_filter: "a" } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({
      echoed: { fuzzy_filter: "a" },
      did_you_mean: { corrections: [{ parameter: "fuzy_filter", corrected: "fuzzy_filter" }] },
    });
    const bad = await client.callTool({ name: "echo_search", arguments: { smoking_allowed: true } });
    expect((bad.structuredContent as ErrorPayload).error_type).toBe("unknown_parameter");
    await client.close();
  });

  it("answers invalid JSON with a JSON-RPC parse error and keeps serving", async () => {
    const res = await post("{ this is not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
    const client = await connect();
    expect((await client.listTools()).tools).toHaveLength(3);
    await client.close();
  });

  it("refuses a body over the size cap (a 10 MB argument) and keeps serving", async () => {
    const client = await connect();
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "echo_search", arguments: { fuzzy_filter: "x".repeat(10 * 1024 * 1024) } },
    });
    const res = await post(huge);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: -32600 } });
    const r = await client.callTool({ name: "echo_search", arguments: { fuzzy_filter: "ok" } });
    expect(r.isError).toBeFalsy();
    await client.close();
  });

  it("rejects requests without a session that are not initialize, and unknown sessions", async () => {
    const noSession = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    expect(noSession.status).toBe(400);
    const unknown = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      "mcp-session-id": "nope",
    });
    expect(unknown.status).toBe(404);
  });

  it("answers /health and refuses foreign Host headers (DNS rebinding)", async () => {
    const health = await fetch(handle.url.replace("/mcp", "/health"));
    expect(await health.json()).toMatchObject({ ok: true, tools: 3 });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        handle.url,
        { method: "POST", headers: { host: "evil.example", "content-type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end("{}");
    });
    expect(status).toBe(403);
  });
});
