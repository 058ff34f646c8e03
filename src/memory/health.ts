/** What `health` shows about the memory: the store's check, the provider, and env clashes between Daem0n-MCP's names and dwim's. */
import type { LoadedConfig } from "../core/index.js";
import { openMemory } from "./open.js";

export async function memoryHealth(
  config: LoadedConfig,
  root: string,
  env = process.env,
): Promise<Record<string, unknown>> {
  const mc = await openMemory({ config, root, env });
  const h = await mc.store.health();
  const out: Record<string, unknown> = {
    ...h,
    provider: mc.store.provider?.id ?? "none",
    vector_weight: mc.settings.vectorWeight,
    max_per_file: mc.settings.maxPerFile,
    fusion: mc.settings.fusion,
  };
  if (mc.settings.clashes.length > 0) out.env_clashes = mc.settings.clashes;
  if (mc.providerDegraded) out.degraded = mc.providerDegraded;
  return out;
}
