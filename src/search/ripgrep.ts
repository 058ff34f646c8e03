/**
 * Finding and running ripgrep: `DWIM_RG_PATH` / `[search] rg_path`, then the binary inside the npm package
 * `@vscode/ripgrep` (>= 1.18 ships it in a per-platform package, no download), then `rg` on PATH. Always an argument
 * array, never a shell; output is read as a stream and the process group is killed on timeout or cancellation.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { ToolError } from "../core/errors.js";

export interface RipgrepInfo {
  path: string;
  version: string;
  pcre2: boolean;
  source: "config" | "npm" | "path";
}

const infoCache = new Map<string, RipgrepInfo>();

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary of `@vscode/ripgrep`, resolved without importing the package (its import throws when it is missing). */
function npmRipgrepPath(): string | undefined {
  const require = createRequire(import.meta.url);
  const binary = process.platform === "win32" ? "rg.exe" : "rg";
  const arch = process.env.npm_config_arch || process.arch;
  try {
    return require.resolve(`@vscode/ripgrep-${process.platform}-${arch}/bin/${binary}`);
  } catch {
    try {
      // Older layouts kept the binary inside @vscode/ripgrep itself.
      const pkg = require.resolve("@vscode/ripgrep/package.json");
      const p = join(pkg, "..", "bin", binary);
      return isExecutable(p) ? p : undefined;
    } catch {
      return undefined;
    }
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    if (isExecutable(p)) return p;
  }
  return undefined;
}

function probe(path: string, source: RipgrepInfo["source"]): RipgrepInfo | undefined {
  const v = spawnSync(path, ["--version"], { encoding: "utf8", timeout: 5000 });
  if (v.status !== 0) return undefined;
  const version = /ripgrep (\S+)/u.exec(v.stdout)?.[1] ?? "unknown";
  const p = spawnSync(path, ["--pcre2-version"], { encoding: "utf8", timeout: 5000 });
  return { path, version, pcre2: p.status === 0, source };
}

/** Locates rg once per configured path; throws SEARCH_RG_UNAVAILABLE when none works. */
export function locateRipgrep(configured?: string, env: NodeJS.ProcessEnv = process.env): RipgrepInfo {
  const key = configured ?? "";
  const cached = infoCache.get(key);
  if (cached) return cached;
  const tried: string[] = [];
  const candidates: Array<[string | undefined, RipgrepInfo["source"]]> = [
    [configured, "config"],
    [npmRipgrepPath(), "npm"],
    [onPath(process.platform === "win32" ? "rg.exe" : "rg", env), "path"],
  ];
  for (const [path, source] of candidates) {
    if (!path) continue;
    tried.push(path);
    const info = probe(path, source);
    if (info) {
      infoCache.set(key, info);
      return info;
    }
    if (source === "config") break;
  }
  throw new ToolError({
    error: configured
      ? `ripgrep at '${configured}' (DWIM_RG_PATH) does not run`
      : "ripgrep was not found: neither the npm package @vscode/ripgrep nor rg on PATH",
    error_type: "SEARCH_RG_UNAVAILABLE",
    got: tried,
    hints: [
      "Install it: npm install @vscode/ripgrep (ships the binary), or apt-get install ripgrep",
      "Or point DWIM_RG_PATH at an rg binary",
    ],
  });
}

export interface RgRunOptions {
  rg: string;
  args: string[];
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called for each record (text up to the separator); return false to stop ripgrep early. */
  onRecord: (record: string) => boolean | undefined;
  separator: "\n" | "\0";
  /** Text to write to stdin (validating a pattern on empty input). */
  stdin?: string;
}

export interface RgRunResult {
  exitCode: number | null;
  stderr: string;
  timedOut: boolean;
  stoppedEarly: boolean;
  aborted: boolean;
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === "win32") child.kill("SIGKILL");
    else process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

const STDERR_KEEP = 4096;

/** Runs rg, feeding each output record to `onRecord` as it arrives. */
export function runRipgrep(options: RgRunOptions): Promise<RgRunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(options.rg, options.args, {
      cwd: options.cwd,
      stdio: [options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      detached: process.platform !== "win32",
      windowsHide: true,
    });
    const decoder = new StringDecoder("utf8");
    let pending = "";
    let stderr = "";
    let timedOut = false;
    let stoppedEarly = false;
    let aborted = false;
    let finished = false;
    const stop = () => {
      killGroup(child);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const sep = options.separator;
    child.stdout?.on("data", (chunk: Buffer) => {
      if (stoppedEarly || timedOut || aborted) return;
      pending += decoder.write(chunk);
      let start = 0;
      for (;;) {
        const end = pending.indexOf(sep, start);
        if (end < 0) break;
        const record = pending.slice(start, end);
        start = end + 1;
        if (options.onRecord(record) === false) {
          stoppedEarly = true;
          stop();
          break;
        }
      }
      pending = start === 0 ? pending : pending.slice(start);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.toString("utf8");
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (finished) return;
      finished = true;
      reject(
        new ToolError({
          error: `ripgrep could not be started: ${e.message}`,
          error_type: "SEARCH_RG_UNAVAILABLE",
          got: options.rg,
          hints: ["Point DWIM_RG_PATH at a working rg binary"],
        }),
      );
    });
    if (options.stdin !== undefined && child.stdin) child.stdin.end(options.stdin);
    child.on("close", (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (finished) return;
      finished = true;
      if (!stoppedEarly && !timedOut && !aborted) {
        pending += decoder.end();
        if (pending !== "") options.onRecord(pending);
      }
      resolvePromise({ exitCode: code, stderr: stderr.slice(0, STDERR_KEEP), timedOut, stoppedEarly, aborted });
    });
  });
}

/** Checks a pattern with rg on empty input: exit 1 means valid (no match), 2 means rejected. */
export async function checkPattern(
  rg: string,
  pattern: string,
  flags: readonly string[],
  cwd: string,
): Promise<{ valid: boolean; message: string }> {
  const r = await runRipgrep({
    rg,
    args: ["--no-config", ...flags, "-e", pattern, "-"],
    cwd,
    timeoutMs: 5000,
    separator: "\n",
    stdin: "",
    onRecord: () => true,
  });
  return { valid: r.exitCode !== 2, message: firstErrorLines(r.stderr) };
}

/** The useful part of rg's error text. */
export function firstErrorLines(stderr: string): string {
  return stderr
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(0, 8)
    .join("\n")
    .slice(0, 1024);
}
