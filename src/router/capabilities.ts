/**
 * `list_capabilities` (spec §3.2): the registry as pages an agent can read, each under about 2K tokens. Summary detail
 * gives the first sentence and parameter names; full detail adds parameter types and the whole description.
 */
import { summaryOf } from "../core/tool.js";
import type { RouterTool } from "./registry.js";
import type { Router } from "./router.js";

export type Detail = "names" | "summary" | "full";

export interface CapabilitiesRequest {
  query?: string;
  namespace?: string;
  detail?: Detail;
  limit?: number;
  cursor?: string;
}

/** Pages stay under this estimate (4 characters a token). */
export const MAX_PAGE_TOKENS = 2000;

export function listCapabilities(router: Router, request: CapabilitiesRequest): Record<string, unknown> {
  const detail = request.detail ?? "summary";
  let tools: RouterTool[] = router.registry.tools;
  if (request.namespace)
    tools = tools.filter((t) => t.namespace === request.namespace || t.definition?.toolset === request.namespace);
  if (request.query && request.query.trim() !== "") {
    const order = new Map(router.rank(request.query).map((s, i) => [s.tool.name, i]));
    tools = tools.filter((t) => order.has(t.name)).sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  }
  const start = Math.max(0, Number.parseInt(request.cursor ?? "0", 10) || 0);
  const limit = Math.max(1, Math.min(100, request.limit ?? 50));
  const page: Record<string, unknown>[] = [];
  let chars = 0;
  let next = start;
  for (let i = start; i < tools.length && page.length < limit; i++) {
    const item = describeTool(tools[i], detail);
    const size = JSON.stringify(item).length;
    if (page.length > 0 && (chars + size) / 4 > MAX_PAGE_TOKENS - 150) break;
    page.push(item);
    chars += size;
    next = i + 1;
  }
  const out: Record<string, unknown> = {
    tools: page,
    count: tools.length,
    hint:
      next < tools.length
        ? "More tools: call list_capabilities again with next_cursor. Use analyze_intent to find a tool for a task"
        : "Use analyze_intent to find a tool for a task, resolve_tool to check a name",
  };
  if (next < tools.length) out.next_cursor = String(next);
  const errors = router.configErrors;
  if (errors.length > 0) out.config_errors = errors;
  return out;
}

function describeTool(tool: RouterTool, detail: Detail): Record<string, unknown> {
  if (detail === "names") return { name: tool.name, ...(tool.callable ? {} : { callable: false }) };
  const base: Record<string, unknown> = {
    name: tool.name,
    description: detail === "full" ? tool.description : summaryOf(tool.description),
  };
  if (detail === "full") {
    base.keywords = tool.keywords;
    base.parameters = tool.params;
    base.parameter_aliases = tool.paramAliases;
    base.aliases = tool.aliases;
    base.annotations = tool.annotations;
    base.namespace = tool.namespace;
  } else {
    base.parameters = tool.params.map((p) => p.name);
    if (tool.aliases.length > 0) base.aliases = tool.aliases;
    const flags = Object.entries(tool.annotations)
      .filter(([, v]) => v === true)
      .map(([k]) => k);
    if (flags.length > 0) base.annotations = flags;
  }
  if (!tool.callable) base.callable = false;
  return base;
}
