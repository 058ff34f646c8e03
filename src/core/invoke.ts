/**
 * The call pipeline every tool call goes through (MCP server, CLI, proxy): size check → name and argument resolution
 * (a middleware; the router's, or the core's exact-name resolver) → validation → handler → result with did_you_mean.
 * Errors of any kind become isError results; nothing here throws.
 */
import { type LoadedConfig, recoverySection, sectionOf } from "./config.js";
import { type Correction, mergeDidYouMean } from "./corrections.js";
import {
  type ErrorPayload,
  type ErrorResult,
  errorPayload,
  errorResult,
  internalErrorPayload,
  isToolError,
} from "./errors.js";
import type { ToolRegistry } from "./registry.js";
import type { SuggestThresholds } from "./suggest.js";
import type { AnyToolDefinition, ToolContext, ToolOutput } from "./tool.js";
import { validateArguments } from "./validate.js";

export interface ToolCall {
  name: string;
  arguments?: unknown;
}

export interface ResolvedCall {
  tool: AnyToolDefinition;
  arguments: unknown;
  /** Corrections made while resolving (tool name, parameter keys); listed first in did_you_mean. */
  corrections: Correction[];
}

export type ResolveOutcome = { ok: true; call: ResolvedCall } | { ok: false; error: ErrorPayload; tool?: string };

/** Turns a raw call into a resolved one before validation; the router supplies the full one. */
export interface CallMiddleware {
  resolve(call: ToolCall, registry: ToolRegistry, ctx: ToolContext): ResolveOutcome;
}

export interface SuccessResult {
  [key: string]: unknown;
  isError?: false;
  structuredContent: ToolOutput;
  content: Array<{ type: "text"; text: string }>;
}

export type CallResult = SuccessResult | ErrorResult;

export function thresholdsFrom(config: LoadedConfig): SuggestThresholds {
  const r = sectionOf(config, recoverySection);
  return {
    autoThreshold: r.auto_threshold,
    likelyFixThreshold: r.likely_fix_threshold,
    hintThreshold: r.hint_threshold,
    maxHints: r.max_hints,
  };
}

/** The core's resolver: exact name or declared alias; anything else is an unknown_tool error with a did-you-mean. */
export const exactNameResolver: CallMiddleware = {
  resolve(call, registry, ctx) {
    const tool = registry.lookup(call.name);
    if (tool) {
      const corrections: Correction[] =
        tool.name === call.name
          ? []
          : [{ parameter: "name", original: call.name, corrected: tool.name, correction_type: "alias", confidence: 1 }];
      return { ok: true, call: { tool, arguments: call.arguments, corrections } };
    }
    return { ok: false, error: unknownToolError(call, registry, thresholdsFrom(ctx.config)) };
  },
};

export function unknownToolError(call: ToolCall, registry: ToolRegistry, t: SuggestThresholds): ErrorPayload {
  const s = registry.names.suggest(String(call.name), { ...t, allowAuto: false });
  const fix = s.tier === "auto" || s.tier === "likely_fix" ? s.likely_fix : undefined;
  const hints = fix ? [] : s.hints.map((h) => `Did you mean '${h}'?`);
  if (fix && registry.get(fix)?.annotations.destructiveHint) hints.push(`'${fix}' is destructive: re-issue to confirm`);
  const unserved = registry.unservedNote(String(call.name));
  if (unserved) hints.unshift(unserved);
  hints.push(registry.listingHint());
  return errorPayload({
    error: unserved ? `Tool '${String(call.name)}' is not served here` : `Unknown tool '${String(call.name)}'`,
    error_type: "unknown_tool",
    parameter: "name",
    got: call.name,
    likely_fix: fix ? { name: fix, arguments: call.arguments ?? {} } : undefined,
    hints,
    candidates: s.candidates.map((c) => ({ tool: c.target, confidence: c.confidence })),
  });
}

function argumentBytes(args: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(args ?? {}), "utf8");
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export interface InvokeOptions {
  middleware?: CallMiddleware;
  /** Upper bound of the serialised arguments (default from config `limits.max_argument_bytes`). */
  maxArgumentBytes?: number;
}

export async function invokeTool(
  registry: ToolRegistry,
  call: ToolCall,
  ctx: ToolContext,
  options: InvokeOptions = {},
): Promise<CallResult> {
  const toolName = typeof call.name === "string" ? call.name : String(call.name);
  const limit =
    options.maxArgumentBytes ?? (ctx.config.sections.limits as { max_argument_bytes?: number })?.max_argument_bytes;
  const size = argumentBytes(call.arguments);
  if (limit !== undefined && size > limit) {
    return errorResult(
      errorPayload({
        error: `Arguments of '${toolName}' are ${size} bytes, over the limit of ${limit}`,
        error_type: "argument_too_large",
        got: size,
        expected: `<= ${limit} bytes`,
        hints: [
          "Send a smaller piece (for edits: a shorter old_str that is still unique)",
          "Raise limits.max_argument_bytes in dwim.toml",
        ],
      }),
    );
  }
  const middleware = options.middleware ?? exactNameResolver;
  let outcome: ResolveOutcome;
  try {
    outcome = middleware.resolve(call, registry, ctx);
  } catch (e) {
    return errorResult(internalErrorPayload(e));
  }
  if (!outcome.ok) {
    ctx.log.recordLikelyFix(outcome.tool ?? toolName, outcome.error);
    return errorResult(outcome.error);
  }
  const { tool, corrections } = outcome.call;
  const validation = validateArguments(tool, outcome.call.arguments, thresholdsFrom(ctx.config));
  if (!validation.ok) {
    const error = withCorrections(validation.error, corrections);
    ctx.log.recordLikelyFix(tool.name, error);
    return errorResult(error);
  }
  try {
    const output = await tool.handler(validation.value, ctx);
    const did = mergeDidYouMean(corrections, output.did_you_mean);
    const structured: ToolOutput = did ? { ...output, did_you_mean: did } : output;
    if (did) ctx.log.recordCorrections(tool.name, did.corrections);
    return { structuredContent: structured, content: [{ type: "text", text: renderOutput(tool, structured) }] };
  } catch (e) {
    if (isToolError(e)) {
      const error = withCorrections(e.payload, corrections);
      ctx.log.recordLikelyFix(tool.name, error);
      return errorResult(error);
    }
    return errorResult(internalErrorPayload(e));
  }
}

/** A corrected call that still fails returns its error with the correction attached. */
function withCorrections(error: ErrorPayload, corrections: readonly Correction[]): ErrorPayload {
  if (corrections.length === 0) return error;
  return { ...error, did_you_mean: mergeDidYouMean(corrections, undefined) };
}

/** A success as text: the tool's own rendering (JSON without one, or when it fails). */
export function renderBody(tool: AnyToolDefinition, output: ToolOutput): string {
  const json = () => JSON.stringify(output, null, 2);
  if (!tool.render) return json();
  try {
    return tool.render(output);
  } catch {
    // A rendering fault must not turn a successful call into an error: the structured result is what counts.
    return json();
  }
}

/** The MCP text block of a success: the correction first, then the body. */
export function renderOutput(tool: AnyToolDefinition, output: ToolOutput): string {
  if (!tool.render) return renderBody(tool, output);
  const note = output.did_you_mean ? `Did you mean: ${output.did_you_mean.message}\n` : "";
  return `${note}${renderBody(tool, output)}`;
}
