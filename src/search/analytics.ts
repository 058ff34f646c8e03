/** An optional JSONL log of corrections (only when `DWIM_SEARCH_ANALYTICS_LOG` is set), for offline study. */
import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";

const ANALYTICS_MAX_BYTES = 10 * 1024 * 1024;

export interface AnalyticsEntry {
  tool: string;
  original: { fuzzy_filter: string; regex_pattern?: string; rg_flags?: unknown };
  corrected?: { fuzzy_filter: unknown; regex_pattern?: unknown; rg_flags?: unknown };
  correction_type?: string;
  confidence?: number;
  original_matches: number;
  corrected_matches?: number;
  accepted: "auto" | "yes" | "no" | "below_threshold" | "none";
  duration_ms: number;
}

/** Appends one line; rotates the file to `.1` past 10 MB. Never throws: analytics must not break a search. */
export function logCorrection(file: string, entry: AnalyticsEntry): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    try {
      if (statSync(file).size > ANALYTICS_MAX_BYTES) renameSync(file, `${file}.1`);
    } catch {
      // No file yet.
    }
    appendFileSync(file, `${JSON.stringify({ ts: new Date().toISOString(), ...entry })}\n`);
  } catch {
    // Best effort.
  }
}
