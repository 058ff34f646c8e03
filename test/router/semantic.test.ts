/**
 * The semantic lane of analyze_intent with the shipped sentence encoder: fused ranking, fast paths that never wait
 * for the model, the on-disk vector cache, fallbacks, non-ASCII text, calibrated (unsaturated) scores and
 * tie-breaks that never depend on registration order. One model load per test file (the model is process-wide).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/config.js";
import { ROUTER_CONFIG_SECTIONS, type RouterConfig, routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { DWIM_TOOLS } from "./fixture.js";

const cacheDir = mkdtempSync(join(tmpdir(), "dwim-vectors-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

function configWith(env: Record<string, string> = {}, tools: RouterConfig["tools"] = []): RouterConfig {
  const loaded = loadConfig({
    userFile: null,
    projectFile: null,
    env: { DWIM_LOG: "0", ...env },
    sections: [...ROUTER_CONFIG_SECTIONS],
  });
  return { ...routerConfigFrom(loaded), tools };
}

const catalog = (entries: Array<[string, string]>): RouterConfig["tools"] =>
  entries.map(([name, description]) => ({ name, description, keywords: [], parameters: [] }));

const env = { DWIM_CACHE_DIR: cacheDir };
const dwim = new Router(DWIM_TOOLS, configWith(), "config", env);

describe("fused ranking with the shipped model", () => {
  it("answers an identifier at once from the lexical lane, without starting the model", async () => {
    const fresh = new Router(DWIM_TOOLS, configWith(), "config", env);
    const a = await fresh.analyzeIntent("read_file src/main.ts");
    expect(a.matches[0]).toMatchObject({ tool: "read_file", tier: "auto" });
    expect(fresh.semantic.status.status).toBe("idle");
  });

  it("answers a mistyped tool name from the typo matcher, without starting the model", async () => {
    const fresh = new Router(DWIM_TOOLS, configWith(), "config", env);
    for (const [typo, tool] of [
      ["convrt", "convert"],
      ["fuzzy_search_contnt", "fuzzy_search_content"],
      ["read_fiel", "read_file"],
    ]) {
      const a = await fresh.analyzeIntent(typo);
      expect(a.matches[0]).toMatchObject({ tool, tier: "auto" });
      expect(a.matches[0].confidence).toBe(fresh.resolve(typo).confidence);
      expect(fresh.analyze(typo).matches[0].tool).toBe(tool);
    }
    // a destructive target is never auto-corrected, so it is not answered this way either
    expect(fresh.resolve("edit_fil").tier).not.toBe("auto");
    expect(fresh.semantic.status.status).toBe("idle");
  });

  it("ranks by meaning where no word is shared with any tool", async () => {
    expect(await dwim.semantic.ready(120_000)).toBe(true);
    expect(dwim.semantic.status.provider).toBe("use-lite-v1");
    const tools = catalog([
      ["get_forecast", "Get the weather forecast for a city."],
      ["send_mail", "Send an email message to a contact."],
      ["read_document", "Read a document from disk."],
      ["play_music", "Play a song or a playlist."],
    ]);
    const r = new Router([], configWith({}, tools), "config", env);
    const q = "will it rain tomorrow in Paris";
    expect(r.rank(q)).toEqual([]);
    const fused = await r.rankFused(q);
    expect(fused[0].tool.name).toBe("get_forecast");
    expect(fused[0].breakdown.semantic).toBeGreaterThan(fused[1].breakdown.semantic);
  });

  it("keeps off-domain asks out (abstention) and dwim's own routing cases in", async () => {
    for (const q of [
      "make coffee",
      "book a flight to Tokyo next Friday",
      "tell me a joke about cats",
      // one word of the request (suggest) is a keyword of analyze_intent: one shared word is weak evidence
      "can you suggest a workout for beginners?",
    ]) {
      expect((await dwim.analyzeIntent(q)).matches).toEqual([]);
    }
    expect((await dwim.analyzeIntent("convert 5 miles to kilometers")).matches[0].tool).toBe("convert");
    expect((await dwim.analyzeIntent("grep for TODO in src")).matches[0].tool).toBe("fuzzy_search_content");
  });

  it("in a catalog of two tools, an off-topic request gets no match and the tool's own request is answered", async () => {
    const tools = catalog([
      ["create_ticket", "Open a support ticket with a title and a description."],
      ["close_ticket", "Close a support ticket by its id."],
    ]);
    const r = new Router([], configWith({}, tools), "config", env);
    for (const q of ["what is the best pasta recipe", "how far away is Jupiter", "play the next song"]) {
      expect((await r.analyzeIntent(q)).matches, q).toEqual([]);
    }
    const a = await r.analyzeIntent("open a new support ticket about the login page");
    expect(a.matches[0]?.tool).toBe("create_ticket");
  });

  it("embeds the registry once: a second router over the same tools reads the vectors from the disk cache", async () => {
    const files = readdirSync(join(cacheDir, "embeddings"));
    expect(files.some((f) => f.startsWith("router-"))).toBe(true);
    const again = new Router(DWIM_TOOLS, configWith(), "config", env);
    expect(await again.semantic.ready(120_000)).toBe(true);
    expect(again.semantic.status.cached).toBe(true);
  });

  it("a verb and its object both count: 'list servers' is not the tool that adds one", async () => {
    const tools = catalog([
      ["add_postgres_server", "Register a PostgreSQL server connection so it can be queried."],
      ["list_servers", "List the database servers that are registered."],
      ["remove_server", "Remove a registered database server."],
      ["list_tables", "List the tables of a database."],
    ]);
    const r = new Router([], configWith({}, tools), "config", env);
    expect(r.rank("list servers")[0].tool.name).toBe("list_servers");
    expect((await r.analyzeIntent("list servers")).matches[0].tool).toBe("list_servers");
  });

  it("the order never depends on registration order, also when fused", async () => {
    const entries: Array<[string, string]> = [
      ["get_current_time", "Get the current time in a timezone."],
      ["convert_time", "Convert a time between timezones."],
      ["list_events", "List upcoming calendar events."],
      ["create_event", "Create a calendar event."],
    ];
    const a = new Router([], configWith({}, catalog(entries)), "config", env);
    const b = new Router([], configWith({}, catalog([...entries].reverse())), "config", env);
    for (const q of ["time", "event", "what time is it in Tokyo", "calendar"]) {
      const order = async (r: Router) => (await r.rankFused(q)).map((s) => s.tool.name);
      expect(await order(b)).toEqual(await order(a));
    }
  });

  it("the model reads the request, not its framing: polite and plain asks get the same similarities", async () => {
    const tools = catalog([
      ["get_forecast", "Get the weather forecast for a city."],
      ["send_mail", "Send an email message to a contact."],
      ["play_music", "Play a song or a playlist."],
    ]);
    const r = new Router([], configWith({}, tools), "config", env);
    expect(await r.semantic.ready(120_000)).toBe(true);
    const plain = await r.semantic.score("get the weather forecast for Paris?");
    for (const framed of [
      "Sure! Can you please get the weather forecast for Paris for me?",
      "I would like to get the weather forecast for Paris?",
    ]) {
      expect(await r.semantic.score(framed)).toEqual(plain);
    }
    // a request that is a tool's name in words ranks that tool first (its name view)
    const named = (await r.semantic.score("play music")) as Float64Array;
    expect(named[2]).toBeGreaterThan(Math.max(named[0], named[1]));
  });

  it("a query in another script meets a description in that script through the character n-gram lane", async () => {
    const tools = catalog([
      ["read_document", "ファイルの内容を読み込んで表示する"],
      ["send_mail", "メールを送信する"],
      ["weather", "Get the weather forecast for a city"],
    ]);
    const r = new Router([], configWith({}, tools), "config", env);
    const ranked = await r.rankFused("ファイルの内容を読み込む");
    expect(ranked[0].tool.name).toBe("read_document");
    expect(ranked[0].breakdown.semantic).toBeGreaterThan(0.3);
  });
});

describe("lexical calibration", () => {
  it("strong matches are not clipped into ties: every score stays below 1 and keeps its order", () => {
    const ranked = dwim.rank("search memories for the caching decision we stored");
    // The lexical lane's own score (the confidence shown is its calibrated probability, which may tie at the floor).
    const scores = ranked.slice(0, 5).map((s) => s.evidence.lexical);
    expect(new Set(scores).size).toBe(scores.length);
    for (const s of scores) expect(s).toBeLessThan(1);
  });

  it("a word the catalog uses as written is not merged with its stem ('times' is not 'time')", () => {
    const tools = catalog([
      ["get_current_time", "Get the current time in a timezone."],
      ["multiply", "Multiply two numbers: how many times one goes into the other, times tables."],
    ]);
    const r = new Router([], configWith({ DWIM_ROUTER_EMBEDDINGS: "none" }, tools), "config", env);
    expect(r.rank("12 times 7")[0].tool.name).toBe("multiply");
    expect(r.rank("what time is it")[0].tool.name).toBe("get_current_time");
  });
});

describe("providers and fallbacks", () => {
  it("hash is the fallback: an unknown provider degrades to it and says so", async () => {
    const r = new Router(DWIM_TOOLS, configWith({ DWIM_ROUTER_EMBEDDINGS: "no-such-model" }), "config", env);
    expect(await r.semantic.ready(10_000)).toBe(true);
    expect(r.semantic.status).toMatchObject({ status: "ready", provider: "hash-v1" });
    expect(r.semantic.status.degraded).toMatch(/DWIM_ROUTER_EMBEDDINGS|no-such-model/u);
  });

  it("embeddings = none: analyze_intent is lexical and reports the lane off", async () => {
    const r = new Router(DWIM_TOOLS, configWith({ DWIM_ROUTER_EMBEDDINGS: "none" }), "config", env);
    const a = await r.analyzeIntent("convert 5 miles to kilometers");
    expect(a.scoring?.semantic.status).toBe("off");
    expect(a.matches[0].breakdown?.semantic).toBe(0);
  });

  it("DWIM_CACHE_DIR=off keeps nothing on disk", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-nocache-"));
    try {
      const r = new Router(DWIM_TOOLS, configWith(), "config", { DWIM_CACHE_DIR: "off", XDG_CACHE_HOME: dir });
      expect(await r.semantic.ready(120_000)).toBe(true);
      expect(existsSync(join(dir, "dwim"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
