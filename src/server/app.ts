/**
 * A dwim application: the selected toolsets, loaded configuration, allowed roots and call middleware, from which the
 * MCP server (per session) and the CLI both serve calls.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  type AnyToolDefinition,
  type CallMiddleware,
  type ConfigSection,
  type CorrectionLog,
  correctionLogFor,
  createToolContext,
  type LoadedConfig,
  loadConfig,
  SessionState,
  type ToolContext,
  ToolRegistry,
  type Toolset,
} from "../core/index.js";
import { createRouterMiddleware } from "../router/index.js";
import { TOOLSETS } from "./toolsets.js";

export interface AppOptions {
  /** Toolsets to choose from (default: all of dwim's). */
  toolsets?: readonly Toolset[];
  /** Names of the toolsets to serve (default: all). Unknown names throw with a did-you-mean. */
  only?: readonly string[];
  /** Extra tools served next to the toolsets (the proxy's mirrored tools). */
  extraTools?: readonly AnyToolDefinition[];
  cwd?: string;
  /** The project directory (`--project`): base for relative paths, the default search path and `.dwim/`. */
  project?: string;
  /** Extra allowed roots for file tools. */
  roots?: readonly string[];
  env?: Record<string, string | undefined>;
  /** Pre-loaded configuration; default: loadConfig() with every toolset's sections. */
  config?: LoadedConfig;
  /** Builds the call middleware for the served tools (default: the router's). */
  middleware?: (tools: readonly AnyToolDefinition[], config: LoadedConfig) => CallMiddleware;
}

export interface DwimApp {
  registry: ToolRegistry;
  config: LoadedConfig;
  /** The process's working directory. */
  cwd: string;
  /** The project directory given explicitly (`--project` or the first `--root`), if any. */
  project?: string;
  middleware: CallMiddleware;
  log: CorrectionLog;
  version: string;
  /** A tool context for one call or session (MCP session or CLI process), with the client's roots if it sent any. */
  context(session: SessionState, extra?: { signal?: AbortSignal; clientRoots?: readonly string[] }): ToolContext;
}

export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();

export class UnknownToolsetError extends Error {
  constructor(
    readonly got: string,
    readonly available: readonly string[],
    readonly likelyFix?: string,
  ) {
    super(
      `Unknown toolset '${got}'${likelyFix ? ` (did you mean '${likelyFix}'?)` : ""}; available: ${available.join(", ")}`,
    );
  }
}

export function selectToolsets(all: readonly Toolset[], only?: readonly string[]): Toolset[] {
  if (!only || only.length === 0) return [...all];
  const names = all.map((t) => t.name);
  return only.map((name) => {
    const found = all.find((t) => t.name === name);
    if (found) return found;
    const near = names.filter((n) => n.startsWith(name.slice(0, 2)));
    throw new UnknownToolsetError(name, names, near.length === 1 ? near[0] : undefined);
  });
}

export function configSectionsOf(toolsets: readonly Toolset[]): ConfigSection[] {
  return toolsets.flatMap((t) => [...(t.configSections ?? [])]);
}

export function createApp(options: AppOptions = {}): DwimApp {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const project = options.project ? resolve(cwd, options.project) : undefined;
  const available = options.toolsets ?? TOOLSETS;
  const selected = selectToolsets(available, options.only);
  // Config sections of every known toolset are read even when not served (one dwim.toml fits every selection, and the
  // router middleware fronts every call, proxied ones included).
  const config =
    options.config ?? loadConfig({ cwd: project ?? cwd, env, sections: configSectionsOf([...TOOLSETS, ...available]) });
  const tools = [...selected.flatMap((t) => t.tools), ...(options.extraTools ?? [])];
  const registry = new ToolRegistry(tools);
  const middleware = (options.middleware ?? createRouterMiddleware)(tools, config);
  const log = correctionLogFor(config, env);
  return {
    registry,
    config,
    cwd,
    project,
    middleware,
    log,
    version: VERSION,
    context(session, extra = {}): ToolContext {
      return createToolContext({ config, tools, cwd, project, roots: options.roots, log, env, session, ...extra });
    },
  };
}

export { SessionState };
