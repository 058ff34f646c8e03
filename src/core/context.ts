/** Builds the ToolContext a handler receives, from loaded config and the serving options. */
import { filesSection, type LoadedConfig, logSection, sectionOf } from "./config.js";
import { CorrectionLog, defaultLogPath } from "./log.js";
import { resolveRoots } from "./roots.js";
import { type AnyToolDefinition, SessionState, type ToolContext } from "./tool.js";

export interface ContextOptions {
  config: LoadedConfig;
  tools: readonly AnyToolDefinition[];
  cwd?: string;
  /** Extra allowed roots (`--root`); the working directory and `[files] roots` are always allowed. */
  roots?: readonly string[];
  session?: SessionState;
  log?: CorrectionLog;
  env?: Record<string, string | undefined>;
}

export function correctionLogFor(config: LoadedConfig, env = process.env): CorrectionLog {
  const log = sectionOf(config, logSection);
  if (!log.enabled) return CorrectionLog.disabled();
  return new CorrectionLog(log.path ?? defaultLogPath(env));
}

export function createToolContext(options: ContextOptions): ToolContext {
  const cwd = options.cwd ?? process.cwd();
  const configured = sectionOf(options.config, filesSection).roots;
  return {
    config: options.config,
    cwd,
    roots: resolveRoots([cwd, ...configured, ...(options.roots ?? [])], cwd),
    session: options.session ?? new SessionState(),
    log: options.log ?? correctionLogFor(options.config, options.env),
    tools: options.tools,
  };
}
