/**
 * One open store per database (file, or PostgreSQL URL and project schema) per process, and one embedding provider
 * per configuration. `url` (DWIM_MEMORY_URL) selects the PostgreSQL backend; without it nothing changes. Settings are
 * validated before anything is opened, so an invalid weight stops the first call (and start-up) with a clear error.
 */
import { basename, isAbsolute, join, resolve } from "node:path";
import { createEmbeddingProvider, MEMORY_SETTING, type ProviderChoice } from "../core/embeddings/index.js";
import type { LoadedConfig, SuggestThresholds } from "../core/index.js";
import { firstEscape, ToolError, thresholdsFrom } from "../core/index.js";
import { schemaName } from "./postgres-schema.js";
import { PostgresMemoryStore } from "./postgres-store.js";
import { type MemorySettings, memorySettings } from "./settings.js";
import { ThreadedSqliteStore } from "./sqlite-thread.js";
import type { MemoryStore } from "./store.js";

/** Everything an operation needs: the store, the settings, the clock and the project root. */
export interface MemoryContext {
  store: MemoryStore;
  settings: MemorySettings;
  root: string;
  thresholds: Partial<SuggestThresholds>;
  /** Injected clock (tests, benchmarks). */
  now: () => number;
  /** Set when the configured provider could not start and a fallback was allowed. */
  providerDegraded?: string;
}

const stores = new Map<string, Promise<{ store: MemoryStore; degraded?: string }>>();
const providers = new Map<string, Promise<ProviderChoice>>();

/** The project's schema in a shared PostgreSQL database: `[memory] project`, else the project root's name. */
function projectSchema(settings: MemorySettings, root: string): string {
  return schemaName(settings.project ?? basename(resolve(root)));
}

export function databasePath(settings: MemorySettings, root: string): string {
  if (settings.path) return isAbsolute(settings.path) ? settings.path : resolve(root, settings.path);
  return join(root, ".dwim", "memory.db");
}

/**
 * The default database comes with the project's `.dwim/`, which a project can ship as symlinks (`memory.db`, its
 * `-wal` journal or `.dwim` itself pointing at a file of the user's): refused unless all of it stays inside the
 * project. A path the user configured is theirs to choose (a project file cannot set it: core/config.ts).
 */
function refuseEscapingDatabase(settings: MemorySettings, root: string): void {
  if (settings.path) return;
  const db = databasePath(settings, root);
  const leak = firstEscape([db, `${db}-wal`, `${db}-shm`, `${db}-journal`], root);
  if (!leak) return;
  throw new ToolError({
    error: `Memory database not opened: ${leak}`,
    error_type: "storage_error",
    parameter: "memory.path",
    hints: [
      "Remove the symlink from the project's .dwim/ directory, or choose the database's place yourself: DWIM_MEMORY_DB or [memory] path in ~/.config/dwim/dwim.toml",
    ],
  });
}

/** The memory's provider from its settings (`embeddings`, `embedding_model`, `embedding_api_key_env`, fallback). */
export function createProvider(settings: MemorySettings): Promise<ProviderChoice> {
  return createEmbeddingProvider({
    spec: settings.embeddings,
    model: settings.embeddingModel,
    apiKey: settings.embeddingApiKeyEnv ? process.env[settings.embeddingApiKeyEnv] : undefined,
    fallback: settings.embeddingFallback,
    setting: MEMORY_SETTING,
  });
}

function providerKey(s: MemorySettings): string {
  return JSON.stringify([s.embeddings, s.embeddingModel, s.embeddingApiKeyEnv, s.embeddingFallback]);
}

/** The cached provider for these settings (failures are not cached, so a fixed setup works on the next call). */
function providerFor(settings: MemorySettings): Promise<ProviderChoice> {
  const key = providerKey(settings);
  let p = providers.get(key);
  if (!p) {
    p = createProvider(settings);
    providers.set(key, p);
    p.catch(() => providers.delete(key));
  }
  return p;
}

export async function openStore(
  settings: MemorySettings,
  root: string,
): Promise<{ store: MemoryStore; degraded?: string }> {
  const url = settings.url;
  const where = url
    ? `${url}\u0000${projectSchema(settings, root)}\u0000${settings.poolMax}`
    : `${databasePath(settings, root)}\u0000${settings.durability}`;
  const key = `${where}\u0000${settings.queryTimeoutMs}\u0000${providerKey(settings)}`;
  let p = stores.get(key);
  if (!p) {
    if (!url) refuseEscapingDatabase(settings, root);
    p = (async () => {
      const choice = await providerFor(settings);
      const store: MemoryStore = url
        ? await PostgresMemoryStore.open({
            url,
            schema: projectSchema(settings, root),
            provider: choice.provider,
            poolMax: settings.poolMax,
            queryTimeoutMs: settings.queryTimeoutMs,
          })
        : await ThreadedSqliteStore.open({
            path: databasePath(settings, root),
            provider: choice.provider,
            durability: settings.durability,
            queryTimeoutMs: settings.queryTimeoutMs,
          });
      return { store, degraded: choice.degraded };
    })();
    stores.set(key, p);
    p.catch(() => stores.delete(key));
  }
  return p;
}

export interface OpenOptions {
  config: LoadedConfig;
  root: string;
  env?: Record<string, string | undefined>;
  now?: () => number;
}

/** Validates settings, opens (or reuses) the store and returns the context operations run in. */
export async function openMemory(options: OpenOptions): Promise<MemoryContext> {
  const settings = memorySettings(options.config, options.env);
  const { store, degraded } = await openStore(settings, options.root);
  return {
    store,
    settings,
    root: options.root,
    thresholds: thresholdsFrom(options.config),
    now: options.now ?? Date.now,
    providerDegraded: degraded,
  };
}

/** Closes every cached store (tests, shutdown). */
export async function closeAllStores(): Promise<void> {
  const all = [...stores.values()];
  stores.clear();
  for (const p of all) {
    try {
      const { store } = await p;
      await store.idle();
      await store.close();
    } catch {
      // a store that failed to open has nothing to close
    }
  }
}
