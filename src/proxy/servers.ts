/**
 * Which upstream servers to start, and with what environment. Three ways to name them: the command after `dwim
 * proxy`, `--upstream NAME=COMMAND ARGS...` (repeatable), and a config file in the `mcpServers` JSON format that MCP
 * clients use (`{"mcpServers": {"fs": {"command", "args", "env", "cwd"}}}`).
 *
 * Environment: the upstream gets the user's whole environment (tokens, MEMORY_FILE_PATH, proxies), then the entry's
 * `env` block, then `--env KEY=VALUE`; later wins. As in MCP client configs, `${VAR}` and `${VAR:-default}` in a
 * config file's command, args, env and cwd are expanded from the user's environment.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";

export interface UpstreamSpec {
  /** Short name: log prefix, and the namespace its tools get on a name clash. */
  name: string;
  command: string;
  args: string[];
  /** The entry's own variables (config `env` block, then `--env`), added to the inherited environment. */
  env: Record<string, string>;
  cwd?: string;
  /** Serve this upstream's tools, prompts and resource names as `<prefix>__<name>`. */
  prefix?: string;
}

export class ServerSpecError extends Error {}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/u;

/** `KEY=VALUE` pairs (`--env`), split at the first `=`. */
export function parseEnvAssignments(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const key = at < 0 ? pair : pair.slice(0, at);
    if (at <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/u.test(key)) {
      throw new ServerSpecError(`--env expects KEY=VALUE, got '${pair}'`);
    }
    env[key] = pair.slice(at + 1);
  }
  return env;
}

/** `${VAR}` and `${VAR:-default}` from `env`; an unset variable without a default becomes "" and is reported. */
export function expandVariables(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  missing?: Set<string>,
) {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/gu, (_m, name: string, fallback?: string) => {
    const value = env[name];
    if (value !== undefined && value !== "") return value;
    if (fallback !== undefined) return fallback;
    missing?.add(name);
    return "";
  });
}

/** The environment the upstream process starts with: ours, then its own variables. */
export function upstreamEnvironment(
  inherited: Readonly<Record<string, string | undefined>>,
  own: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(inherited)) if (v !== undefined) env[k] = v;
  return Object.assign(env, own);
}

/** A name for an upstream from its command line: the package or script name without scope, version or extension. */
export function nameFromCommand(command: string, args: readonly string[]): string {
  const runners = new Set(["npx", "node", "bunx", "uvx", "pnpx", "deno", "python", "python3", "bun", "tsx"]);
  const words = [command, ...args];
  const runner = runners.has(basename(command).replace(/\.(cmd|exe)$/u, ""));
  const target = (runner ? words.slice(1).find((a) => !a.startsWith("-")) : undefined) ?? command;
  const base = packageName(target)
    .replace(/@[^@/]*$/u, "")
    .replace(/\.(m?js|cjs|ts|py|exe|cmd)$/u, "")
    .replace(/^(mcp-)?server-/u, "")
    .replace(/-mcp(-server)?$/u, "");
  const name = base.replace(/[^A-Za-z0-9_.-]/gu, "_").slice(0, 64);
  return NAME.test(name) ? name : "upstream";
}

/** `@scope/server-x@1.2` → `server-x@1.2`; `…/node_modules/@scope/server-x/dist/index.js` → `server-x`. */
function packageName(target: string): string {
  const parts = target.split(/[\\/]/u).filter(Boolean);
  const nm = parts.lastIndexOf("node_modules");
  if (nm >= 0 && nm + 1 < parts.length) return parts[nm + 1].startsWith("@") ? (parts[nm + 2] ?? "") : parts[nm + 1];
  const file = parts.at(-1) ?? target;
  if (/^(index|main|cli|server)(\.[a-z]+)?$/u.test(file)) {
    const dir = parts
      .slice(0, -1)
      .filter((p) => !/^(dist|build|lib|bin|src|out)$/u.test(p))
      .at(-1);
    if (dir) return dir;
  }
  return file;
}

/**
 * `--upstream NAME=COMMAND ARGS...`: the command line is split on whitespace (no shell, no quoting); for arguments
 * with spaces give a JSON array instead: `NAME=["cmd", "arg with space"]`.
 */
export function parseUpstreamOption(text: string): Omit<UpstreamSpec, "env"> {
  const at = text.indexOf("=");
  const name = at > 0 ? text.slice(0, at).trim() : "";
  if (!NAME.test(name)) {
    throw new ServerSpecError(`--upstream expects NAME=COMMAND [ARGS...], got '${text}'`);
  }
  const rest = text.slice(at + 1).trim();
  let words: string[];
  if (rest.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rest);
    } catch {
      throw new ServerSpecError(`--upstream ${name}: the command is not a valid JSON array of strings`);
    }
    if (!Array.isArray(parsed) || !parsed.every((w) => typeof w === "string")) {
      throw new ServerSpecError(`--upstream ${name}: the command must be a JSON array of strings`);
    }
    words = parsed;
  } else words = rest.split(/\s+/u).filter(Boolean);
  if (words.length === 0) throw new ServerSpecError(`--upstream ${name}: no command given`);
  return { name, command: words[0], args: words.slice(1) };
}

interface ConfigEntry {
  command?: unknown;
  args?: unknown;
  env?: unknown;
  cwd?: unknown;
  disabled?: unknown;
  type?: unknown;
  prefix?: unknown;
}

/**
 * Entries of an `mcpServers` config file (Claude Desktop, Claude Code `.mcp.json`, Cursor): stdio entries only;
 * `disabled: true` entries are skipped; a relative `cwd` is taken from the file's directory.
 */
export function loadServersFile(
  file: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  warn: (message: string) => void = () => undefined,
): UpstreamSpec[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ServerSpecError(`Cannot read ${file}: ${(e as Error).message.split("\n")[0]}`);
  }
  const servers = (json as { mcpServers?: unknown } | null)?.mcpServers;
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    throw new ServerSpecError(`${file}: expected {"mcpServers": {"name": {"command": ..., "args": [...]}}}`);
  }
  const specs: UpstreamSpec[] = [];
  for (const [name, raw] of Object.entries(servers as Record<string, ConfigEntry>)) {
    const where = `${file}: mcpServers.${name}`;
    if (typeof raw !== "object" || raw === null) throw new ServerSpecError(`${where} is not an object`);
    if (raw.disabled === true) continue;
    if (raw.type !== undefined && raw.type !== "stdio") {
      throw new ServerSpecError(`${where}: type '${String(raw.type)}' is not supported (stdio servers only)`);
    }
    if (typeof raw.command !== "string" || raw.command === "") {
      throw new ServerSpecError(`${where}.command must be a non-empty string`);
    }
    const args = raw.args ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) {
      throw new ServerSpecError(`${where}.args must be an array of strings`);
    }
    const block = raw.env ?? {};
    if (typeof block !== "object" || block === null || Array.isArray(block)) {
      throw new ServerSpecError(`${where}.env must be an object of strings`);
    }
    const missing = new Set<string>();
    const expand = (s: string) => expandVariables(s, env, missing);
    const ownEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(block)) {
      if (typeof v !== "string") throw new ServerSpecError(`${where}.env.${k} must be a string`);
      ownEnv[k] = expand(v);
    }
    if (raw.cwd !== undefined && typeof raw.cwd !== "string")
      throw new ServerSpecError(`${where}.cwd must be a string`);
    if (raw.prefix !== undefined && (typeof raw.prefix !== "string" || !NAME.test(raw.prefix))) {
      throw new ServerSpecError(`${where}.prefix must be a short name (letters, digits, _ . -)`);
    }
    const spec: UpstreamSpec = {
      name: NAME.test(name) ? name : name.replace(/[^A-Za-z0-9_.-]/gu, "_").slice(0, 64) || "upstream",
      command: expand(raw.command),
      args: args.map(expand),
      env: ownEnv,
      cwd: typeof raw.cwd === "string" ? resolve(dirname(file), expand(raw.cwd)) : undefined,
      prefix: raw.prefix as string | undefined,
    };
    for (const m of missing) warn(`${where}: \${${m}} is not set in the environment`);
    specs.push(spec);
  }
  return specs;
}

/** Upstream names must be unique: later duplicates get `-2`, `-3`. */
export function uniqueNames(specs: UpstreamSpec[]): UpstreamSpec[] {
  const seen = new Map<string, number>();
  return specs.map((s) => {
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return n === 1 ? s : { ...s, name: `${s.name}-${n}` };
  });
}
