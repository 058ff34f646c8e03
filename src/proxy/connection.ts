/**
 * What the proxy reads from a client connection's inbound messages before the SDK does: 2025-era tools/call
 * messages for the fast lane (fastlane.ts), and the resource subscriptions of 2026-07-28 clients.
 *
 * Resource subscriptions of 2026-07-28 clients. That era has no resources/subscribe: a client names the URIs it
 * wants updates for in a `subscriptions/listen` filter, which the SDK's serving entry answers before any server
 * sees it. The proxy watches the inbound messages of a connection for such filters and subscribes at the upstream
 * that owns each URI, so the upstream's notifications/resources/updated reach the listening client.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { createFastLane } from "./fastlane.js";
import type { Gateway } from "./gateway.js";

export function watchConnection<T extends Transport>(gateway: Gateway, transport: T): T {
  let handler: Transport["onmessage"];
  /** The era is the connection's opening: `initialize` is 2025 (the fast lane's era). */
  let legacy: boolean | undefined;
  const lane = createFastLane(gateway, (message) => transport.send(message));
  const watched: Transport["onmessage"] = (message, extra) => {
    if ("method" in message) legacy ??= message.method === "initialize";
    if (legacy === true && lane.inbound(message)) return;
    const uris = listenedUris(message);
    if (uris.length > 0) void subscribeUpstream(gateway, uris);
    handler?.(message, extra);
  };
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    get: () => (handler ? watched : undefined),
    set: (next: Transport["onmessage"]) => {
      handler = next;
    },
  });
  return transport;
}

function listenedUris(message: JSONRPCMessage): string[] {
  if (!("method" in message) || message.method !== "subscriptions/listen") return [];
  const uris = (message.params as { notifications?: { resourceSubscriptions?: unknown } } | undefined)?.notifications
    ?.resourceSubscriptions;
  return Array.isArray(uris) ? uris.filter((u): u is string => typeof u === "string") : [];
}

async function subscribeUpstream(gateway: Gateway, uris: readonly string[]): Promise<void> {
  for (const uri of uris) {
    const owner = gateway.resourceUpstream(uri);
    if (owner?.capabilities.resources?.subscribe !== true) continue;
    const subscribed = gateway.subscriptionsOf(owner);
    if (subscribed.has(uri)) continue;
    subscribed.add(uri);
    await owner.request("resources/subscribe", { uri }).catch((e: Error) => {
      subscribed.delete(uri);
      gateway.log(`dwim: upstream '${owner.name}': resources/subscribe ${uri} failed: ${e.message}`);
    });
  }
}
