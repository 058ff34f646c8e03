/**
 * One open store per database (file, or PostgreSQL URL and project schema) per process, and one embedding provider
 * per configuration. `url` (DWIM_MEMORY_URL) selects the PostgreSQL backend; without it nothing changes. Settings are
 * validated before anything is opened, so an invalid weight stops the first call (and start-up) with a clear error.
 */
import { existsSync } from "node:fs";
import { basename, isAbsolute, join, resolve } from "node:path";
import { createEmbeddingProvider, MEMORY_SETTING, type ProviderChoice } from "../core/embeddings/index.js";
import type { LoadedConfig, SuggestThresholds } from "../core/index.js";
import { ensureStateDirectory, firstEscape, ToolError, thresholdsFrom } from "../core/index.js";
import { schemaName } from "./postgres-schema.js";
import { PostgresMemoryStore } from "./postgres-store.js";
import { type MemorySettings, memorySettings } from "./settings.js";
import { SqliteMemoryStore } from "./sqlite-store.js";
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
  /**
   * The database file that does not exist yet, when a tool that adds no memory was served from an empty store in its
   * place (nothing was created on disk).
   */
  absent?: string;
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
    if (!url) {
      refuseEscapingDatabase(settings, root);
      if (!settings.path) stateDirectoryOf(root);
    }
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

/**
 * The project's `.dwim/`, made (with its `.gitignore`) for the default database. The project must exist: a
 * misspelt project directory is reported, never created.
 */
function stateDirectoryOf(root: string): void {
  try {
    ensureStateDirectory(root);
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === "ENOENT";
    throw new ToolError({
      error: missing
        ? `Memory database not created: the project directory ${root} does not exist`
        : `Memory database not created: cannot make ${join(root, ".dwim")}: ${(e as Error).message}`,
      error_type: "storage_error",
      parameter: "memory.path",
      hints: [
        missing
          ? "Start dwim with --project naming an existing directory (or from inside the project)"
          : "Make the project directory writable, or choose the database's place: DWIM_MEMORY_DB",
      ],
    });
  }
}

/** An empty store in memory, for a tool that reads a project whose database does not exist yet. */
function emptyStore(settings: MemorySettings): Promise<{ store: MemoryStore; degraded?: string }> {
  const key = `:memory:\u0000${providerKey(settings)}`;
  let p = stores.get(key);
  if (!p) {
    p = (async () => {
      const choice = await providerFor(settings);
      return {
        store: SqliteMemoryStore.open({ path: ":memory:", provider: choice.provider }),
        degraded: choice.degraded,
      };
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
  /**
   * false: a project whose SQLite database does not exist is served from an empty store and nothing is created (for
   * tools that add no memory: a read must not leave a database, or a `.dwim/`, behind). Default true.
   */
  create?: boolean;
}

/** Validates settings, opens (or reuses) the store and returns the context operations run in. */
export async function openMemory(options: OpenOptions): Promise<MemoryContext> {
  const settings = memorySettings(options.config, options.env);
  const path = settings.url ? undefined : databasePath(settings, options.root);
  const absent = options.create === false && path !== undefined && !existsSync(path) ? path : undefined;
  const { store, degraded } = absent ? await emptyStore(settings) : await openStore(settings, options.root);
  return {
    store,
    settings,
    root: options.root,
    thresholds: thresholdsFrom(options.config),
    now: options.now ?? Date.now,
    providerDegraded: degraded,
    ...(absent ? { absent } : {}),
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
