/**
 * `dwim config check`: every fault in dwim.toml and the environment, including those found only against the tool
 * list (an `[aliases]` entry naming no tool, a colliding alias), exactly as `list_capabilities` reports them, a
 * `[serve]` selection naming no toolset or tool (which would stop `dwim serve`), and whether the project's file is
 * trusted. The exit code is the same with `--json`: 1 with any fault. `dwim config trust` / `untrust`: the user's decision about the project's
 * file, by its content (README.md, "Security model").
 */
import type { ConfigError, LoadedConfig } from "../core/config.js";

interface ProjectOption {
  project?: string;
}

async function loadAll(project: string | undefined, trustStore?: null): Promise<LoadedConfig> {
  const { loadConfig } = await import("../core/config.js");
  const { configSectionsOf } = await import("../server/app.js");
  const { loadToolsets } = await import("../server/load.js");
  return loadConfig({ cwd: project, sections: configSectionsOf(await loadToolsets()), trustStore });
}

const TRUST_WORDS = {
  trusted: "trusted",
  untrusted: "not trusted: keys that widen access are ignored",
  changed: "changed since it was trusted: keys that widen access are ignored",
} as const;

/** `[serve] tools` and `exclude` names that are no toolset or tool: `dwim serve` would refuse to start. */
async function selectionFaults(config: LoadedConfig): Promise<ConfigError[]> {
  const { sectionOf, serveSection } = await import("../core/config.js");
  const { unknownNames } = await import("../server/selection.js");
  const serve = sectionOf(config, serveSection);
  // The file that set it: the last one read (a project file overrides the user's).
  const source = config.sources.at(-1) ?? "dwim.toml";
  return (["tools", "exclude"] as const).flatMap((key) =>
    unknownNames(serve[key]).map((e) => ({
      source,
      key: `serve.${key}`,
      message: `'${e.got}' is no toolset or tool`,
      ...(e.likelyFix ? { likely_fix: e.likelyFix } : {}),
    })),
  );
}

export async function checkConfig(options: { json: boolean } & ProjectOption): Promise<number> {
  const { formatConfigError } = await import("../core/config.js");
  const { routerFor } = await import("../router/router.js");
  const { loadToolsets } = await import("../server/load.js");
  const config = await loadAll(options.project);
  const faults: ConfigError[] = [];
  const seen = new Set<string>();
  const tools = (await loadToolsets()).flatMap((t) => t.tools);
  const selection = await selectionFaults(config);
  for (const e of [...config.errors, ...routerFor(tools, config).configErrors, ...selection]) {
    const key = formatConfigError(e);
    if (seen.has(key)) continue;
    seen.add(key);
    faults.push(e);
  }
  if (options.json) {
    const out = { sources: config.sources, project: config.project ?? null, errors: faults };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    process.stdout.write(`Read: ${config.sources.length > 0 ? config.sources.join(", ") : "(no config files)"}\n`);
    if (config.project)
      process.stdout.write(`Project file: ${config.project.file} (${TRUST_WORDS[config.project.trust]})\n`);
    for (const e of faults) process.stdout.write(`  ${formatConfigError(e)}\n`);
    process.stdout.write(faults.length === 0 ? "OK\n" : `${faults.length} problem(s)\n`);
  }
  return faults.length === 0 ? 0 : 1;
}

/** Records the project file's content as trusted, after listing what that lets it do. */
export async function trustProjectConfig(options: ProjectOption): Promise<number> {
  const { projectConfigPath } = await import("../core/config.js");
  const { trustFile, trustStorePath } = await import("../core/trust.js");
  const file = projectConfigPath(options.project ?? process.cwd());
  const untrusted = await loadAll(options.project, null);
  if (!untrusted.project) {
    process.stderr.write(`dwim: no project configuration to trust: ${file} does not exist or cannot be read\n`);
    return 2;
  }
  const widening = untrusted.errors.filter((e) => e.untrusted);
  const hash = trustFile(file, trustStorePath());
  process.stdout.write(`Trusted ${file} (sha256 ${hash.slice(0, 16)}…); any change to it needs trusting again.\n`);
  if (widening.length === 0) process.stdout.write("It sets no key that widens what dwim may do.\n");
  else {
    process.stdout.write("Now honoured from it:\n");
    for (const e of widening) process.stdout.write(`  ${e.key}: ${e.untrusted}\n`);
  }
  return 0;
}

export async function untrustProjectConfig(options: ProjectOption): Promise<number> {
  const { projectConfigPath } = await import("../core/config.js");
  const { trustStorePath, untrustFile } = await import("../core/trust.js");
  const file = projectConfigPath(options.project ?? process.cwd());
  const was = untrustFile(file, trustStorePath());
  process.stdout.write(was ? `No longer trusted: ${file}\n` : `Was not trusted: ${file}\n`);
  return 0;
}
