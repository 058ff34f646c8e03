/**
 * The MCP server over the official SDK (v2 line, which serves protocol 2026-07-28 and the 2025 versions from the
 * same server). It handles `tools/list` and `tools/call` itself on the low-level `Server` (not McpServer), so that
 * unknown tools and invalid arguments come back as isError results the model can fix (SEP-1303), never as protocol
 * errors, and every call passes through the router middleware and the core pipeline.
 */
import { type CallToolResult, Server, type Tool } from "@modelcontextprotocol/server";
import {
  type AnyToolDefinition,
  invokeTool,
  isUsableProject,
  lenientInputJsonSchema,
  listedInputJsonSchema,
  outputJsonSchema,
  SessionState,
  sectionOf,
  serveSection,
  type ToolOutput,
} from "../core/index.js";
import type { DwimApp } from "./app.js";
import { Diagnostics, trackLogLevel } from "./diagnostics.js";
import { progressFor } from "./progress.js";
import { modernRoots, sessionRoots, trackClientRoots } from "./roots.js";

export const SERVER_INSTRUCTIONS =
  "dwim tools correct small mistakes in a call when the fix is unique and certain, and report it in " +
  "`did_you_mean`. Otherwise they fail with `structuredContent.error_type` and, when mechanical, a `likely_fix` you " +
  "can apply directly; `hints` are lower-confidence pointers.";

export function toMcpTool(tool: AnyToolDefinition, lenient = false): Tool {
  const listed: Tool = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: (lenient ? lenientInputJsonSchema(tool) : listedInputJsonSchema(tool)) as Tool["inputSchema"],
    annotations: { title: tool.title, ...tool.annotations },
  };
  const output = outputJsonSchema(tool);
  if (output) listed.outputSchema = output as Tool["outputSchema"];
  return listed;
}

/** The tool a successful call ran: the requested name, or the one the router corrected it to. */
function servedTool(app: DwimApp, requested: string, output: ToolOutput): AnyToolDefinition | undefined {
  const renamed = output.did_you_mean?.corrections.find((c) => c.parameter === "name")?.corrected;
  return app.registry.lookup(typeof renamed === "string" ? renamed : requested);
}

/** Calls in progress across every server of this process: shutdown on end of input waits for them. */
let inFlight = 0;

export function callsInFlight(): number {
  return inFlight;
}

/** The listed tools of an app, built once per kind: 2026-07-28 HTTP builds a server per request. */
const listings = new WeakMap<DwimApp, { strict?: Tool[]; lenient?: Tool[] }>();

function listingOf(app: DwimApp, lenient: boolean): Tool[] {
  let kinds = listings.get(app);
  if (!kinds) {
    kinds = {};
    listings.set(app, kinds);
  }
  const kind = lenient ? "lenient" : "strict";
  kinds[kind] ??= app.registry.tools.map((tool) => toMcpTool(tool, lenient));
  return kinds[kind];
}

/**
 * Clients that refuse a call whose arguments do not match the input schema before the server sees it, by the name
 * they give at initialize (measured: docs/clients.md, "Parameter recovery").
 */
const VALIDATING_CLIENTS: ReadonlySet<string> = new Set(["gemini-cli-mcp-client"]);

/** Whether this session gets lenient input schemas: `[serve] input_schemas`, `auto` by the client's name. */
function wantsLenientInputs(app: DwimApp, server: Server): boolean {
  const mode = sectionOf(app.config, serveSection).input_schemas;
  if (mode !== "auto") return mode === "lenient";
  const name = server.getClientVersion()?.name;
  return name !== undefined && VALIDATING_CLIENTS.has(name);
}

/**
 * One MCP server instance over `session`. The serving entries call this as a factory: once per connection (stdio,
 * 2025-era HTTP session, in-memory) or once per request (2026-07-28 HTTP, which has no sessions).
 */
export function createMcpServer(app: DwimApp, session: SessionState = new SessionState()): Server {
  const server = new Server(
    { name: "dwim", version: app.version },
    { capabilities: { tools: { listChanged: false }, logging: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  trackLogLevel(server, session);
  trackClientRoots(server, session, (e) => process.stderr.write(`dwim: roots/list failed: ${e.message}\n`));
  server.setRequestHandler("tools/list", async (_request, extra) => {
    await new Diagnostics(extra, session).configFaults(app.config);
    return { tools: listingOf(app, wantsLenientInputs(app, server)) };
  });
  server.setRequestHandler("tools/call", async (request, extra) => {
    const diagnostics = new Diagnostics(extra, session);
    let clientRoots = await sessionRoots(session);
    if (clientRoots === undefined && app.project === undefined && !isUsableProject(app.cwd)) {
      const modern = modernRoots(extra, session);
      if (modern && "ask" in modern) return modern.ask;
      clientRoots = modern?.dirs;
    }
    inFlight++;
    try {
      await diagnostics.configFaults(app.config);
      const ctx = app.context(session, { signal: extra.mcpReq.signal, clientRoots });
      // Assigned, not spread: spreading would read the context's lazy `cwd`, which throws without a project.
      ctx.progress = progressFor(extra);
      const result = await invokeTool(
        app.registry,
        { name: request.params.name, arguments: request.params.arguments },
        ctx,
        { middleware: app.middleware },
      );
      await diagnostics.call(request.params.name, result);
      // The era's wire codec shapes the result against the advertised output schema (the call resolved the tool).
      const tool = result.isError ? undefined : servedTool(app, request.params.name, result.structuredContent);
      return server.projectCallToolResult(result as CallToolResult, tool ? outputJsonSchema(tool) : undefined);
    } finally {
      inFlight--;
    }
  });
  return server;
}
