/** Connects the SDK's real Client to a real dwim server over the in-memory transport. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { AnyToolDefinition, CallMiddleware, LoadedConfig, Toolset } from "../../src/core/index.js";
import { loadConfig, SessionState } from "../../src/core/index.js";
import { configSectionsOf, createApp, type DwimApp } from "../../src/server/app.js";
import { createMcpServer } from "../../src/server/mcp.js";

export interface InMemoryOptions {
  toolsets: readonly Toolset[];
  cwd?: string;
  roots?: readonly string[];
  env?: Record<string, string | undefined>;
  /** Pre-loaded config; default: defaults + env only (no user or project files), logging off. */
  config?: LoadedConfig;
  middleware?: (tools: readonly AnyToolDefinition[], config: LoadedConfig) => CallMiddleware;
}

export interface Connected {
  client: Client;
  app: DwimApp;
  /** A second, independent MCP session on the same app. */
  newSession(): Promise<Client>;
  close(): Promise<void>;
}

export async function connectInMemory(options: InMemoryOptions): Promise<Connected> {
  const env = { DWIM_LOG: "0", ...(options.env ?? {}) };
  const config =
    options.config ??
    loadConfig({ userFile: null, projectFile: null, env, sections: configSectionsOf(options.toolsets) });
  const app = createApp({
    toolsets: options.toolsets,
    cwd: options.cwd,
    roots: options.roots,
    env,
    config,
    middleware: options.middleware,
  });
  const clients: Client[] = [];
  const open = async (): Promise<Client> => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(app, new SessionState(`test-${clients.length}`));
    await server.connect(serverTransport);
    const client = new Client({ name: "dwim-test", version: "0.0.0" });
    await client.connect(clientTransport);
    clients.push(client);
    return client;
  };
  const client = await open();
  return {
    client,
    app,
    newSession: open,
    async close() {
      for (const c of clients) await c.close();
    },
  };
}
