/**
 * dwim/langchain: a LangChain.js agent middleware (`createAgent({ middleware: [...] })`) whose `wrapToolCall` hook
 * repairs a tool call before the agent's tool node runs it (docs/adapters.md, "LangChain"). The hook sees every call,
 * unknown names included, and may hand the node another call and tool: that is all a repair needs, with nothing of
 * LangChain patched. A corrected call runs the right tool; one dwim would only guess at gets a ToolMessage with
 * dwim's error (`likely_fix`, `hints`) for the model; one dwim has nothing for is left to LangChain's own answer.
 */
import { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { createMiddleware } from "langchain";
import { renderError } from "../core/errors.js";
import { CallRepairer, type ListedTool, type RepairOptions } from "./repair.js";

export type {
  CorrectionReport,
  ListedAnnotations,
  RefusalReport,
  RepairOptions,
} from "./repair.js";

export interface LangChainRepairOptions extends RepairOptions {
  /** The tools given to `createAgent` (the middleware checks calls against these). */
  tools: readonly StructuredToolInterface[];
}

/** `createAgent({ model, tools, middleware: [dwimToolCallRepair({ tools, annotations })] })`. */
export function dwimToolCallRepair(options: LangChainRepairOptions) {
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const repairer = new CallRepairer(options.tools.map(listingOf), "langchain", options);
  return createMiddleware({
    name: "DwimToolCallRepair",
    wrapToolCall: async (request, handler) => {
      const { toolCall } = request;
      const outcome = repairer.repair({ name: toolCall.name, arguments: toolCall.args });
      if (outcome.kind === "as_sent") return handler(request);
      if (outcome.kind === "corrected") {
        const call = { ...toolCall, name: outcome.name, args: outcome.arguments };
        return handler({ ...request, toolCall: call, tool: byName.get(outcome.name) });
      }
      if (outcome.error.likely_fix === undefined) return handler(request);
      return new ToolMessage({
        content: renderError(outcome.error),
        tool_call_id: toolCall.id ?? "",
        name: toolCall.name,
        status: "error",
      });
    },
  });
}

function listingOf(tool: StructuredToolInterface): ListedTool {
  let inputSchema: ListedTool["inputSchema"];
  try {
    inputSchema = toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]) as ListedTool["inputSchema"];
  } catch {
    // A schema LangChain cannot write as JSON Schema: the name alone is known.
    inputSchema = undefined;
  }
  return { name: tool.name, description: tool.description, inputSchema };
}
