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
    "Suggest which tool fits a task described in plain words: ranked matches with confidence, or 'no matching tool'.",
  details:
    "Each match has a tier and, with include_breakdown, its score breakdown; nothing is returned when nothing fits.",
  examples: [
    "which tool should I use to find a file",
    "what tool fits the task of converting units",
    "recommend the right tool for editing a config",
    "route this request to the best tool",
    "I am not sure which function handles memory, suggest one",
    "which tool would convert units for me",
    "what tool do I use to search file contents",
    "help me pick a tool for saving a note",
    "which of the available tools fits this task",
  ],
  toolset: "router",
  keywords: ["which tool", "what tool", "tool for", "route", "intent", "choose", "recommend", "suggest", "should use"],
  input: {
    query: z.string().describe("'convert 5 miles to km'"),
    top_k: z.number().int().min(1).max(10).default(3),
    include_breakdown: z.boolean().default(true),
    available_tools: z.array(z.string()).max(1000).optional().describe("Only among these tool names"),
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
  description: "Check a tool name: the tool it means (exact, alias or corrected typo), or suggestions.",
  details:
    "Names are matched exactly, normalised (case, separators, plurals), as aliases, then as typos: an auto-corrected " +
    "typo, suggestions with candidates, or none. Never crosses into another server's namespace.",
  examples: [
    "is serch_files a valid tool name",
    "what tool does the name grep refer to",
    "correct the tool name reed_file",
    "check whether the tool called convrt exists",
    "which tool is meant by this misspelled name",
    "is there a tool called grep",
    "what is the right name for the tool read_fle",
    "does the tool edit_fiel exist",
    "which tool does the alias cat point to",
  ],
  toolset: "router",
  keywords: ["tool name", "resolve", "check name", "correct name", "misspelled tool", "name typo"],
  input: {
    tool_name: z.string(),
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
    'List this server\'s tools a page at a time, filtered by query or namespace; detail "full" adds all descriptions.',
  details:
    "Each tool with its description, parameters, aliases and annotations; a page is about 2K tokens. detail " +
    "\"full\" shows every parameter's description, the tool's details and its example requests, which tools/list leaves out.",
  examples: [
    "list the tools you have",
    "what tools are available on this server",
    "show me everything you can do",
    "give an overview of the capabilities",
    "which tools exist for memory",
    "what tools do you have",
    "list everything this server can do",
    "show the available functions",
    "what commands are there for units",
  ],
  toolset: "router",
  keywords: ["list tools", "tools", "capabilities", "available", "exist", "what can", "overview", "catalog"],
  aliases: ["list_tools", "help"],
  input: {
    query: z.string().optional(),
    namespace: z.string().optional(),
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
