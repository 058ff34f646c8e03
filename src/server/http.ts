/**
 * Streamable HTTP for both protocol eras on one endpoint. 2025-era clients (initialize handshake, `Mcp-Session-Id`)
 * get one MCP server and one SessionState per MCP session, so session-scoped state such as user-defined units never
 * leaks. 2026-07-28 clients (a per-request `_meta` envelope, no sessions) are served by the SDK's per-request handler
 * with a fresh SessionState per request. Bodies are parsed here with a size cap so that malformed or oversized
 * requests get a JSON-RPC error and the server keeps serving.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from "@modelcontextprotocol/node";
import { createMcpHandler, isInitializeRequest, isLegacyRequest, type Server } from "@modelcontextprotocol/server";
import { SessionState } from "../core/index.js";
import type { DwimApp } from "./app.js";
import { type AccessOptions, accessPolicy, denialOf } from "./http-access.js";
import { type SessionLimits, SessionTable } from "./http-sessions.js";
import { maxMessageBytes } from "./limits.js";
import { createMcpServer } from "./mcp.js";

export interface HttpOptions extends AccessOptions, SessionLimits {
  host?: string;
  port?: number;
  /** Largest request body accepted (default: the argument limit plus 1 MiB of envelope). */
  maxBodyBytes?: number;
  /** Builds the MCP server for a session or request instead of dwim's own (the proxy's gateway server). */
  createServer?: (session: SessionState) => Server;
}

export interface HttpHandle {
  url: string;
  port: number;
  /** The bearer token clients must send, when one is required. */
  token?: string;
  /** The token was generated at start (print it once). */
  generatedToken: boolean;
  sessions(): number;
  close(): Promise<void>;
}

/** Parses `host:port`, `:port` or `port`; the host defaults to 127.0.0.1. */
export function parseListenAddress(text: string): { host: string; port: number } {
  const m = /^(?:\[?([^\]]*?)\]?:)?(\d{1,5})$/u.exec(text.trim());
  const port = m ? Number(m[2]) : Number.NaN;
  if (!m || port > 65535) throw new Error(`Invalid listen address '${text}': expected host:port, e.g. 127.0.0.1:7077`);
  return { host: m[1] || "127.0.0.1", port };
}

function jsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > max) {
        failed = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", (e) => {
      if (!failed) reject(e);
    });
  });
}

export async function serveHttp(app: DwimApp, options: HttpOptions = {}): Promise<HttpHandle> {
  const host = options.host ?? "127.0.0.1";
  const policy = accessPolicy(host, options);
  const maxBody = options.maxBodyBytes ?? maxMessageBytes(app);
  const limits = app.config.sections.limits as { max_sessions?: number; session_idle_seconds?: number } | undefined;
  const sessions = new SessionTable({
    maxSessions: options.maxSessions ?? limits?.max_sessions,
    idleMs: options.idleMs ?? (limits?.session_idle_seconds ? limits.session_idle_seconds * 1000 : undefined),
  });
  const onerror = (e: Error) => process.stderr.write(`dwim: HTTP: ${e.message}\n`);
  const create = options.createServer ?? ((s: SessionState) => createMcpServer(app, s));
  // 2026-07-28: a server per request; 2025-era traffic never reaches it (routed to the sessions below).
  const modern = createMcpHandler(() => create(new SessionState()), {
    legacy: "reject",
    onerror,
    maxRequestBodySize: maxBody,
  });
  const serveModern = toNodeHandler(modern, { onerror, maxRequestBodySize: maxBody });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0];
    // DNS rebinding and remote access: Host, Origin and (when required) the bearer token, on every endpoint.
    const denied = denialOf(req, policy);
    if (denied) {
      jsonRpcError(res, denied.status, -32000, denied.message, denied.headers);
      req.resume();
      return;
    }
    if (req.method === "GET" && path === "/health") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, tools: app.registry.tools.length, sessions: sessions.size }));
      return;
    }
    if (path !== "/mcp") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Not found: the MCP endpoint is /mcp" }));
      return;
    }
    const sessionId = req.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.use(sessionId) : undefined;

    if (req.method !== "POST") {
      if (!existing) {
        jsonRpcError(res, 400, -32000, "Bad Request: missing or unknown mcp-session-id");
        return;
      }
      await existing.transport.handleRequest(req, res);
      return;
    }

    let body: unknown;
    try {
      const text = await readBody(req, maxBody);
      body = JSON.parse(text);
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        jsonRpcError(res, 413, -32600, `Request body over ${maxBody} bytes`);
        req.resume();
      } else jsonRpcError(res, 400, -32700, "Parse error: the request body is not valid JSON");
      return;
    }

    if (existing) {
      await existing.transport.handleRequest(req, res, body);
      return;
    }
    if (sessionId !== undefined) {
      jsonRpcError(res, 404, -32001, "Session not found: start a new session with initialize");
      return;
    }
    // The SDK's own classification: a request carrying the 2026-07-28 `_meta` envelope claim is modern.
    if (!(await isLegacyRequest(await toWebRequest(req, body), body, { maxRequestBodySize: maxBody }))) {
      await serveModern(req, res, body);
      return;
    }
    if (!isInitializeRequest(body)) {
      jsonRpcError(res, 400, -32000, "Bad Request: no mcp-session-id header and not an initialize request");
      return;
    }
    const state = new SessionState();
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.add(id, { transport, server }),
    });
    const server = create(state);
    transport.onclose = () => {
      if (transport.sessionId) sessions.forget(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      process.stderr.write(`dwim: HTTP request failed: ${(e as Error).message}\n`);
      jsonRpcError(res, 500, -32603, "Internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 7077, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}/mcp`;
  return {
    url,
    port,
    token: policy.token,
    generatedToken: policy.generatedToken,
    sessions: () => sessions.size,
    async close() {
      await modern.close();
      await sessions.closeAll();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}
