/** The shape of the generated manifest (manifest.ts): what the CLI needs to list and parse every subcommand. */

export interface ParamManifest {
  name: string;
  /** JSON Schema type (the first branch of a union). */
  type?: string;
  enum?: string[];
  description?: string;
  required: boolean;
}

export interface ToolManifest {
  name: string;
  command: string;
  summary: string;
  positional: string[];
  params: ParamManifest[];
  destructive: boolean;
}

export interface ToolsetManifest {
  name: string;
  description: string;
  /** Keys of the dwim.toml sections the toolset owns. */
  sections: string[];
  tools: ToolManifest[];
}
