/**
 * The SDK's real Client against a real dwim server, on either protocol era. A 2025 version is negotiated with the
 * `initialize` handshake (the in-memory transport); 2026-07-28 has no handshake and no in-memory entry, so the client
 * talks to the SDK's per-request HTTP handler in-process (the URL is never dialed).
 */
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { AnyToolDefinition, CallMiddleware, LoadedConfig, Toolset } from "../../src/core/index.js";
import { loadConfig, SessionState } from "../../src/core/index.js";
import { configSectionsOf, createApp, type DwimApp } from "../../src/server/app.js";
import { type HttpHandle, serveHttp } from "../../src/server/http.js";
import { createMcpServer } from "../../src/server/mcp.js";

/** The current protocol revision: stateless, a `_meta` envelope on every request, negotiated by `server/discover`. */
export const MODERN_VERSION = "2026-07-28";
/** The 2025 revisions dwim serves, negotiated by `initialize`. */
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
export const PROTOCOL_VERSIONS = [MODERN_VERSION, ...LEGACY_VERSIONS] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/**
 * A client that speaks exactly `version`: pinned to the modern era, or offering only that 2025 version. With
 * `roots`, it declares the roots capability and answers `roots/list` with these directories.
 */
export function clientFor(name: string, version: ProtocolVersion = "2025-11-25", roots?: () => string[]): Client {
  const capabilities = roots ? { capabilities: { roots: { listChanged: true } } } : {};
  const client = new Client(
    { name, version: "0.0.0" },
    version === MODERN_VERSION
      ? { versionNegotiation: { mode: { pin: MODERN_VERSION } }, ...capabilities }
      : { supportedProtocolVersions: [version], ...capabilities },
  );
  if (roots) {
    client.setRequestHandler("roots/list", async () => ({
      roots: roots().map((dir) => ({ uri: pathToFileURL(dir).href, name: basename(dir) })),
    }));
  }
  return client;
}

/** dwim's Streamable HTTP server on a free loopback port, serving `toolsets` (config: defaults + env, logging off). */
export async function serveHttpForTest(toolsets: readonly Toolset[]): Promise<HttpHandle> {
  const env = { DWIM_LOG: "0" };
  const config = loadConfig({ userFile: null, projectFile: null, env, sections: configSectionsOf(toolsets) });
  return serveHttp(createApp({ toolsets, env, config }), { host: "127.0.0.1", port: 0 });
}

export interface InMemoryOptions {
  toolsets: readonly Toolset[];
  cwd?: string;
  project?: string;
  roots?: readonly string[];
  /** The client declares MCP roots and answers roots/list with these directories. */
  clientRoots?: () => string[];
  env?: Record<string, string | undefined>;
  /** Pre-loaded config; default: defaults + env only (no user or project files), logging off. */
  config?: LoadedConfig;
  middleware?: (tools: readonly AnyToolDefinition[], config: LoadedConfig) => CallMiddleware;
  /** Protocol version the clients speak (default 2025-11-25). */
  protocol?: ProtocolVersion;
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
    project: options.project,
    roots: options.roots,
    env,
    config,
    middleware: options.middleware,
  });
  const protocol = options.protocol ?? "2025-11-25";
  const clients: Client[] = [];
  const closers: Array<() => Promise<void>> = [];
  const open = async (): Promise<Client> => {
    const session = new SessionState(`test-${clients.length}`);
    const client = clientFor("dwim-test", protocol, options.clientRoots);
    if (protocol === MODERN_VERSION) {
      const handler = createMcpHandler(() => createMcpServer(app, session), { legacy: "reject" });
      closers.push(() => handler.close());
      await client.connect(
        new StreamableHTTPClientTransport(new URL("http://dwim.test/mcp"), {
          fetch: (url, init) => handler.fetch(new Request(url, init)),
        }),
      );
    } else {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await createMcpServer(app, session).connect(serverTransport);
      await client.connect(clientTransport);
    }
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
      for (const close of closers) await close();
    },
  };
}
