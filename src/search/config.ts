/** The `[search]` section of dwim.toml and its environment variables (spec §3 Config). */
import { z } from "zod";
import { defineConfigSection, type LoadedConfig, recoverySection, sectionOf } from "../core/config.js";

export const searchSection = defineConfigSection({
  key: "search",
  schema: z
    .strictObject({
      /** Unset: follows `[recovery] auto_correct` (which `MCP_FUZZY_SEARCH_AUTO_RETRY` sets). */
      auto_retry: z.boolean().optional(),
      /** Unset: follows `[recovery] auto_threshold` (which `MCP_FUZZY_SEARCH_RETRY_CONFIDENCE` sets). */
      retry_confidence: z.number().min(0).max(1).optional(),
      max_retries: z.number().int().min(0).max(3).default(1),
      timeout_ms: z.number().int().min(1).optional(),
      /** The seed's `MCP_FUZZY_SEARCH_TIMEOUT`, in seconds; `timeout_ms` wins. */
      timeout_seconds: z.number().positive().optional(),
      max_output_chars: z.number().int().min(1000).default(20_000),
      rg_path: z.string().min(1).optional(),
      analytics_log: z.string().min(1).optional(),
    })
    .default({ max_retries: 1, max_output_chars: 20_000 }),
  env: {
    DWIM_SEARCH_AUTO_RETRY: "auto_retry",
    DWIM_SEARCH_RETRY_CONFIDENCE: "retry_confidence",
    DWIM_SEARCH_MAX_RETRIES: "max_retries",
    MCP_FUZZY_SEARCH_TIMEOUT: "timeout_seconds",
    DWIM_SEARCH_TIMEOUT_MS: "timeout_ms",
    DWIM_SEARCH_MAX_CHARS: "max_output_chars",
    DWIM_RG_PATH: "rg_path",
    DWIM_SEARCH_ANALYTICS_LOG: "analytics_log",
  },
});

export interface SearchSettings {
  autoRetry: boolean;
  threshold: number;
  maxRetries: number;
  timeoutMs: number;
  maxChars: number;
  rgPath?: string;
  analyticsLog?: string;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export function searchSettings(config: LoadedConfig): SearchSettings {
  const s = sectionOf(config, searchSection);
  const r = sectionOf(config, recoverySection);
  return {
    autoRetry: s.auto_retry ?? r.auto_correct,
    threshold: s.retry_confidence ?? r.auto_threshold,
    maxRetries: s.max_retries,
    timeoutMs:
      s.timeout_ms ?? (s.timeout_seconds !== undefined ? Math.round(s.timeout_seconds * 1000) : DEFAULT_TIMEOUT_MS),
    maxChars: s.max_output_chars,
    rgPath: s.rg_path,
    analyticsLog: s.analytics_log,
  };
}
