/**
 * The router as call middleware (docs/router.md, "Call middleware"): every `tools/call` has its tool name resolved
 * and its argument keys normalised for that tool before the core validates and runs it. Router corrections come
 * first in did_you_mean. Unknown tools and unusable arguments are isError results, never protocol errors. A tool that
 * is not read-only never runs on a guess: dwim's own and, through the proxy, every upstream's.
 */
import type { LoadedConfig } from "../core/config.js";
import { type Correction, didYouMean } from "../core/corrections.js";
import { type ErrorPayload, errorPayload } from "../core/errors.js";
import {
  type CallMiddleware,
  type ResolvedCall,
  type ResolveOutcome,
  type ToolCall,
  thresholdsFrom,
} from "../core/invoke.js";
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
  const resolved = {
    tool: tool.definition,
    arguments: params.arguments,
    corrections: [...corrections, ...params.corrections],
  };
  const refusal = guessRefusal(name, call.arguments, resolved);
  if (refusal) return { ok: false, error: refusal, tool: tool.name };
  return { ok: true, call: resolved };
}

/** Corrections that are not guesses: a declared alias is the tool's own name for it, a coerced value is lossless. */
const NOT_GUESSES = new Set(["alias", "type_coercion"]);

/**
 * A tool that is not read-only is run only as called: a corrected name or a renamed parameter (anything but a
 * declared alias) makes the call an error whose likely_fix is the corrected call, to be re-issued on purpose.
 */
function guessRefusal(sentName: string, sentArgs: unknown, call: ResolvedCall): ErrorPayload | undefined {
  const { tool, corrections } = call;
  if (tool.annotations.readOnlyHint === true) return undefined;
  const guesses = corrections.filter((c) => !NOT_GUESSES.has(c.correction_type));
  const nameFix = guesses.find((c) => c.parameter === "name");
  const renames = guesses.filter((c) => c !== nameFix);
  if (!nameFix && renames.length === 0) return undefined;
  const destructive = tool.annotations.destructiveHint === true;
  const why = destructive ? "may be destructive" : "is not read-only";
  const common = {
    likely_fix: { name: tool.name, arguments: call.arguments ?? {} },
    blocked_reason: destructive ? "destructive" : "not_read_only",
  };
  const renamed = `${renames.map((c) => `${String(c.original)}→${String(c.corrected)}`).join(", ")}`;
  if (nameFix) {
    return errorPayload({
      error: `Unknown tool '${sentName}'`,
      error_type: "unknown_tool",
      parameter: "name",
      got: sentName,
      hints: [
        `'${tool.name}' ${why}, so it is not called on a guess: re-issue the call with that exact name to confirm`,
        ...(renames.length > 0 ? [`Parameters renamed in likely_fix: ${renamed}`] : []),
      ],
      candidates: [{ tool: tool.name, confidence: nameFix.confidence }],
      ...common,
    });
  }
  const first = renames[0];
  return errorPayload({
    error: `Unknown parameter '${String(first.original)}' for tool '${tool.name}'`,
    error_type: "unknown_parameter",
    parameter: String(first.original),
    got: sentArgs,
    expected: String(first.corrected),
    hints: [
      `'${tool.name}' ${why}, so dwim does not run it with renamed parameters: re-issue the call as in likely_fix`,
      `Renamed in likely_fix: ${renamed}`,
    ],
    ...common,
  });
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
