/**
 * Tool search (docs/proxy.md, "Tool search"): for large catalogs, the client lists a small fixed set instead of every
 * upstream tool: `search_tools` (the best tools for a request, each with its full input schema), `call_tool` (runs
 * one of them through the proxy's usual call path: name and parameter recovery, and no write on a guess), and the
 * tools the user pinned. Every tool stays callable by its own name as well. Off by default (`--tool-search`).
 */
import type { Tool } from "@modelcontextprotocol/client";
import * as z from "zod";
import type { LoadedConfig } from "../core/config.js";
import type { Correction } from "../core/corrections.js";
import type { ErrorPayload } from "../core/errors.js";
import { thresholdsFrom } from "../core/invoke.js";
import { listedInputJsonSchema } from "../core/schema.js";
import { type AnyToolDefinition, defineTool } from "../core/tool.js";
import { validateArguments } from "../core/validate.js";
import { type Router, routeCall, routerFor } from "../router/index.js";
import type { Catalog } from "./catalog.js";

export const SEARCH_TOOL = "search_tools";
export const CALL_TOOL = "call_tool";
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;
const MAX_QUERY_CHARS = 500;

export interface ToolSearchOptions {
  /** Tools listed beside the two, by the names clients call them. */
  pinned: readonly string[];
}

const noop = () => ({});

/** The two tools as definitions: the router resolves their names and parameters like any other tool's. */
const searchToolsDefinition = defineTool({
  name: SEARCH_TOOL,
  title: "Search tools",
  description:
    "Find the tools for a task among every tool behind this proxy: the best matches, each with its description, " +
    "annotations and full input schema. Then run one with call_tool (or by its own name).",
  toolset: "proxy",
  keywords: ["search", "find", "tools", "which tool"],
  input: {
    query: z.string().min(1).max(MAX_QUERY_CHARS).describe("The task in plain words"),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe("Tools returned"),
  },
  paramAliases: { q: "query", text: "query", task: "query", top_k: "limit", k: "limit" },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: noop,
});

const callToolDefinition = defineTool({
  name: CALL_TOOL,
  title: "Call a tool",
  description:
    "Run one tool found by search_tools, by its name, with its arguments. A slightly wrong tool or parameter name " +
    "is corrected and reported when that is safe; a tool that may write runs only as named.",
  toolset: "proxy",
  keywords: ["call", "run", "invoke", "execute"],
  input: {
    name: z.string().min(1).describe("The tool's name as search_tools gave it"),
    arguments: z.record(z.string(), z.unknown()).default({}).describe("Its arguments, as its input schema says"),
  },
  paramAliases: { tool: "name", tool_name: "name", args: "arguments", params: "arguments", input: "arguments" },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  handler: noop,
});

const META_TOOLS: readonly AnyToolDefinition[] = [searchToolsDefinition, callToolDefinition];

function listingOf(tool: AnyToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: listedInputJsonSchema(tool) as Tool["inputSchema"],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

/** What tools/list shows: the two tools, then the pinned ones that exist (and the pins that name nothing). */
export function toolSearchListing(catalog: Catalog, options: ToolSearchOptions): { tools: Tool[]; missing: string[] } {
  const tools = META_TOOLS.map(listingOf);
  const missing: string[] = [];
  for (const name of options.pinned) {
    const served = catalog.byName.get(name);
    if (!served) missing.push(name);
    else if (!META_TOOLS.some((m) => m.name === name)) tools.push(served.listing);
  }
  return { tools, missing };
}

export type MetaCall =
  | { kind: "search"; query: string; limit: number; corrections: Correction[] }
  | { kind: "call"; name: string; arguments: Record<string, unknown>; corrections: Correction[] }
  | { kind: "refused"; error: ErrorPayload };

/**
 * A tools/call of search_tools or call_tool (their names and parameters recovered as any tool's are); undefined when
 * the name is neither, or is a served tool's exact name, so the call goes the usual way.
 */
export function planMetaCall(
  catalog: Catalog,
  config: LoadedConfig,
  name: unknown,
  args: unknown,
): MetaCall | undefined {
  if (typeof name !== "string") return undefined;
  // A served tool called by its exact name is that tool, however close its name is to these two (`search_tool`).
  if (catalog.byName.has(name) && !META_TOOLS.some((m) => m.name === name)) return undefined;
  const router = routerFor(META_TOOLS, config);
  const resolved = router.resolve(name).resolved;
  if (resolved === null) return undefined;
  const outcome = routeCall(router, { name, arguments: args ?? {} }, config);
  if (!outcome.ok) return { kind: "refused", error: outcome.error };
  const validation = validateArguments(outcome.call.tool, outcome.call.arguments, thresholdsFrom(config));
  if (!validation.ok) return { kind: "refused", error: validation.error };
  const value = validation.value;
  const { corrections } = outcome.call;
  if (outcome.call.tool.name === SEARCH_TOOL) {
    return { kind: "search", query: String(value.query), limit: Number(value.limit), corrections };
  }
  const inner = value.arguments as Record<string, unknown>;
  return { kind: "call", name: String(value.name), arguments: inner, corrections };
}

export interface FoundTool {
  name: string;
  description?: string;
  /** How well it fits the request, the router's confidence (a ranking here: the best few are always returned). */
  score: number;
  inputSchema: Tool["inputSchema"];
  annotations?: Tool["annotations"];
}

export interface SearchAnswer {
  [key: string]: unknown;
  query: string;
  tools: FoundTool[];
  /** Tools searched. */
  total: number;
  message: string;
}

/**
 * The best `limit` tools for `query`, without analyze_intent's threshold: a search always answers with its best few,
 * each with the listing the tool would have in tools/list. Ranked by the lexical lane when its first tool is decisive,
 * else by the fused ranking (the lexical lane alone until the sentence model is ready): see Router.rankForSearch.
 */
export async function searchCatalog(
  catalog: Catalog,
  config: LoadedConfig,
  query: string,
  limit: number,
): Promise<SearchAnswer> {
  const router: Router = routerFor(catalog.definitions, config);
  const { ranked } = await router.rankForSearch(query, limit);
  const tools: FoundTool[] = [];
  for (const r of ranked) {
    const served = catalog.byName.get(r.tool.name);
    if (!served) continue;
    const { name, description, inputSchema, annotations } = served.listing;
    tools.push({ name, description, score: r.score, inputSchema, ...(annotations ? { annotations } : {}) });
  }
  const total = catalog.definitions.length;
  const message =
    tools.length === 0
      ? `No tool matches '${query}' among ${total}: try other words for the task`
      : `${tools.length} of ${total} tools, best first: call one with ${CALL_TOOL} {name, arguments}`;
  return { query, tools, total, message };
}
