/**
 * `dwim config check`: every fault in dwim.toml and the environment, including those found only against the tool
 * list (an `[aliases]` entry naming no tool, a colliding alias), exactly as `list_capabilities` reports them.
 */
import type { ConfigError } from "../core/config.js";

export async function checkConfig(options: { json: boolean }): Promise<number> {
  const { formatConfigError, loadConfig } = await import("../core/config.js");
  const { configSectionsOf } = await import("../server/app.js");
  const { loadToolsets } = await import("../server/load.js");
  const { routerFor } = await import("../router/router.js");
  const toolsets = await loadToolsets();
  const config = loadConfig({ sections: configSectionsOf(toolsets) });
  const faults: ConfigError[] = [];
  const seen = new Set<string>();
  const tools = toolsets.flatMap((t) => t.tools);
  for (const e of [...config.errors, ...routerFor(tools, config).configErrors]) {
    const key = formatConfigError(e);
    if (seen.has(key)) continue;
    seen.add(key);
    faults.push(e);
  }
  if (options.json) process.stdout.write(`${JSON.stringify({ sources: config.sources, errors: faults }, null, 2)}\n`);
  else {
    process.stdout.write(`Read: ${config.sources.length > 0 ? config.sources.join(", ") : "(no config files)"}\n`);
    for (const e of faults) process.stdout.write(`  ${formatConfigError(e)}\n`);
    process.stdout.write(faults.length === 0 ? "OK\n" : `${faults.length} problem(s)\n`);
  }
  return faults.length === 0 ? 0 : 1;
}
