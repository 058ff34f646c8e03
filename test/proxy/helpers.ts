/**
 * The proxy in front of real MCP servers: the reference servers installed from npm (run with node from their bin,
 * no network) and the SDK-only fixture in test/fixtures/proxy. A client reaches the proxy the way a real one does:
 * through the SDK's stdio serving entry (either era; here over an in-memory pipe), or a direct stdio connection to
 * the same server for comparison.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { Client, type ClientOptions, InMemoryTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { loadConfig } from "../../src/core/index.js";
import { type GatewayOptions, type ProxyHandle, startProxy, type UpstreamSpec } from "../../src/proxy/index.js";
import { ROUTER_CONFIG_SECTIONS } from "../../src/router/config.js";
import { MODERN_VERSION, type ProtocolVersion } from "../helpers/mcp.js";

const require = createRequire(import.meta.url);

/** The installed bin of an npm MCP server package. */
function binOf(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: string | Record<string, string> }).bin;
  return join(dirname(manifest), typeof bin === "string" ? bin : Object.values(bin)[0]);
}

export const EVERYTHING = binOf("@modelcontextprotocol/server-everything");
export const FILESYSTEM = binOf("@modelcontextprotocol/server-filesystem");
export const MEMORY = binOf("@modelcontextprotocol/server-memory");
export const FIXTURE = resolve(__dirname, "../fixtures/proxy/upstream.mjs");

export function nodeUpstream(name: string, script: string, args: string[] = [], env: Record<string, string> = {}) {
  return { name, command: process.execPath, args: [script, ...args], env } satisfies UpstreamSpec;
}

export function testConfig() {
  return loadConfig({
    userFile: null,
    projectFile: null,
    env: { DWIM_LOG: "0" },
    sections: [...ROUTER_CONFIG_SECTIONS],
  });
}

export interface Proxied {
  proxy: ProxyHandle;
  /** Lines the proxy logged (its stderr). */
  logs: string[];
  close(): Promise<void>;
}

export async function startTestProxy(
  upstreams: UpstreamSpec[],
  options: Partial<GatewayOptions> = {},
): Promise<Proxied> {
  const logs: string[] = [];
  const proxy = await startProxy({
    upstreams,
    config: testConfig(),
    log: (line) => logs.push(line),
    ...options,
  });
  return { proxy, logs, close: () => proxy.close() };
}

export function clientOptions(version: ProtocolVersion, extra: ClientOptions = {}): ClientOptions {
  return version === MODERN_VERSION
    ? { ...extra, versionNegotiation: { mode: { pin: MODERN_VERSION } } }
    : { ...extra, supportedProtocolVersions: [version] };
}

/** A client connected to the proxy through the SDK's stdio serving entry (era chosen by the client's opening). */
export async function connectToProxy(
  proxy: ProxyHandle,
  version: ProtocolVersion = "2025-11-25",
  extra: ClientOptions = {},
  setup?: (client: Client) => void,
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(() => proxy.createServer(), { transport: proxy.watchTransport(serverSide) });
  const client = new Client({ name: "proxy-test", version: "0.0.0" }, clientOptions(version, extra));
  setup?.(client);
  await client.connect(clientSide);
  const close = client.close.bind(client);
  client.close = async () => {
    await close();
    await served.close();
  };
  return client;
}

/** A client connected straight to the upstream server, for comparison. */
export async function connectDirect(spec: UpstreamSpec, extra: ClientOptions = {}): Promise<Client> {
  const client = new Client(
    { name: "direct-test", version: "0.0.0" },
    { ...extra, supportedProtocolVersions: ["2025-11-25"] },
  );
  await client.connect(
    new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: { ...(process.env as Record<string, string>), ...spec.env },
      stderr: "pipe",
    }),
  );
  return client;
}

/** A tools/call as raw JSON-RPC result, without the SDK client's own checks or reshaping. */
export function rawCall(client: Client, name: string, args: Record<string, unknown>) {
  return client.request({ method: "tools/call", params: { name, arguments: args } }, ANY);
}

import { z } from "zod";

export const ANY = z.looseObject({});

/** Whether a process id still names a running process. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, stepMs = 25): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
