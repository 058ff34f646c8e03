/**
 * Serving over stdio (Claude Desktop, Claude Code): stdout carries protocol only; messages go to stderr. The SDK's
 * `serveStdio` picks the era from the client's opening (a 2026-07-28 `server/discover` or a 2025 `initialize`) and
 * pins one server for the connection, so one SessionState serves it either way.
 */
import type { Server, Transport } from "@modelcontextprotocol/server";
import { serveStdio as serveSdkStdio } from "@modelcontextprotocol/server/stdio";
import { SessionState } from "../core/index.js";
import type { DwimApp } from "./app.js";
import { maxMessageBytes } from "./limits.js";
import { callsInFlight, createMcpServer } from "./mcp.js";
import { JsonLineServerTransport } from "./stdio-transport.js";

export interface ServeOptions {
  /** Builds the MCP server for a connection instead of dwim's own (the proxy's gateway server). */
  createServer?: (session: SessionState) => Server;
  /** Calls in progress that shutdown waits for, besides dwim's own. */
  inFlight?: () => number;
  /** What the start-up line on stderr says is served. */
  describe?: string;
  /** Wraps the connection's transport (the proxy watches 2026-07-28 subscription filters). */
  wrapTransport?: (transport: Transport) => Transport;
  /** Runs after the connection closed, before the process exits (the proxy ends its upstreams here). */
  onClose?: () => Promise<void>;
}

export async function serveStdio(app: DwimApp, options: ServeOptions = {}): Promise<{ close(): Promise<void> }> {
  const session = new SessionState("stdio");
  // Every frame gets an answer: one over the limit is dropped as it streams and refused under its id (an argument
  // over the tool limit but under this one still reaches the tool's own argument_too_large error), one that is not
  // JSON or not JSON-RPC gets the JSON-RPC error for it. The transport stays open when stdin ends: the calls the
  // client already sent are answered first (see the end handler below).
  const limit = 4 * maxMessageBytes(app);
  const transport = new JsonLineServerTransport(process.stdin, process.stdout, limit);
  const create = options.createServer ?? ((s: SessionState) => createMcpServer(app, s));
  const handle = serveSdkStdio(() => create(session), {
    transport: options.wrapTransport ? options.wrapTransport(transport) : transport,
    onerror: (e) => process.stderr.write(`dwim: stdio: ${e.message}\n`),
  });
  const close = async () => {
    await handle.close();
    await options.onClose?.();
  };
  onShutdown(close);
  const what = options.describe ?? `${app.registry.tools.length} tools`;
  process.stderr.write(`dwim ${app.version}: serving ${what} over stdio\n`);
  process.stdin.on(
    "end",
    () =>
      void drain(options.inFlight)
        .then(close)
        .then(() => process.exit(0)),
  );
  return { close };
}

/** Graceful shutdown on SIGINT/SIGTERM: close the transports, then exit 0. */
export function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`dwim: ${signal}, shutting down\n`);
    const timer = setTimeout(() => process.exit(0), 3000);
    timer.unref();
    close()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}

/** Resolves when no call is in progress (or after the default tool budget, so a stuck call cannot hold the exit). */
async function drain(extra: () => number = () => 0, limitMs = 30_000): Promise<void> {
  const start = Date.now();
  // A request read just before end of input may not have reached its handler yet: give it a turn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  while (callsInFlight() + extra() > 0 && Date.now() - start < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
