/**
 * Upstream failures are visible. An upstream that exits is logged, its calls answer
 * `upstream_unavailable` (not "a bug in dwim"), and it is restarted with backoff; a hung upstream at start-up times
 * out and its whole process group ends; a tools/list cursor that repeats is caught and bounded.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy, UpstreamStartError } from "../../src/proxy/index.js";
import type { Loose } from "../router/helpers.js";
import {
  alive,
  connectToProxy,
  FIXTURE,
  nodeUpstream,
  type Proxied,
  startTestProxy,
  testConfig,
  waitFor,
} from "./helpers.js";

describe("an upstream that exits", () => {
  let proxied: Proxied;
  let client: Client;
  beforeAll(async () => {
    proxied = await startTestProxy([nodeUpstream("fixture", FIXTURE)], { backoffMs: 300 });
    client = await connectToProxy(proxied.proxy);
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("is logged, answered with upstream_unavailable, restarted with backoff, and serves again", async () => {
    const upstream = proxied.proxy.gateway.upstreams[0];
    const firstPid = upstream.pid as number;
    const crashed = (await client.callTool({ name: "crash", arguments: { code: 3 } })) as Loose;
    expect(crashed.isError).toBe(true);
    expect(crashed.structuredContent.error_type).toBe("upstream_unavailable");
    expect(crashed.content[0].text).not.toContain("bug in dwim");
    expect(proxied.logs.some((l) => l.includes("'fixture' exited with code 3"))).toBe(true);

    // While the restart is pending, calls get the same clear error with a retry time.
    const during = (await client.callTool({ name: "slow_echo", arguments: { text: "x" } })) as Loose;
    expect(during.structuredContent).toMatchObject({ error_type: "upstream_unavailable", upstream: "fixture" });
    expect(during.structuredContent.retry_in_ms).toBeGreaterThanOrEqual(0);

    await waitFor(() => upstream.state === "up" && upstream.restarts === 1);
    expect(upstream.pid).not.toBe(firstPid);
    expect(alive(firstPid)).toBe(false);
    const again = (await client.callTool({ name: "slow_echo", arguments: { text: "back" } })) as Loose;
    expect(again.content).toEqual([{ type: "text", text: "back" }]);
    expect(proxied.logs.some((l) => l.includes("restarting upstream 'fixture' in 300 ms"))).toBe(true);
  });

  it("backs off longer after each failed restart", async () => {
    const upstream = proxied.proxy.gateway.upstreams[0];
    await client.callTool({ name: "crash", arguments: { code: 4 } });
    await waitFor(() => upstream.state === "up" && upstream.restarts === 2);
    const delays = proxied.logs
      .filter((l) => l.startsWith("dwim: restarting upstream"))
      .map((l) => Number(/in (\d+) ms/u.exec(l)?.[1]));
    expect(delays).toEqual([300, 600]);
  });
});

describe("state the client set survives a restart", () => {
  it("the log level is replayed to the restarted upstream", async () => {
    const proxied = await startTestProxy([nodeUpstream("fixture", FIXTURE)], { backoffMs: 100 });
    const messages: unknown[] = [];
    const client = await connectToProxy(proxied.proxy, "2025-11-25", {}, (c) =>
      c.setNotificationHandler("notifications/message", (n) => void messages.push(n.params.data)),
    );
    await client.setLoggingLevel("error");
    await client.callTool({ name: "log_twice", arguments: {} });
    await waitFor(() => messages.length > 0);
    await client.callTool({ name: "crash", arguments: { code: 1 } });
    const upstream = proxied.proxy.gateway.upstreams[0];
    await waitFor(() => upstream.state === "up" && upstream.restarts === 1);
    await waitFor(async () => !(await client.callTool({ name: "slow_echo", arguments: { text: "x" } })).isError);
    await client.callTool({ name: "log_twice", arguments: {} });
    await waitFor(() => messages.length > 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(messages).toEqual(["an error line", "an error line"]);
    await client.close();
    await proxied.close();
  });
});

describe("many calls at once", () => {
  it("50 concurrent calls of different lengths each get their own result", async () => {
    const proxied = await startTestProxy([nodeUpstream("fixture", FIXTURE)]);
    const client = await connectToProxy(proxied.proxy);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.callTool({
          name: i % 3 === 0 ? "slowEcho" : "slow_echo",
          arguments: { text: `call ${i}`, ms: (i * 7) % 60 },
        }),
      ),
    );
    results.forEach((r, i) => {
      expect((r as Loose).content[0]).toEqual({ type: "text", text: `call ${i}` });
    });
    await client.close();
    await proxied.close();
  });
});

describe("restart off", () => {
  it("reports the exit as fatal instead of restarting", async () => {
    const fatal: string[] = [];
    const proxied = await startTestProxy([nodeUpstream("fixture", FIXTURE)], {
      restart: false,
      onFatal: (u, exit) => fatal.push(`${u.name}:${exit.code}`),
    });
    const client = await connectToProxy(proxied.proxy);
    await client.callTool({ name: "crash", arguments: { code: 7 } });
    await waitFor(() => fatal.length > 0);
    expect(fatal).toEqual(["fixture:7"]);
    const r = (await client.callTool({ name: "slow_echo", arguments: { text: "x" } })) as Loose;
    expect(r.structuredContent.error).toContain("restarting is off");
    await client.close();
    await proxied.close();
  });
});

describe("start-up", () => {
  it("a hung upstream times out and its process group is ended, children included", async () => {
    const pids = join(mkdtempSync(join(tmpdir(), "dwim-proxy-hang-")), "pids.json");
    const started = Date.now();
    const attempt = startProxy({
      upstreams: [nodeUpstream("hung", FIXTURE, ["--hang", pids])],
      config: testConfig(),
      startupTimeoutMs: 1500,
      log: () => undefined,
    });
    await expect(attempt).rejects.toBeInstanceOf(UpstreamStartError);
    await expect(attempt).rejects.toThrow(/hung.*did not start: no answer within 1500 ms/u);
    expect(Date.now() - started).toBeLessThan(8000);
    const [leader, child] = JSON.parse(readFileSync(pids, "utf8")) as number[];
    await waitFor(() => !alive(leader) && !alive(child), 5000);
  });

  it("a command that does not exist fails with the reason", async () => {
    const attempt = startProxy({
      upstreams: [{ name: "missing", command: "/nonexistent/mcp-server", args: [], env: {} }],
      config: testConfig(),
      log: () => undefined,
    });
    await expect(attempt).rejects.toThrow(/missing.*could not be started: .*ENOENT/u);
  });

  it("an upstream that exits during start-up fails with its exit code", async () => {
    const attempt = startProxy({
      upstreams: [{ name: "quits", command: process.execPath, args: ["-e", "process.exit(5)"], env: {} }],
      config: testConfig(),
      log: () => undefined,
    });
    await expect(attempt).rejects.toThrow(/quits.*exited with code 5/u);
  });

  it("a tools/list cursor that repeats is detected and the listing bounded", async () => {
    const proxied = await startTestProxy([nodeUpstream("looping", FIXTURE, ["--cursor-loop"])]);
    const upstream = proxied.proxy.gateway.upstreams[0];
    expect(upstream.tools.map((t) => t.name)).toEqual(["tool_1", "tool_2"]);
    expect(upstream.warnings[0]).toMatch(/returned cursor 'again' twice; listing stopped after 2 pages/u);
    expect(proxied.logs.some((l) => l.includes("returned cursor 'again' twice"))).toBe(true);
    await proxied.close();
  });

  it("close ends the upstream process", async () => {
    const proxied = await startTestProxy([nodeUpstream("fixture", FIXTURE)]);
    const pid = proxied.proxy.gateway.upstreams[0].pid as number;
    expect(alive(pid)).toBe(true);
    await proxied.close();
    expect(alive(pid)).toBe(false);
  });
});
