/**
 * Correction log (README: How recovery works): every auto-correction and every likely_fix issued is appended as one JSON
 * line, so `dwim stats` can show which mistakes agents make and which corrections fire. Logging never fails a call.
 * The log records the kind of mistake, not the payload: edit text and memory content are replaced by their length
 * (unless `[log] redact = false`), other values are cut, and the file is rotated to `<path>.1` past `max_bytes`.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
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

export interface CorrectionLogOptions {
  /** Rotate past this size (default 1 MB). */
  maxBytes?: number;
  /** Replace payload parameters by their length (default true). */
  redact?: boolean;
}

/** Parameters that carry file text or memory text: never logged when redacting. */
export const PAYLOAD_PARAMETERS: ReadonlySet<string> = new Set([
  "old_str",
  "new_str",
  "old_string",
  "new_string",
  "oldText",
  "newText",
  "content",
  "rationale",
  "memories",
]);

const MAX_LOGGED_CHARS = 200;
const MAX_LOGGED_JSON = 1000;

export class CorrectionLog {
  private warned = false;
  private readonly maxBytes: number;
  private readonly redact: boolean;

  /** `path` undefined: logging is off. */
  constructor(
    readonly path: string | undefined,
    options: CorrectionLogOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 1_000_000;
    this.redact = options.redact ?? true;
  }

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
        original: this.loggable(c.original, c.parameter),
        corrected: this.loggable(c.corrected, c.parameter),
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
      original: this.loggable(error.got, error.parameter),
      corrected: this.loggable(error.likely_fix, error.parameter),
    });
  }

  append(entry: LogEntry): void {
    if (!this.path) return;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      this.rotateIfFull();
      appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
    } catch (e) {
      if (!this.warned) {
        this.warned = true;
        process.stderr.write(`dwim: correction log disabled, cannot write ${this.path}: ${(e as Error).message}\n`);
      }
    }
  }

  /** Keeps one previous file: `<path>.1`. Two processes may both rotate; at worst one file's lines are lost early. */
  private rotateIfFull(): void {
    if (!this.path) return;
    let size = 0;
    try {
      size = statSync(this.path).size;
    } catch {
      return;
    }
    if (size >= this.maxBytes) renameSync(this.path, `${this.path}.1`);
  }

  /** What the log keeps of a value: payload parameters as their length, long strings cut, large objects summarised. */
  loggable(value: unknown, parameter?: string): unknown {
    const redacted = (v: unknown, key?: string): unknown => {
      if (this.redact && key !== undefined && PAYLOAD_PARAMETERS.has(key) && v !== undefined && v !== null) {
        return `[redacted: ${typeof v === "string" ? `${v.length} chars` : `${JSON.stringify(v)?.length ?? 0} bytes`}]`;
      }
      if (typeof v === "string") return v.length > MAX_LOGGED_CHARS ? `${v.slice(0, MAX_LOGGED_CHARS - 1)}…` : v;
      if (Array.isArray(v)) return v.map((item) => redacted(item, key));
      if (v !== null && typeof v === "object") {
        return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, redacted(item, k)]));
      }
      return v;
    };
    const out = redacted(value, parameter);
    const size = typeof out === "object" && out !== null ? (JSON.stringify(out)?.length ?? 0) : 0;
    return size > MAX_LOGGED_JSON ? `[omitted: ${size} bytes]` : out;
  }
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
  const files = [`${path}.1`, path].filter((f) => existsSync(f));
  const lines = files.flatMap((f) => readFileSync(f, "utf8").split("\n"));
  for (const line of lines) {
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
