/** What a search call runs with besides its arguments: ripgrep, the roots, the `[search]` settings, cancellation. */
import type { ProgressSink } from "./progress.js";
import type { RipgrepInfo } from "./ripgrep.js";

export interface SearchEnv {
  rg: RipgrepInfo;
  cwd: string;
  roots: readonly string[];
  timeoutMs: number;
  autoRetry: boolean;
  threshold: number;
  maxRetries: number;
  maxChars: number;
  /** Largest file searched, in bytes (`[search] max_filesize`); `rg_flags` may lower it. */
  maxFilesize?: number;
  /** Reuse file listings while their witness holds (`[search] listing_cache`, default true). */
  listingCache?: boolean;
  signal?: AbortSignal;
  /** Receives progress of searches that run longer than about a second. */
  progress?: ProgressSink;
}
