/** Small tool definitions for testing the core pipeline, server and CLI without any capability. */
import { z } from "zod";
import { defineTool, defineToolset, ToolError } from "../../src/core/index.js";

export const echoTool = defineTool({
  name: "echo_search",
  title: "Echo search",
  description: "Echoes a fuzzy search request. Used by the core tests.",
  toolset: "testing",
  keywords: ["echo"],
  input: {
    fuzzy_filter: z.string().describe("fuzzy query"),
    limit: z.number().int().min(1).default(20),
    category: z.enum(["decision", "pattern", "warning", "learning"]).optional(),
    tags: z.array(z.string()).optional(),
  },
  paramAliases: { query: "fuzzy_filter" },
  annotations: { readOnlyHint: true },
  cli: { command: "echo" },
  handler: (args) => ({ echoed: args }),
});

export const failingTool = defineTool({
  name: "always_fails",
  title: "Always fails",
  description: "Fails with a structured error or a plain exception.",
  toolset: "testing",
  input: { mode: z.enum(["tool_error", "exception"]) },
  handler: (args) => {
    if (args.mode === "tool_error") {
      throw new ToolError({
        error: "Unknown unit: 'kilgoram'",
        error_type: "unknown_unit",
        parameter: "from_unit",
        likely_fix: "kilogram (kg)",
        hints: ["Use list_units()"],
      });
    }
    throw new Error("boom\n    at secret/stack/frame.js:1:1");
  },
});

export const deleteTool = defineTool({
  name: "delete_item",
  title: "Delete item",
  description: "Deletes an item.",
  toolset: "testing",
  input: { id: z.number() },
  annotations: { destructiveHint: true },
  handler: (args) => ({ deleted: args.id }),
});

export const testingToolset = defineToolset({
  name: "testing",
  description: "tools used by the tests",
  tools: [echoTool, failingTool, deleteTool],
});
