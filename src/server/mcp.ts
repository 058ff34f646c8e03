/**
 * The MCP server over the official SDK. It handles `tools/list` and `tools/call` itself (not McpServer), so that
 * unknown tools and invalid arguments come back as isError results the model can fix (SEP-1303), never as protocol
 * errors, and every call passes through the router middleware and the core pipeline.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { type AnyToolDefinition, inputJsonSchema, invokeTool, SessionState } from "../core/index.js";
import type { DwimApp } from "./app.js";

export const SERVER_INSTRUCTIONS =
  "dwim tools correct small mistakes in a call when the fix is unique and certain, and report it in " +
  "`did_you_mean`. Otherwise they fail with `structuredContent.error_type` and, when mechanical, a `likely_fix` you " +
  "can apply directly; `hints` are lower-confidence pointers.";

export function toMcpTool(tool: AnyToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputJsonSchema(tool) as Tool["inputSchema"],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

/** Calls in progress across every server of this process: shutdown on end of input waits for them. */
let inFlight = 0;

export function callsInFlight(): number {
  return inFlight;
}

export function createMcpServer(app: DwimApp, session: SessionState = new SessionState()): Server {
  const server = new Server(
    { name: "dwim", version: app.version },
    { capabilities: { tools: { listChanged: false } }, instructions: SERVER_INSTRUCTIONS },
  );
  const listed = app.registry.tools.map(toMcpTool);
  const ctx = app.context(session);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    inFlight++;
    try {
      return await invokeTool(
        app.registry,
        { name: request.params.name, arguments: request.params.arguments },
        { ...ctx, signal: extra.signal },
        { middleware: app.middleware },
      );
    } finally {
      inFlight--;
    }
  });
  return server;
}
