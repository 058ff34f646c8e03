/**
 * Everything besides tools passes through the proxy, on both protocol eras. The official
 * everything server (from npm) supplies resources, templates, subscriptions, prompts, completion, logging,
 * progress, roots, sampling and elicitation; the SDK-only fixture supplies cancellation and tools/list_changed.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERN_VERSION } from "../helpers/mcp.js";
import {
  connectDirect,
  connectToProxy,
  EVERYTHING,
  FIXTURE,
  nodeUpstream,
  type Proxied,
  startTestProxy,
  waitFor,
} from "./helpers.js";

const everything = nodeUpstream("everything", EVERYTHING);

describe("resources, prompts, completion and capabilities pass through", () => {
  let proxied: Proxied;
  let direct: Client;
  let legacy: Client;
  let modern: Client;
  beforeAll(async () => {
    proxied = await startTestProxy([everything]);
    [direct, legacy, modern] = await Promise.all([
      connectDirect(everything),
      connectToProxy(proxied.proxy, "2025-11-25"),
      connectToProxy(proxied.proxy, MODERN_VERSION),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct, legacy, modern].map((c) => c?.close()));
    await proxied?.close();
  });

  it("advertises the upstream's capabilities (tasks aside) with tools.listChanged", () => {
    const { tasks: _tasks, ...upstream } = direct.getServerCapabilities() ?? {};
    for (const client of [legacy, modern]) {
      expect(client.getServerCapabilities()).toEqual({ ...upstream, tools: { listChanged: true } });
    }
    expect(legacy.getInstructions()).toBe(direct.getInstructions());
  });

  for (const era of ["2025-11-25", MODERN_VERSION] as const) {
    it(`lists and reads resources and templates, gets prompts, completes arguments (${era})`, async () => {
      const client = era === MODERN_VERSION ? modern : legacy;
      const strip = <T extends object>(r: T) => {
        const { _meta, ttlMs, cacheScope, resultType, ...rest } = r as Record<string, unknown>;
        return rest;
      };
      expect(strip(await client.listResources())).toEqual(strip(await direct.listResources()));
      expect(strip(await client.listResourceTemplates())).toEqual(strip(await direct.listResourceTemplates()));
      const uri = "demo://resource/dynamic/text/3";
      // The resource names the time it was made: two reads may fall in different seconds.
      const undated = (r: object) => JSON.parse(JSON.stringify(strip(r)).replace(/\d+:\d\d:\d\d [AP]M/gu, "TIME"));
      const read = undated(await client.readResource({ uri }));
      expect(read).toEqual(undated(await direct.readResource({ uri })));
      expect(JSON.stringify(read)).toContain("Resource 3: This is a plaintext resource created at TIME");
      expect(strip(await client.listPrompts())).toEqual(strip(await direct.listPrompts()));
      const prompt = { name: "args-prompt", arguments: { city: "Lyon", state: "Rhône" } };
      expect(strip(await client.getPrompt(prompt))).toEqual(strip(await direct.getPrompt(prompt)));
      const complete = {
        ref: { type: "ref/prompt" as const, name: "completable-prompt" },
        argument: { name: "department", value: "S" },
      };
      const completed = await client.complete(complete);
      expect(completed.completion.values).toEqual(["Sales", "Support"]);
      expect(strip(completed)).toEqual(strip(await direct.complete(complete)));
    });
  }

  it("an upstream's JSON-RPC error comes back with its code and message", async () => {
    const viaProxy = await legacy.getPrompt({ name: "args-prompt", arguments: {} }).catch((e: Error) => e);
    const straight = await direct.getPrompt({ name: "args-prompt", arguments: {} }).catch((e: Error) => e);
    expect(viaProxy).toBeInstanceOf(Error);
    expect((viaProxy as { code?: number }).code).toBe((straight as { code?: number }).code);
    expect((viaProxy as Error).message).toBe((straight as Error).message);
  });
});

describe("notifications and requests in both directions (2025-11-25 client)", () => {
  let proxied: Proxied;
  let client: Client;
  const notes: Array<{ method: string; params?: Record<string, unknown> }> = [];
  const sampled: unknown[] = [];
  const elicited: unknown[] = [];
  beforeAll(async () => {
    proxied = await startTestProxy([everything]);
    client = await connectToProxy(
      proxied.proxy,
      "2025-11-25",
      { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } } },
      (c) => {
        c.setRequestHandler("roots/list", async () => ({
          roots: [{ uri: "file:///srv/project-root", name: "project" }],
        }));
        c.setRequestHandler("sampling/createMessage", async (request) => {
          sampled.push(request.params);
          return { role: "assistant", content: { type: "text", text: "a sampled answer" }, model: "test-model" };
        });
        c.setRequestHandler("elicitation/create", async (request) => {
          elicited.push(request.params);
          return { action: "decline" };
        });
        c.setNotificationHandler("notifications/message", (n) => void notes.push(n));
        c.setNotificationHandler("notifications/resources/updated", (n) => void notes.push(n));
      },
    );
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("logging/setLevel reaches the upstream and its notifications/message reach the client", async () => {
    await client.setLoggingLevel("debug");
    await client.callTool({ name: "toggle-simulated-logging", arguments: {} });
    await waitFor(() => notes.some((n) => n.method === "notifications/message"));
    await client.callTool({ name: "toggle-simulated-logging", arguments: {} });
  });

  it("resources/subscribe is forwarded and notifications/resources/updated come back", async () => {
    const uri = "demo://resource/dynamic/text/1";
    await client.subscribeResource({ uri });
    await client.callTool({ name: "toggle-subscriber-updates", arguments: {} });
    await waitFor(() => notes.some((n) => n.method === "notifications/resources/updated" && n.params?.uri === uri));
    await client.callTool({ name: "toggle-subscriber-updates", arguments: {} });
    await client.unsubscribeResource({ uri });
  });

  it("the upstream's roots/list is answered by the client's roots", async () => {
    await waitFor(async () => {
      const r = await client.callTool({ name: "get-roots-list", arguments: {} });
      return JSON.stringify(r.content).includes("file:///srv/project-root");
    });
  });

  it("sampling and elicitation requests from the upstream are answered by the client", async () => {
    const r = await client.callTool({
      name: "trigger-sampling-request",
      arguments: { prompt: "Say hi", maxTokens: 20 },
    });
    expect(JSON.stringify(r.content)).toContain("a sampled answer");
    expect(JSON.stringify(sampled[0])).toContain("Say hi");
    const e = await client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    expect(elicited).toHaveLength(1);
    expect(JSON.stringify(e.content)).toMatch(/decline/iu);
  });
});

describe("cancellation and tools/list_changed (fixture server)", () => {
  let proxied: Proxied;
  let client: Client;
  let log: string;
  let changed = 0;
  beforeAll(async () => {
    log = join(mkdtempSync(join(tmpdir(), "dwim-proxy-")), "calls.log");
    proxied = await startTestProxy([nodeUpstream("fixture", FIXTURE, [], { FIXTURE_LOG: log })]);
    client = await connectToProxy(proxied.proxy, "2025-11-25", {}, (c) =>
      c.setNotificationHandler("notifications/tools/list_changed", () => void changed++),
    );
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("progress notifications of a call reach the client, in order, before its result", async () => {
    const progress: number[] = [];
    const r = await client.callTool(
      { name: "slow_echo", arguments: { text: "steps", ms: 100 } },
      { onprogress: (p) => void progress.push(p.progress) },
    );
    expect(r.content).toEqual([{ type: "text", text: "steps" }]);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it("a cancelled call is cancelled upstream", async () => {
    const abort = new AbortController();
    const call = client.callTool(
      { name: "slow_echo", arguments: { text: "long one", ms: 5000 } },
      { signal: abort.signal },
    );
    setTimeout(() => abort.abort(), 300);
    await expect(call).rejects.toThrow();
    await waitFor(() => existsSync(log) && readFileSync(log, "utf8").includes('"cancelled":"long one"'));
  });

  it("a new upstream tool is re-indexed, announced, listed and reachable by a misspelled name", async () => {
    await client.callTool({ name: "add_tool", arguments: { name: "summarize_ledger" } });
    await waitFor(() => changed > 0);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("summarize_ledger");
    const r = await client.callTool({ name: "sumarize_ledger", arguments: { value: "q3" } });
    expect(r.content).toContainEqual({ type: "text", text: "summarize_ledger:q3" });
  });
});

describe("a 2026-07-28 client: notifications through subscriptions/listen", () => {
  let proxied: Proxied;
  let client: Client;
  const notes: Array<{ method: string; params?: Record<string, unknown> }> = [];
  beforeAll(async () => {
    proxied = await startTestProxy([everything, nodeUpstream("fixture", FIXTURE)]);
    client = await connectToProxy(proxied.proxy, MODERN_VERSION, {}, (c) => {
      for (const method of ["notifications/message", "notifications/resources/updated"] as const) {
        c.setNotificationHandler(method, (n) => void notes.push(n));
      }
    });
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("resource updates the client listens for, log messages and tool list changes reach it", async () => {
    const uri = "demo://resource/dynamic/text/2";
    await client.listResources();
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([uri]);
    await client.callTool({ name: "toggle-subscriber-updates", arguments: {} });
    await waitFor(() => notes.some((n) => n.method === "notifications/resources/updated" && n.params?.uri === uri));
    await client.callTool({ name: "toggle-subscriber-updates", arguments: {} });
    await client.callTool({ name: "toggle-simulated-logging", arguments: {} });
    await waitFor(() => notes.some((n) => n.method === "notifications/message"));
    await client.callTool({ name: "toggle-simulated-logging", arguments: {} });
    await subscription.close();
    await client.callTool({ name: "add_tool", arguments: { name: "late_arrival" } });
    await waitFor(async () => (await client.listTools()).tools.some((t) => t.name === "late_arrival"));
  });

  it("without the sampling capability, the upstream's request is refused and the call ends", async () => {
    const started = Date.now();
    const r = await client
      .callTool({ name: "trigger-sampling-request", arguments: { prompt: "Say hi" } })
      .catch((e: Error) => ({ isError: true, content: [{ type: "text", text: e.message }] }));
    expect(r.isError).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("a 2026-07-28 client answers upstream requests as input_required rounds", () => {
  let proxied: Proxied;
  let client: Client;
  const asked: string[] = [];
  beforeAll(async () => {
    proxied = await startTestProxy([everything]);
    client = await connectToProxy(
      proxied.proxy,
      MODERN_VERSION,
      { capabilities: { sampling: {}, elicitation: { form: {} }, roots: {} } },
      (c) => {
        c.setRequestHandler("sampling/createMessage", async (request) => {
          asked.push(`sampling:${JSON.stringify(request.params.messages)}`);
          return { role: "assistant", content: { type: "text", text: "modern sample" }, model: "test-model" };
        });
        c.setRequestHandler("elicitation/create", async () => {
          asked.push("elicitation");
          return { action: "decline" };
        });
        c.setRequestHandler("roots/list", async () => ({ roots: [{ uri: "file:///srv/modern", name: "m" }] }));
      },
    );
  });
  afterAll(async () => {
    await client?.close();
    await proxied?.close();
  });

  it("sampling during a call reaches the client and its answer reaches the upstream", async () => {
    const r = await client.callTool({
      name: "trigger-sampling-request",
      arguments: { prompt: "Say hi", maxTokens: 20 },
    });
    expect(r.isError).toBeFalsy();
    expect(JSON.stringify(r.content)).toContain("modern sample");
    expect(asked[0]).toContain("Say hi");
  });

  it("elicitation during a call too; no call stays open afterwards", async () => {
    const r = await client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    expect(asked).toContain("elicitation");
    expect(JSON.stringify(r.content)).toMatch(/decline/iu);
    expect(proxied.proxy.gateway.openCalls.size).toBe(0);
  });
});
