/** The router's MCP tools (docs/router.md, "Tools"): analyze_intent, resolve_tool, list_capabilities. All read-only. */
import * as z from "zod";
import { defineTool } from "../core/tool.js";
import { listCapabilities } from "./capabilities.js";
import { analyzeIntentOutput, listCapabilitiesOutput, resolveToolOutput } from "./outputs.js";
import { routerFor } from "./router.js";

export const analyzeIntentTool = defineTool({
  name: "analyze_intent",
  title: "Analyze intent",
  description:
    "Suggest which tool fits a task described in plain words: ranked matches with confidence, tier and a score " +
    "breakdown, or an explicit 'no matching tool' when nothing fits.",
  toolset: "router",
  keywords: ["which tool", "what tool", "tool for", "route", "intent", "choose", "recommend", "suggest", "should use"],
  input: {
    query: z.string().describe("The task in plain words: 'convert 5 miles to km'"),
    top_k: z.number().int().min(1).max(10).default(3).describe("How many matches to return (1–10)"),
    include_breakdown: z.boolean().default(true).describe("Include each match's score breakdown"),
    available_tools: z
      .array(z.string())
      .max(1000)
      .optional()
      .describe("Route only among these tool names (the tools the agent can call now); empty or absent: all"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { command: "route" },
  output: analyzeIntentOutput,
  async handler(args, ctx) {
    return {
      ...(await routerFor(ctx.tools, ctx.config).analyzeIntent(
        args.query,
        args.top_k,
        args.include_breakdown,
        args.available_tools,
      )),
    };
  },
  render(output) {
    const matches = (output.matches as Array<{ tool: string; confidence: number; tier: string }>) ?? [];
    if (matches.length === 0) return String(output.message);
    return [String(output.message), ...matches.map((m) => `  ${m.tool}  ${m.confidence.toFixed(3)}  ${m.tier}`)].join(
      "\n",
    );
  },
});

export const resolveToolTool = defineTool({
  name: "resolve_tool",
  title: "Resolve tool name",
  description:
    "Check a tool name: exact, normalised (case, separators, plurals), alias, auto-corrected typo, suggestion or " +
    "none, with candidates. Never crosses into another server's namespace.",
  toolset: "router",
  keywords: ["spell", "spelling", "name", "typo", "check name", "resolve", "correct name", "exist"],
  input: {
    tool_name: z.string().describe("The tool name to check, as written"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { command: "resolve" },
  output: resolveToolOutput,
  handler(args, ctx) {
    const { hints: _hints, correction_type: _type, ...r } = routerFor(ctx.tools, ctx.config).resolve(args.tool_name);
    return { ...r };
  },
  render(output) {
    return `${String(output.message)}${output.resolved ? `\n  → ${String(output.resolved)} (${String(output.tier)})` : ""}`;
  },
});

export const listCapabilitiesTool = defineTool({
  name: "list_capabilities",
  title: "List capabilities",
  description:
    "List the tools this server offers with their description, parameters, aliases and annotations, a page at a " +
    "time (about 2K tokens), optionally filtered by a query or namespace.",
  toolset: "router",
  keywords: ["list tools", "tools", "capabilities", "available", "exist", "what can", "overview", "catalog"],
  aliases: ["list_tools", "help"],
  input: {
    query: z.string().optional().describe("Only tools relevant to this text"),
    namespace: z.string().optional().describe("Only tools of this namespace or toolset"),
    detail: z.enum(["names", "summary", "full"]).default("summary"),
    limit: z.number().int().min(1).max(100).default(50),
    cursor: z.string().optional().describe("next_cursor of the previous page"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  output: listCapabilitiesOutput,
  handler(args, ctx) {
    return listCapabilities(routerFor(ctx.tools, ctx.config), args);
  },
});

export const ROUTER_TOOLS = [analyzeIntentTool, resolveToolTool, listCapabilitiesTool] as const;
