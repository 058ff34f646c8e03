/**
 * Toolsets by name, imported only when asked for: a CLI subcommand loads its own toolset and nothing else.
 * The manifest says what exists without importing any of them.
 */
import { suggest, type Toolset } from "../core/index.js";
import { MANIFEST } from "../generated/server/manifest.js";

const LOADERS: Record<string, () => Promise<Toolset>> = {
  search: async () => (await import("../search/index.js")).toolset,
  edit: async () => (await import("../edit/index.js")).toolset,
  units: async () => (await import("../units/index.js")).toolset,
  memory: async () => (await import("../memory/index.js")).toolset,
  router: async () => (await import("../router/index.js")).toolset,
};

export const TOOLSET_NAMES: readonly string[] = MANIFEST.map((t) => t.name);

/** Every section key any toolset owns: one dwim.toml fits every selection. */
export function allSectionKeys(): string[] {
  return MANIFEST.flatMap((t) => t.sections);
}

/** The named toolsets (default: all), in the manifest's order. Unknown names throw UnknownToolsetError. */
export async function loadToolsets(names?: readonly string[]): Promise<Toolset[]> {
  const wanted = names && names.length > 0 ? names : TOOLSET_NAMES;
  for (const name of wanted) if (!LOADERS[name]) throw unknownToolset(name);
  return Promise.all(wanted.map((name) => LOADERS[name]()));
}

export class UnknownToolsetError extends Error {
  constructor(
    readonly got: string,
    readonly available: readonly string[],
    readonly likelyFix?: string,
  ) {
    super(
      `Unknown toolset '${got}'${likelyFix ? ` (did you mean '${likelyFix}'?)` : ""}; available: ${available.join(", ")}`,
    );
  }
}

/** The did-you-mean is the core matcher's likely_fix (never an auto-correction: the user retypes the name). */
export function unknownToolset(name: string, names: readonly string[] = TOOLSET_NAMES): UnknownToolsetError {
  const near = suggest(name, names, { allowAuto: false, namespaces: false });
  return new UnknownToolsetError(name, names, near.likely_fix);
}
