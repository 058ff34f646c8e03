/**
 * `dwim health`: the project memory's state and the router's embedding provider. A project with no database gets a
 * report, not a new database.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export async function runHealth(options: { json: boolean; project?: string }): Promise<number> {
  const { loadConfig } = await import("../core/config.js");
  const { allSectionKeys, loadToolsets } = await import("../server/load.js");
  const { closeAllStores, databasePath, memoryHealth, memorySection, memorySettings } = await import(
    "../memory/index.js"
  );
  const root = resolve(options.project ?? process.cwd());
  const config = loadConfig({ cwd: root, sections: [memorySection], otherSections: allSectionKeys() });
  const settings = memorySettings(config);
  const path = settings.url ? undefined : databasePath(settings, root);
  let health: Record<string, unknown>;
  if (path !== undefined && !existsSync(path)) {
    health = { database: path, exists: false, memories: 0, note: "No memory yet: the first remember creates it" };
  } else {
    // A PostgreSQL store names itself (URL without password, schema) in `path`.
    health = { ...(path === undefined ? {} : { database: path }), ...(await memoryHealth(config, root)) };
    await closeAllStores();
  }
  // The router's semantic lane: loads the model and embeds the tool descriptions (or reads them from the cache).
  const { configSectionsOf } = await import("../server/app.js");
  const { routerFor } = await import("../router/router.js");
  const toolsets = await loadToolsets();
  const all = loadConfig({ cwd: root, sections: configSectionsOf(toolsets) });
  const lane = routerFor(
    toolsets.flatMap((t) => t.tools),
    all,
  ).semantic;
  await lane.ready(120_000);
  const state = lane.status;
  health.router_embeddings = state.provider ?? state.status;
  if (state.degraded) health.router_degraded = state.degraded;
  if (options.json) process.stdout.write(`${JSON.stringify(health, null, 2)}\n`);
  else
    for (const [key, value] of Object.entries(health)) {
      const shown = typeof value === "string" || typeof value === "number" ? value : JSON.stringify(value);
      process.stdout.write(`${key.replaceAll("_", " ")}: ${shown}\n`);
    }
  if (health.router_degraded !== undefined) return 1;
  if (health.exists === false) return 0;
  return health.integrity === "ok" && health.degraded === undefined ? 0 : 1;
}
