/**
 * Configuration: built-in defaults, then `~/.config/dwim/dwim.toml`, then `.dwim/dwim.toml` in the project directory
 * (never an ancestor's: anyone may create `/tmp/.dwim/dwim.toml`), then environment variables. Each top-level table is
 * a section owned by one part of dwim and validated by its zod schema; a faulty section is reported (with a
 * did-you-mean for misspelled keys) and replaced by its defaults, so one bad entry never silences the rest.
 *
 * The project's file comes with the project, so it may not widen what dwim does: a key a section marks as guarded
 * (it grants file access, runs a program, sends data or places a file) is dropped from it and reported, unless the
 * user has trusted that file's exact content (trust.ts; README.md, "Security model").
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { parse as parseToml } from "smol-toml";
import * as z from "zod";
import { escapesProject } from "./project-paths.js";
import { suggest } from "./suggest.js";
import { type TrustState, trustOf, trustStorePath } from "./trust.js";

export interface ConfigError {
  /** File the fault is in, or `env`. */
  source: string;
  /** Dotted key path: `recovery.auto_threshold`, `intents[2].pattern`. */
  key: string;
  message: string;
  likely_fix?: string;
  /** Set on a guarded key a project file may not set until the user trusts it: what the key would have allowed. */
  untrusted?: string;
  /** Where in the file a syntax error is, 1-based (invalid TOML). */
  line?: number;
  column?: number;
}

/**
 * A key that widens what dwim may do. From a project file it is honoured only once the user trusts the file.
 * `key` is the path inside the section (`llm.command`); `when`, if given, decides by the value.
 */
export interface GuardedKey {
  key: string;
  /** What setting it allows, completing "it …": `runs a program`, `sends memory text to an endpoint`. */
  grants: string;
  when?(value: unknown): boolean;
}

/** A section of dwim.toml. `schema` must accept `{}` and fill defaults. */
export interface ConfigSection<T = unknown> {
  key: string;
  schema: z.ZodType<T>;
  /** Environment variables that set keys of this section: `{ DWIM_MAX_HINTS: "max_hints" }`. */
  env?: Record<string, string>;
  /** Combines the user-level and project-level raw tables; default: per key, later wins. */
  merge?(earlier: Record<string, unknown>, later: Record<string, unknown>): Record<string, unknown>;
  /** Keys a project file may set only once the user trusts it. */
  guarded?: readonly GuardedKey[];
  /** Entry-level checks after the schema (regexes, targets); returns the cleaned value and the faults. */
  check?(value: T, source: string): { value: T; errors: ConfigError[] };
}

export function defineConfigSection<T>(section: ConfigSection<T>): ConfigSection<T> {
  return section;
}

const unit = z.number().min(0).max(1);

export const recoverySection = defineConfigSection({
  key: "recovery",
  schema: z
    .strictObject({
      auto_correct: z.boolean().default(true),
      auto_threshold: unit.default(0.8),
      likely_fix_threshold: unit.default(0.7),
      hint_threshold: unit.default(0.6),
      margin: unit.default(0.1),
      max_hints: z.number().int().min(0).max(5).default(3),
    })
    .default({
      auto_correct: true,
      auto_threshold: 0.8,
      likely_fix_threshold: 0.7,
      hint_threshold: 0.6,
      margin: 0.1,
      max_hints: 3,
    }),
  env: {
    DWIM_AUTO_CORRECT: "auto_correct",
    MCP_FUZZY_SEARCH_AUTO_RETRY: "auto_correct",
    DWIM_AUTO_CORRECT_CONFIDENCE: "auto_threshold",
    MCP_FUZZY_SEARCH_RETRY_CONFIDENCE: "auto_threshold",
    DWIM_LIKELY_FIX_CONFIDENCE: "likely_fix_threshold",
    DWIM_HINT_CONFIDENCE: "hint_threshold",
    DWIM_MARGIN: "margin",
    DWIM_MAX_HINTS: "max_hints",
  },
});

export const logSection = defineConfigSection({
  key: "log",
  schema: z
    .strictObject({
      enabled: z.boolean().default(true),
      path: z.string().min(1).optional(),
      /** Size at which the log is rotated to `<path>.1` (one previous file is kept). */
      max_bytes: z.number().int().min(10_000).default(1_000_000),
      /** Replace edit payloads and memory text (old_str, new_str, content, ...) by their length. */
      redact: z.boolean().default(true),
    })
    .default({ enabled: true, max_bytes: 1_000_000, redact: true }),
  env: { DWIM_LOG: "enabled", DWIM_LOG_PATH: "path", DWIM_LOG_MAX_BYTES: "max_bytes", DWIM_LOG_REDACT: "redact" },
  guarded: [{ key: "path", grants: "places the correction log anywhere" }],
});

export const limitsSection = defineConfigSection({
  key: "limits",
  schema: z
    .strictObject({
      max_argument_bytes: z.number().int().min(1024).default(4_000_000),
      timeout_ms: z.number().int().min(100).default(30_000),
      /** HTTP: most 2025-era MCP sessions kept at once; past it the least recently used is closed. */
      max_sessions: z.number().int().min(1).default(100),
      /** HTTP: a session unused this long is closed. */
      session_idle_seconds: z.number().int().min(1).default(1800),
    })
    .default({ max_argument_bytes: 4_000_000, timeout_ms: 30_000, max_sessions: 100, session_idle_seconds: 1800 }),
  env: {
    DWIM_MAX_ARGUMENT_BYTES: "max_argument_bytes",
    DWIM_TIMEOUT_MS: "timeout_ms",
    DWIM_HTTP_MAX_SESSIONS: "max_sessions",
    DWIM_HTTP_SESSION_IDLE_SECONDS: "session_idle_seconds",
  },
});

export const filesSection = defineConfigSection({
  key: "files",
  schema: z
    .strictObject({
      roots: z.array(z.string().min(1)).default([]),
    })
    .default({ roots: [] }),
  guarded: [{ key: "roots", grants: "lets file tools read and write outside the project" }],
});

/** What `dwim serve` serves when no `--tools` is given: toolset or tool names; `exclude` takes some away. */
export const serveSection = defineConfigSection({
  key: "serve",
  schema: z
    .strictObject({
      tools: z.array(z.string().min(1)).default([]),
      exclude: z.array(z.string().min(1)).default([]),
      /**
       * `lenient`: input schemas without `required`, for clients that refuse a call against the schema before dwim
       * sees it; `strict`: with it; `auto`: lenient for the clients known to (Gemini CLI). No listing closes its
       * properties (docs/clients.md, "Parameter recovery").
       */
      input_schemas: z.enum(["auto", "strict", "lenient"]).default("auto"),
    })
    .default({ tools: [], exclude: [], input_schemas: "auto" }),
  env: { DWIM_INPUT_SCHEMAS: "input_schemas" },
});

/** `[proxy]`: how `dwim proxy` presents its upstreams' tools (docs/proxy.md, "Tool search"). */
export const proxySection = defineConfigSection({
  key: "proxy",
  schema: z
    .strictObject({
      /** List search_tools and call_tool (and the pinned tools) instead of every tool. */
      tool_search: z.boolean().default(false),
      /** Tools listed beside them in tool-search mode, by the names clients call them. */
      pinned: z.array(z.string().min(1)).default([]),
    })
    .default({ tool_search: false, pinned: [] }),
  env: { DWIM_PROXY_TOOL_SEARCH: "tool_search" },
});

export const CORE_SECTIONS: readonly ConfigSection[] = [
  recoverySection,
  logSection,
  limitsSection,
  filesSection,
  serveSection,
  proxySection,
];

export type RecoveryConfig = z.infer<typeof recoverySection.schema>;
export type ServeConfig = z.infer<typeof serveSection.schema>;
export type LogConfig = z.infer<typeof logSection.schema>;
export type LimitsConfig = z.infer<typeof limitsSection.schema>;

export interface LoadedConfig {
  /** Validated value of each section, by section key. */
  sections: Record<string, unknown>;
  errors: ConfigError[];
  /** Files that were read, in order. */
  sources: string[];
  /** The project's file, when there is one, and whether the user trusts its content. */
  project?: { file: string; trust: TrustState };
}

/** Typed view of a loaded section. */
export function sectionOf<T>(config: LoadedConfig, section: ConfigSection<T>): T {
  if (!(section.key in config.sections)) return defaultOf(section).data;
  return config.sections[section.key] as T;
}

export interface LoadConfigOptions {
  sections?: readonly ConfigSection[];
  /** Keys of sections that exist but are not validated here (toolsets not loaded): never "unknown". */
  otherSections?: readonly string[];
  /** The project directory, whose `.dwim/dwim.toml` is the project level (default: the working directory). */
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Override the file locations (tests); `null` skips that level. */
  userFile?: string | null;
  projectFile?: string | null;
  /** The trust store (default: trustStorePath(env)); `null` trusts no project file. */
  trustStore?: string | null;
}

export function userConfigPath(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "dwim", "dwim.toml");
}

/** `.dwim/dwim.toml` of the project directory itself: ancestors are never read. */
export function projectConfigPath(project: string): string {
  return join(resolve(project), ".dwim", "dwim.toml");
}

interface ConfigFile {
  path: string;
  level: "user" | "project";
  text: string;
}

export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const sections = dedupeSections([...CORE_SECTIONS, ...(options.sections ?? [])]);
  const env = options.env ?? process.env;
  const errors: ConfigError[] = [];
  const { files, project } = readConfigFiles(options, env, errors);
  const byKey = new Map(sections.map((s) => [s.key, s]));
  const merged = new Map<string, Record<string, unknown>>();
  for (const file of files) {
    const table = parseTomlFile(file, errors);
    if (!table) continue;
    if (file.level === "project" && project?.trust !== "trusted") {
      errors.push(...dropGuardedKeys(table, byKey, file.path, project?.trust ?? "untrusted"));
    }
    for (const [key, raw] of Object.entries(table)) {
      const section = byKey.get(key);
      if (!section && options.otherSections?.includes(key)) continue;
      if (!section) {
        const s = suggest(key, [...byKey.keys(), ...(options.otherSections ?? [])]);
        errors.push({ source: file.path, key, message: `Unknown section [${key}]`, likely_fix: s.likely_fix });
        continue;
      }
      const value = isTable(raw) ? raw : { value: raw };
      const earlier = merged.get(key);
      merged.set(key, earlier ? (section.merge ?? mergeByKey)(earlier, value) : value);
    }
  }
  const source = files.length > 0 ? files[files.length - 1].path : "defaults";
  const values: Record<string, unknown> = {};
  for (const section of sections) {
    const raw: Record<string, unknown> = { ...(merged.get(section.key) ?? {}) };
    applyEnv(section, raw, env, errors);
    values[section.key] = validateSection(section, raw, source, errors);
  }
  return { sections: values, errors, sources: files.map((f) => f.path), project };
}

/** The user's file, then the project's (read only when it stays inside the project), with the project's trust. */
function readConfigFiles(
  options: LoadConfigOptions,
  env: Record<string, string | undefined>,
  errors: ConfigError[],
): { files: ConfigFile[]; project?: LoadedConfig["project"] } {
  const files: ConfigFile[] = [];
  const user = options.userFile === undefined ? userConfigPath(env) : options.userFile;
  const userText = user ? readConfigText(user, errors) : undefined;
  if (user && userText !== undefined) files.push({ path: user, level: "user", text: userText });
  const projectDir = resolve(options.cwd ?? process.cwd());
  const path = options.projectFile === undefined ? projectConfigPath(projectDir) : options.projectFile;
  if (!path || path === user) return { files };
  const leak = options.projectFile === undefined ? escapesProject(path, projectDir) : undefined;
  if (leak) {
    errors.push({ source: path, key: "", message: `Not read: ${leak}` });
    return { files };
  }
  const text = readConfigText(path, errors);
  if (text === undefined) return { files };
  files.push({ path, level: "project", text });
  const store = options.trustStore === undefined ? trustStorePath(env) : options.trustStore;
  return { files, project: { file: path, trust: trustOf(path, text, store) } };
}

/** The file's text; undefined when it does not exist (no fault) or cannot be read (a fault). */
function readConfigText(file: string, errors: ConfigError[]): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      errors.push({ source: file, key: "", message: `Cannot read config: ${(e as Error).message}` });
    }
    return undefined;
  }
}

/** Removes, in place, every guarded key an untrusted project table sets; one fault per key removed. */
function dropGuardedKeys(
  table: Record<string, unknown>,
  sections: ReadonlyMap<string, ConfigSection>,
  file: string,
  trust: TrustState,
): ConfigError[] {
  const errors: ConfigError[] = [];
  for (const [sectionKey, raw] of Object.entries(table)) {
    const guarded = sections.get(sectionKey)?.guarded ?? [];
    if (!isTable(raw)) continue;
    for (const guard of guarded) {
      const path = guard.key.split(".");
      const parent = path.slice(0, -1).reduce<unknown>((v, k) => (isTable(v) ? v[k] : undefined), raw);
      const leaf = path[path.length - 1];
      if (!isTable(parent) || !(leaf in parent) || (guard.when && !guard.when(parent[leaf]))) continue;
      delete parent[leaf];
      const why = trust === "changed" ? "its content changed since you trusted it" : "you have not trusted it";
      errors.push({
        source: file,
        key: `${sectionKey}.${guard.key}`,
        message: `Ignored: a project's dwim.toml may not set a key that ${guard.grants}, and ${why}; review the file, then run \`dwim config trust\` in the project`,
        untrusted: guard.grants,
      });
    }
  }
  return errors;
}

/** The section's value from its raw table: the schema's default when nothing is set or the table is faulty. */
function validateSection(
  section: ConfigSection,
  raw: Record<string, unknown>,
  source: string,
  errors: ConfigError[],
): unknown {
  // Nothing set: the schema's default, as for a section not loaded (sectionOf), instead of parsing an empty table,
  // which costs a one-call CLI process a parser per section. test/core/config.test.ts holds the two equal.
  const parsed = Object.keys(raw).length === 0 ? defaultOf(section) : section.schema.safeParse(raw);
  if (!parsed.success) {
    errors.push(...zodConfigErrors(section, parsed.error, raw, source));
    return defaultOf(section).data;
  }
  if (!section.check) return parsed.data;
  const checked = section.check(parsed.data, source);
  errors.push(...checked.errors);
  return checked.value;
}

function defaultOf<T>(section: ConfigSection<T>): { success: true; data: T } {
  return { success: true, data: section.schema.parse(undefined) };
}

function dedupeSections(sections: readonly ConfigSection[]): ConfigSection[] {
  const seen = new Map<string, ConfigSection>();
  for (const s of sections) seen.set(s.key, s);
  return [...seen.values()];
}

function parseTomlFile(file: ConfigFile, errors: ConfigError[]): Record<string, unknown> | undefined {
  try {
    return parseToml(file.text) as Record<string, unknown>;
  } catch (e) {
    // smol-toml's TomlError knows where: "Invalid TOML document: <what>" with the line and column.
    const { line, column } = e as { line?: unknown; column?: unknown };
    const what = (e as Error).message.split("\n")[0].replace(/^Invalid TOML document: /u, "");
    const at = typeof line === "number" && typeof column === "number" ? { line, column } : {};
    const where = "line" in at ? ` at line ${at.line}, column ${at.column}` : "";
    errors.push({ source: file.path, key: "", message: `Invalid TOML${where}: ${what}`, ...at });
    return undefined;
  }
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function mergeByKey(earlier: Record<string, unknown>, later: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...earlier };
  for (const [k, v] of Object.entries(later)) {
    out[k] = isTable(v) && isTable(out[k]) ? mergeByKey(out[k] as Record<string, unknown>, v) : v;
  }
  return out;
}

const TRUE_WORDS = new Set(["1", "true", "yes", "on"]);
const FALSE_WORDS = new Set(["0", "false", "no", "off"]);

/**
 * Environment overrides files. The text is read as the schema wants it: `1` is a number for a number setting and true
 * for a boolean one; the first reading (boolean, number, string) the section accepts for that key wins.
 */
function applyEnv(
  section: ConfigSection,
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
  errors: ConfigError[],
): void {
  for (const [name, key] of Object.entries(section.env ?? {})) {
    const text = env[name];
    if (text === undefined || text === "") continue;
    const accepted = envReadings(text).find((value) => {
      const probe = section.schema.safeParse({ ...raw, [key]: value });
      return probe.success || !probe.error.issues.some((i) => i.path[0] === key);
    });
    if (accepted === undefined)
      errors.push({ source: "env", key: name, message: `Invalid value '${text}' for ${name}` });
    else raw[key] = accepted;
  }
}

function envReadings(text: string): unknown[] {
  const lower = text.trim().toLowerCase();
  const readings: unknown[] = [];
  if (TRUE_WORDS.has(lower)) readings.push(true);
  if (FALSE_WORDS.has(lower)) readings.push(false);
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/u.test(lower)) readings.push(Number(lower));
  readings.push(text);
  return readings;
}

function zodConfigErrors(
  section: ConfigSection,
  error: z.ZodError,
  raw: Record<string, unknown>,
  source: string,
): ConfigError[] {
  const known = knownKeys(section.schema);
  return error.issues.map((issue) => {
    const base = [section.key, ...issue.path.map(String)].join(".");
    if (issue.code === "unrecognized_keys") {
      const bad = issue.keys[0] ?? "";
      const s = suggest(bad, known);
      return {
        source,
        key: `${base}.${bad}`,
        message: `Unknown key '${bad}' in [${section.key}]`,
        likely_fix: s.likely_fix,
      };
    }
    const got = issue.path.reduce<unknown>((v, p) => (isTable(v) ? v[String(p)] : undefined), raw);
    return { source, key: base, message: `${issue.message} (got ${JSON.stringify(got)})` };
  });
}

function knownKeys(schema: z.ZodType): string[] {
  let s: unknown = schema;
  // Unwrap default/optional wrappers to reach the object shape.
  for (let i = 0; i < 5 && s && typeof s === "object"; i++) {
    const def = (s as { def?: { type?: string; innerType?: unknown; shape?: Record<string, unknown> } }).def;
    if (def?.shape) return Object.keys(def.shape);
    s = def?.innerType;
  }
  return [];
}

/** One-line rendering of a config fault for stderr and `dwim config check`. */
export function formatConfigError(e: ConfigError): string {
  // file:line:column, as compilers write it, so an editor or terminal can jump there.
  const file = e.line !== undefined ? `${e.source}:${e.line}:${e.column ?? 1}` : e.source;
  const where = e.key ? `${file}: ${e.key}` : file;
  return `${where}: ${e.message}${e.likely_fix ? ` (did you mean '${e.likely_fix}'?)` : ""}`;
}
