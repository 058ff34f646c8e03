/**
 * The router's registry (docs/router.md, "Tools"): every served tool definition plus the config's `[[tools]]`,
 * `[aliases]`, `[keywords.<tool>]` and `[params.<tool>]`, with the derived segments and norms. Collisions in built-in
 * definitions are startup errors; collisions in config are config_errors and the faulty entry is skipped.
 */
import type { ConfigError } from "../core/config.js";
import { type Parameter, parametersOf } from "../core/parameters.js";
import { singularize } from "../core/similarity.js";
import { NameIndex } from "../core/suggest.js";
import type { AnyToolDefinition, ToolAnnotations } from "../core/tool.js";
import { BUILTIN_TOOL_ALIASES, GENERIC_VERBS } from "./aliases.js";
import type { RouterConfig } from "./config.js";
import { normOf, segmentsOf } from "./text.js";

export interface RouterTool {
  name: string;
  /** What models read in tools/list (kept short for its token cost). */
  description: string;
  /**
   * The definition's details (list_capabilities detail "full"): indexed with the description, so the router's quality
   * does not depend on how short the model-visible description is kept. Empty for config and proxied tools.
   */
  details: string;
  /**
   * Requests the tool serves, in users' words (the definition's or the `[[tools]]` entry's `examples`, then config
   * `[examples]`): the semantic lane compares a request with each.
   */
  examples: string[];
  /** Declared keywords plus config `extra`. */
  keywords: string[];
  /** Config `[keywords.<tool>] extra` alone (the boost applies to these). */
  extraKeywords: string[];
  boost: number;
  /** Every other name of the tool: declared, shipped with the router, from `[aliases]`. */
  aliases: string[];
  /** The definition's parameter model; names alone for a `[[tools]]` entry. */
  params: readonly Parameter[];
  /** Parameter alias → property: the definition's own plus `[params.<tool>]`. */
  paramAliases: Record<string, string>;
  annotations: ToolAnnotations;
  /** false for `[[tools]]` entries: known to the router, not served here. */
  callable: boolean;
  namespace: string;
  segments: string[];
  norm: string;
  /** Registration order: ties keep it. */
  index: number;
  definition?: AnyToolDefinition;
}

export class RegistryError extends Error {}

export interface RouterRegistry {
  tools: RouterTool[];
  byName: Map<string, RouterTool>;
  /** Norm of a name → tool (plural twins such as get_time/get_times are left out: the norm names neither). */
  byNorm: Map<string, RouterTool>;
  /** A name's words joined by `_`, not singularised → tool: case and separators only. */
  bySpelling: Map<string, RouterTool>;
  /** Norm of an alias → tool. */
  byAliasNorm: Map<string, RouterTool>;
  /** Namespaces written into tool names themselves (`github` of `github__create_issue`): not foreign. */
  namespaces: Set<string>;
  /** Every name and alias, normalised, with its letter counts (a cheap upper bound of difflib's ratio). */
  spellings: Spelling[];
  /** Singular segment → tools whose multi-segment name contains it (`read` → read_file). */
  bySegment: Map<string, RouterTool[]>;
  /** Config entries rejected against the tool list (unknown targets, collisions). */
  errors: ConfigError[];
}

interface Spelling {
  tool: RouterTool;
  /** The name or alias as declared. */
  text: string;
  /** Its words joined by `_`: what the matcher compares. */
  norm: string;
  counts: Uint16Array;
}

/** `tool.params` computed on first read: a JSON Schema per tool is costly and most calls need one tool's only. */
function lazyParams(tool: RouterTool, def: AnyToolDefinition): void {
  let params: readonly Parameter[] | undefined;
  Object.defineProperty(tool, "params", {
    enumerable: true,
    configurable: true,
    get: () => {
      params ??= parametersOf(def);
      return params;
    },
    set: (value: readonly Parameter[]) => {
      params = value;
    },
  });
}

/**
 * Builds the registry. Throws RegistryError on a fault in the served definitions (two tools with one norm, an alias
 * that is a tool name or another tool's alias, a generic verb as alias); config faults go to `errors`.
 */
export function buildRegistry(
  definitions: readonly AnyToolDefinition[],
  config: RouterConfig,
  source = "config",
): RouterRegistry {
  const errors: ConfigError[] = [];
  const tools: RouterTool[] = [];
  const byName = new Map<string, RouterTool>();
  const byNorm = new Map<string, RouterTool>();
  const byAliasNorm = new Map<string, RouterTool>();

  const bySpelling = new Map<string, RouterTool>();
  /** A tool's own example requests, then those config `[examples]` adds, each once. */
  const examplesOf = (own: readonly string[] | undefined, name: string): string[] => [
    ...new Set([...(own ?? []), ...(ownValue(config.examples, name) ?? [])]),
  ];
  /** Norms two tools share because only a plural tells them apart: neither is reached through the shared norm. */
  const pluralTwins = new Set<string>();
  const addTool = (tool: RouterTool): string | undefined => {
    const spelled = tool.segments.join("_");
    const clash = bySpelling.get(spelled) ?? byAliasNorm.get(tool.norm);
    if (clash) return `'${tool.name}' has the same normalised name as '${clash.name}'`;
    // `get_time` and `get_times` are two tools, not one name twice: keep both, each reached by its own spelling.
    if (byNorm.has(tool.norm) || pluralTwins.has(tool.norm)) {
      byNorm.delete(tool.norm);
      pluralTwins.add(tool.norm);
    } else byNorm.set(tool.norm, tool);
    tools.push(tool);
    byName.set(tool.name, tool);
    bySpelling.set(spelled, tool);
    return undefined;
  };
  /** Reason an alias cannot be added to `tool`, or undefined when it can (or already is). */
  const aliasProblem = (tool: RouterTool, alias: string): string | undefined => {
    const norm = normOf(alias);
    if (norm === "") return `alias '${alias}' is empty`;
    if (GENERIC_VERBS.has(norm)) return `'${alias}' is a generic verb and cannot be an alias`;
    const named = byNorm.get(norm) ?? bySpelling.get(segmentsOf(alias).join("_"));
    if (named) return `alias '${alias}' of '${tool.name}' is the name of '${named.name}'`;
    if (pluralTwins.has(norm)) return `alias '${alias}' is the shared norm of two tools`;
    const owner = byAliasNorm.get(norm);
    if (owner && owner !== tool) return `alias '${alias}' is claimed by both '${owner.name}' and '${tool.name}'`;
    return undefined;
  };
  const addAlias = (tool: RouterTool, alias: string) => {
    const norm = normOf(alias);
    if (byAliasNorm.get(norm) === tool) return;
    byAliasNorm.set(norm, tool);
    tool.aliases.push(alias);
  };

  for (const def of definitions) {
    const kw = ownValue(config.keywords, def.name);
    const tool: RouterTool = {
      name: def.name,
      description: def.description,
      details: def.details ?? "",
      examples: examplesOf(def.examples, def.name),
      keywords: [...def.keywords],
      extraKeywords: [],
      boost: 0,
      aliases: [],
      params: [],
      paramAliases: { ...def.paramAliases },
      annotations: { ...def.annotations },
      callable: true,
      namespace: def.toolset === "proxy" ? "proxy" : "dwim",
      segments: segmentsOf(def.name),
      norm: normOf(def.name),
      index: tools.length,
      definition: def,
    };
    lazyParams(tool, def);
    if (kw) {
      tool.extraKeywords = [...kw.extra];
      tool.keywords.push(...kw.extra.filter((k) => !tool.keywords.includes(k)));
      tool.boost = kw.boost;
    }
    const problem = addTool(tool);
    if (problem) throw new RegistryError(problem);
  }
  // Declared and shipped aliases: faults here are bugs in dwim, so they stop the server.
  for (const tool of [...tools]) {
    const declared = [...(tool.definition?.aliases ?? []), ...(ownValue(BUILTIN_TOOL_ALIASES, tool.name) ?? [])];
    for (const alias of declared) {
      const problem = aliasProblem(tool, alias);
      if (problem) throw new RegistryError(problem);
      addAlias(tool, alias);
    }
  }

  for (const entry of config.tools) {
    const tool: RouterTool = {
      name: entry.name,
      description: entry.description,
      details: "",
      examples: examplesOf(entry.examples, entry.name),
      keywords: [...entry.keywords],
      extraKeywords: [],
      boost: 0,
      aliases: [],
      params: entry.parameters.map((name) => ({ name, required: false, types: [] })),
      paramAliases: {},
      annotations: {},
      callable: false,
      namespace: "config",
      segments: segmentsOf(entry.name),
      norm: normOf(entry.name),
      index: tools.length,
    };
    const kw = ownValue(config.keywords, entry.name);
    if (kw) {
      tool.extraKeywords = [...kw.extra];
      tool.keywords.push(...kw.extra);
      tool.boost = kw.boost;
    }
    const problem = tool.norm === "" ? "empty tool name" : addTool(tool);
    if (problem) errors.push({ source, key: `tools.${entry.name}`, message: `[[tools]] '${entry.name}': ${problem}` });
  }

  for (const [alias, target] of Object.entries(config.aliases)) {
    const key = `aliases.${alias}`;
    const tool = byName.get(target);
    if (!tool) {
      errors.push({
        source,
        key,
        message: `Alias '${alias}' targets unknown tool '${target}'`,
        likely_fix: nearest(target, tools),
      });
      continue;
    }
    const problem = aliasProblem(tool, alias);
    if (problem) errors.push({ source, key, message: `Alias rejected: ${problem}` });
    else addAlias(tool, alias);
  }

  // Per-tool tables naming no tool: their entries are dropped.
  const unknownTools: Array<[string, Record<string, unknown>, (name: string) => string]> = [
    ["keywords", config.keywords, (name) => `[keywords.${name}] names an unknown tool`],
    ["examples", config.examples, (name) => `[examples] names an unknown tool '${name}'`],
  ];
  for (const [section, table, message] of unknownTools) {
    for (const toolName of Object.keys(table)) {
      if (byName.has(toolName)) continue;
      errors.push({
        source,
        key: `${section}.${toolName}`,
        message: message(toolName),
        likely_fix: nearest(toolName, tools),
      });
    }
  }

  for (const [toolName, aliases] of Object.entries(config.params)) {
    const tool = byName.get(toolName);
    if (!tool) {
      errors.push({
        source,
        key: `params.${toolName}`,
        message: `[params.${toolName}] names an unknown tool`,
        likely_fix: nearest(toolName, tools),
      });
      continue;
    }
    const properties = new Set(tool.params.map((p) => p.name));
    for (const [alias, target] of Object.entries(aliases)) {
      const key = `params.${toolName}.${alias}`;
      if (properties.has(alias))
        errors.push({ source, key, message: `'${alias}' is a real parameter of '${toolName}'` });
      else if (!properties.has(target)) {
        errors.push({
          source,
          key,
          message: `'${alias}' targets '${target}', which is not a parameter of '${toolName}'`,
        });
      } else if (Object.hasOwn(tool.paramAliases, alias) && tool.paramAliases[alias] !== target) {
        errors.push({ source, key, message: `'${alias}' is already an alias of '${tool.paramAliases[alias]}'` });
      } else tool.paramAliases[alias] = target;
    }
  }

  for (const intent of config.intents) {
    if (!byName.has(intent.tool)) {
      errors.push({
        source,
        key: `intents[${intent.index}].tool`,
        message: `Intent '${intent.pattern}' targets unknown tool '${intent.tool}'`,
        likely_fix: nearest(intent.tool, tools),
      });
    }
  }

  const namespaces = new Set<string>();
  for (const t of tools) {
    const m = /^(.+?)(__|\.|\/|:)./u.exec(t.name);
    if (m) namespaces.add(m[1].toLowerCase());
  }
  // Spellings are compared as their words joined by `_`, as inputs are: `runIt` and `run_it`, `a.b` and `a_b` meet.
  const spellings: Spelling[] = tools.flatMap((tool) =>
    [tool.name, ...tool.aliases].map((text) => {
      const norm = segmentsOf(text).join("_");
      return { tool, text, norm, counts: letterCounts(norm) };
    }),
  );
  const bySegment = new Map<string, RouterTool[]>();
  for (const tool of tools) {
    if (tool.segments.length < 2) continue;
    for (const seg of new Set(tool.segments.map(singularize))) {
      const list = bySegment.get(seg);
      if (list) list.push(tool);
      else bySegment.set(seg, [tool]);
    }
  }
  return { tools, byName, byNorm, bySpelling, byAliasNorm, namespaces, spellings, bySegment, errors };
}

/** What the tool says it does: the model-visible description, then the details kept out of tools/list. */
export function documentedText(tool: RouterTool): string {
  return tool.details === "" ? tool.description : `${tool.description} ${tool.details}`;
}

function nearest(name: string, tools: readonly RouterTool[]): string | undefined {
  const s = new NameIndex(tools.map((t) => t.name)).suggest(name, { allowAuto: false, namespaces: false });
  return s.likely_fix;
}

const BUCKETS = 38;

/**
 * Character counts in 38 buckets (a–z, 0–9, `_`, everything else together). Σ min over buckets bounds the characters
 * two strings can have in common from above, so it bounds difflib's ratio from above too.
 */
export function letterCounts(s: string): Uint16Array {
  const counts = new Uint16Array(BUCKETS);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const bucket = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : c === 95 ? 36 : 37;
    counts[bucket]++;
  }
  return counts;
}

/** Upper bound of the number of characters two strings share, from their letterCounts. */
export function commonCharacters(a: Uint16Array, b: Uint16Array): number {
  let common = 0;
  for (let i = 0; i < BUCKETS; i++) common += Math.min(a[i], b[i]);
  return common;
}

/** A record's own entry: tool and parameter names such as `constructor` must not reach Object.prototype. */
function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
