/** The search environment every benchmark process runs dwim's searches in: one corpus root, generous limits. */
import { locateRipgrep } from "../../src/search/ripgrep.js";

export function benchEnv(cwd: string, listingCache = true) {
  return {
    rg: locateRipgrep(),
    cwd,
    roots: [cwd],
    timeoutMs: 120_000,
    autoRetry: true,
    threshold: 0.8,
    maxRetries: 1,
    maxChars: 1_000_000_000,
    maxFilesize: 50 * 1024 * 1024,
    listingCache,
  };
}
