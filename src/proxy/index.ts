/**
 * dwim/proxy, the gateway behind `dwim proxy`, in front of any stdio MCP server (or several). Tools are listed as the
 * upstream lists them and called as the upstream answers them; a call with a small mistake in the tool name or
 * argument keys is corrected (never into a tool that may be destructive) and its result says so in `did_you_mean`. Everything else
 * an MCP server offers (resources, prompts, completion, logging, progress, cancellation, roots, sampling,
 * elicitation) passes through. Modules: servers (what to start, environment), transport (process group),
 * upstream (one server: start, list, restart), catalog (served names), correct (tools/call), gateway (state),
 * passthrough (the MCP server clients talk to).
 */
import type { Server, Transport } from "@modelcontextprotocol/server";
import type { SessionState } from "../core/tool.js";
import { watchConnection } from "./connection.js";
import { Gateway, type GatewayOptions } from "./gateway.js";
import { createProxyServer, relayToClient } from "./passthrough.js";

export type { Catalog, ServedTool } from "./catalog.js";
export {
  allowsExtraProperties,
  buildCatalog,
  isDestructive,
  mirrorDefinition,
  zodObjectFromJsonSchema,
} from "./catalog.js";
export { DID_YOU_MEAN_META_KEY, planCall, withDidYouMean } from "./correct.js";
export { Gateway, type GatewayOptions } from "./gateway.js";
export { proxyCapabilities, UPSTREAM_UNAVAILABLE_CODE } from "./passthrough.js";
export {
  expandVariables,
  loadServersFile,
  nameFromCommand,
  parseEnvAssignments,
  parseUpstreamOption,
  ServerSpecError,
  type UpstreamSpec,
  uniqueNames,
  upstreamEnvironment,
} from "./servers.js";
export {
  CALL_TOOL,
  type FoundTool,
  planMetaCall,
  SEARCH_TOOL,
  type SearchAnswer,
  searchCatalog,
  type ToolSearchOptions,
  toolSearchListing,
} from "./tool-search.js";
export { describeExit } from "./transport.js";
export { Upstream, UpstreamStartError, UpstreamUnavailableError } from "./upstream.js";

export interface ProxyHandle {
  gateway: Gateway;
  /** A new MCP server for one client connection (the serving entries call it per connection or request). */
  createServer(session?: SessionState): Server;
  /** Wraps a client connection's transport: the fast lane for plain calls, 2026-07-28 resource subscriptions. */
  watchTransport<T extends Transport>(transport: T): T;
  close(): Promise<void>;
}

/** Starts every upstream (rejecting, with all of them ended, if one fails or hangs) and returns the server factory. */
export async function startProxy(options: GatewayOptions & { version?: string }): Promise<ProxyHandle> {
  const gateway = new Gateway(options);
  gateway.relayToClient = relayToClient(gateway);
  await gateway.start();
  return {
    gateway,
    createServer: (session) => createProxyServer(gateway, options.version ?? "0.0.0", session),
    watchTransport: (transport) => watchConnection(gateway, transport),
    close: () => gateway.close(),
  };
}
