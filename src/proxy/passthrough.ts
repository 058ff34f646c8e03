/**
 * The MCP server a client talks to: one per client connection (either protocol era; the SDK's serving entries pick
 * it). It advertises what the upstreams advertise plus `tools.listChanged`, answers tools/list from the catalog,
 * corrects and forwards tools/call, and forwards everything else (resources, prompts, completion, logging) to the
 * upstream that owns it, with the upstream's results and JSON-RPC errors as they came. Progress and cancellation
 * travel with the call; requests from an upstream (roots, sampling, elicitation) go to the client.
 */
import { type CallToolResult, ProtocolError, Server, type ServerCapabilities } from "@modelcontextprotocol/server";
import { didYouMean } from "../core/corrections.js";
import { type ErrorPayload, errorPayload, errorResult, renderError } from "../core/errors.js";
import type { SessionState } from "../core/tool.js";
import { InvalidCursorError, toolsPage } from "./catalog.js";
import { planCall, withDidYouMean } from "./correct.js";
import type { Gateway } from "./gateway.js";
import { UPSTREAM_MESSAGE_TOO_LARGE_CODE } from "./limits.js";
import { clientDeclares, OpenCall } from "./rounds.js";
import { planMetaCall, searchCatalog, toolSearchListing } from "./tool-search.js";
import { ANY_RESULT, type AnyResult, type Upstream, UpstreamUnavailableError } from "./upstream.js";

/** Long enough for a human to answer an elicitation; the upstream's own timeout governs before this. */
const CLIENT_REQUEST_TIMEOUT_MS = 600_000;
const MODERN = "2026-07-28";
/** Custom JSON-RPC error code for an upstream that is down (the server-defined range). */
export const UPSTREAM_UNAVAILABLE_CODE = -32050;

type Params = Record<string, unknown> | undefined;
// biome-ignore lint/suspicious/noExplicitAny: handlers of every method share one forwarding shape.
type AnyHandler = (request: any, ctx: any) => Promise<any>;

export function proxyCapabilities(gateway: Gateway): ServerCapabilities {
  const caps: ServerCapabilities = { tools: { listChanged: true } };
  const merged = caps as Record<string, Record<string, unknown>>;
  for (const u of gateway.upstreams) {
    const upstream = u.capabilities as Record<string, Record<string, unknown> | undefined>;
    for (const key of ["resources", "prompts", "logging", "completions"] as const) {
      const value = upstream[key];
      if (value === undefined) continue;
      merged[key] = { ...(merged[key] ?? {}) };
      for (const [flag, on] of Object.entries(value)) if (on === true) merged[key][flag] = true;
    }
  }
  return caps;
}

function instructionsOf(gateway: Gateway): string | undefined {
  const parts = gateway.upstreams.filter((u) => u.instructions).map((u) => u.instructions as string);
  return parts.length > 0 ? parts.join("\n\n") : undefined;
}

export function createProxyServer(gateway: Gateway, version: string, session?: SessionState): Server {
  const names = gateway.upstreams.map((u) => u.serverInfo?.name ?? u.name);
  const server = new Server(
    { name: "dwim-proxy", title: `dwim proxy for ${names.join(", ")}`, version },
    { capabilities: proxyCapabilities(gateway), instructions: instructionsOf(gateway) },
  );
  const handle = (method: string, handler: AnyHandler) => {
    server.setRequestHandler(
      method as "ping",
      (async (request: unknown, ctx: unknown) => {
        gateway.lastActive = server;
        gateway.inFlight++;
        try {
          return await handler(request, ctx);
        } catch (e) {
          if (e instanceof UpstreamUnavailableError) {
            throw new ProtocolError(UPSTREAM_UNAVAILABLE_CODE, e.message, unavailableData(e));
          }
          throw e;
        } finally {
          gateway.inFlight--;
        }
      }) as never,
    );
  };

  handle("tools/list", async (request) => {
    if (gateway.toolSearch) {
      if (request.params?.cursor !== undefined)
        throw new ProtocolError(-32602, "Invalid cursor: tools/list is one page");
      return { tools: toolSearchListing(gateway.catalog, gateway.toolSearch).tools };
    }
    try {
      return toolsPage(gateway.catalog, request.params?.cursor);
    } catch (e) {
      if (e instanceof InvalidCursorError) throw new ProtocolError(-32602, e.message);
      throw e;
    }
  });
  handle("tools/call", (request, ctx) => callTool(gateway, server, request.params, ctx, session));

  const caps = proxyCapabilities(gateway);
  if (caps.resources) {
    handle("resources/list", (request) => list(gateway, "resources", "resources/list", "resources", request.params));
    handle("resources/templates/list", (request) =>
      list(gateway, "resources", "resources/templates/list", "resourceTemplates", request.params),
    );
    handle("resources/read", (request, ctx) => byUri(gateway, "resources/read", request.params, ctx.mcpReq.signal));
    handle("resources/subscribe", async (request, ctx) => {
      const result = await byUri(gateway, "resources/subscribe", request.params, ctx.mcpReq.signal);
      const owner = gateway.resourceUpstream(String(request.params.uri));
      if (owner) gateway.subscriptionsOf(owner).add(String(request.params.uri));
      return result;
    });
    handle("resources/unsubscribe", async (request, ctx) => {
      const result = await byUri(gateway, "resources/unsubscribe", request.params, ctx.mcpReq.signal);
      const owner = gateway.resourceUpstream(String(request.params.uri));
      if (owner) gateway.subscriptionsOf(owner).delete(String(request.params.uri));
      return result;
    });
  }
  if (caps.prompts) {
    handle("prompts/list", (request) => list(gateway, "prompts", "prompts/list", "prompts", request.params));
    handle("prompts/get", (request, ctx) => {
      const owner = gateway.promptOwner(String(request.params?.name));
      if (!owner) throw new ProtocolError(-32602, `Unknown prompt '${String(request.params?.name)}'`);
      return owner.upstream.request("prompts/get", { ...request.params, name: owner.name }, signalOf(ctx));
    });
  }
  if (caps.completions) {
    handle("completion/complete", (request, ctx) => complete(gateway, request.params, ctx));
  }
  if (caps.logging) {
    handle("logging/setLevel", async (request, ctx) => {
      gateway.logLevel = String(request.params.level);
      await Promise.all(
        gateway.having("logging").map((u) => u.request("logging/setLevel", request.params, signalOf(ctx))),
      );
      return {};
    });
  }
  server.setNotificationHandler("notifications/roots/list_changed", async () => {
    for (const u of gateway.upstreams) await u.notify("notifications/roots/list_changed");
  });
  server.oninitialized = () => {
    // The upstreams started before this client came: now that its roots are known, they may ask for them.
    if (server.getClientCapabilities()?.roots) {
      for (const u of gateway.upstreams) void u.notify("notifications/roots/list_changed");
    }
  };
  gateway.servers.add(server);
  const previousClose = server.onclose;
  server.onclose = () => {
    gateway.servers.delete(server);
    if (gateway.lastActive === server) gateway.lastActive = undefined;
    previousClose?.();
  };
  return server;
}

function signalOf(ctx: { mcpReq: { signal: AbortSignal } }) {
  return { signal: ctx.mcpReq.signal };
}

function unavailableData(e: UpstreamUnavailableError) {
  return { error_type: "upstream_unavailable", upstream: e.upstream, retry_in_ms: e.retryInMs };
}

/** The request's own `_meta` without the progress token (the SDK gives the upstream request its own). */
function forwardedMeta(ctx: { mcpReq: { _meta?: Record<string, unknown> } }): Record<string, unknown> | undefined {
  const meta = ctx.mcpReq._meta;
  if (!meta) return undefined;
  const { progressToken: _drop, ...rest } = meta;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** A tools/call: in tool-search mode search_tools and call_tool first, then any served tool by its name. */
async function callTool(
  gateway: Gateway,
  server: Server,
  params: { name: unknown; arguments?: unknown; [k: string]: unknown },
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's ServerContext.
  ctx: any,
  session?: SessionState,
): Promise<CallToolResult> {
  const meta = gateway.toolSearch
    ? planMetaCall(gateway.catalog, gateway.config, params.name, params.arguments)
    : undefined;
  if (meta === undefined) return callServed(gateway, server, params, ctx, session);
  if (meta.kind === "refused") return errorResult(meta.error) as CallToolResult;
  if (meta.kind === "search") {
    const answer = await searchCatalog(gateway.catalog, gateway.config, meta.query, meta.limit);
    const structured = meta.corrections.length > 0 ? { ...answer, did_you_mean: didYouMean(meta.corrections) } : answer;
    return { structuredContent: structured, content: [{ type: "text", text: JSON.stringify(structured) }] };
  }
  const { _meta, name: _n, arguments: _a, ...rest } = params;
  const inner = { ...rest, ...(_meta ? { _meta } : {}), name: meta.name, arguments: meta.arguments };
  const result = await callServed(gateway, server, inner, ctx, session);
  return meta.corrections.length > 0 ? (withDidYouMean(result, meta.corrections, undefined) as CallToolResult) : result;
}

/** A call of a served tool (an upstream's or dwim's own), by its name as clients see it. */
async function callServed(
  gateway: Gateway,
  server: Server,
  params: { name: unknown; arguments?: unknown; [k: string]: unknown },
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's ServerContext.
  ctx: any,
  session?: SessionState,
): Promise<CallToolResult> {
  const planned = planCall(gateway.catalog, gateway.config, params.name, params.arguments);
  if (planned.kind === "refused") return refusal(gateway, params.name, planned.error);
  if (planned.kind === "own") {
    if (!gateway.own) throw new Error("dwim's own tools are served without a runner");
    const result = await gateway.own.run(planned.call, ctx.mcpReq.signal, session);
    return server.projectCallToolResult(result as CallToolResult, undefined);
  }
  const { tool, corrections } = planned;
  const upstream = tool.upstream as Upstream;
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const { _meta: _m, name: _n, arguments: _a, ...rest } = params;
  const meta = forwardedMeta(ctx);
  const forwarded: Record<string, unknown> = { ...rest, name: tool.original };
  if (planned.arguments !== undefined) forwarded.arguments = planned.arguments;
  if (meta) forwarded._meta = meta;
  const finish = (result: AnyResult) =>
    (corrections.length === 0
      ? result
      : withDidYouMean(result, corrections, tool.listing.outputSchema)) as CallToolResult;
  if (server.getNegotiatedProtocolVersion() === MODERN) {
    return callInRounds(gateway, upstream, forwarded, ctx, finish).catch((e: unknown) => {
      const failure = upstreamFailureResult(gateway, e, params.name, tool.name);
      if (failure) return failure;
      throw e;
    });
  }
  // Progress is relayed in order, and all of it before the result (a client drops progress after the response).
  let relayed: Promise<unknown> = Promise.resolve();
  const onprogress =
    progressToken === undefined
      ? undefined
      : (p: Record<string, unknown>) => {
          const params = { ...p, progressToken };
          relayed = relayed.then(() =>
            ctx.mcpReq.notify({ method: "notifications/progress", params }).catch(() => undefined),
          );
        };
  let result: AnyResult;
  try {
    result = await upstream.request("tools/call", forwarded, { signal: ctx.mcpReq.signal, onprogress });
  } catch (e) {
    const failure = upstreamFailureResult(gateway, e, params.name, tool.name);
    if (failure) return failure;
    throw e;
  } finally {
    await relayed;
  }
  return finish(result);
}

/**
 * A call of a 2026-07-28 client: the upstream call stays open across the client's retries, so that requests the
 * upstream makes meanwhile (sampling, elicitation, roots) reach the client as input_required rounds.
 */
async function callInRounds(
  gateway: Gateway,
  upstream: Upstream,
  forwarded: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's ServerContext.
  ctx: any,
  finish: (result: AnyResult) => CallToolResult,
): Promise<CallToolResult> {
  const state = typeof ctx.mcpReq.requestState === "function" ? ctx.mcpReq.requestState() : undefined;
  let open = typeof state === "string" ? gateway.openCalls.get(state) : undefined;
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const follow = (call: OpenCall) => {
    call.envelope = ctx.mcpReq.envelope;
    call.progress =
      progressToken === undefined
        ? undefined
        : (p) =>
            void ctx.mcpReq
              .notify({ method: "notifications/progress", params: { ...p, progressToken } })
              .catch(() => undefined);
    ctx.mcpReq.signal.addEventListener("abort", () => call.abort.abort(), { once: true });
  };
  if (open) {
    follow(open);
    open.resume(ctx.mcpReq.inputResponses);
  } else {
    const call = new OpenCall(upstream, CLIENT_REQUEST_TIMEOUT_MS, (c) => gateway.openCalls.delete(c.state));
    gateway.openCalls.set(call.state, call);
    follow(call);
    call.attach(
      upstream.request("tools/call", forwarded, { signal: call.abort.signal, onprogress: (p) => call.progress?.(p) }),
    );
    open = call;
  }
  const step = await open.next();
  if (step.kind === "input") return open.inputRequiredResult() as CallToolResult;
  if (step.kind === "failed") throw step.error;
  return finish(step.result);
}

/**
 * A tools/call that failed on the upstream's side, as an isError result the agent can act on (else undefined), fitted
 * to the called tool's outputSchema.
 */
export function upstreamFailureResult(
  gateway: Gateway,
  e: unknown,
  calledName: unknown,
  tool: string,
): CallToolResult | undefined {
  let result: CallToolResult | undefined;
  if (e instanceof UpstreamUnavailableError) result = unavailableResult(e);
  else if (e instanceof ProtocolError && e.code === UPSTREAM_MESSAGE_TOO_LARGE_CODE)
    result = tooLargeResult(tool, e.data);
  return result && fittedToSchema(gateway, calledName, result);
}

/** The upstream answered with more than the proxy reads: the call fails, the proxy and its other calls go on. */
export function tooLargeResult(tool: string, data: unknown): CallToolResult {
  const { got, expected } = (data ?? {}) as { got?: number; expected?: string };
  return errorResult(
    errorPayload({
      error: `The result of '${tool}' is ${got ?? "too many"} bytes, more than the proxy reads from an upstream (${expected ?? "its limit"})`,
      error_type: "result_too_large",
      got,
      expected,
      hints: [
        "Ask for less in one call: a line range, a page, a filter, or a smaller file",
        "Or start the proxy with a higher --max-message-bytes",
      ],
    }),
  ) as CallToolResult;
}

function unavailableResult(e: UpstreamUnavailableError): CallToolResult {
  const retry =
    e.retryInMs !== undefined ? `Retry in ${Math.ceil(e.retryInMs / 1000)} s: the proxy is restarting it` : undefined;
  return errorResult(
    errorPayload({
      error: e.message,
      error_type: "upstream_unavailable",
      upstream: e.upstream,
      retry_in_ms: e.retryInMs,
      hints: [
        ...(retry ? [retry] : []),
        "This is the upstream server's failure, not your call's: the same call may succeed once it is back",
      ],
    }),
  ) as CallToolResult;
}

/**
 * A list method: with one upstream, forwarded as is (cursor and all); with several, every page of each, merged,
 * prompt names namespaced like the upstream's tools.
 */
async function list(gateway: Gateway, capability: string, method: string, key: string, params: Params) {
  const owners = gateway.having(capability);
  if (owners.length === 1 && !gateway.namespaceOf(owners[0])) {
    const result = await owners[0].request(method, params);
    if (key === "resources") remember(gateway, owners[0], result[key]);
    return result;
  }
  const items: unknown[] = [];
  for (const u of owners) {
    const client = await u.ready();
    const { items: page } = await u.walk(client, method, key);
    if (key === "resources") remember(gateway, u, page);
    const ns = gateway.namespaceOf(u);
    items.push(
      ...(key === "prompts" && ns
        ? page.map((p) => ({ ...(p as object), name: `${ns}__${(p as { name: string }).name}` }))
        : page),
    );
  }
  return { [key]: items };
}

function remember(gateway: Gateway, upstream: Upstream, resources: unknown): void {
  if (!Array.isArray(resources)) return;
  for (const r of resources) {
    const uri = (r as { uri?: unknown })?.uri;
    if (typeof uri === "string") gateway.resourceOwner.set(uri, upstream);
  }
}

/** A request about one resource goes to its owner; an unknown URI is tried on each upstream in turn. */
async function byUri(gateway: Gateway, method: string, params: Params, signal: AbortSignal): Promise<AnyResult> {
  const uri = String(params?.uri);
  const owner = gateway.resourceUpstream(uri);
  if (owner) return owner.request(method, params, { signal });
  let last: unknown = new ProtocolError(-32002, `Resource not found: ${uri}`);
  for (const u of gateway.having("resources")) {
    try {
      const result = await u.request(method, params, { signal });
      gateway.resourceOwner.set(uri, u);
      return result;
    } catch (e) {
      last = e;
    }
  }
  throw last;
}

// biome-ignore lint/suspicious/noExplicitAny: the SDK's ServerContext.
async function complete(gateway: Gateway, params: Record<string, any>, ctx: any): Promise<AnyResult> {
  const ref = params.ref ?? {};
  if (ref.type === "ref/prompt") {
    const owner = gateway.promptOwner(String(ref.name));
    if (!owner) throw new ProtocolError(-32602, `Unknown prompt '${String(ref.name)}'`);
    return owner.upstream.request(
      "completion/complete",
      { ...params, ref: { ...ref, name: owner.name } },
      signalOf(ctx),
    );
  }
  const owner = gateway.resourceUpstream(String(ref.uri)) ?? gateway.having("completions")[0];
  if (!owner) throw new ProtocolError(-32602, "No upstream offers completion for this reference");
  return owner.request("completion/complete", params, signalOf(ctx));
}

/**
 * Requests from an upstream to the client: to the client that last sent a request, when its session can carry
 * them (a 2025-era session that declared the capability). Roots from a client without them are an empty list (the
 * upstream keeps its own configuration); sampling and elicitation without a capable client are refused plainly.
 */
export function relayToClient(gateway: Gateway) {
  return async (
    upstream: Upstream,
    request: { method: string; params?: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<AnyResult> => {
    // A 2026-07-28 call of this upstream that is open: the request becomes an input_required round of that call.
    const open = [...gateway.openCalls.values()].reverse().find((c) => c.upstream === upstream && !c.ended);
    if (open) {
      if (clientDeclares(open.envelope, request.method)) return open.ask(request);
      if (request.method === "roots/list") return { roots: [] };
      throw new ProtocolError(
        -32601,
        `The client connected to dwim proxy did not declare the capability for ${request.method} from '${upstream.name}'`,
      );
    }
    const server = gateway.lastActive ?? [...gateway.servers].at(-1);
    const caps = server?.getClientCapabilities() as Record<string, unknown> | undefined;
    const capability = {
      "roots/list": "roots",
      "sampling/createMessage": "sampling",
      "elicitation/create": "elicitation",
    }[request.method];
    const modern = server?.getNegotiatedProtocolVersion() === MODERN;
    if (!server || modern || capability === undefined || caps?.[capability] === undefined) {
      if (request.method === "roots/list") return { roots: [] };
      throw new ProtocolError(
        -32601,
        `The client connected to dwim proxy ${modern ? "speaks protocol 2026-07-28, which has no server-to-client requests" : `did not declare '${capability}'`}: ${request.method} from '${upstream.name}' cannot be forwarded`,
      );
    }
    return server.request(request as never, ANY_RESULT, { signal, timeout: CLIENT_REQUEST_TIMEOUT_MS });
  };
}

/**
 * A call the proxy refuses. When the name called is an upstream tool that declares an outputSchema, the refusal
 * carries its error as text only: a client on the v1 SDK checks structuredContent against that schema even on error
 * results, and dwim's error shape is not the upstream's (docs/clients.md, "Results every client accepts").
 */
function refusal(gateway: Gateway, name: unknown, error: ErrorPayload): CallToolResult {
  return fittedToSchema(gateway, name, errorResult(error) as CallToolResult);
}

/** `result` as the tool called can carry it: an error without structuredContent when its outputSchema is not ours. */
export function fittedToSchema(gateway: Gateway, name: unknown, result: CallToolResult): CallToolResult {
  const called = typeof name === "string" ? gateway.catalog.byName.get(name) : undefined;
  if (called?.upstream === undefined || called.listing.outputSchema === undefined) return result;
  const { structuredContent, ...rest } = result;
  const text = structuredContent ? renderError(structuredContent as ErrorPayload) : undefined;
  return text ? { ...rest, content: [{ type: "text", text }] } : rest;
}
