/** The `[search]` section of dwim.toml and its environment variables (docs/search.md, "Configuration"). */
import * as z from "zod";
import { defineConfigSection, type LoadedConfig, limitsSection, recoverySection, sectionOf } from "../core/config.js";
import { parseSize } from "./flags.js";

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
      /** mcp-personal's `MCP_FUZZY_SEARCH_TIMEOUT`, in seconds; `timeout_ms` wins. */
      timeout_seconds: z.number().positive().optional(),
      max_output_chars: z.number().int().min(1000).default(20_000),
      rg_path: z.string().min(1).optional(),
      analytics_log: z.string().min(1).optional(),
      /** Files larger than this are not searched (ripgrep's --max-filesize; `rg_flags` may lower it). */
      max_filesize: z
        .union([z.number().int().min(1), z.string().refine((v) => parseSize(v) !== undefined, "a size such as 50M")])
        .default("50M"),
      /** Reuse a search's file listing while nothing that decides it has changed (listing-cache.ts). */
      listing_cache: z.boolean().default(true),
    })
    .default({ max_retries: 1, max_output_chars: 20_000, max_filesize: "50M", listing_cache: true }),
  env: {
    DWIM_SEARCH_AUTO_RETRY: "auto_retry",
    DWIM_SEARCH_RETRY_CONFIDENCE: "retry_confidence",
    DWIM_SEARCH_MAX_RETRIES: "max_retries",
    MCP_FUZZY_SEARCH_TIMEOUT: "timeout_seconds",
    DWIM_SEARCH_TIMEOUT_MS: "timeout_ms",
    DWIM_SEARCH_MAX_CHARS: "max_output_chars",
    DWIM_RG_PATH: "rg_path",
    DWIM_SEARCH_ANALYTICS_LOG: "analytics_log",
    DWIM_SEARCH_MAX_FILESIZE: "max_filesize",
    DWIM_SEARCH_LISTING_CACHE: "listing_cache",
  },
  guarded: [
    { key: "rg_path", grants: "runs a program" },
    { key: "analytics_log", grants: "writes a file anywhere" },
  ],
});

export interface SearchSettings {
  autoRetry: boolean;
  threshold: number;
  maxRetries: number;
  timeoutMs: number;
  maxChars: number;
  rgPath?: string;
  analyticsLog?: string;
  /** Bytes. */
  maxFilesize: number;
  listingCache: boolean;
}

export function searchSettings(config: LoadedConfig): SearchSettings {
  const s = sectionOf(config, searchSection);
  const r = sectionOf(config, recoverySection);
  const limits = sectionOf(config, limitsSection);
  return {
    autoRetry: s.auto_retry ?? r.auto_correct,
    threshold: s.retry_confidence ?? r.auto_threshold,
    maxRetries: s.max_retries,
    timeoutMs:
      s.timeout_ms ?? (s.timeout_seconds !== undefined ? Math.round(s.timeout_seconds * 1000) : limits.timeout_ms),
    maxChars: s.max_output_chars,
    rgPath: s.rg_path,
    analyticsLog: s.analytics_log,
    maxFilesize: typeof s.max_filesize === "number" ? s.max_filesize : (parseSize(s.max_filesize) as number),
    listingCache: s.listing_cache,
  };
}
