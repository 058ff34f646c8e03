/**
 * Builds the ToolContext a handler receives, from loaded config and the serving options. The project directory is the
 * base for relative paths, the default search path and `.dwim/`: `--project` (or the first `--root`), else the MCP
 * roots the client sent, else the working directory unless that is the filesystem root (where clients such as Claude
 * Desktop start servers). Without one, a tool that needs it fails with `no_project`, naming the fix.
 */
import { parse } from "node:path";
import { filesSection, type LoadedConfig, logSection, sectionOf } from "./config.js";
import { ToolError } from "./errors.js";
import { CorrectionLog, defaultLogPath } from "./log.js";
import { resolveRoots } from "./roots.js";
import { type AnyToolDefinition, SessionState, type ToolContext } from "./tool.js";

export interface ContextOptions {
  config: LoadedConfig;
  tools: readonly AnyToolDefinition[];
  cwd?: string;
  /** The project directory given explicitly (`--project`, or the first `--root`). */
  project?: string;
  /** Extra allowed roots (`--root`); the project and `[files] roots` are always allowed. */
  roots?: readonly string[];
  /** Directories the MCP client named as its roots (file URIs already decoded); the first is the project unless one is explicit. */
  clientRoots?: readonly string[];
  session?: SessionState;
  log?: CorrectionLog;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

export function correctionLogFor(config: LoadedConfig, env = process.env): CorrectionLog {
  const log = sectionOf(config, logSection);
  if (!log.enabled) return CorrectionLog.disabled();
  return new CorrectionLog(log.path ?? defaultLogPath(env), { maxBytes: log.max_bytes, redact: log.redact });
}

/** The filesystem root is never a project: a server started there by a client has not been told where to work. */
export function isUsableProject(dir: string): boolean {
  return parse(dir).root !== dir;
}

/** The project directory these options name, or undefined when there is none. */
export function projectOf(options: Pick<ContextOptions, "cwd" | "project" | "clientRoots">): string | undefined {
  if (options.project) return options.project;
  if (options.clientRoots && options.clientRoots.length > 0) return options.clientRoots[0];
  const cwd = options.cwd ?? process.cwd();
  return isUsableProject(cwd) ? cwd : undefined;
}

export function noProjectError(cwd: string): ToolError {
  return new ToolError({
    error: `dwim has no project directory: it was started in '${cwd}' and neither --project, --root nor the client's MCP roots name one`,
    error_type: "no_project",
    hints: [
      'Add "--project", "/path/to/your/project" to dwim\'s args in the MCP client\'s configuration',
      "Or start dwim from the project directory (the client's cwd setting)",
    ],
  });
}

export function createToolContext(options: ContextOptions): ToolContext {
  const cwd = options.cwd ?? process.cwd();
  const project = projectOf(options);
  const configured = sectionOf(options.config, filesSection).roots;
  const base = project ?? cwd;
  const roots = resolveRoots(
    [...(project ? [project] : []), ...(options.clientRoots ?? []), ...configured, ...(options.roots ?? [])],
    base,
  );
  const ctx = {
    config: options.config,
    roots,
    session: options.session ?? new SessionState(),
    log: options.log ?? correctionLogFor(options.config, options.env),
    tools: options.tools,
    signal: options.signal,
  } as Omit<ToolContext, "cwd">;
  // Read lazily: only tools that touch the project fail without one (units and the router never do).
  Object.defineProperty(ctx, "cwd", {
    enumerable: true,
    get(): string {
      if (project === undefined) throw noProjectError(cwd);
      return project;
    },
  });
  return ctx as ToolContext;
}
