/**
 * Tools known only by their listing (an MCP server's `tools/list`, an agent framework's tool set): a name, a JSON
 * Schema input and MCP annotations. The router indexes them through a definition built here, so an upstream tool
 * behind the proxy and a tool of an agent framework are resolved by the same rules as dwim's own (docs/router.md,
 * "Call middleware").
 */
import * as z from "zod";
import type { AnyToolDefinition, ToolOutput } from "../core/tool.js";

/** MCP ToolAnnotations, the fields the router reads. */
export interface ListedAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** The part of an MCP Tool listing the router needs. */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: { type?: unknown; properties?: Record<string, unknown>; required?: readonly string[] } & Record<
    string,
    unknown
  >;
  annotations?: ListedAnnotations;
}

/** MCP ToolAnnotations defaults: readOnlyHint false, destructiveHint true (meaningful when not read-only). */
export function isDestructive(annotations: ListedAnnotations | undefined): boolean {
  if (annotations?.readOnlyHint === true) return false;
  return annotations?.destructiveHint !== false;
}

/**
 * A definition the router can index: name, description, parameters (zod from the JSON Schema, property by property)
 * and annotations with the MCP default made explicit, so the router never auto-corrects into a tool that may be
 * destructive. Its handler is never called: whoever serves the listing runs the call itself.
 */
export function definitionFromListing(tool: ListedTool, toolset: string, name: string = tool.name): AnyToolDefinition {
  const annotations = tool.annotations ?? {};
  return {
    name,
    title: tool.title ?? annotations.title ?? name,
    description: tool.description ?? "",
    toolset,
    keywords: [],
    aliases: [],
    input: zodObjectFromJsonSchema(tool.inputSchema),
    paramAliases: {},
    noAutoCorrect: [],
    advanced: [],
    annotations: {
      readOnlyHint: annotations.readOnlyHint,
      destructiveHint: isDestructive(annotations),
      idempotentHint: annotations.idempotentHint,
      openWorldHint: annotations.openWorldHint,
    },
    cli: { command: name.replaceAll("_", "-"), optionalPositional: [] },
    handler(): ToolOutput {
      throw new Error(`'${name}' is run by whoever listed it, not through a dwim handler`);
    },
  };
}

/** Per property: zod from the property's JSON Schema, optional unless required; any value where conversion fails. */
export function zodObjectFromJsonSchema(schema: ListedTool["inputSchema"] | undefined): z.ZodObject<z.ZodRawShape> {
  const required = new Set(schema?.required ?? []);
  const shape: Record<string, z.ZodType> = {};
  for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
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

/** Whether a JSON Schema object admits properties it does not name (JSON Schema's default: yes). */
export function allowsExtraProperties(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return true;
  const s = schema as { additionalProperties?: unknown; unevaluatedProperties?: unknown; type?: unknown };
  if (s.type !== undefined && s.type !== "object") return false;
  return s.additionalProperties !== false && s.unevaluatedProperties !== false;
}
