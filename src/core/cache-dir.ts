/**
 * dwim's user cache directory (embedding vectors, the CLI's compiled code): `DWIM_CACHE_DIR`, else a configured
 * directory, else `$XDG_CACHE_HOME/dwim`, else `~/.cache/dwim`; `off` (or empty) disables caching: null.
 * Node built-ins only: the CLI launcher imports it before anything else is loaded.
 */
import { homedir } from "node:os";
import { join } from "node:path";

export function dwimCacheDir(
  env: Record<string, string | undefined> = process.env,
  configured?: string,
): string | null {
  const dir = env.DWIM_CACHE_DIR ?? configured;
  if (dir === "off" || dir === "") return null;
  if (dir) return dir;
  return join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "dwim");
}
