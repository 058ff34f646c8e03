/**
 * defineTool: the single source of truth for a tool. The MCP registration, the JSON schema clients see, the router's
 * index, the CLI subcommand and the README table all come from this one object.
 */
import * as z from "zod";
import type { LoadedConfig } from "./config.js";
import type { DidYouMean } from "./corrections.js";
import type { CorrectionLog } from "./log.js";

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Per-session state (MCP session, or the CLI process): capabilities keep what must not leak across sessions. */
export class SessionState {
  private readonly slots = new Map<string, unknown>();

  constructor(readonly id: string = "local") {}

  /** The slot `key`, created by `init` on first use. */
  get<T>(key: string, init: () => T): T {
    if (!this.slots.has(key)) this.slots.set(key, init());
    return this.slots.get(key) as T;
  }

  clear(key?: string): void {
    if (key === undefined) this.slots.clear();
    else this.slots.delete(key);
  }
}

/** What a handler may use besides its arguments. */
export interface ToolContext {
  config: LoadedConfig;
  /** Allowed roots for file tools, already resolved through symlinks. */
  roots: readonly string[];
  cwd: string;
  session: SessionState;
  log: CorrectionLog;
  /** Every tool the server serves (the router indexes them). */
  tools: readonly AnyToolDefinition[];
  signal?: AbortSignal;
  /** Sends progress of a long call, when the client asked for it (an MCP progressToken); absent otherwise. */
  progress?: (update: ProgressUpdate) => void;
}

/** One progress notification: `progress` increases with every update; `total` when known. */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** Structured success output; `did_you_mean` is set when the call needed a correction. */
export type ToolOutput = Record<string, unknown> & { did_you_mean?: DidYouMean };

export type InputShape = z.ZodRawShape;

export interface ToolDefinition<Shape extends InputShape = InputShape> {
  name: string;
  title: string;
  /** What models read in tools/list; its first sentence is the summary shown in lists. */
  description: string;
  /** More about the tool, for `list_capabilities` detail "full" and the docs: kept out of tools/list. */
  details?: string;
  /**
   * Requests this tool serves, written as users and agents ask (“how much is 5 pounds in kilos”): the router compares
   * a request with each of them as well as with the description (docs/router.md, Semantic lane). Kept out of tools/list.
   */
  examples?: readonly string[];
  /** Capability the tool belongs to: the `--tools` toolset name. */
  toolset: string;
  keywords: readonly string[];
  /** Other names the tool answers to (exact, per tool). */
  aliases: readonly string[];
  input: z.ZodObject<Shape>;
  /** Per-tool parameter aliases: alias → property. */
  paramAliases: Readonly<Record<string, string>>;
  /** Parameters naming what a write acts on: never auto-corrected, a fix is only a likely_fix. */
  noAutoCorrect: readonly string[];
  /**
   * Parameters few calls need, listed to models by their type alone: their descriptions and nested shapes stay in
   * the docs and in `list_capabilities` detail "full", which keeps `tools/list` small (docs/clients.md).
   */
  advanced: readonly string[];
  annotations: ToolAnnotations;
  cli: {
    /** Subcommand name: defaults to the tool name in kebab-case. */
    command: string;
    /**
     * Optional parameters also taken by position, after the required ones (a search's `path`); which parameters are
     * positional is core/parameters.ts's positionalParameters.
     */
    optionalPositional: readonly string[];
  };
  /**
   * Shape of a success's structuredContent (did_you_mean is added for every tool): the MCP `outputSchema`. Objects in
   * it are open (extra properties allowed), so a field added later never breaks a client that validates.
   */
  output?: z.ZodObject;
  handler: (args: z.infer<z.ZodObject<Shape>>, ctx: ToolContext) => ToolOutput | Promise<ToolOutput>;
  /** Human-readable rendering of a success (CLI and the MCP text block); default: JSON. */
  render?: (output: ToolOutput) => string;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every input shape.
export type AnyToolDefinition = ToolDefinition<any>;

export interface ToolSpec<Shape extends InputShape> {
  name: string;
  title: string;
  description: string;
  details?: string;
  examples?: readonly string[];
  toolset: string;
  keywords?: readonly string[];
  aliases?: readonly string[];
  input: Shape;
  paramAliases?: Record<string, string>;
  noAutoCorrect?: readonly string[];
  advanced?: readonly string[];
  annotations?: ToolAnnotations;
  cli?: { command?: string; optionalPositional?: readonly string[] };
  /**
   * Fields of a successful result (see ToolDefinition.output), built on first use: only an MCP `tools/list` (or the
   * docs) reads the output schema, so a one-call CLI process never constructs it.
   */
  output?: () => z.ZodRawShape;
  handler: ToolDefinition<Shape>["handler"];
  render?: (output: ToolOutput) => string;
}

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/u;

export function defineTool<Shape extends InputShape>(spec: ToolSpec<Shape>): ToolDefinition<Shape> {
  if (!TOOL_NAME.test(spec.name)) throw new Error(`Tool name '${spec.name}' must be snake_case`);
  const properties = Object.keys(spec.input);
  for (const [alias, target] of Object.entries(spec.paramAliases ?? {})) {
    if (properties.includes(alias)) throw new Error(`${spec.name}: parameter alias '${alias}' shadows a property`);
    if (!properties.includes(target)) throw new Error(`${spec.name}: parameter alias '${alias}' → unknown '${target}'`);
  }
  for (const p of [...(spec.noAutoCorrect ?? []), ...(spec.cli?.optionalPositional ?? []), ...(spec.advanced ?? [])]) {
    if (!properties.includes(p)) throw new Error(`${spec.name}: unknown parameter '${p}'`);
  }
  const definition: ToolDefinition<Shape> = {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    details: spec.details,
    examples: spec.examples,
    toolset: spec.toolset,
    keywords: spec.keywords ?? [],
    aliases: spec.aliases ?? [],
    input: z.object(spec.input),
    paramAliases: spec.paramAliases ?? {},
    noAutoCorrect: spec.noAutoCorrect ?? [],
    advanced: spec.advanced ?? [],
    annotations: spec.annotations ?? {},
    cli: {
      command: spec.cli?.command ?? spec.name.replaceAll("_", "-"),
      optionalPositional: spec.cli?.optionalPositional ?? [],
    },
    output: undefined,
    handler: spec.handler,
    render: spec.render,
  };
  const fields = spec.output;
  if (fields) {
    let output: z.ZodObject | undefined;
    Object.defineProperty(definition, "output", { enumerable: true, get: () => (output ??= z.looseObject(fields())) });
  }
  return definition;
}

/** Property names of a tool's input, in declaration order. */
export function parameterNames(tool: AnyToolDefinition): string[] {
  return Object.keys(tool.input.shape);
}

/** First sentence of a description. */
export function summaryOf(description: string): string {
  const m = /^(.+?[.!?])(\s|$)/su.exec(description);
  return (m ? m[1] : description).replace(/\s+/gu, " ").trim();
}

/** A capability's tools and the config sections it owns, as the server and CLI assemble them (`--tools search,edit`). */
export interface Toolset {
  /** Toolset name used by `--tools`: `search`, `edit`, `units`, `router`, `memory`. */
  name: string;
  description: string;
  tools: readonly AnyToolDefinition[];
  configSections?: readonly import("./config.js").ConfigSection[];
}

export function defineToolset(toolset: Toolset): Toolset {
  for (const tool of toolset.tools) {
    if (tool.toolset !== toolset.name) throw new Error(`Tool '${tool.name}' declares toolset '${tool.toolset}'`);
  }
  return toolset;
}
