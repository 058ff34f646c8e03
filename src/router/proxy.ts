/**
 * `dwim proxy -- <command> [args...]`: start any MCP server over stdio, mirror its tools as dwim tool definitions
 * whose handlers forward to it, so the same router middleware (name and parameter recovery) fronts a server that
 * knows nothing of dwim. Input JSON Schemas become zod per property (unconvertible ones accept any value).
 */
import { type CallToolResult, Client, type Tool } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { z } from "zod";
import type { LoadedConfig } from "../core/config.js";
import { ToolError } from "../core/errors.js";
import type { AnyToolDefinition, ToolOutput } from "../core/tool.js";

export interface ProxyOptions {
  command: string;
  args?: readonly string[];
  /** Extra environment for the upstream server (added to the SDK's safe default environment). */
  env?: Record<string, string>;
  /** Loaded dwim config (the router middleware uses it; kept here so callers pass one object). */
  config?: LoadedConfig;
  cwd?: string;
}

export interface ProxyHandle {
  tools: AnyToolDefinition[];
  /** Name and version the upstream server reported. */
  upstream: { name: string; version: string };
  close(): Promise<void>;
}

/** Toolset name of mirrored tools (the router lists them under namespace `proxy`). */
export const PROXY_TOOLSET = "proxy";

export async function startProxy(options: ProxyOptions): Promise<ProxyHandle> {
  const transport = new StdioClientTransport({
    command: options.command,
    args: [...(options.args ?? [])],
    env: { ...getDefaultEnvironment(), ...(options.env ?? {}) },
    cwd: options.cwd,
    stderr: "inherit",
  });
  const client = new Client({ name: "dwim-proxy", version: "0.1.0" });
  await client.connect(transport);
  try {
    const listed: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      listed.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    const info = client.getServerVersion();
    return {
      tools: listed.map((tool) => mirrorTool(tool, client)),
      upstream: { name: info?.name ?? options.command, version: info?.version ?? "" },
      close: () => client.close(),
    };
  } catch (e) {
    await client.close();
    throw e;
  }
}

/** A dwim definition for an upstream tool: same name, description, schema and annotations; calls forwarded. */
export function mirrorTool(tool: Tool, client: Pick<Client, "callTool">): AnyToolDefinition {
  const annotations = tool.annotations ?? {};
  return {
    name: tool.name,
    title: tool.title ?? annotations.title ?? tool.name,
    description: tool.description ?? "",
    toolset: PROXY_TOOLSET,
    keywords: [],
    aliases: [],
    input: zodObjectFromJsonSchema(tool.inputSchema),
    paramAliases: {},
    noAutoCorrect: [],
    annotations: {
      readOnlyHint: annotations.readOnlyHint,
      destructiveHint: annotations.destructiveHint,
      idempotentHint: annotations.idempotentHint,
      openWorldHint: annotations.openWorldHint,
    },
    cli: { command: tool.name.replaceAll("_", "-"), positional: [] },
    async handler(args: Record<string, unknown>, ctx) {
      const result: CallToolResult = await client.callTool(
        { name: tool.name, arguments: args },
        { signal: ctx.signal },
      );
      const text = (result.content ?? [])
        .filter((c): c is { type: "text"; text: string } => c.type === "text")
        .map((c) => c.text)
        .join("\n");
      if (result.isError) {
        const structured = (result.structuredContent ?? {}) as Record<string, unknown>;
        throw new ToolError({
          ...structured,
          error:
            typeof structured.error === "string" ? structured.error : text || `Upstream tool '${tool.name}' failed`,
          error_type: typeof structured.error_type === "string" ? structured.error_type : "upstream_error",
          hints: Array.isArray(structured.hints) ? (structured.hints as string[]) : [],
        });
      }
      const output: ToolOutput = result.structuredContent
        ? { ...(result.structuredContent as Record<string, unknown>) }
        : { content: result.content ?? [] };
      return output;
    },
    render(output: ToolOutput) {
      const content = output.content;
      if (Array.isArray(content)) {
        return content
          .map((c: { type?: string; text?: string }) =>
            c.type === "text" ? (c.text ?? "") : `[${c.type ?? "content"}]`,
          )
          .join("\n");
      }
      return JSON.stringify(output, null, 2);
    },
  };
}

/** Per property: zod from the property's JSON Schema, optional unless required; any value where conversion fails. */
export function zodObjectFromJsonSchema(schema: Tool["inputSchema"]): z.ZodObject<z.ZodRawShape> {
  const required = new Set(schema.required ?? []);
  const shape: Record<string, z.ZodType> = {};
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    let type: z.ZodType;
    try {
      type = z.fromJSONSchema(raw as Parameters<typeof z.fromJSONSchema>[0]);
    } catch {
      type = z.unknown();
    }
    shape[name] = required.has(name) ? type : type.optional();
  }
  return z.object(shape);
}
