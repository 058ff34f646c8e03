/**
 * The router's sections of dwim.toml (docs/router.md, "Configuration"): `[router]`, `[aliases]`, `[keywords.<tool>]`,
 * `[params.<tool>]`, `[[tools]]`, `[[intents]]`. Schemas accept any entries; `check` validates each entry on its own,
 * so a faulty one is skipped and reported in config_errors while the rest applies. Checks that need the tool list
 * (unknown target, collisions) run when the registry is built (registry.ts).
 */
import * as z from "zod";
import { type ConfigError, defineConfigSection, type LoadedConfig, sectionOf } from "../core/config.js";
import { isExternalProviderSpec, SENTENCE_ENCODER_SPEC } from "../core/embeddings/sentence-encoder.js";

const unit = z.number().min(0).max(1);

const DEFAULT_WEIGHTS = { lexical: 0.4, keyword: 0.35, description: 0.15, name: 0.1 };
export const DEFAULT_SEMANTIC_WEIGHT = 0.5;
const DEFAULT_SEMANTIC_WAIT_MS = 10_000;

export const routerSection = defineConfigSection({
  key: "router",
  schema: z
    .strictObject({
      auto_threshold: unit.default(0.85),
      suggest_threshold: unit.default(0.5),
      intent_margin: unit.default(0.1),
      weights: z
        .strictObject({
          lexical: unit.default(DEFAULT_WEIGHTS.lexical),
          keyword: unit.default(DEFAULT_WEIGHTS.keyword),
          description: unit.default(DEFAULT_WEIGHTS.description),
          name: unit.default(DEFAULT_WEIGHTS.name),
        })
        .default(DEFAULT_WEIGHTS),
      /** false: a corrected tool name is returned as a likely_fix error instead of being called. */
      auto_correct: z.boolean().default(true),
      /** false: a corrected parameter name is returned as an unknown_parameter error with likely_fix. */
      auto_correct_params: z.boolean().default(true),
      /** Namespaces that are ours: `dwim__read_file`, `mcp__dwim__read_file` are read_file. */
      namespaces: z.array(z.string().min(1)).default(["dwim"]),
      /** Semantic lane of analyze_intent: `use-lite` (shipped model), `hash`, `none`, `onnx:<dir>`, `openai:<url>`. */
      embeddings: z.string().min(1).default(SENTENCE_ENCODER_SPEC),
      /** Share of the semantic lane in the fused confidence: 0 = lexical only, 1 = semantic only. */
      semantic_weight: unit.default(DEFAULT_SEMANTIC_WEIGHT),
      /** How long analyze_intent waits for the model on its first call before answering lexically (ms). */
      semantic_wait_ms: z.number().int().min(0).max(120_000).default(DEFAULT_SEMANTIC_WAIT_MS),
      /** Where tool-description vectors are cached (`off` disables); default the user cache dir. */
      cache_dir: z.string().min(1).optional(),
    })
    .default({
      auto_threshold: 0.85,
      suggest_threshold: 0.5,
      intent_margin: 0.1,
      weights: DEFAULT_WEIGHTS,
      auto_correct: true,
      auto_correct_params: true,
      namespaces: ["dwim"],
      embeddings: SENTENCE_ENCODER_SPEC,
      semantic_weight: DEFAULT_SEMANTIC_WEIGHT,
      semantic_wait_ms: DEFAULT_SEMANTIC_WAIT_MS,
    }),
  env: {
    DWIM_ROUTER_AUTO_THRESHOLD: "auto_threshold",
    DWIM_ROUTER_SUGGEST_THRESHOLD: "suggest_threshold",
    DWIM_ROUTER_AUTO_CORRECT: "auto_correct",
    DWIM_ROUTER_AUTO_CORRECT_PARAMS: "auto_correct_params",
    DWIM_ROUTER_EMBEDDINGS: "embeddings",
    DWIM_ROUTER_SEMANTIC_WEIGHT: "semantic_weight",
  },
  guarded: [
    {
      key: "embeddings",
      grants: "sends tool descriptions to an endpoint or loads a model from anywhere",
      when: isExternalProviderSpec,
    },
    { key: "cache_dir", grants: "writes files anywhere" },
  ],
});

export type RouterSettings = z.infer<typeof routerSection.schema>;

const anyTable = z.record(z.string(), z.unknown()).default({});

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A later file's per-tool entries over an earlier file's: `join` combines a tool both name (its earlier entry first). */
function mergeByTool(
  earlier: Record<string, unknown>,
  later: Record<string, unknown>,
  join: (prev: unknown, entry: unknown) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...earlier };
  for (const [tool, entry] of Object.entries(later)) out[tool] = join(out[tool], entry);
  return out;
}

/** Both lists' items, each once, in order; a value that is no list counts as none. */
function unionOf(a: unknown, b: unknown): unknown[] {
  return [...new Set([...(Array.isArray(a) ? a : []), ...(Array.isArray(b) ? b : [])])];
}

/** `[aliases]`: alias → tool. */
export const aliasesSection = defineConfigSection({
  key: "aliases",
  schema: anyTable,
  check(value, source) {
    const errors: ConfigError[] = [];
    const out: Record<string, unknown> = Object.create(null);
    for (const [alias, target] of Object.entries(value)) {
      if (typeof target !== "string" || target === "") {
        errors.push({ source, key: `aliases.${alias}`, message: `Alias '${alias}' must name a tool (a string)` });
      } else out[alias] = target;
    }
    return { value: out, errors };
  },
});

export interface KeywordBoost {
  extra: string[];
  boost: number;
}

/** `[keywords.<tool>]`: extra keywords, and an additive boost when one of them matches (0–0.3). */
export const keywordsSection = defineConfigSection({
  key: "keywords",
  schema: anyTable,
  merge: (earlier, later) =>
    mergeByTool(earlier, later, (prev, entry) =>
      isTable(prev) && isTable(entry) ? { ...prev, ...entry, extra: unionOf(prev.extra, entry.extra) } : entry,
    ),
  check(value, source) {
    const errors: ConfigError[] = [];
    const out: Record<string, unknown> = Object.create(null);
    for (const [tool, entry] of Object.entries(value)) {
      const key = `keywords.${tool}`;
      if (!isTable(entry)) {
        errors.push({ source, key, message: `[keywords.${tool}] must be a table with 'extra' and 'boost'` });
        continue;
      }
      const unknown = Object.keys(entry).filter((k) => k !== "extra" && k !== "boost");
      if (unknown.length > 0) {
        errors.push({
          source,
          key: `${key}.${unknown[0]}`,
          message: `Unknown key '${unknown[0]}' (expected extra, boost)`,
        });
        continue;
      }
      const extra = entry.extra ?? [];
      if (!Array.isArray(extra) || extra.some((w) => typeof w !== "string")) {
        errors.push({ source, key: `${key}.extra`, message: "'extra' must be an array of strings" });
        continue;
      }
      const boost = entry.boost ?? 0;
      if (typeof boost !== "number" || !(boost >= 0 && boost <= 0.3)) {
        errors.push({
          source,
          key: `${key}.boost`,
          message: `'boost' must be a number from 0 to 0.3 (got ${JSON.stringify(boost)})`,
        });
        continue;
      }
      out[tool] = { extra: extra as string[], boost } satisfies KeywordBoost;
    }
    return { value: out, errors };
  },
});

/**
 * `[examples]`: tool → example requests in users' words, for any tool (served, proxied or `[[tools]]`), added to the
 * ones its definition lists; lists from several files are joined.
 */
const examplesSection = defineConfigSection({
  key: "examples",
  schema: anyTable,
  merge: (earlier, later) =>
    mergeByTool(earlier, later, (prev, list) =>
      Array.isArray(prev) && Array.isArray(list) ? unionOf(prev, list) : list,
    ),
  check(value, source) {
    const errors: ConfigError[] = [];
    const out: Record<string, string[]> = Object.create(null);
    for (const [tool, list] of Object.entries(value)) {
      if (!Array.isArray(list) || list.some((e) => typeof e !== "string" || e.trim() === "")) {
        errors.push({
          source,
          key: `examples.${tool}`,
          message: `[examples] ${tool} must be an array of requests (non-empty strings)`,
        });
      } else out[tool] = list as string[];
    }
    return { value: out, errors };
  },
});

/** `[params.<tool>]`: alias → property of that tool. */
export const paramsSection = defineConfigSection({
  key: "params",
  schema: anyTable,
  check(value, source) {
    const errors: ConfigError[] = [];
    const out: Record<string, Record<string, string>> = Object.create(null);
    for (const [tool, entry] of Object.entries(value)) {
      if (!isTable(entry)) {
        errors.push({
          source,
          key: `params.${tool}`,
          message: `[params.${tool}] must be a table of alias = "property"`,
        });
        continue;
      }
      const aliases: Record<string, string> = Object.create(null);
      for (const [alias, target] of Object.entries(entry)) {
        if (typeof target !== "string" || target === "") {
          errors.push({
            source,
            key: `params.${tool}.${alias}`,
            message: `Parameter alias '${alias}' must name a property`,
          });
        } else aliases[alias] = target;
      }
      out[tool] = aliases;
    }
    return { value: out, errors };
  },
});

export interface ConfigTool {
  name: string;
  description: string;
  keywords: string[];
  parameters: string[];
  /** Requests the tool serves, in users' words (see ToolDefinition.examples); none when left out. */
  examples?: string[];
}

/** Array-of-tables sections arrive wrapped as `{ value: [...] }` by the loader. */
const arrayTable = z.strictObject({ value: z.array(z.unknown()).default([]) }).default({ value: [] });

/** `[[tools]]`: tools known to the router but not served here (`callable: false`); merged by name, later wins. */
export const toolsSection = defineConfigSection({
  key: "tools",
  schema: arrayTable,
  merge(earlier, later) {
    const byName = new Map<string, unknown>();
    const anonymous: unknown[] = [];
    for (const entry of [...asArray(earlier.value), ...asArray(later.value)]) {
      if (isTable(entry) && typeof entry.name === "string") byName.set(entry.name, entry);
      else anonymous.push(entry);
    }
    return { value: [...byName.values(), ...anonymous] };
  },
  check(value, source) {
    const errors: ConfigError[] = [];
    const out: ConfigTool[] = [];
    value.value.forEach((entry, i) => {
      const key = `tools[${i}]`;
      if (!isTable(entry) || typeof entry.name !== "string" || entry.name.trim() === "") {
        errors.push({ source, key: `${key}.name`, message: "[[tools]] entry needs a 'name'" });
        return;
      }
      const unknown = Object.keys(entry).filter(
        (k) => !["name", "description", "keywords", "parameters", "examples"].includes(k),
      );
      if (unknown.length > 0) {
        errors.push({ source, key: `${key}.${unknown[0]}`, message: `Unknown key '${unknown[0]}' in [[tools]]` });
        return;
      }
      const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === "string");
      for (const field of ["keywords", "parameters", "examples"] as const) {
        if (entry[field] !== undefined && !strings(entry[field])) {
          errors.push({ source, key: `${key}.${field}`, message: `'${field}' must be an array of strings` });
          return;
        }
      }
      out.push({
        name: entry.name,
        description: typeof entry.description === "string" ? entry.description : "",
        keywords: (entry.keywords as string[] | undefined) ?? [],
        parameters: (entry.parameters as string[] | undefined) ?? [],
        examples: (entry.examples as string[] | undefined) ?? [],
      });
    });
    return { value: { value: out }, errors };
  },
});

export interface ConfigIntent {
  pattern: string;
  regex: RegExp;
  tool: string;
  priority: number;
  /** Index in the merged list, for error messages. */
  index: number;
}

export const MAX_PATTERN_CHARS = 200;

/** A quantified group that itself contains a quantifier: `(a+)+`, `(.*)*`, `(x|y*){2,}` — catastrophic backtracking. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[*+?}](?:[^()\\]|\\.)*\)[*+{]/u;

/** Compiles a user intent pattern, or says why it is refused. */
export function compileIntentPattern(pattern: string): { regex: RegExp } | { error: string } {
  if (pattern.length > MAX_PATTERN_CHARS) return { error: `pattern is longer than ${MAX_PATTERN_CHARS} characters` };
  if (NESTED_QUANTIFIER.test(pattern)) return { error: "pattern has a nested quantifier (catastrophic backtracking)" };
  try {
    return { regex: new RegExp(pattern, "iu") };
  } catch (e) {
    return { error: `pattern does not compile: ${(e as Error).message}` };
  }
}

/** `[[intents]]`: regex → tool with a priority; concatenated (project before user), highest priority first. */
export const intentsSection = defineConfigSection({
  key: "intents",
  schema: arrayTable,
  merge(earlier, later) {
    // Project (later) entries come first so that, at equal priority, the project wins.
    return { value: [...asArray(later.value), ...asArray(earlier.value)] };
  },
  check(value, source) {
    const errors: ConfigError[] = [];
    const out: ConfigIntent[] = [];
    value.value.forEach((entry, i) => {
      const key = `intents[${i}]`;
      if (!isTable(entry)) {
        errors.push({ source, key, message: "[[intents]] entry must be a table" });
        return;
      }
      const unknown = Object.keys(entry).filter((k) => !["pattern", "tool", "priority"].includes(k));
      if (unknown.length > 0) {
        errors.push({ source, key: `${key}.${unknown[0]}`, message: `Unknown key '${unknown[0]}' in [[intents]]` });
        return;
      }
      if (typeof entry.pattern !== "string" || entry.pattern === "") {
        errors.push({ source, key: `${key}.pattern`, message: "'pattern' must be a non-empty string" });
        return;
      }
      if (typeof entry.tool !== "string" || entry.tool === "") {
        errors.push({ source, key: `${key}.tool`, message: "'tool' must name a tool" });
        return;
      }
      const priority = entry.priority ?? 0;
      if (typeof priority !== "number" || !Number.isFinite(priority)) {
        errors.push({ source, key: `${key}.priority`, message: "'priority' must be a number" });
        return;
      }
      const compiled = compileIntentPattern(entry.pattern);
      if ("error" in compiled) {
        errors.push({ source, key: `${key}.pattern`, message: `Intent pattern '${entry.pattern}': ${compiled.error}` });
        return;
      }
      out.push({ pattern: entry.pattern, regex: compiled.regex, tool: entry.tool, priority, index: i });
    });
    // Stable: equal priorities keep project-before-user, then file order.
    out.sort((a, b) => b.priority - a.priority);
    return { value: { value: out }, errors };
  },
});

export const ROUTER_CONFIG_SECTIONS = [
  routerSection,
  aliasesSection,
  keywordsSection,
  examplesSection,
  paramsSection,
  toolsSection,
  intentsSection,
] as const;

/** Everything the router reads from config, typed. */
export interface RouterConfig {
  settings: RouterSettings;
  aliases: Record<string, string>;
  keywords: Record<string, KeywordBoost>;
  /** `[examples]`: tool → example requests added to its own. */
  examples: Record<string, string[]>;
  params: Record<string, Record<string, string>>;
  tools: ConfigTool[];
  intents: ConfigIntent[];
  /** Load-time faults of the router's sections. */
  errors: ConfigError[];
}

const ROUTER_KEYS = new Set<string>(ROUTER_CONFIG_SECTIONS.map((s) => s.key));

export function routerConfigFrom(config: LoadedConfig): RouterConfig {
  return {
    settings: sectionOf(config, routerSection),
    aliases: sectionOf(config, aliasesSection) as Record<string, string>,
    keywords: sectionOf(config, keywordsSection) as Record<string, KeywordBoost>,
    examples: sectionOf(config, examplesSection) as Record<string, string[]>,
    params: sectionOf(config, paramsSection) as Record<string, Record<string, string>>,
    tools: sectionOf(config, toolsSection).value as ConfigTool[],
    intents: sectionOf(config, intentsSection).value as ConfigIntent[],
    errors: config.errors.filter(
      (e) => ROUTER_KEYS.has(e.key.split(/[.[]/u)[0]) || e.key === "" || e.key.startsWith("DWIM_ROUTER_"),
    ),
  };
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
