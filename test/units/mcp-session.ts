/** One MCP session on the units toolset through the SDK's real client, for the tests that call the tools as a model does. */
import type { ErrorPayload } from "../../src/core/errors.js";
import { applyLikelyFix } from "../../src/core/fix.js";
import type { ToolCall } from "../../src/core/invoke.js";
import { toolset } from "../../src/units/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ text: string }>;
}

export interface UnitsSession {
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** The call, then, if it failed with a likely_fix, the call with the fix applied. */
  withOneRetry(name: string, args: Record<string, unknown>): Promise<{ first: ToolResult; retried?: ToolResult }>;
  close(): Promise<void>;
}

export async function unitsSession(env: Record<string, string> = {}): Promise<UnitsSession> {
  const conn: Connected = await connectInMemory({ toolsets: [toolset], env });
  const call = async (name: string, args: Record<string, unknown>) =>
    (await conn.client.callTool({ name, arguments: args })) as ToolResult;
  return {
    call,
    async withOneRetry(name, args) {
      const first = await call(name, args);
      if (!first.isError) return { first };
      const fixed: ToolCall | undefined = applyLikelyFix(
        { name, arguments: args },
        first.structuredContent as unknown as ErrorPayload,
      );
      if (!fixed) return { first };
      return { first, retried: await call(fixed.name, fixed.arguments as Record<string, unknown>) };
    },
    close: () => conn.close(),
  };
}
