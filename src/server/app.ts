/**
 * A dwim application: the selected toolsets, loaded configuration, allowed roots and call middleware, from which the
 * MCP server (per session) and the CLI both serve calls.
 */
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
  sectionOf,
  serveSection,
  type ToolContext,
  ToolRegistry,
  type Toolset,
} from "../core/index.js";
import { ROUTER_CONFIG_SECTIONS } from "../router/config.js";
import { createRouterMiddleware } from "../router/middleware.js";
import { allSectionKeys, UnknownToolsetError, unknownToolset } from "./load.js";
import { selectTools, unservedTools } from "./selection.js";
import { VERSION } from "./version.js";

export interface AppOptions {
  /** Toolsets to choose from (all of dwim's: TOOLSETS, or `await loadToolsets()`). */
  toolsets: readonly Toolset[];
  /**
   * Names of the toolsets or tools to serve (default: the config's `[serve] tools`, else all). Unknown names throw
   * with a did-you-mean.
   */
  only?: readonly string[];
  /** Toolsets or tools not to serve, besides the config's `[serve] exclude`. */
  exclude?: readonly string[];
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

export { UnknownToolsetError, VERSION };

export function selectToolsets(all: readonly Toolset[], only?: readonly string[]): Toolset[] {
  if (!only || only.length === 0) return [...all];
  const names = all.map((t) => t.name);
  return only.map((name) => {
    const found = all.find((t) => t.name === name);
    if (found) return found;
    throw unknownToolset(name, names);
  });
}

/** The config sections these toolsets own, plus the router's (its middleware fronts every call). */
export function configSectionsOf(toolsets: readonly Toolset[]): ConfigSection[] {
  return [...ROUTER_CONFIG_SECTIONS, ...toolsets.flatMap((t) => [...(t.configSections ?? [])])];
}

export function createApp(options: AppOptions): DwimApp {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const project = options.project ? resolve(cwd, options.project) : undefined;
  // Sections of toolsets not loaded are known but not validated: one dwim.toml fits every selection.
  const config =
    options.config ??
    loadConfig({
      cwd: project ?? cwd,
      env,
      sections: configSectionsOf(options.toolsets),
      otherSections: allSectionKeys(),
    });
  const serve = sectionOf(config, serveSection);
  const include = options.only && options.only.length > 0 ? options.only : serve.tools;
  const served = selectTools(options.toolsets, { include, exclude: [...(options.exclude ?? []), ...serve.exclude] });
  const tools = [...served, ...(options.extraTools ?? [])];
  const registry = new ToolRegistry(tools, unservedTools(tools));
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
