/**
 * The proxy's state: its upstream servers, the tool catalog built from them (rebuilt when an upstream's tools
 * change or it restarts), which upstream owns a prompt or resource, what the client asked to keep across an
 * upstream restart (log level, resource subscriptions), and the MCP servers (client connections) it serves.
 */
import type { Server, Tool } from "@modelcontextprotocol/server";
import type { LoadedConfig } from "../core/config.js";
import type { CallResult, ResolvedCall } from "../core/invoke.js";
import type { AnyToolDefinition, SessionState } from "../core/tool.js";
import { routerFor } from "../router/index.js";
import { buildCatalog, type Catalog, NAMESPACE_SEPARATOR } from "./catalog.js";
import type { OpenCall } from "./rounds.js";
import type { UpstreamSpec } from "./servers.js";
import { type ToolSearchOptions, toolSearchListing } from "./tool-search.js";
import type { ExitInfo } from "./transport.js";
import { type AnyResult, Upstream, type UpstreamOptions } from "./upstream.js";

export interface GatewayOptions extends Omit<UpstreamOptions, "log"> {
  upstreams: readonly UpstreamSpec[];
  config: LoadedConfig;
  /** dwim's own tools served next to the upstreams' (`--tools`), as the serving side lists and runs them. */
  own?: OwnTools;
  log?: (line: string) => void;
  /** Tool search: clients list search_tools, call_tool and these pinned tools instead of every tool (off: undefined). */
  toolSearch?: ToolSearchOptions;
  /** An upstream exited and restarting is off. */
  onFatal?: (upstream: Upstream, exit: ExitInfo) => void;
}

export interface OwnTools {
  tools: readonly AnyToolDefinition[];
  /** The tool as tools/list shows it (dwim's server's own listing). */
  list(tool: AnyToolDefinition): Tool;
  /** Runs a resolved call through dwim's call pipeline. */
  run(call: ResolvedCall, signal: AbortSignal, session?: SessionState): Promise<CallResult>;
}

export type ServerSideRequest = (
  upstream: Upstream,
  request: { method: string; params?: Record<string, unknown> },
  signal: AbortSignal,
) => Promise<AnyResult>;

export class Gateway {
  readonly upstreams: Upstream[];
  catalog: Catalog;
  readonly config: LoadedConfig;
  readonly own?: OwnTools;
  readonly toolSearch?: ToolSearchOptions;
  /** MCP servers currently connected to a client; notifications from upstreams go to each. */
  readonly servers = new Set<Server>();
  /** The server whose client last sent a request: requests from an upstream (roots, sampling) go to it. */
  lastActive?: Server;
  /** Calls of 2026-07-28 clients kept open across input_required rounds, by requestState. */
  readonly openCalls = new Map<string, OpenCall>();
  /** Calls that took the fast lane (2025-era, nothing to correct), for tests and diagnostics. */
  fastLaneCalls = 0;
  /** Client requests being served (shutdown waits for them). */
  inFlight = 0;
  /** Log level the client set; replayed to an upstream after it restarts. */
  logLevel?: string;
  /** Resource URIs the client subscribed to, by upstream; replayed after a restart. */
  readonly subscriptions = new Map<Upstream, Set<string>>();
  /** Resource URI → the upstream that listed it. */
  readonly resourceOwner = new Map<string, Upstream>();
  readonly log: (line: string) => void;
  /** Relays a request from an upstream to a client (set by the serving side). */
  relayToClient?: ServerSideRequest;

  constructor(options: GatewayOptions) {
    this.config = options.config;
    this.own = options.own;
    this.toolSearch = options.toolSearch;
    this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    const { upstreams: specs, config: _c, own: _o, toolSearch: _t, onFatal, ...upstreamOptions } = options;
    this.upstreams = specs.map(
      (spec) =>
        new Upstream(
          spec,
          { ...upstreamOptions, log: this.log },
          {
            toolsChanged: () => this.reindex(),
            restarted: (u) => void this.afterRestart(u),
            notification: (_u, n) => this.broadcast(n.method, n.params),
            request: (u, request, signal) => this.relay(u, request, signal),
            fatal: (u, exit) => onFatal?.(u, exit),
          },
        ),
    );
    this.catalog = buildCatalog(this.own, []);
  }

  /** Starts every upstream (in parallel); rejects on the first that fails, after ending all of them. */
  async start(): Promise<void> {
    const results = await Promise.allSettled(this.upstreams.map((u) => u.start()));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) {
      await this.close();
      throw failed.reason;
    }
    this.reindex(false);
  }

  /** Rebuilds the catalog and the router index over it; tells connected clients the tool list changed. */
  reindex(notify = true): void {
    const before = JSON.stringify(this.catalog.listing);
    this.catalog = buildCatalog(this.own, this.upstreams, this.catalog.namespaced);
    try {
      routerFor(this.catalog.definitions, this.config);
    } catch (e) {
      // Names the router cannot index side by side (an upstream tool named like a dwim alias): namespace every
      // upstream; if even that fails, serve exact names only.
      this.log(`dwim: ${(e as Error).message}: serving every upstream's tools under its namespace`);
      const all = new Set(this.upstreams.map((u) => u.name));
      this.catalog = buildCatalog(this.own, this.upstreams, all);
      try {
        routerFor(this.catalog.definitions, this.config);
      } catch {
        for (const t of this.catalog.tools) t.indexed = t.upstream === undefined;
        this.catalog.definitions = [...(this.own?.tools ?? [])];
      }
    }
    for (const note of this.catalog.notes) this.log(`dwim: ${note}`);
    const missing = this.toolSearch ? toolSearchListing(this.catalog, this.toolSearch).missing : [];
    if (missing.length > 0) this.log(`dwim: pinned tools not served by any upstream: ${missing.join(", ")}`);
    if (notify && JSON.stringify(this.catalog.listing) !== before) {
      this.broadcast("notifications/tools/list_changed");
    }
  }

  private async afterRestart(upstream: Upstream): Promise<void> {
    this.reindex();
    if (this.logLevel && upstream.capabilities.logging) {
      await upstream.request("logging/setLevel", { level: this.logLevel }).catch(() => undefined);
    }
    for (const uri of this.subscriptions.get(upstream) ?? []) {
      await upstream.request("resources/subscribe", { uri }).catch(() => undefined);
    }
    if (this.clientHasRoots()) await upstream.notify("notifications/roots/list_changed");
  }

  /** A notification to every connected client; one that a client's session cannot take is dropped. */
  broadcast(method: string, params?: Record<string, unknown>): void {
    for (const server of this.servers) {
      server.notification(params === undefined ? { method } : { method, params }).catch(() => undefined);
    }
  }

  private relay(
    upstream: Upstream,
    request: { method: string; params?: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<AnyResult> {
    if (!this.relayToClient) return Promise.resolve(request.method === "roots/list" ? { roots: [] } : {});
    return this.relayToClient(upstream, request, signal);
  }

  clientHasRoots(): boolean {
    const server = this.lastActive ?? [...this.servers].at(-1);
    return server?.getClientCapabilities()?.roots !== undefined;
  }

  /** Upstreams advertising a capability (`resources`, `prompts`, `logging`, `completions`). */
  having(capability: string): Upstream[] {
    return this.upstreams.filter((u) => (u.capabilities as Record<string, unknown>)[capability] !== undefined);
  }

  /** A prompt name as clients see it → its upstream and the upstream's own name. */
  promptOwner(name: string): { upstream: Upstream; name: string } | undefined {
    const candidates = this.having("prompts");
    for (const u of candidates) {
      const ns = this.namespaceOf(u);
      if (ns && name.startsWith(ns + NAMESPACE_SEPARATOR)) return { upstream: u, name: name.slice(ns.length + 2) };
    }
    const plain = candidates.filter((u) => !this.namespaceOf(u));
    return plain.length > 0 ? { upstream: plain[0], name } : undefined;
  }

  /** The namespace an upstream's tools and prompts are served under, if any. */
  namespaceOf(upstream: Upstream): string | undefined {
    return upstream.spec.prefix ?? (this.catalog.namespaced.has(upstream.name) ? upstream.name : undefined);
  }

  /** The upstream that serves a resource URI: the one that listed it, else the first whose templates match. */
  resourceUpstream(uri: string): Upstream | undefined {
    const owner = this.resourceOwner.get(uri);
    if (owner) return owner;
    const having = this.having("resources");
    return having.length === 1 ? having[0] : undefined;
  }

  /** The resource URIs the clients subscribed to at an upstream. */
  subscriptionsOf(upstream: Upstream): Set<string> {
    let set = this.subscriptions.get(upstream);
    if (!set) {
      set = new Set();
      this.subscriptions.set(upstream, set);
    }
    return set;
  }

  async close(): Promise<void> {
    await Promise.all(this.upstreams.map((u) => u.close()));
  }
}
