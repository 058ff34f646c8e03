/**
 * The manifest: what the CLI and the server need to know about every toolset before loading it (names, config
 * sections, each tool's command, summary and parameters). It is generated from the tool definitions into
 * manifest.ts by `npm run docs`, so a subcommand loads only its own toolset; a test fails when it is stale.
 */
import { type AnyToolDefinition, inputJsonSchema, summaryOf, type Toolset } from "../core/index.js";
import type { ParamManifest, ToolManifest, ToolsetManifest } from "./manifest-types.js";

interface JsonProp {
  type?: string;
  description?: string;
  enum?: unknown[];
  anyOf?: JsonProp[];
}

function paramsOf(tool: AnyToolDefinition): ParamManifest[] {
  const schema = inputJsonSchema(tool) as { properties?: Record<string, JsonProp>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const param: ParamManifest = { name, required: required.has(name) };
    const type = p.type ?? p.anyOf?.find((b) => b.type !== undefined)?.type;
    if (type) param.type = type;
    if (p.enum) param.enum = p.enum.map(String);
    if (p.description) param.description = p.description;
    return param;
  });
}

function toolManifest(tool: AnyToolDefinition): ToolManifest {
  return {
    name: tool.name,
    command: tool.cli.command,
    summary: summaryOf(tool.description),
    positional: [...tool.cli.positional],
    params: paramsOf(tool),
    destructive: tool.annotations.destructiveHint === true,
  };
}

export function buildManifest(toolsets: readonly Toolset[]): ToolsetManifest[] {
  return toolsets.map((set) => ({
    name: set.name,
    description: set.description,
    sections: (set.configSections ?? []).map((s) => s.key),
    tools: set.tools.map(toolManifest),
  }));
}

/** The source of manifest.ts for these toolsets. */
export function renderManifest(toolsets: readonly Toolset[]): string {
  return `${MANIFEST_HEADER}export const MANIFEST: readonly ToolsetManifest[] = ${JSON.stringify(buildManifest(toolsets), null, 2)};\n`;
}

const MANIFEST_HEADER = `/**
 * Generated from the tool definitions by \`npm run docs\` (src/server/manifest-source.ts); do not edit by hand.
 * What the CLI needs to list and parse every subcommand without loading any toolset.
 */
import type { ToolsetManifest } from "./manifest-types.js";

export type { ParamManifest, ToolManifest, ToolsetManifest } from "./manifest-types.js";

`;
