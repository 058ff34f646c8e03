/**
 * Results pass through untouched unless corrected. The official everything server (from npm) is
 * called directly and through the proxy in the same run; every content block type, annotations, structuredContent,
 * isError and _meta must come back byte-for-byte. A corrected call keeps all of that and adds did_you_mean.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DID_YOU_MEAN_META_KEY } from "../../src/proxy/index.js";
import { MODERN_VERSION } from "../helpers/mcp.js";
import type { Loose } from "../router/helpers.js";
import {
  connectDirect,
  connectToProxy,
  EVERYTHING,
  FIXTURE,
  nodeUpstream,
  type Proxied,
  rawCall,
  startTestProxy,
} from "./helpers.js";

const CALLS: Array<[string, Record<string, unknown>, string]> = [
  ["get-tiny-image", {}, "image block"],
  ["get-annotated-message", { messageType: "error", includeImage: true }, "annotated text and image"],
  ["get-resource-links", { count: 3 }, "resource_link blocks"],
  ["get-resource-reference", { resourceType: "Blob", resourceId: 2 }, "embedded blob resource"],
  ["get-resource-reference", { resourceType: "Text", resourceId: 1 }, "embedded text resource"],
  ["get-structured-content", { location: "Chicago" }, "structuredContent under an outputSchema"],
  ["get-sum", { a: "one", b: 2 }, "the upstream's own isError result"],
  ["echo", { message: 'ünïcödé \u2028 "quoted"' }, "text with unusual characters"],
];

describe("results through the proxy are the upstream's, byte for byte", () => {
  const everything = nodeUpstream("everything", EVERYTHING);
  const fixture = nodeUpstream("fixture", FIXTURE);
  let proxied: Proxied;
  let direct: Client;
  let directFixture: Client;
  let legacy: Client;
  let modern: Client;

  beforeAll(async () => {
    proxied = await startTestProxy([everything, fixture]);
    [direct, directFixture, legacy, modern] = await Promise.all([
      connectDirect(everything),
      connectDirect(fixture),
      connectToProxy(proxied.proxy, "2025-11-25"),
      connectToProxy(proxied.proxy, MODERN_VERSION),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct, directFixture, legacy, modern].map((c) => c?.close()));
    await proxied?.close();
  });

  for (const [name, args, what] of CALLS) {
    it(`${what} (${name}) on 2025-11-25`, async () => {
      const [viaProxy, straight] = await Promise.all([rawCall(legacy, name, args), rawCall(direct, name, args)]);
      expect(JSON.stringify(viaProxy)).toBe(JSON.stringify(straight));
    });
  }

  it("plain 2025-era calls take the fast lane; 2026-07-28 and corrected calls do not", async () => {
    const gateway = proxied.proxy.gateway;
    const before = gateway.fastLaneCalls;
    await rawCall(legacy, "echo", { message: "fast" });
    expect(gateway.fastLaneCalls).toBe(before + 1);
    await rawCall(modern, "echo", { message: "modern" });
    await rawCall(legacy, "Echo", { message: "corrected" });
    await legacy.callTool({ name: "echo", arguments: { message: "progress" } }, { onprogress: () => undefined });
    expect(gateway.fastLaneCalls).toBe(before + 1);
  });

  it("every call on 2026-07-28 carries the same content, structuredContent and isError", async () => {
    for (const [name, args] of CALLS) {
      const [viaProxy, straight] = await Promise.all([rawCall(modern, name, args), rawCall(direct, name, args)]);
      const { _meta, resultType: _r, ...rest } = viaProxy as Record<string, unknown>;
      expect(JSON.stringify(rest)).toBe(JSON.stringify(straight));
      // The only _meta on the modern wire is the SDK's own server identity.
      expect(Object.keys((_meta ?? {}) as object)).toEqual(["io.modelcontextprotocol/serverInfo"]);
    }
  });

  it("audio, annotated image, resource_link with icons, embedded blob and text, _meta everywhere (both eras)", async () => {
    const straight = await rawCall(directFixture, "media_kit", {});
    expect(JSON.stringify(await rawCall(legacy, "media_kit", {}))).toBe(JSON.stringify(straight));
    const { _meta, resultType: _r, ...rest } = (await rawCall(modern, "media_kit", {})) as Loose;
    const { _meta: straightMeta, ...straightRest } = straight as Loose;
    expect(JSON.stringify(rest)).toBe(JSON.stringify(straightRest));
    expect(_meta["example.com/trace"]).toBe(straightMeta["example.com/trace"]);
  });

  it("the upstream's _meta and its own likely_fix stay exactly its own", async () => {
    const [viaProxy, straight] = await Promise.all([
      rawCall(legacy, "fail_with_fix", { id: "x" }),
      rawCall(directFixture, "fail_with_fix", { id: "x" }),
    ]);
    expect(JSON.stringify(viaProxy)).toBe(JSON.stringify(straight));
    expect(viaProxy).toMatchObject({
      isError: true,
      _meta: { "example.com/trace": "t-42" },
      structuredContent: { error_type: "not_found", likely_fix: { id: "r-1" } },
    });
    expect(JSON.stringify(viaProxy)).not.toMatch(/did_you_mean|hints/u);
  });

  it("a corrected call keeps every block and field and adds did_you_mean (text block, _meta)", async () => {
    const straight = (await rawCall(direct, "get-structured-content", { location: "Chicago" })) as Record<
      string,
      unknown
    >;
    const fixed = (await rawCall(legacy, "getStructuredContent", { Location: "Chicago" })) as Loose;
    const did = fixed._meta[DID_YOU_MEAN_META_KEY];
    expect(did.corrections.map((c: { parameter: string; corrected: string }) => [c.parameter, c.corrected])).toEqual([
      ["name", "get-structured-content"],
      ["Location", "location"],
    ]);
    const content = straight.content as unknown[];
    expect(fixed.content.slice(0, content.length)).toEqual(content);
    expect(fixed.content).toHaveLength(content.length + 1);
    expect(fixed.content.at(-1).text).toContain("Did you mean");
    // Its outputSchema forbids extra properties, so structuredContent stays as the upstream sent it.
    expect(fixed.structuredContent).toEqual(straight.structuredContent);
    // Still valid against the tool's outputSchema: the SDK client checks it after listTools.
    await legacy.listTools();
    const checked = await legacy.callTool({ name: "get_structured_content", arguments: { location: "Chicago" } });
    expect(checked.isError).toBeFalsy();
  });

  it("an upstream error on a corrected call keeps the upstream's likely_fix; dwim's note is only did_you_mean", async () => {
    const r = (await rawCall(legacy, "failWithFix", { id: "x" })) as Loose;
    expect(r.isError).toBe(true);
    expect(r.structuredContent.likely_fix).toEqual({ id: "r-1" });
    expect(r.structuredContent.error_type).toBe("not_found");
    expect(r._meta["example.com/trace"]).toBe("t-42");
    expect(r._meta[DID_YOU_MEAN_META_KEY].corrections[0]).toMatchObject({ original: "failWithFix" });
    // No outputSchema: structuredContent may carry did_you_mean next to the upstream's fields.
    expect(r.structuredContent.did_you_mean).toEqual(r._meta[DID_YOU_MEAN_META_KEY]);
  });

  it("tools are listed as the upstream lists them: outputSchema, annotations, execution (task support)", async () => {
    const listed = await legacy.request({ method: "tools/list", params: {} });
    const straight = await direct.request({ method: "tools/list", params: {} });
    for (const tool of straight.tools) {
      expect(listed.tools.find((t) => t.name === tool.name)).toEqual(tool);
    }
    const research = listed.tools.find((t) => t.name === "simulate-research-query");
    expect(research?.execution).toEqual({ taskSupport: "required" });
  });
});
