/**
 * Generates src/generated/server/manifest.ts: what the CLI and the server need to know about every toolset before
 * loading it (names, config sections, each tool's command, summary and parameters), so a subcommand loads only its
 * own toolset. Parameters are the tool definitions' parameter model as it is.
 */
import {
  type AnyToolDefinition,
  parametersOf,
  positionalParameters,
  summaryOf,
  type Toolset,
} from "../../src/core/index.js";
import type { ToolManifest, ToolsetManifest } from "../../src/server/manifest-types.js";
import { generatedHeader } from "./header.js";

function toolManifest(tool: AnyToolDefinition): ToolManifest {
  return {
    name: tool.name,
    command: tool.cli.command,
    summary: summaryOf(tool.description),
    positional: positionalParameters(parametersOf(tool), tool.cli.optionalPositional),
    params: [...parametersOf(tool)],
    destructive: tool.annotations.destructiveHint === true,
  };
}

function buildManifest(toolsets: readonly Toolset[]): ToolsetManifest[] {
  return toolsets.map((set) => ({
    name: set.name,
    description: set.description,
    sections: (set.configSections ?? []).map((s) => s.key),
    tools: set.tools.map(toolManifest),
  }));
}

/** The source of manifest.ts for these toolsets. */
export function renderManifest(toolsets: readonly Toolset[]): string {
  return [
    generatedHeader("scripts/codegen/manifest.ts", "the tool definitions (src/server/toolsets.ts)"),
    "// What the CLI needs to list and parse every subcommand without loading any toolset.",
    'import type { ToolsetManifest } from "../../server/manifest-types.js";',
    "",
    `export const MANIFEST: readonly ToolsetManifest[] = ${JSON.stringify(buildManifest(toolsets), null, 2)};`,
    "",
  ].join("\n");
}
