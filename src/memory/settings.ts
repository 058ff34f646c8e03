/**
 * The `[memory]` section of dwim.toml and its environment variables. Daem0n-MCP's `DAEM0NMCP_` names are accepted as
 * written; each has a `DWIM_MEMORY_` twin that wins when both are set. An invalid value stops start-up with an error
 * naming the variable, the value and the accepted range (never a silent fallback to the default).
 */

import * as z from "zod";
import { isExternalProviderSpec, SENTENCE_ENCODER_SPEC } from "../core/embeddings/sentence-encoder.js";
import {
  type ConfigError,
  defineConfigSection,
  type LoadedConfig,
  loadConfig,
  sectionOf,
  ToolError,
} from "../core/index.js";
import { DEFAULT_QUERY_TIMEOUT_MS, redactUrl } from "./storage-errors.js";

export const DEFAULT_VECTOR_WEIGHT = 0.3;
export const DEFAULT_MAX_PER_FILE = 3;
/**
 * Share of Daem0n-MCP's decay applied in recall. The full decay (1.0) cost 0.06 recall@5 and 0.13 MRR@10 on the eval
 * set, burying old-but-exact answers under newer near-misses; 0.3 keeps "newer wins among equals" (bench/memory).
 */
export const DEFAULT_RECENCY_WEIGHT = 0.3;

/**
 * The core reads env `0`/`1` as booleans; for numeric settings they are the numbers 0 and 1 (weight 1.0 = vectors
 * only, max 0 = unlimited).
 */
function numeric<T extends z.ZodType>(inner: T) {
  return z.preprocess((v) => (typeof v === "boolean" ? Number(v) : v), inner);
}

const schema = z
  .strictObject({
    /** Database file; relative paths are taken from the project root. Default `<root>/.dwim/memory.db`. */
    path: z.string().min(1).optional(),
    /** A PostgreSQL URL (`postgres://user@host:5432/db`): the team backend instead of the SQLite file. */
    url: z
      .string()
      .regex(/^postgres(ql)?:\/\//u, "a postgres:// or postgresql:// URL")
      .optional(),
    /** The project's name in a shared PostgreSQL database (its schema is `dwim_<project>`). Default: the root's name. */
    project: z.string().min(1).max(58).optional(),
    /** PostgreSQL connections per process. */
    pool_max: numeric(z.number().int().min(1).max(64).default(4)),
    hybrid_vector_weight: numeric(z.number().min(0).max(1).default(DEFAULT_VECTOR_WEIGHT)),
    search_diversity_max_per_file: numeric(z.number().int().min(0).optional()),
    /** Short spelling of `search_diversity_max_per_file`. */
    diversity_max_per_file: numeric(z.number().int().min(0).optional()),
    fusion: z.enum(["blend", "rrf"]).default("blend"),
    /**
     * `use-lite` (default: the shipped sentence encoder, hash when it cannot load), `hash`, `none`, `onnx:<dir>`, or
     * `openai:<base url>` (an OpenAI-compatible local server).
     */
    embeddings: z.string().min(1).default(SENTENCE_ENCODER_SPEC),
    /** Model name sent to an OpenAI-compatible endpoint. */
    embedding_model: z.string().min(1).optional(),
    /** Name of the environment variable holding the endpoint's API key (the key itself never goes in a file). */
    embedding_api_key_env: z.string().min(1).optional(),
    /** `error` (default): a missing or broken model stops start-up. `hash`: fall back and report `degraded`. */
    embedding_fallback: z.enum(["error", "hash"]).default("error"),
    infer_tags: z.boolean().default(true),
    /** `strict` = synchronous FULL (one fsync per commit); `normal` = WAL's usual NORMAL. */
    durability: z.enum(["normal", "strict"]).default("normal"),
    /** Weight of recency decay in recall: 0 = none, 1 = Daem0n-MCP's full decay. */
    recency_weight: numeric(z.number().min(0).max(1).default(DEFAULT_RECENCY_WEIGHT)),
    /** Recall factor for warnings (Daem0n-MCP's 1.2). */
    warning_boost: numeric(z.number().min(1).max(3).default(1.2)),
    /** Vector-only abstention threshold τ; default depends on the provider. */
    abstain_cosine: numeric(z.number().min(0).max(1).optional()),
    /** A read statement still running after this long is stopped; the call answers with what it has. */
    query_timeout_ms: numeric(z.number().int().min(100).max(600_000).default(DEFAULT_QUERY_TIMEOUT_MS)),
  })
  .default({
    pool_max: 4,
    hybrid_vector_weight: DEFAULT_VECTOR_WEIGHT,
    fusion: "blend",
    embeddings: SENTENCE_ENCODER_SPEC,
    embedding_fallback: "error",
    infer_tags: true,
    durability: "normal",
    recency_weight: DEFAULT_RECENCY_WEIGHT,
    warning_boost: 1.2,
    query_timeout_ms: DEFAULT_QUERY_TIMEOUT_MS,
  });

/** Daem0n-MCP's names first, so that the `DWIM_MEMORY_` twin (applied later) wins. */
const MEMORY_ENV: Readonly<Record<string, string>> = {
  DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "hybrid_vector_weight",
  DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "hybrid_vector_weight",
  DAEM0NMCP_SEARCH_DIVERSITY_MAX_PER_FILE: "search_diversity_max_per_file",
  DWIM_MEMORY_DIVERSITY_MAX_PER_FILE: "search_diversity_max_per_file",
  DWIM_MEMORY_SEARCH_DIVERSITY_MAX_PER_FILE: "search_diversity_max_per_file",
  DWIM_MEMORY_DB: "path",
  DWIM_MEMORY_URL: "url",
  DWIM_MEMORY_PROJECT: "project",
  DWIM_MEMORY_POOL_MAX: "pool_max",
  DWIM_MEMORY_FUSION: "fusion",
  DWIM_MEMORY_EMBEDDINGS: "embeddings",
  DWIM_MEMORY_EMBEDDING_MODEL: "embedding_model",
  DWIM_MEMORY_EMBEDDING_FALLBACK: "embedding_fallback",
  DWIM_MEMORY_INFER_TAGS: "infer_tags",
  DWIM_MEMORY_DURABILITY: "durability",
  DWIM_MEMORY_ABSTAIN_COSINE: "abstain_cosine",
  DWIM_MEMORY_RECENCY_WEIGHT: "recency_weight",
  DWIM_MEMORY_WARNING_BOOST: "warning_boost",
  DWIM_MEMORY_QUERY_TIMEOUT_MS: "query_timeout_ms",
};

/** Pairs of names for one setting: [Daem0n-MCP's name, dwim names...]. */
const TWINS: ReadonlyArray<readonly string[]> = [
  ["DAEM0NMCP_HYBRID_VECTOR_WEIGHT", "DWIM_MEMORY_HYBRID_VECTOR_WEIGHT"],
  [
    "DAEM0NMCP_SEARCH_DIVERSITY_MAX_PER_FILE",
    "DWIM_MEMORY_DIVERSITY_MAX_PER_FILE",
    "DWIM_MEMORY_SEARCH_DIVERSITY_MAX_PER_FILE",
  ],
];

const RANGES: Readonly<Record<string, string>> = {
  hybrid_vector_weight: "a number in [0, 1] (0 = lexical only, 1 = vectors only)",
  search_diversity_max_per_file: "an integer >= 0 (0 = unlimited)",
  diversity_max_per_file: "an integer >= 0 (0 = unlimited)",
  fusion: "blend or rrf",
  embedding_fallback: "error or hash",
  infer_tags: "true or false",
  durability: "normal or strict",
  abstain_cosine: "a number in [0, 1]",
  recency_weight: "a number in [0, 1]",
  warning_boost: "a number in [1, 3]",
  url: "a postgres://user@host:port/database URL",
  project: "a name of 1 to 58 characters",
  pool_max: "an integer in [1, 64]",
  query_timeout_ms: "an integer in [100, 600000] (milliseconds)",
};

export const memorySection = defineConfigSection({
  key: "memory",
  schema,
  env: { ...MEMORY_ENV },
  guarded: [
    { key: "path", grants: "places the memory database anywhere" },
    { key: "url", grants: "sends memory text to a database server" },
    {
      key: "embeddings",
      grants: "sends memory text to an endpoint or loads a model from anywhere",
      when: isExternalProviderSpec,
    },
    { key: "embedding_api_key_env", grants: "sends a secret from the environment to an endpoint" },
  ],
});

/** Resolved settings the memory uses. */
export interface MemorySettings {
  path?: string;
  /** PostgreSQL URL: the team backend. */
  url?: string;
  project?: string;
  poolMax: number;
  vectorWeight: number;
  maxPerFile: number;
  fusion: "blend" | "rrf";
  embeddings: string;
  embeddingModel?: string;
  embeddingApiKeyEnv?: string;
  embeddingFallback: "error" | "hash";
  inferTags: boolean;
  durability: "normal" | "strict";
  abstainCosine?: number;
  recencyWeight: number;
  warningBoost: number;
  queryTimeoutMs: number;
  /** Both a Daem0n-MCP name and its dwim twin set to different values: the dwim one was used (shown in health). */
  clashes: EnvClash[];
}

export interface EnvClash {
  used: string;
  ignored: string;
  used_value: string;
  ignored_value: string;
}

/** Daem0n-MCP/dwim env pairs set to different values. */
export function envClashes(env: Record<string, string | undefined>): EnvClash[] {
  const out: EnvClash[] = [];
  for (const names of TWINS) {
    const set = names.filter((n) => env[n] !== undefined && env[n] !== "");
    if (set.length < 2) continue;
    const used = set[set.length - 1];
    for (const other of set.slice(0, -1)) {
      if (String(env[other]).trim() !== String(env[used]).trim()) {
        out.push({ used, ignored: other, used_value: String(env[used]), ignored_value: String(env[other]) });
      }
    }
  }
  return out;
}

/** Faults of the memory section among the loaded config's errors (bad env values, bad file keys). */
export function memoryConfigErrors(config: LoadedConfig): ConfigError[] {
  return config.errors.filter(
    (e) =>
      !e.untrusted &&
      ((e.source === "env" && e.key in MEMORY_ENV) || e.key === "memory" || e.key.startsWith("memory.")),
  );
}

/** A variable's value as an error may show it: a URL without its password. */
function shown(name: string, env: Record<string, string | undefined>): string | undefined {
  const value = env[name];
  return value !== undefined && MEMORY_ENV[name] === "url" ? redactUrl(value) : value;
}

function describeFault(e: ConfigError, env: Record<string, string | undefined>): string {
  if (e.source === "env") {
    const key = MEMORY_ENV[e.key];
    return `${e.key}=${JSON.stringify(shown(e.key, env) ?? "")} is invalid: expected ${RANGES[key] ?? "a valid value"}`;
  }
  const key = e.key.replace(/^memory\./u, "");
  return `${e.source}: ${e.key}: ${e.message}${RANGES[key] ? `; expected ${RANGES[key]}` : ""}`;
}

/** Validated settings, or a ToolError (`invalid_config`) naming every bad variable, its value and the range. */
export function memorySettings(
  config: LoadedConfig,
  env: Record<string, string | undefined> = process.env,
): MemorySettings {
  const faults = memoryConfigErrors(config);
  if (faults.length > 0) {
    const first = faults[0];
    throw new ToolError({
      error: `Invalid memory configuration: ${faults.map((f) => describeFault(f, env)).join("; ")}`,
      error_type: "invalid_config",
      parameter: first.key,
      got: first.source === "env" ? shown(first.key, env) : undefined,
      expected: RANGES[MEMORY_ENV[first.key] ?? first.key.replace(/^memory\./u, "")],
      likely_fix: first.likely_fix,
      hints: ["Fix or unset the variable (or the [memory] key in dwim.toml) and start again"],
    });
  }
  const s = sectionOf(config, memorySection);
  return {
    path: s.path,
    url: s.url,
    project: s.project,
    poolMax: s.pool_max,
    vectorWeight: s.hybrid_vector_weight,
    maxPerFile: s.search_diversity_max_per_file ?? s.diversity_max_per_file ?? DEFAULT_MAX_PER_FILE,
    fusion: s.fusion,
    embeddings: s.embeddings,
    embeddingModel: s.embedding_model,
    embeddingApiKeyEnv: s.embedding_api_key_env,
    embeddingFallback: s.embedding_fallback,
    inferTags: s.infer_tags,
    durability: s.durability,
    abstainCosine: s.abstain_cosine,
    recencyWeight: s.recency_weight,
    warningBoost: s.warning_boost,
    queryTimeoutMs: s.query_timeout_ms,
    clashes: envClashes(env),
  };
}

/** Settings from an environment alone (no dwim.toml): Daem0n-MCP's `Settings()`. */
export function settingsFromEnv(env: Record<string, string | undefined>): MemorySettings {
  const config = loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null });
  return memorySettings(config, env);
}
