/**
 * Typed storage errors for both backends. A failure of the database itself (unreadable file, unreachable server,
 * disk full, permission denied) becomes `storage_error` naming where the memory lives, with credentials removed from
 * both the location and the driver's message; it never reaches the agent as a raw driver exception.
 */
import { ToolError } from "../core/errors.js";

/** A connection URL with its password (and any `password=` parameter) removed, for messages, logs and health. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "";
    for (const key of [...u.searchParams.keys()]) if (/pass|secret|token|key/iu.test(key)) u.searchParams.delete(key);
    return u.toString().replace(/^(\w+:\/\/[^:@/]+):@/u, "$1@");
  } catch {
    // Not a URL we can parse: show only the scheme and host-ish part, never the rest.
    return url.replace(/\/\/[^@/]*@/u, "//").replace(/[?#].*$/u, "");
  }
}

/** Removes anything that looks like a password from a driver message. */
function scrub(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const s of secrets) if (s.length > 0) out = out.split(s).join("***");
  return out.replace(/(password\s*[=:]\s*)\S+/giu, "$1***");
}

export interface StorageErrorOptions {
  /** Strings that must never appear in the message (a password from the URL). */
  secrets?: readonly string[];
  hints?: string[];
}

/**
 * better-sqlite3's native module fails to load after Node.js changed under an installation (or a copy from another
 * platform): the fix is a rebuild, not anything about the database (README: Troubleshooting).
 */
const NATIVE_MISMATCH = /NODE_MODULE_VERSION|invalid ELF header|Could not locate the bindings file/u;
const REBUILD_HINT =
  "better-sqlite3's native module does not fit this Node.js: run `npm rebuild better-sqlite3` in dwim's directory (the one holding node_modules), then restart the server";

export function storageError(e: unknown, where: string, options: StorageErrorOptions = {}): ToolError {
  if (e instanceof ToolError) return e;
  const message = scrub(e instanceof Error ? e.message : String(e), options.secrets ?? []);
  const code = (e as { code?: unknown }).code;
  const hints = options.hints ?? ["Check that the database is reachable and writable, then retry"];
  return new ToolError({
    error: `Memory database ${where} failed: ${message}`,
    error_type: "storage_error",
    ...(typeof code === "string" ? { got: code } : {}),
    hints: code === "ERR_DLOPEN_FAILED" || NATIVE_MISMATCH.test(message) ? [REBUILD_HINT, ...hints] : hints,
  });
}

export function readOnlyError(where: string): ToolError {
  return new ToolError({
    error: `Memory database ${where} is read-only: reads work, writes do not`,
    error_type: "storage_error",
    hints: [
      "Make the database (and, for SQLite, its directory) writable, or point DWIM_MEMORY_DB / DWIM_MEMORY_URL elsewhere",
    ],
  });
}

/** The default of `[memory] query_timeout_ms`: a read statement still running after this long is stopped. */
export const DEFAULT_QUERY_TIMEOUT_MS = 5000;

/** Thrown inside a statement that ran past its deadline (see queryTimeout). */
export class QueryTimeout extends Error {
  constructor() {
    super("query timeout");
    this.name = "QueryTimeout";
  }
}

/**
 * A read that ran past `[memory] query_timeout_ms`: the operations above catch it per lane and answer with what the
 * other lanes found, marked `incomplete: "timeout"`; it reaches the agent only when nothing else can answer.
 */
export function queryTimeout(ms: number): ToolError {
  return new ToolError({
    error: `The memory query ran past its ${ms} ms budget and was stopped`,
    error_type: "query_timeout",
    got: ms,
    hints: [
      "Narrow the query: fewer prefix* terms or common words, or a file_path, tags or categories filter",
      "Raise [memory] query_timeout_ms (DWIM_MEMORY_QUERY_TIMEOUT_MS) if such queries are expected",
    ],
  });
}

/** True for the error queryTimeout builds. */
export function isQueryTimeout(e: unknown): boolean {
  return e instanceof ToolError && e.payload.error_type === "query_timeout";
}
