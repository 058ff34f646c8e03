/**
 * The proxy streams and bounds what upstreams send: a result over the size limit is answered with
 * `result_too_large` and the proxy goes on (the real CLI in front of server-filesystem reading a 46 MB file, and a
 * hand-written upstream on both protocol eras); a 24 MB result arrives whole beside other calls; a tool whose schema
 * nests thousands of levels deep is left out and named in the log, the other tools listed; a catalog of 12 pages of
 * 1,000 tools reaches the client in pages with a cursor.
 */
import { closeSync, mkdtempSync, openSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client, ProtocolError } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, describe, expect, it } from "vitest";
import { MODERN_VERSION, type ProtocolVersion } from "../helpers/mcp.js";
import { ANY, connectToProxy, FILESYSTEM, nodeUpstream, type Proxied, startTestProxy } from "../proxy/helpers.js";
import type { Loose } from "../router/helpers.js";

const RAW = resolve(__dirname, "../fixtures/proxy/raw-upstream.mjs");
const MAIN = resolve(__dirname, "../../dist/cli/main.js");

const started: Proxied[] = [];
afterAll(async () => {
  for (const p of started) await p.close();
});

async function proxyOf(...args: Parameters<typeof startTestProxy>): Promise<Proxied> {
  const p = await startTestProxy(...args);
  started.push(p);
  return p;
}

const textOf = (r: unknown) => ((r as Loose).content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");

describe("an upstream result over the size limit", () => {
  it("is result_too_large on the real CLI in front of server-filesystem reading a 46 MB file; the next call works", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-proxy-big-"));
    const file = join(dir, "big.txt");
    const fd = openSync(file, "w");
    const line = `${"a".repeat(1023)}\n`;
    const block = line.repeat(1024);
    for (let i = 0; i < 46; i++) writeSync(fd, block);
    closeSync(fd);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, "proxy", process.execPath, FILESYSTEM, dir],
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: dir, DWIM_LOG: "0" },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const client = new Client({ name: "bounds-test", version: "0" });
    await client.connect(transport);
    try {
      const big = await client.callTool({ name: "read_text_file", arguments: { path: file } });
      expect(big.isError).toBe(true);
      // server-filesystem declares an outputSchema of its own: the error comes as text, without structuredContent.
      expect(big.structuredContent).toBeUndefined();
      const shown = textOf(big);
      expect(shown).toContain("result_too_large");
      expect(shown).toMatch(/is \d+ bytes, more than the proxy reads from an upstream \(<= 33554432 bytes\)/u);
      expect(shown).toContain("--max-message-bytes");
      const small = await client.callTool({ name: "read_text_file", arguments: { path: file, head: 1 } });
      expect(small.isError).toBeFalsy();
      expect(textOf(small)).toBe("a".repeat(1023));
      expect(stderr).toMatch(
        /dropped the response to request "?[\w-]+"?: a \d+-byte message, over the limit of 33554432 bytes/u,
      );
    } finally {
      await client.close();
    }
  }, 120_000);

  for (const version of ["2025-11-25", MODERN_VERSION] as ProtocolVersion[]) {
    it(`is result_too_large from a hand-written upstream on ${version}, with or without progress`, async () => {
      const { proxy } = await proxyOf([nodeUpstream("raw", RAW)], { maxMessageBytes: 1024 * 1024 });
      const client = await connectToProxy(proxy, version);
      const big = await client.callTool({ name: "big_text", arguments: { bytes: 3_000_000 } });
      expect((big.structuredContent as Loose).error_type).toBe("result_too_large");
      expect((big.structuredContent as Loose).got).toBeGreaterThan(3_000_000);
      const withProgress = await client.callTool(
        { name: "big_text", arguments: { bytes: 3_000_000 } },
        { onprogress: () => undefined },
      );
      expect((withProgress.structuredContent as Loose).error_type).toBe("result_too_large");
      const echo = await client.callTool({ name: "echo", arguments: { text: "still here" } });
      expect(textOf(echo)).toBe("still here");
      await client.close();
    });
  }
});

describe("a large result under the limit", () => {
  it("arrives whole (24 MB) while calls to another upstream are answered", async () => {
    const { proxy } = await proxyOf([nodeUpstream("big", RAW), nodeUpstream("small", RAW)]);
    const client = await connectToProxy(proxy);
    let bigDone = false;
    const big = client.callTool({ name: "big_text", arguments: { bytes: 24_000_000 } }).then((r) => {
      bigDone = true;
      return r;
    });
    const answered: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await client.callTool({ name: "small__echo", arguments: { text: `small ${i}` } });
      answered.push(textOf(r));
    }
    expect(answered).toEqual(["small 0", "small 1", "small 2"]);
    const result = await big;
    expect(bigDone).toBe(true);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toHaveLength(24_000_000);
    await client.close();
  }, 60_000);
});

describe("an upstream tool whose schema nests 3,000 levels deep", () => {
  it("is left out and named in the log; the other tools are listed and called", async () => {
    const { proxy, logs } = await proxyOf([nodeUpstream("raw", RAW, ["--deep-schema", "3000"])]);
    const client = await connectToProxy(proxy);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["big_text", "echo", "forget_all"]);
    expect(logs.join("\n")).toContain("upstream 'raw': tool 'deep_tool' is left out: its listing nests more than 64");
    const echo = await client.callTool({ name: "echo", arguments: { text: "ok" } });
    expect(textOf(echo)).toBe("ok");
    const deep = await client.callTool({ name: "deep_tool", arguments: {} });
    expect((deep.structuredContent as Loose).error_type).toBe("unknown_tool");
    await client.close();
  });
});

describe("a catalog of 12 pages of 1,000 upstream tools", () => {
  it("reaches the client in pages with a cursor, every tool once; a made-up cursor is invalid params", async () => {
    const { proxy } = await proxyOf([nodeUpstream("many", RAW, ["--many-tools", "12000"])], {
      startupTimeoutMs: 60_000,
    });
    const client = await connectToProxy(proxy);
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, ANY);
      const tools = page.tools as Array<{ name: string }>;
      expect(tools.length).toBeLessThanOrEqual(1000);
      expect(JSON.stringify(page).length).toBeLessThan(5 * 1024 * 1024);
      names.push(...tools.map((t) => t.name));
      cursor = page.nextCursor as string | undefined;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBeGreaterThanOrEqual(12);
    expect(names).toHaveLength(12_003);
    expect(new Set(names).size).toBe(12_003);
    const bad = await client.request({ method: "tools/list", params: { cursor: "nonsense" } }, ANY).catch((e) => e);
    expect(bad).toBeInstanceOf(ProtocolError);
    expect((bad as ProtocolError).code).toBe(-32602);
    const call = await client.callTool({ name: "tool_11999", arguments: { value: "v" } });
    expect(call.isError).toBeFalsy();
    await client.close();
  }, 120_000);

  it("a small catalog is one page without a cursor, as before", async () => {
    const { proxy } = await proxyOf([nodeUpstream("raw", RAW)]);
    const client = await connectToProxy(proxy);
    const page = await client.request({ method: "tools/list", params: {} }, ANY);
    expect((page.tools as unknown[]).length).toBe(3);
    expect(page.nextCursor).toBeUndefined();
    await client.close();
  });
});
