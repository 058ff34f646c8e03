/**
 * Call repair for tools that dwim does not serve: the tools of an agent framework or of an MCP server a client talks
 * to. A call is checked against the listed tools by the router's call middleware, the rules the server and the proxy
 * apply (docs/router.md, "Call middleware"): the name and the argument keys resolved by the core matcher (unique best,
 * margin, never across a namespace), obvious type slips coerced, and a tool that is not read-only never reached by a
 * guess. The outcome is the call as sent, the corrected call with its corrections, or a refusal carrying dwim's
 * structured error (`likely_fix`, `hints`) — docs/adapters.md.
 */
import { type LoadedConfig, loadConfig } from "../core/config.js";
import { correctionLogFor } from "../core/context.js";
import { type Correction, type DidYouMean, didYouMean } from "../core/corrections.js";
import { type ErrorPayload, errorPayload } from "../core/errors.js";
import { CorrectionLog } from "../core/log.js";
import { ToolRegistry } from "../core/registry.js";
import type { AnyToolDefinition } from "../core/tool.js";
import { isPlainObject } from "../core/validate.js";
import {
  allowsExtraProperties,
  definitionFromListing,
  type ListedAnnotations,
  type ListedTool,
  normOf,
  ROUTER_CONFIG_SECTIONS,
  routeCall,
  routerFor,
} from "../router/index.js";

export type { ListedAnnotations, ListedTool } from "../router/index.js";

/** Toolset name of the definitions built for listed tools. */
const LISTED_TOOLSET = "listed";

/** A call as the model made it. */
export interface ToolCallInput {
  name: string;
  arguments: unknown;
}

/** What to do with a call: run it as sent, run the corrected call, or refuse it with dwim's error. */
export type RepairOutcome =
  | { kind: "as_sent" }
  | { kind: "corrected"; name: string; arguments: Record<string, unknown>; corrections: Correction[] }
  | { kind: "refused"; error: ErrorPayload };

/** Reported for every call dwim corrected. */
export interface CorrectionReport {
  /** Which adapter corrected it: `ai-sdk`, `mcp-client`, `langchain`. */
  adapter: string;
  original: ToolCallInput;
  corrected: { name: string; arguments: Record<string, unknown> };
  did_you_mean: DidYouMean;
}

/** Reported for every call dwim would not correct: its error, with `likely_fix` when there is one. */
export interface RefusalReport {
  adapter: string;
  original: ToolCallInput;
  error: ErrorPayload;
}

export interface RepairOptions {
  /**
   * MCP annotations per tool name, as the developer sets them. A tool is reached by a guess (a corrected name or a
   * renamed parameter) only with `readOnlyHint: true`; any other tool runs only as called, and a corrected call to it
   * is refused with the corrected call as `likely_fix` (the MCP defaults: a tool may write and may be destructive).
   */
  annotations?: Readonly<Record<string, ListedAnnotations>>;
  /**
   * dwim configuration (thresholds, `[router] auto_correct_params`, `[params.<tool>]` aliases, `[log]`); default: the
   * built-in defaults, without reading dwim.toml or the environment.
   */
  config?: LoadedConfig;
  /** The correction log; default: the one `config`'s `[log]` section names when `config` is given, else none. */
  log?: CorrectionLog;
  onCorrection?: (report: CorrectionReport) => void;
  onRefusal?: (report: RefusalReport) => void;
}

let defaults: LoadedConfig | undefined;

/** Built-in defaults: no file, no environment. */
function defaultConfig(): LoadedConfig {
  defaults ??= loadConfig({
    userFile: null,
    projectFile: null,
    trustStore: null,
    env: {},
    sections: [...ROUTER_CONFIG_SECTIONS],
  });
  return defaults;
}

/** The tools of one listing, indexed once: repair any number of calls against them. */
export class CallRepairer {
  private readonly definitions: AnyToolDefinition[] = [];
  private readonly byName = new Map<string, { tool: ListedTool; indexed: boolean; params: Set<string> }>();
  private readonly registry: ToolRegistry;
  private readonly config: LoadedConfig;
  private readonly log: CorrectionLog;

  constructor(
    tools: readonly ListedTool[],
    private readonly adapter: string,
    private readonly options: RepairOptions = {},
  ) {
    this.config = options.config ?? defaultConfig();
    this.log = options.log ?? (options.config ? correctionLogFor(options.config) : CorrectionLog.disabled());
    const norms = new Set<string>();
    for (const listed of tools) {
      if (this.byName.has(listed.name)) continue;
      const tool = { ...listed, annotations: { ...listed.annotations, ...options.annotations?.[listed.name] } };
      // A second tool whose name normalises like another's is reached by its exact name only (as in the proxy).
      const norm = normOf(tool.name);
      const indexed = norm !== "" && !norms.has(norm);
      norms.add(norm);
      this.byName.set(tool.name, { tool, indexed, params: new Set(Object.keys(tool.inputSchema?.properties ?? {})) });
      if (indexed) this.definitions.push(definitionFromListing(tool, LISTED_TOOLSET));
    }
    this.registry = new ToolRegistry(this.definitions);
  }

  /** Whether a tool of this name is listed. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The outcome for one call; corrections and refusals are reported (callbacks, log) before it returns. */
  repair(call: ToolCallInput): RepairOutcome {
    const outcome = this.decide(call);
    if (outcome.kind === "corrected") this.reportCorrection(call, outcome);
    if (outcome.kind === "refused") this.reportRefusal(call, outcome.error);
    return outcome;
  }

  private decide(call: ToolCallInput): RepairOutcome {
    const exact = this.byName.get(call.name);
    if (exact && (!exact.indexed || fitsAsSent(exact.tool, exact.params, call.arguments))) return { kind: "as_sent" };
    if (this.definitions.length === 0) return { kind: "refused", error: noToolsError(call.name) };
    const outcome = routeCall(routerFor(this.definitions, this.config), call, this.config, {
      registry: this.registry,
      passUnknownParams: (name) => allowsExtraProperties(this.byName.get(name)?.tool.inputSchema),
    });
    if (!outcome.ok) return { kind: "refused", error: outcome.error };
    const { corrections } = outcome.call;
    if (corrections.length === 0) return { kind: "as_sent" };
    const args = isPlainObject(outcome.call.arguments) ? outcome.call.arguments : {};
    return { kind: "corrected", name: outcome.call.tool.name, arguments: args, corrections };
  }

  private reportCorrection(call: ToolCallInput, outcome: Extract<RepairOutcome, { kind: "corrected" }>): void {
    this.log.recordCorrections(outcome.name, outcome.corrections);
    this.options.onCorrection?.({
      adapter: this.adapter,
      original: call,
      corrected: { name: outcome.name, arguments: outcome.arguments },
      did_you_mean: didYouMean(outcome.corrections),
    });
  }

  private reportRefusal(call: ToolCallInput, error: ErrorPayload): void {
    this.log.recordLikelyFix(call.name, error);
    this.options.onRefusal?.({ adapter: this.adapter, original: call, error });
  }
}

const SLIPS = new Set(["number", "integer", "boolean", "object", "array"]);

/** The right name, known keys (or keys the schema admits) and no string where a number, boolean or object belongs. */
function fitsAsSent(tool: ListedTool, params: ReadonlySet<string>, args: unknown): boolean {
  if (args === undefined) return true;
  if (!isPlainObject(args)) return false;
  const properties = tool.inputSchema?.properties ?? {};
  for (const [key, value] of Object.entries(args)) {
    if (!params.has(key)) return false;
    const type = (properties[key] as { type?: unknown } | null)?.type;
    if (typeof type === "string" && SLIPS.has(type) && typeof value === "string") return false;
  }
  return true;
}

function noToolsError(name: string): ErrorPayload {
  return errorPayload({
    error: `Unknown tool '${name}': no tools are listed`,
    error_type: "unknown_tool",
    parameter: "name",
    got: name,
  });
}
