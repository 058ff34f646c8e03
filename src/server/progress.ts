/**
 * The one place that turns MCP progress (a request's `_meta.progressToken`, `notifications/progress`) into the
 * transport-free `ToolContext.progress` the tools use: an SDK change touches only this adapter.
 */
import type { ProgressUpdate } from "../core/index.js";

/** The part of the SDK's request context progress needs. */
interface RequestContext {
  mcpReq: {
    _meta?: { progressToken?: string | number };
    notify: (notification: { method: string; params?: { [key: string]: unknown } }) => Promise<void>;
  };
}

/** A progress sender for this request, or undefined when the client sent no progress token. */
export function progressFor(ctx: RequestContext): ((update: ProgressUpdate) => void) | undefined {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return undefined;
  return (update) => {
    ctx.mcpReq
      .notify({ method: "notifications/progress", params: { progressToken: token, ...update } })
      .catch(() => undefined);
  };
}
