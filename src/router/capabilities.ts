/**
 * `list_capabilities` (docs/router.md, "list_capabilities"): the registry as pages an agent can read, each under about
 * 2K tokens. Summary detail gives the first sentence and parameter names; full detail adds parameter types and the
 * whole description.
 */
import { type Correction, didYouMean } from "../core/corrections.js";
import { type Parameter, typeLabel } from "../core/parameters.js";
import { suggest } from "../core/suggest.js";
import { summaryOf } from "../core/tool.js";
import type { RouterTool } from "./registry.js";
import type { Router } from "./router.js";

type Detail = "names" | "summary" | "full";

export interface CapabilitiesRequest {
  query?: string;
  namespace?: string;
  detail?: Detail;
  limit?: number;
  cursor?: string;
}

/** Pages stay under this estimate (4 characters a token). */
const MAX_PAGE_TOKENS = 2000;

export function listCapabilities(router: Router, request: CapabilitiesRequest): Record<string, unknown> {
  const detail = request.detail ?? "summary";
  let tools: RouterTool[] = router.registry.tools;
  const namespace = request.namespace ? readNamespace(request.namespace, tools) : undefined;
  if (namespace)
    tools = tools.filter((t) => t.namespace === namespace.value || t.definition?.toolset === namespace.value);
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
  if (namespace?.correction) out.did_you_mean = didYouMean([namespace.correction]);
  if (namespace && tools.length === 0) {
    out.hint = `No tools in namespace '${namespace.value}'${namespace.near ? `; did you mean '${namespace.near}'?` : ""}. Namespaces: ${namespacesOf(router.registry.tools).join(", ")}`;
  }
  const errors = router.configErrors;
  if (errors.length > 0) out.config_errors = errors;
  return out;
}

/** Every namespace and toolset a tool of the registry belongs to, sorted. */
function namespacesOf(tools: readonly RouterTool[]): string[] {
  const names = new Set<string>();
  for (const t of tools) {
    if (t.namespace) names.add(t.namespace);
    if (t.definition?.toolset) names.add(t.definition.toolset);
  }
  return [...names].sort();
}

/**
 * The namespace asked for, as the registry spells it: as written when it has tools, else the one the core's matcher
 * auto-corrects to (`unit` → `units`, reported), else as written with the nearest one for the hint.
 */
function readNamespace(
  asked: string,
  tools: readonly RouterTool[],
): { value: string; correction?: Correction; near?: string } {
  const known = namespacesOf(tools);
  if (known.includes(asked)) return { value: asked };
  const s = suggest(asked, known, { namespaces: false });
  if (s.tier === "auto" && s.match) {
    const correction: Correction = {
      parameter: "namespace",
      original: asked,
      corrected: s.match.target,
      correction_type: s.match.kind === "typo" ? "typo" : "normalization",
      confidence: s.match.confidence,
    };
    return { value: s.match.target, correction };
  }
  return { value: asked, near: s.likely_fix ?? s.candidates[0]?.target };
}

/** A parameter as list_capabilities shows it: its type written as the README writes it. */
function describeParameter(param: Parameter): Record<string, unknown> {
  const out: Record<string, unknown> = { name: param.name, required: param.required };
  if (param.types.length > 0 || param.enum) out.type = typeLabel(param);
  if (param.default !== undefined) out.default = param.default;
  if (param.description !== undefined) out.description = param.description;
  return out;
}

function describeTool(tool: RouterTool, detail: Detail): Record<string, unknown> {
  if (detail === "names") return { name: tool.name, ...(tool.callable ? {} : { callable: false }) };
  const base: Record<string, unknown> = {
    name: tool.name,
    description:
      detail === "full"
        ? [tool.description, tool.definition?.details].filter(Boolean).join(" ")
        : summaryOf(tool.description),
  };
  if (detail === "full") {
    base.keywords = tool.keywords;
    if (tool.examples.length > 0) base.examples = tool.examples;
    base.parameters = tool.params.map(describeParameter);
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
