/**
 * The fast lane for the common call on a 2025-era connection: a tools/call whose name and argument keys need no
 * correction (and that asks for no progress) is written to its upstream as the client sent it, beside the SDK, and
 * the upstream's response goes back to the client under the client's request id, unparsed. No SDK validation,
 * codec or object rebuilding on the way: the result is the upstream's, byte for byte, and the proxy's cost per call
 * is two JSON lines. Everything else (corrections, progress, 2026-07-28 calls, other methods) takes the SDK path.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { planCall } from "./correct.js";
import type { Gateway } from "./gateway.js";
import { UPSTREAM_MESSAGE_TOO_LARGE_CODE } from "./limits.js";
import { fittedToSchema, tooLargeResult, upstreamFailureResult } from "./passthrough.js";
import { planMetaCall } from "./tool-search.js";
import type { Upstream } from "./upstream.js";

type RequestId = string | number;

interface InFlight {
  upstream: Upstream;
  id: string;
  cancelled: boolean;
}

export interface FastLane {
  /** Takes a client message; true when it was handled here (the SDK must not see it). */
  inbound(message: JSONRPCMessage): boolean;
}

export function createFastLane(gateway: Gateway, reply: (message: JSONRPCMessage) => Promise<void>): FastLane {
  const calls = new Map<RequestId, InFlight>();
  return {
    inbound(message) {
      if (!("method" in message)) return false;
      if (message.method === "notifications/cancelled") {
        const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        const call = requestId === undefined ? undefined : calls.get(requestId);
        if (!call) return false;
        call.cancelled = true;
        calls.delete(requestId as RequestId);
        call.upstream.dropRaw(call.id);
        call.upstream.rawNotify("notifications/cancelled", { ...message.params, requestId: call.id });
        return true;
      }
      if (message.method !== "tools/call" || !("id" in message)) return false;
      const params = (message.params ?? {}) as Record<string, unknown> & { _meta?: { progressToken?: unknown } };
      if (params._meta?.progressToken !== undefined || calls.has(message.id)) return false;
      // search_tools and call_tool are the proxy's own in tool-search mode, even where an upstream has the name.
      if (gateway.toolSearch && planMetaCall(gateway.catalog, gateway.config, params.name, params.arguments))
        return false;
      const plan = planCall(gateway.catalog, gateway.config, params.name, params.arguments);
      if (plan.kind !== "upstream" || plan.corrections.length > 0) return false;
      const upstream = plan.tool.upstream as Upstream;
      if (upstream.state !== "up") return false;
      const forwarded = plan.tool.original === params.name ? params : { ...params, name: plan.tool.original };
      const { id, response } = upstream.rawRequest("tools/call", forwarded);
      const call: InFlight = { upstream, id, cancelled: false };
      calls.set(message.id, call);
      gateway.inFlight++;
      gateway.fastLaneCalls++;
      gateway.lastActive ??= [...gateway.servers].at(-1);
      const answerWith = (result: unknown) => reply({ jsonrpc: "2.0", id: message.id, result } as JSONRPCMessage);
      response
        .then(
          (answer) => {
            if (call.cancelled) return undefined;
            const error = "error" in answer ? answer.error : undefined;
            if (error?.code === UPSTREAM_MESSAGE_TOO_LARGE_CODE)
              return answerWith(fittedToSchema(gateway, params.name, tooLargeResult(plan.tool.name, error.data)));
            return reply({ ...answer, id: message.id } as JSONRPCMessage);
          },
          (e: unknown) => {
            if (call.cancelled) return undefined;
            const failure = upstreamFailureResult(gateway, e, params.name, plan.tool.name);
            if (failure) return answerWith(failure);
            const text = e instanceof Error ? e.message : String(e);
            return reply({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: text } });
          },
        )
        .catch(() => undefined)
        .finally(() => {
          if (calls.get(message.id) === call) calls.delete(message.id);
          gateway.inFlight--;
        });
      return true;
    },
  };
}
