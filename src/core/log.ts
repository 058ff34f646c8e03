/**
 * Correction log (seed 000, section 5.1): every auto-correction and every likely_fix issued is appended as one JSON
 * line, so `dwim stats` can show which mistakes agents make and which corrections fire. Logging never fails a call.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import type { Correction } from "./corrections.js";
import type { ErrorPayload } from "./errors.js";

export interface LogEntry {
  ts: string;
  tool: string;
  /** `auto` for corrections applied, `likely_fix` for fixes handed back in an error. */
  tier: "auto" | "likely_fix";
  correction_type: string;
  parameter?: string;
  original?: unknown;
  corrected?: unknown;
  confidence?: number;
}

export function defaultLogPath(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_STATE_HOME || join(homedir(), ".local", "state");
  return join(base, "dwim", "corrections.jsonl");
}

export class CorrectionLog {
  private warned = false;

  /** `path` undefined: logging is off. */
  constructor(readonly path: string | undefined) {}

  static disabled(): CorrectionLog {
    return new CorrectionLog(undefined);
  }

  get enabled(): boolean {
    return this.path !== undefined;
  }

  recordCorrections(tool: string, corrections: readonly Correction[]): void {
    for (const c of corrections) {
      this.append({
        ts: new Date().toISOString(),
        tool,
        tier: "auto",
        correction_type: c.correction_type,
        parameter: c.parameter,
        original: clip(c.original),
        corrected: clip(c.corrected),
        confidence: c.confidence,
      });
    }
  }

  recordLikelyFix(tool: string, error: ErrorPayload): void {
    if (error.likely_fix === undefined) return;
    this.append({
      ts: new Date().toISOString(),
      tool,
      tier: "likely_fix",
      correction_type: error.error_type,
      parameter: error.parameter,
      original: clip(error.got),
      corrected: clip(error.likely_fix),
    });
  }

  append(entry: LogEntry): void {
    if (!this.path) return;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
    } catch (e) {
      if (!this.warned) {
        this.warned = true;
        process.stderr.write(`dwim: correction log disabled, cannot write ${this.path}: ${(e as Error).message}\n`);
      }
    }
  }
}

/** Long values (an old_str) are cut in the log: it records what kind of mistake, not the payload. */
function clip(v: unknown): unknown {
  if (typeof v === "string" && v.length > 200) return `${v.slice(0, 199)}…`;
  return v;
}

export interface LogSummary {
  path: string;
  total: number;
  malformed_lines: number;
  by_tool: Record<string, number>;
  by_correction_type: Record<string, number>;
  by_tier: Record<string, number>;
  first?: string;
  last?: string;
}

export function summarizeLog(path: string): LogSummary {
  const summary: LogSummary = {
    path,
    total: 0,
    malformed_lines: 0,
    by_tool: {},
    by_correction_type: {},
    by_tier: {},
  };
  if (!existsSync(path)) return summary;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    let entry: Partial<LogEntry>;
    try {
      entry = JSON.parse(line) as Partial<LogEntry>;
    } catch {
      summary.malformed_lines++;
      continue;
    }
    if (typeof entry.tool !== "string" || typeof entry.tier !== "string") {
      summary.malformed_lines++;
      continue;
    }
    summary.total++;
    bump(summary.by_tool, entry.tool);
    bump(summary.by_tier, entry.tier);
    bump(summary.by_correction_type, String(entry.correction_type ?? "unknown"));
    if (typeof entry.ts === "string") {
      summary.first ??= entry.ts;
      summary.last = entry.ts;
    }
  }
  return summary;
}

function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export function renderSummary(s: LogSummary): string {
  if (s.total === 0) return `No corrections logged yet (${s.path}).`;
  const section = (title: string, counts: Record<string, number>) =>
    [
      title,
      ...Object.entries(counts)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([k, n]) => `  ${k.padEnd(28)} ${String(n).padStart(6)}`),
    ].join("\n");
  return [
    `${s.total} corrections in ${s.path}${s.first ? ` (${s.first} … ${s.last})` : ""}`,
    section("By tool:", s.by_tool),
    section("By correction type:", s.by_correction_type),
    section("By tier:", s.by_tier),
    s.malformed_lines > 0 ? `(${s.malformed_lines} malformed lines skipped)` : "",
  ]
    .filter(Boolean)
    .join("\n");
}
