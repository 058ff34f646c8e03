/**
 * Which tools a server serves: `--tools` and `[serve] tools` name toolsets or single tools (`units`, or
 * `convert,recall,edit_file`), `--exclude` and `[serve] exclude` take tools or toolsets away. Names are checked
 * against the manifest, so a misspelled one fails at startup with a did-you-mean over every toolset and tool.
 */
import { type AnyToolDefinition, suggest, type Toolset } from "../core/index.js";
import { MANIFEST } from "../generated/server/manifest.js";
import { UnknownToolsetError } from "./load.js";

export interface ToolSelection {
  /** Toolset and tool names to serve; empty or absent: every toolset. */
  include?: readonly string[];
  /** Toolset and tool names not to serve. */
  exclude?: readonly string[];
}

const TOOLSET_OF: ReadonlyMap<string, string> = new Map(
  MANIFEST.flatMap((set) => set.tools.map((tool) => [tool.name, set.name] as const)),
);
const TOOLSET_NAMES = MANIFEST.map((set) => set.name);

/** Throws UnknownToolsetError unless `name` is a toolset or tool of dwim's or of `loaded`. */
function check(name: string, loaded: readonly Toolset[] = []): void {
  if (TOOLSET_NAMES.includes(name) || TOOLSET_OF.has(name)) return;
  if (loaded.some((set) => set.name === name || set.tools.some((t) => t.name === name))) return;
  const names = [...TOOLSET_NAMES, ...TOOLSET_OF.keys()];
  const near = suggest(name, names, { allowAuto: false, namespaces: false });
  throw new UnknownToolsetError(name, TOOLSET_NAMES, near.likely_fix);
}

/** The names of a selection that are no toolset or tool of dwim's, each with its did-you-mean. */
export function unknownNames(names: readonly string[]): UnknownToolsetError[] {
  return names.flatMap((name) => {
    try {
      check(name);
      return [];
    } catch (e) {
      if (e instanceof UnknownToolsetError) return [e];
      throw e;
    }
  });
}

/** The toolsets a selection needs loaded, in the manifest's order (undefined: all). Throws on an unknown name. */
export function toolsetsToLoad(selection: ToolSelection): string[] | undefined {
  for (const name of [...(selection.include ?? []), ...(selection.exclude ?? [])]) check(name);
  const include = selection.include ?? [];
  if (include.length === 0) return undefined;
  const wanted = new Set(include.map((name) => TOOLSET_OF.get(name) ?? name));
  return TOOLSET_NAMES.filter((name) => wanted.has(name));
}

/** The tools of `toolsets` the selection serves, in their toolsets' order. Throws on an unknown name. */
export function selectTools(toolsets: readonly Toolset[], selection: ToolSelection): AnyToolDefinition[] {
  for (const name of [...(selection.include ?? []), ...(selection.exclude ?? [])]) check(name, toolsets);
  const include = new Set(selection.include ?? []);
  const exclude = new Set(selection.exclude ?? []);
  const served = (tool: AnyToolDefinition) =>
    (include.size === 0 || include.has(tool.name) || include.has(tool.toolset)) &&
    !exclude.has(tool.name) &&
    !exclude.has(tool.toolset);
  return toolsets.flatMap((set) => set.tools.filter(served));
}

/** dwim's tools that are not among `served`, each with its toolset. */
export function unservedTools(served: readonly AnyToolDefinition[]): Map<string, string> {
  const names = new Set(served.map((t) => t.name));
  return new Map([...TOOLSET_OF].filter(([name]) => !names.has(name)));
}
