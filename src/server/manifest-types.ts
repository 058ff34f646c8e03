/**
 * The shape of the generated manifest (src/generated/server/manifest.ts): what the CLI needs to list and parse every
 * subcommand.
 */
import type { Parameter } from "../core/parameters.js";

export interface ToolManifest {
  name: string;
  command: string;
  summary: string;
  /** Parameters taken by position, in order (core/parameters.ts, positionalParameters); each is also a flag. */
  positional: string[];
  /** The tool definition's parameter model (core/parameters.ts). */
  params: Parameter[];
  destructive: boolean;
}

export interface ToolsetManifest {
  name: string;
  description: string;
  /** Keys of the dwim.toml sections the toolset owns. */
  sections: string[];
  tools: ToolManifest[];
}
