/**
 * The proxy served over Streamable HTTP (`dwim proxy --http`): a 2025-era session and stateless 2026-07-28 requests
 * reach the same upstream; per-request servers do not pile up in the gateway.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { type HttpHandle, serveHttp } from "../../src/server/http.js";
import { MODERN_VERSION } from "../helpers/mcp.js";
import type { Loose } from "../router/helpers.js";
import { clientOptions, EVERYTHING, nodeUpstream, type Proxied, startTestProxy, testConfig } from "./helpers.js";

describe("dwim proxy over Streamable HTTP", () => {
  let proxied: Proxied;
  let http: HttpHandle;
  beforeAll(async () => {
    proxied = await startTestProxy([nodeUpstream("everything", EVERYTHING)]);
    const app = createApp({ toolsets: [], config: testConfig(), env: { DWIM_LOG: "0" } });
    http = await serveHttp(app, { host: "127.0.0.1", port: 0, createServer: proxied.proxy.createServer });
  });
  afterAll(async () => {
    await http?.close();
    await proxied?.close();
  });

  for (const version of ["2025-11-25", MODERN_VERSION] as const) {
    it(`serves tools, corrections and resources on ${version}`, async () => {
      const client = new Client({ name: "http-test", version: "0" }, clientOptions(version));
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      expect(client.getNegotiatedProtocolVersion()).toBe(version);
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain("get-tiny-image");
      const image = (await client.callTool({ name: "get-tiny-image", arguments: {} })) as Loose;
      expect(image.content.map((c: { type: string }) => c.type)).toEqual(["text", "image", "text"]);
      const sum = (await client.callTool({ name: "GET_SUM", arguments: { a: 2, b: 3 } })) as Loose;
      expect(sum.content[0].text).toContain("5");
      expect(sum._meta["dwim/did_you_mean"].corrections[0].corrected).toBe("get-sum");
      const read = await client.readResource({ uri: "demo://resource/dynamic/text/2" });
      expect(read.contents[0].uri).toBe("demo://resource/dynamic/text/2");
      await client.close();
    });
  }

  it("per-request servers of 2026-07-28 leave the gateway when their request ends", async () => {
    const client = new Client({ name: "http-test", version: "0" }, clientOptions(MODERN_VERSION));
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    for (let i = 0; i < 5; i++) await client.callTool({ name: "echo", arguments: { message: `m${i}` } });
    await client.close();
    expect(proxied.proxy.gateway.servers.size).toBeLessThanOrEqual(1);
  });
});
