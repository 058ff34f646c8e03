/**
 * Who may talk to the HTTP server. The MCP transport specification asks servers to validate Origin (DNS rebinding), to bind
 * to localhost when running locally, and to authenticate connections otherwise: a loopback server accepts only
 * loopback Host names; binding anything else takes an explicit `--allow-remote` and a bearer token (generated when not
 * given), and the Host check then uses the names the bound address really has.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { hostname, networkInterfaces } from "node:os";
import { validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";

const LOOPBACK = ["localhost", "127.0.0.1", "::1", "[::1]"];
const WILDCARD = ["0.0.0.0", "::", "[::]", ""];

function isLoopback(host: string): boolean {
  return LOOPBACK.includes(host) || /^127\.\d+\.\d+\.\d+$/u.test(host);
}

/** `[::1]` for IPv6 literals (Host headers and origins bracket them), the name itself otherwise. */
function hostForm(address: string): string {
  return address.includes(":") && !address.startsWith("[") ? `[${address}]` : address;
}

/** The names a client may put in Host for a server bound to `bind`. */
function hostNamesOf(bind: string): string[] {
  const names = new Set<string>(LOOPBACK.map(hostForm));
  if (isLoopback(bind)) {
    names.add(hostForm(bind));
    return [...names];
  }
  names.add(hostname());
  if (WILDCARD.includes(bind)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const a of addresses ?? []) names.add(hostForm(a.address.split("%")[0]));
    }
  } else names.add(hostForm(bind));
  return [...names];
}

export class RemoteBindError extends Error {
  constructor(host: string) {
    super(
      `Refusing to serve on '${host}': it is reachable from other machines. Pass --allow-remote (a bearer token is then required: --token, DWIM_HTTP_TOKEN, or one is generated and printed), or bind 127.0.0.1`,
    );
  }
}

export interface AccessOptions {
  /** Required to bind anything but loopback. */
  allowRemote?: boolean;
  /** Bearer token clients must send (`Authorization: Bearer …`); generated for a remote bind when absent. */
  token?: string;
  /** Extra Host names (a DNS name that points at this machine). */
  allowedHosts?: readonly string[];
  /** Origin hostnames allowed besides the Host names (browser-based clients). */
  allowedOrigins?: readonly string[];
}

export interface AccessPolicy {
  hosts: string[];
  origins: string[];
  token?: string;
  /** The token was generated here (the caller prints it once). */
  generatedToken: boolean;
}

export function accessPolicy(bind: string, options: AccessOptions): AccessPolicy {
  const remote = !isLoopback(bind);
  if (remote && !options.allowRemote) throw new RemoteBindError(bind);
  const generated = remote && !options.token;
  const token = options.token ?? (generated ? randomBytes(24).toString("base64url") : undefined);
  const hosts = [...hostNamesOf(bind), ...(options.allowedHosts ?? []).map(hostForm)];
  return {
    hosts,
    origins: [...hosts, ...(options.allowedOrigins ?? [])],
    token,
    generatedToken: generated,
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface Denial {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** Why this request may not proceed, or undefined when it may. */
export function denialOf(req: IncomingMessage, policy: AccessPolicy): Denial | undefined {
  const host = validateHostHeader(req.headers.host, policy.hosts);
  if (!host.ok) return { status: 403, message: `Host '${req.headers.host ?? ""}' not allowed: ${host.message}` };
  const origin = validateOriginHeader(req.headers.origin, policy.origins);
  if (!origin.ok) return { status: 403, message: `Origin '${req.headers.origin ?? ""}' not allowed` };
  if (policy.token !== undefined) {
    const auth = /^Bearer\s+(.+)$/iu.exec(req.headers.authorization ?? "");
    if (!auth || !sameSecret(auth[1].trim(), policy.token)) {
      return {
        status: 401,
        message: "Unauthorized: send Authorization: Bearer <token> (the token dwim printed at start)",
        headers: { "www-authenticate": 'Bearer realm="dwim"' },
      };
    }
  }
  return undefined;
}
