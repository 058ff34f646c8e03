/**
 * Tool search in the proxy (`dwim proxy --tool-search`, docs/proxy.md "Tool search") over a large catalog of real
 * tool definitions, assembled as the proxy assembles its catalog (src/proxy/catalog.ts, names namespaced on a clash):
 * - dwim's own served tools (src/server/toolsets.ts);
 * - the reference servers, devDependencies, listed live over stdio (server-filesystem, server-everything,
 *   server-memory);
 * - 19 MCP servers published on npm, as they list their tools (bench/tool-search/npm-servers.json, written by
 *   bench/tool-search/snapshot.ts from the packages and versions named there);
 * - MetaTool's 199 tools (../shared/data/router: ChatGPT plugins' names and descriptions; they have no input
 *   schema, so each gets one required string parameter, `request`).
 * Measured: model-visible tokens of the listing with tool search against the full listing (bench/lib/tokens.ts);
 * recall@5 and recall@10 of the right tool for natural requests (84 written by hand for the MCP tools,
 * bench/tool-search/requests.ts; MetaTool's 2,000 dev queries) for search_tools, plain BM25 and analyze_intent as an
 * agent gets it (matches at or above suggest_threshold, top_k 10); search latency. `npm run bench -- tool-search`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client, type Tool } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { loadConfig } from "../../src/core/config.js";
import { buildCatalog, type Catalog, type Upstream } from "../../src/proxy/index.js";
import { searchCatalog, toolSearchListing } from "../../src/proxy/tool-search.js";
import { ROUTER_CONFIG_SECTIONS } from "../../src/router/config.js";
import { routerFor } from "../../src/router/router.js";
import { toMcpTool } from "../../src/server/mcp.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { DATA_FILES, requireData } from "../lib/datasets.js";
import { percentile, publish, type Row } from "../lib/report.js";
import { countTokens, modelTokens } from "../lib/tokens.js";
import { Bm25Router } from "../router/baseline.js";
import { SEARCH_REQUESTS } from "./requests.js";

const require = createRequire(import.meta.url);
const BENCH = dirname(new URL(import.meta.url).pathname);

function binOf(pkg: string): string {
  const manifest = require(`${pkg}/package.json`) as { bin: Record<string, string> | string };
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(require.resolve(`${pkg}/package.json`)), bin);
}

async function listLive(script: string, args: string[]): Promise<Tool[]> {
  const client = new Client({ name: "bench-tool-search", version: "0.0.0" });
  const env = { PATH: process.env.PATH ?? "", HOME: tmpdir(), MEMORY_FILE_PATH: join(tmpdir(), "bench-ts-m.json") };
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [script, ...args], env, stderr: "ignore" }),
  );
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

/** What buildCatalog reads of an upstream: its name, tools and prefix. */
const upstreamOf = (name: string, tools: Tool[]) => ({ name, tools, spec: { name } }) as unknown as Upstream;
/** `@scope/server-github` → `github`, `@cyanheads/git-mcp-server` → `git`, `@playwright/mcp` → `playwright`, `@bitwarden/mcp-server` → `bitwarden`. */
const shortName = (pkg: string) => {
  const [, scope, name] = /^(?:@([^/]+)\/)?(.+)$/u.exec(pkg) as RegExpExecArray;
  const short = name.replace(/^(mcp-server-|server-)/u, "").replace(/(-mcp-server|-mcp)$/u, "");
  return (short === "mcp" || short === "mcp-server") && scope ? scope : short;
};

// ---------- the catalog ----------
const snapshot = JSON.parse(readFileSync(join(BENCH, "npm-servers.json"), "utf8")) as Array<{
  package: string;
  version: string;
  tools: Tool[];
}>;
const DATA = requireData("npm run bench -- tool-search", [DATA_FILES.metatoolTools, DATA_FILES.metatoolQueries]);
const metaTools = readFileSync(join(DATA, DATA_FILES.metatoolTools.path), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { name: string; description: string });
const scratch = tmpdir();
const upstreams: Upstream[] = [
  upstreamOf("filesystem", await listLive(binOf("@modelcontextprotocol/server-filesystem"), [scratch])),
  upstreamOf("everything", await listLive(binOf("@modelcontextprotocol/server-everything"), ["stdio"])),
  upstreamOf("memory", await listLive(binOf("@modelcontextprotocol/server-memory"), [])),
  ...snapshot.map((s) => upstreamOf(shortName(s.package), s.tools)),
  upstreamOf(
    "metatool",
    metaTools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: {
        type: "object",
        properties: { request: { type: "string", description: "What to ask the plugin" } },
        required: ["request"],
      },
    })),
  ),
];
const own = TOOLSETS.flatMap((t) => t.tools);
const catalog: Catalog = buildCatalog({ tools: own, list: (t) => toMcpTool(t) }, upstreams);
const served = (server: string, tool: string) =>
  catalog.tools.find((t) => (t.upstream?.name ?? "dwim") === server && t.original === tool && t.indexed)?.name;

// ---------- tokens ----------
const fullTokens = catalog.listing.reduce((s, t) => s + modelTokens(t), 0);
const searchListing = toolSearchListing(catalog, { pinned: [] }).tools;
const searchTokens = searchListing.reduce((s, t) => s + modelTokens(t), 0);

// ---------- requests ----------
const config = loadConfig({
  userFile: null,
  projectFile: null,
  env: { DWIM_LOG: "0" },
  sections: [...ROUTER_CONFIG_SECTIONS],
});
const lexicalConfig = loadConfig({
  userFile: null,
  projectFile: null,
  env: { DWIM_LOG: "0", DWIM_ROUTER_EMBEDDINGS: "none" },
  sections: [...ROUTER_CONFIG_SECTIONS],
});
const router = routerFor(catalog.definitions, config);
const semanticStart = performance.now();
const ready = await router.semantic.ready(900_000);
const semanticReadyMs = performance.now() - semanticStart;
if (!ready) throw new Error(`semantic lane not ready: ${JSON.stringify(router.semantic.status)}`);
const bm25 = new Bm25Router(catalog.tools.map((t) => ({ name: t.name, description: t.listing.description ?? "" })));

interface Case {
  query: string;
  expected: string;
}
const handWritten: Case[] = SEARCH_REQUESTS.flatMap((r) => {
  const expected = served(r.server, r.tool);
  if (!expected) throw new Error(`no served tool for ${r.server}/${r.tool}`);
  return [{ query: r.query, expected }];
});
const metaQueries: Case[] = readFileSync(join(DATA, DATA_FILES.metatoolQueries.path), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { query: string; expected: string })
  .flatMap((q) => {
    const expected = served("metatool", q.expected);
    return expected ? [{ query: q.query, expected }] : [];
  });

type System = "search" | "bm25" | "analyze" | "fused";
const SYSTEMS: System[] = ["search", "bm25", "analyze", "fused"];
const searchTimes: number[] = [];
/** The same searches again: the query vector is then in the model's cache, so this is everything but the model. */
const repeatTimes: number[] = [];
/** Per timed search, whether the lexical lane answered alone (the model never ran). */
const lexicalOnly: boolean[] = [];
const answerTokens: number[] = [];
/** Searches not timed: the first calls compile the scoring code and warm the model's kernels. */
const WARM_UP = 20;
let searches = 0;

async function ranked(system: System, query: string): Promise<string[]> {
  if (system === "bm25")
    return bm25
      .rank(query)
      .slice(0, 10)
      .map((r) => r.tool);
  if (system === "analyze") return (await router.analyzeIntent(query, 10, false)).matches.map((m) => m.tool);
  // The ranking before the lexical gate: every query embedded.
  if (system === "fused") return (await router.rankFused(query, 10)).map((r) => r.tool.name);
  const t0 = performance.now();
  const answer = await searchCatalog(catalog, config, query, 10);
  const took = performance.now() - t0;
  const t1 = performance.now();
  await searchCatalog(catalog, config, query, 10);
  const again = performance.now() - t1;
  if (++searches > WARM_UP) {
    searchTimes.push(took);
    repeatTimes.push(again);
    lexicalOnly.push((await router.rankForSearch(query, 10)).lane === "lexical");
  }
  answerTokens.push(countTokens(JSON.stringify({ ...answer, tools: answer.tools.slice(0, 5) })));
  return answer.tools.map((t) => t.name);
}

async function recall(cases: readonly Case[]) {
  const hits = Object.fromEntries(SYSTEMS.map((s) => [s, { at1: 0, at5: 0, at10: 0 }])) as Record<
    System,
    { at1: number; at5: number; at10: number }
  >;
  for (const c of cases) {
    for (const system of SYSTEMS) {
      const rank = (await ranked(system, c.query)).indexOf(c.expected);
      if (rank === 0) hits[system].at1++;
      if (rank >= 0 && rank < 5) hits[system].at5++;
      if (rank >= 0 && rank < 10) hits[system].at10++;
    }
  }
  const pct = (n: number) => (100 * n) / Math.max(1, cases.length);
  return Object.fromEntries(
    SYSTEMS.map((s) => [s, { at1: pct(hits[s].at1), at5: pct(hits[s].at5), at10: pct(hits[s].at10) }]),
  ) as Record<System, { at1: number; at5: number; at10: number }>;
}

const loadBefore = loadavg();
const hand = await recall(handWritten);
const searchedHand = searchTimes.length;
const meta = await recall(metaQueries);

// The lexical lane alone (the model still loading, or embeddings = "none"): the floor of a search's latency.
const lexicalTimes: number[] = [];
routerFor(catalog.definitions, lexicalConfig);
for (const [k, c] of [...handWritten, ...metaQueries.slice(0, 300)].entries()) {
  const t0 = performance.now();
  await searchCatalog(catalog, lexicalConfig, c.query, 10);
  if (k >= WARM_UP) lexicalTimes.push(performance.now() - t0);
}

// ---------- report ----------
const sizes = upstreams.map((u) => `${u.name} ${u.tools.length}`).join(", ");
const tokenRows: Row[] = [
  {
    metric: `model-visible tokens of the listing: tool search (search_tools + call_tool) vs every tool (${catalog.listing.length})`,
    ours: searchTokens,
    baseline: fullTokens,
  },
  {
    metric: "tokens saved by tool search",
    ours: 100 * (1 - searchTokens / fullTokens),
    unit: "%",
    target: ">= 85 %",
  },
  {
    metric: "tokens of one search answer (5 tools with their input schemas), mean",
    ours: answerTokens.reduce((s, x) => s + x, 0) / Math.max(1, answerTokens.length),
  },
];
const recallRows = (label: string, n: number, r: typeof hand): Row[] => [
  {
    metric: `${label} (${n}): recall@5, search_tools vs plain BM25`,
    ours: r.search.at5,
    baseline: r.bm25.at5,
    second: r.analyze.at5,
    unit: "%",
  },
  {
    metric: `${label}: recall@10, search_tools vs plain BM25`,
    ours: r.search.at10,
    baseline: r.bm25.at10,
    second: r.analyze.at10,
    unit: "%",
  },
  {
    metric: `${label}: top-1, search_tools vs plain BM25`,
    ours: r.search.at1,
    baseline: r.bm25.at1,
    second: r.analyze.at1,
    unit: "%",
  },
  {
    metric: `${label}: recall@5 / @10 / top-1 with every query embedded (no lexical gate), against search_tools`,
    ours: `${r.fused.at5.toFixed(1)} / ${r.fused.at10.toFixed(1)} / ${r.fused.at1.toFixed(1)} %`,
    baseline: `${r.search.at5.toFixed(1)} / ${r.search.at10.toFixed(1)} / ${r.search.at1.toFixed(1)} %`,
  },
];
const allSearch = [...searchTimes];
const modelRan = searchTimes.filter((_, k) => !lexicalOnly[k]);
/** What the model added to a search it ran in: the search minus its repeat with the query vector cached. */
const modelCost = searchTimes.flatMap((t, k) => (lexicalOnly[k] ? [] : [Math.max(0, t - repeatTimes[k])]));
const latencyRows: Row[] = [
  {
    metric: `search_tools over ${catalog.tools.length} tools as shipped (lexical gate; query embedding included where it runs): p50`,
    ours: percentile(allSearch, 50),
    unit: "ms",
  },
  {
    metric: `search_tools over ${catalog.tools.length} tools as shipped: p95`,
    ours: percentile(allSearch, 95),
    unit: "ms",
    target: "<= 30 ms",
  },
  {
    metric: "same, hand-written requests only (short): p95",
    ours: percentile(allSearch.slice(0, Math.max(1, searchedHand)), 95),
    unit: "ms",
  },
  {
    metric: `searches answered by the lexical lane alone (decisive first tool; the model not run), of ${allSearch.length}`,
    ours: (100 * lexicalOnly.filter(Boolean).length) / Math.max(1, lexicalOnly.length),
    unit: "%",
  },
  {
    metric: `searches that ran the model (${modelRan.length}): p50 / p95`,
    ours: `${percentile(modelRan, 50).toFixed(1)} / ${percentile(modelRan, 95).toFixed(1)} ms`,
  },
  {
    metric: "the model's share of those searches (query embedding, unseen queries): p50 / p95",
    ours: `${percentile(modelCost, 50).toFixed(1)} / ${percentile(modelCost, 95).toFixed(1)} ms`,
  },
  {
    metric: "search_tools, everything but the model (the same searches again, query vector cached): p50",
    ours: percentile(repeatTimes, 50),
    unit: "ms",
  },
  {
    metric: "search_tools, everything but the model: p95",
    ours: percentile(repeatTimes, 95),
    unit: "ms",
    target: "<= 30 ms",
  },
  { metric: "search_tools, lexical lane alone: p50", ours: percentile(lexicalTimes, 50), unit: "ms" },
  { metric: "search_tools, lexical lane alone: p95", ours: percentile(lexicalTimes, 95), unit: "ms" },
  {
    metric: "semantic index ready (model load, tool vectors from the disk cache or embedded)",
    ours: semanticReadyMs,
    unit: "ms",
  },
];

publish({
  name: "tool-search",
  title: "Tool search in the proxy: tokens, recall, latency",
  inputs: [
    `Catalog: ${catalog.tools.length} tools, assembled as the proxy does (src/proxy/catalog.ts): dwim ${own.length}, ${sizes}`,
    `npm servers: ${snapshot.map((s) => `${s.package}@${s.version}`).join(", ")} (tools/list snapshot, bench/tool-search/npm-servers.json)`,
    "MetaTool tools (../shared/data/router/metatool_tools.jsonl) have no input schema: each is given one required string parameter, request",
    `Requests: ${handWritten.length} written by hand for the MCP tools (bench/tool-search/requests.ts), ${metaQueries.length} MetaTool dev queries (../shared/data/router/metatool_queries_dev.jsonl)`,
    "Tokens: JSON of {name, description, parameters: inputSchema} per listed tool, o200k_base (bench/lib/tokens.ts, as bench/context)",
    "analyze_intent: the matches an agent gets (confidence >= suggest_threshold, top_k 10); search_tools always returns its best 10",
    `Latency: every search of the recall runs after the first ${WARM_UP}, each query unseen by the model (search runs before the other systems)`,
    `Load average before the timed searches ${loadBefore.map((x) => x.toFixed(1)).join(" ")}, at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} on ${cpus().length} cores (wall times include waiting for the CPU)`,
    "search_tools ranks by the lexical lane alone when its first tool is decisive (analyze_intent's auto tier, or a tool the query names) and embeds the query otherwise; 'every query embedded' is the ranking without that gate",
  ],
  tables: [
    { caption: "Context cost", rows: tokenRows, baselineLabel: "full listing" },
    {
      caption: "Recall of the right tool",
      rows: [
        ...recallRows("hand-written requests, MCP tools", handWritten.length, hand),
        ...recallRows("MetaTool dev queries", metaQueries.length, meta),
      ],
      oursLabel: "search_tools",
      baselineLabel: "plain BM25",
      secondLabel: "analyze_intent",
    },
    { caption: "Search latency", rows: latencyRows },
  ],
  data: { tools: catalog.tools.length, fullTokens, searchTokens, hand, meta },
  record: !process.argv.includes("--quick"),
});
process.exit(0);
