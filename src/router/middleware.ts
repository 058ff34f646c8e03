/**
 * The router as call middleware (docs/router.md, "Call middleware"): every `tools/call` has its tool name resolved and
 * its argument keys normalised for that tool before the core validates and runs it. Router corrections come first in
 * did_you_mean. Unknown tools and unusable arguments are isError results, never protocol errors.
 */
import type { LoadedConfig } from "../core/config.js";
import { type Correction, didYouMean } from "../core/corrections.js";
import { errorPayload } from "../core/errors.js";
import { type CallMiddleware, type ResolveOutcome, type ToolCall, thresholdsFrom } from "../core/invoke.js";
import type { ToolRegistry } from "../core/registry.js";
import type { AnyToolDefinition } from "../core/tool.js";
import { normalizeArguments } from "./params.js";
import type { Resolution } from "./resolve.js";
import { type Router, routerFor } from "./router.js";

/** Middleware for a fixed tool set; the router index is built once for it (and for each config it meets). */
export function createRouterMiddleware(tools: readonly AnyToolDefinition[], config: LoadedConfig): CallMiddleware {
  routerFor(tools, config); // build now: a registry fault is a startup error, not a failed first call
  return {
    resolve(call, registry, ctx) {
      return routeCall(routerFor(tools, ctx.config ?? config), call, ctx.config ?? config, { registry });
    },
  };
}

export interface RouteOptions {
  /** Keep argument keys that match no parameter instead of failing (tools whose schema admits extra properties). */
  passUnknownParams?: (tool: string) => boolean;
  /** The served registry: an unknown tool's hints name only what it serves, and say how to serve dwim's others. */
  registry?: ToolRegistry;
}

export function routeCall(
  router: Router,
  call: ToolCall,
  config: LoadedConfig,
  options: RouteOptions = {},
): ResolveOutcome {
  const name = typeof call.name === "string" ? call.name : String(call.name);
  const r = router.resolve(name);
  const tool = r.resolved ? router.registry.byName.get(r.resolved) : undefined;
  if (!tool?.definition) return { ok: false, error: unknownTool(name, call, r, tool !== undefined, options.registry) };
  const corrections: Correction[] = [];
  if (r.tier !== "exact") {
    corrections.push({
      parameter: "name",
      original: name,
      corrected: tool.name,
      correction_type: r.correction_type ?? "normalization",
      confidence: r.confidence,
    });
  }
  const params = normalizeArguments(tool, call.arguments, {
    autoCorrect: router.config.settings.auto_correct_params,
    thresholds: thresholdsFrom(config),
    passUnknown: options.passUnknownParams?.(tool.name) ?? false,
  });
  if (!params.ok) {
    const error = corrections.length > 0 ? { ...params.error, did_you_mean: didYouMean(corrections) } : params.error;
    return { ok: false, error, tool: tool.name };
  }
  return {
    ok: true,
    call: { tool: tool.definition, arguments: params.arguments, corrections: [...corrections, ...params.corrections] },
  };
}

function unknownTool(name: string, call: ToolCall, r: Resolution, notServed: boolean, registry?: ToolRegistry) {
  const hints = [...r.hints];
  if (r.blocked_reason === "destructive" && r.likely_fix)
    hints.unshift(`'${r.likely_fix}' is destructive: re-issue the call with that name to confirm`);
  if (notServed) hints.unshift(`'${r.resolved}' is configured in dwim.toml but not served here`);
  const elsewhere = registry?.unservedNote(name);
  if (elsewhere) hints.unshift(elsewhere);
  hints.push(registry ? listingHint(registry) : LIST_EVERY_TOOL);
  return errorPayload({
    error:
      notServed || elsewhere ? `Tool '${r.resolved ?? name}' is not served by this server` : `Unknown tool '${name}'`,
    error_type: "unknown_tool",
    parameter: "name",
    got: name,
    likely_fix: r.likely_fix ? { name: r.likely_fix, arguments: call.arguments ?? {} } : undefined,
    // At most 3: the most specific ones, and always the way to list every tool.
    hints: [...hints.slice(0, -1).slice(0, 2), hints[hints.length - 1]],
    candidates: r.candidates,
    blocked_reason: r.blocked_reason,
  });
}

const LIST_EVERY_TOOL = "Use list_capabilities to see every tool, or analyze_intent to describe the task";

/** The router's own way to see every tool when it is served, else the served names. */
function listingHint(registry: ToolRegistry): string {
  return registry.get("list_capabilities") ? LIST_EVERY_TOOL : registry.listingHint();
}
