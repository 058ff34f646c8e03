/**
 * Correction of a `tools/call` before it goes upstream, and how a correction is reported on the upstream's result.
 *
 * A call whose name and argument keys are right is forwarded exactly as sent, and its result comes back exactly as
 * the upstream sent it. Otherwise the router resolves the name and argument keys (docs/router.md, "Call middleware"),
 * under the router's rule for every tool, dwim's own included: one that is not read-only (the MCP default for a tool
 * without annotations) is never reached by a guess, not even a lossless one (case, separators, plural:
 * `deleteEntities`, `DELETE_ENTITY`), and not with renamed parameters; the call is refused with the exact call as
 * `likely_fix`, to be re-issued on purpose.
 *
 * A corrected call's result keeps everything the upstream sent and gains `did_you_mean` in three places: `_meta`
 * (`dwim/did_you_mean`, always), one text block appended to `content` (for clients that read text only), and
 * `structuredContent.did_you_mean` when the tool's outputSchema admits an extra property (so the result stays valid).
 */
import type { LoadedConfig } from "../core/config.js";
import { type Correction, type DidYouMean, didYouMean } from "../core/corrections.js";
import { type ErrorPayload, errorPayload } from "../core/errors.js";
import type { ResolvedCall } from "../core/invoke.js";
import { routeCall, routerFor } from "../router/index.js";
import { allowsExtraProperties, type Catalog, type ServedTool } from "./catalog.js";

export const DID_YOU_MEAN_META_KEY = "dwim/did_you_mean";

export type CallPlan =
  | { kind: "upstream"; tool: ServedTool; arguments: unknown; corrections: Correction[] }
  | { kind: "own"; tool: ServedTool; call: ResolvedCall }
  | { kind: "refused"; error: ErrorPayload };

export function planCall(catalog: Catalog, config: LoadedConfig, name: unknown, args: unknown): CallPlan {
  const exact = typeof name === "string" ? catalog.byName.get(name) : undefined;
  // A tool left out of the router index (its name normalises like another's) is reached by its exact name only.
  if (exact && !exact.indexed) return plan(exact, args, []);
  // The common case, without the router: the right name, known keys, no string where a number, boolean, object or
  // list belongs.
  if (exact?.upstream && fitsAsSent(exact, args)) return plan(exact, args, []);
  const router = routerFor(catalog.definitions, config);
  const outcome = routeCall(router, { name: String(name), arguments: args }, config, {
    passUnknownParams: (tool) => {
      const served = catalog.byName.get(tool);
      return served?.upstream !== undefined && allowsExtraProperties(served.listing.inputSchema);
    },
  });
  if (!outcome.ok) return { kind: "refused", error: outcome.error };
  const served = catalog.byName.get(outcome.call.tool.name);
  if (!served) {
    const error = errorPayload({
      error: `Unknown tool '${String(name)}'`,
      error_type: "unknown_tool",
      parameter: "name",
    });
    return { kind: "refused", error };
  }
  const { corrections } = outcome.call;
  if (served.upstream === undefined) return { kind: "own", tool: served, call: outcome.call };
  // Nothing corrected: the client's own arguments object goes upstream, untouched.
  return plan(served, corrections.length === 0 ? args : outcome.call.arguments, corrections);
}

const COERCIBLE = new Set(["number", "integer", "boolean", "object", "array"]);

function fitsAsSent(tool: ServedTool, args: unknown): boolean {
  if (args === undefined) return true;
  if (typeof args !== "object" || args === null || Array.isArray(args)) return false;
  for (const key in args) {
    if (!tool.params.has(key)) return false;
    const type = tool.params.get(key);
    if (type !== undefined && COERCIBLE.has(type) && typeof (args as Record<string, unknown>)[key] === "string")
      return false;
  }
  return true;
}

function plan(tool: ServedTool, args: unknown, corrections: Correction[]): CallPlan {
  if (tool.upstream === undefined) {
    return { kind: "own", tool, call: { tool: tool.definition, arguments: args, corrections } };
  }
  return { kind: "upstream", tool, arguments: args, corrections };
}

/** The upstream's result with `did_you_mean` added; nothing it sent is changed or removed. */
export function withDidYouMean(
  result: Record<string, unknown>,
  corrections: readonly Correction[],
  outputSchema: unknown,
): Record<string, unknown> {
  const did: DidYouMean = didYouMean(corrections);
  const out: Record<string, unknown> = { ...result };
  const content = Array.isArray(result.content) ? result.content : [];
  out.content = [...content, { type: "text", text: `dwim corrected this call. Did you mean: ${did.message}` }];
  const meta = typeof result._meta === "object" && result._meta !== null ? result._meta : {};
  out._meta = { ...meta, [DID_YOU_MEAN_META_KEY]: did };
  const structured = result.structuredContent;
  const plain = typeof structured === "object" && structured !== null && !Array.isArray(structured);
  if (plain && (outputSchema === undefined || allowsExtraProperties(outputSchema))) {
    out.structuredContent = { ...(structured as Record<string, unknown>), did_you_mean: did };
  }
  return out;
}
