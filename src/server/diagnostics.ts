/**
 * The server's own diagnostics as MCP log messages (`notifications/message`): config faults (warning), corrections
 * applied (info) and internal errors (error). A 2025 client picks the threshold with `logging/setLevel`; a
 * 2026-07-28 request carries it in its `_meta` envelope. Without either, only warnings and worse are sent.
 */
import { LOG_LEVEL_META_KEY, type LoggingLevel, type Server, type ServerContext } from "@modelcontextprotocol/server";
import type { CallResult, ErrorPayload, LoadedConfig, SessionState, ToolOutput } from "../core/index.js";
import { formatConfigError } from "../core/index.js";

const SEVERITY: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];
const DEFAULT_THRESHOLD: LoggingLevel = "warning";
const LEVEL_KEY = "mcp.log_level";
const CONFIG_REPORTED_KEY = "mcp.config_reported";

/** Replaces the SDK's `logging/setLevel` handler so the level lives in the session (2025 era). */
export function trackLogLevel(server: Server, session: SessionState): void {
  server.setRequestHandler("logging/setLevel", async (request) => {
    session.clear(LEVEL_KEY);
    session.get(LEVEL_KEY, () => request.params.level);
    return {};
  });
}

function threshold(ctx: ServerContext, session: SessionState): LoggingLevel {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const requested = envelope?.[LOG_LEVEL_META_KEY];
  if (typeof requested === "string" && SEVERITY.includes(requested as LoggingLevel)) return requested as LoggingLevel;
  return session.get<LoggingLevel>(LEVEL_KEY, () => DEFAULT_THRESHOLD);
}

export class Diagnostics {
  constructor(
    private readonly ctx: ServerContext,
    private readonly session: SessionState,
  ) {}

  async log(level: LoggingLevel, logger: string, data: unknown): Promise<void> {
    if (SEVERITY.indexOf(level) < SEVERITY.indexOf(threshold(this.ctx, this.session))) return;
    try {
      await this.ctx.mcpReq.log(level, data, logger);
    } catch {
      // A client that went away cannot be told; the call's own result still counts.
    }
  }

  /** Config faults, once per session. */
  async configFaults(config: LoadedConfig): Promise<void> {
    if (config.errors.length === 0 || this.session.get(CONFIG_REPORTED_KEY, () => ({ done: false })).done) return;
    this.session.get(CONFIG_REPORTED_KEY, () => ({ done: false })).done = true;
    await this.log("warning", "dwim.config", {
      message: `${config.errors.length} fault(s) in dwim.toml or the environment; the faulty entries use their defaults`,
      faults: config.errors.map(formatConfigError),
    });
  }

  /** What a call corrected, or an internal error it hit. */
  async call(tool: string, result: CallResult): Promise<void> {
    const content = result.structuredContent as ToolOutput | ErrorPayload;
    if (result.isError) {
      const error = content as ErrorPayload;
      if (error.error_type === "internal_error") await this.log("error", "dwim.tools", { tool, error: error.error });
      return;
    }
    const dym = (content as ToolOutput).did_you_mean;
    if (dym) await this.log("info", "dwim.corrections", { tool, message: dym.message, corrections: dym.corrections });
  }
}
