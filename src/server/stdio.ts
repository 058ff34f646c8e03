/** Serving over stdio (Claude Desktop, Claude Code): stdout carries protocol only; messages go to stderr. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { SessionState } from "../core/index.js";
import type { DwimApp } from "./app.js";
import { callsInFlight, createMcpServer } from "./mcp.js";

export async function serveStdio(app: DwimApp): Promise<{ close(): Promise<void> }> {
  const server = createMcpServer(app, new SessionState("stdio"));
  const transport = new StdioServerTransport();
  const close = async () => {
    await server.close();
  };
  onShutdown(close);
  await server.connect(transport);
  process.stderr.write(`dwim ${app.version}: serving ${app.registry.tools.length} tools over stdio\n`);
  // The client closing stdin ends the session, once the calls it already sent have been answered.
  process.stdin.on(
    "end",
    () =>
      void drain()
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
async function drain(limitMs = 30_000): Promise<void> {
  const start = Date.now();
  // A request read just before end of input may not have reached its handler yet: give it a turn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  while (callsInFlight() > 0 && Date.now() - start < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
