/**
 * Finding and running ripgrep: `DWIM_RG_PATH` / `[search] rg_path`, then the binary inside the npm package
 * `@vscode/ripgrep` (>= 1.18 ships it in a per-platform package, no download), then `rg` on PATH. Always an argument
 * array, never a shell; output is read as a stream and the process group is killed on timeout or cancellation.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { ToolError } from "../core/errors.js";
import { type PipelineHandle, startPipeline } from "../core/spawn-helper.js";
import { watchFifos } from "./fifo-watch.js";

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

/** The arguments of every line-printing run: `path\0line:content` records, no colour, no config file. */
export const LINE_ARGS: readonly string[] = [
  "--no-config",
  "--no-require-git",
  "--no-heading",
  "--with-filename",
  "--line-number",
  "--null",
  "--color=never",
];

/** A later stage of a pipeline: reads the previous stage's lines on stdin and prints those matching `pattern`. */
export function filterStageArgs(pattern: string): string[] {
  return ["--no-config", "--text", "--no-line-number", "--no-filename", "--color=never", "-e", pattern, "-"];
}

export interface RgRunOptions {
  rg: string;
  args: string[];
  /** Further ripgrep runs, each reading the previous one's output (see filterStageArgs). */
  pipeThrough?: readonly string[][];
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called for each record (text up to the separator); return false to stop ripgrep early. */
  onRecord: (record: string) => boolean | undefined;
  separator: "\n" | "\0";
  /** Text to write to stdin (validating a pattern on empty input). */
  stdin?: string;
  /** The allowed roots, for a run that walks them: a FIFO swapped in there never holds it (fifo-watch.ts). */
  roots?: readonly string[];
}

export interface RgRunResult {
  /** The first run's exit code; 2 also when a later stage failed. */
  exitCode: number | null;
  stderr: string;
  timedOut: boolean;
  stoppedEarly: boolean;
  aborted: boolean;
}

const STDERR_KEEP = 4096;

/** Runs rg (and the stages it pipes into), feeding each output record of the last to `onRecord` as it arrives. */
/**
 * Splits ripgrep's output into records and hands each to `onRecord`. A class rather than closures made per run: V8
 * keeps optimised code only while a function that uses it lives, so a hot closure made per search was compiled again
 * on most searches (about 15 ms of a compiler thread each, on the cores ripgrep scans with).
 */
class RecordStream {
  private readonly decoder = new StringDecoder("utf8");
  private pending = "";
  stderr = "";
  timedOut = false;
  stoppedEarly = false;
  aborted = false;
  finished = false;
  /** Why the run was stopped while waiting on something it could not be released from (fifo-watch.ts). */
  stuckOn: string | undefined;
  pipeline: PipelineHandle | undefined;
  readonly deadline: number;

  constructor(private readonly options: RgRunOptions) {
    this.deadline = Date.now() + options.timeoutMs;
  }

  stop(): void {
    this.pipeline?.kill();
  }

  stuck(why: string): void {
    if (this.stuckOn !== undefined || this.finished) return;
    this.stuckOn = why;
    this.addStderr(`dwim: ${why}; the run was stopped\n`);
    this.stop();
  }

  /** Scores a chunk synchronously: timers and the abort event cannot interrupt it, so it checks both itself. */
  write(chunk: Buffer): void {
    if (this.stoppedEarly || this.timedOut || this.aborted) return;
    const { options } = this;
    const sep = options.separator;
    const pending = this.pending + this.decoder.write(chunk);
    let start = 0;
    for (let n = 1; ; n++) {
      const end = pending.indexOf(sep, start);
      if (end < 0) break;
      const record = pending.slice(start, end);
      start = end + 1;
      if (options.onRecord(record) === false) {
        this.stoppedEarly = true;
        this.stop();
        break;
      }
      if (n % 256 === 0 && (Date.now() > this.deadline || options.signal?.aborted)) {
        if (options.signal?.aborted) this.aborted = true;
        else this.timedOut = true;
        this.stop();
        break;
      }
    }
    this.pending = start === 0 ? pending : pending.slice(start);
  }

  /** The last record, unterminated. */
  flush(): void {
    if (this.stoppedEarly || this.timedOut || this.aborted) return;
    const rest = this.pending + this.decoder.end();
    this.pending = "";
    if (rest !== "") this.options.onRecord(rest);
  }

  addStderr(text: string): void {
    if (this.stderr.length < STDERR_KEEP) this.stderr += text;
  }
}

/** Runs rg (and the stages it pipes into), feeding each output record of the last to `onRecord` as it arrives. */
export function runRipgrep(options: RgRunOptions): Promise<RgRunResult> {
  return new Promise((resolvePromise, reject) => {
    const stream = new RecordStream(options);
    const timer = setTimeout(() => {
      stream.timedOut = true;
      stream.stop();
    }, options.timeoutMs);
    const onAbort = () => {
      stream.aborted = true;
      stream.stop();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    let unwatch: (() => void) | undefined;
    const settled = () => {
      clearTimeout(timer);
      unwatch?.();
      options.signal?.removeEventListener("abort", onAbort);
      if (stream.finished) return false;
      stream.finished = true;
      return true;
    };
    stream.pipeline = startPipeline(
      {
        file: options.rg,
        stages: [options.args, ...(options.pipeThrough ?? [])],
        cwd: options.cwd,
        stdin: options.stdin,
      },
      {
        data: stream.write.bind(stream),
        stderr: stream.addStderr.bind(stream),
        end: (codes) => {
          if (!settled()) return;
          stream.flush();
          const exitCode = stream.stuckOn !== undefined || codes.slice(1).some((x) => x === 2) ? 2 : codes[0];
          const { stderr, timedOut, stoppedEarly, aborted } = stream;
          resolvePromise({ exitCode, stderr: stderr.slice(0, STDERR_KEEP), timedOut, stoppedEarly, aborted });
        },
        error: (e) => {
          stream.stop();
          if (!settled()) return;
          reject(
            new ToolError({
              error: `ripgrep could not be started: ${e.message}`,
              error_type: "SEARCH_RG_UNAVAILABLE",
              got: options.rg,
              hints: ["Point DWIM_RG_PATH at a working rg binary"],
            }),
          );
        },
      },
    );
    if (options.roots && !stream.finished) {
      const { pipeline } = stream;
      unwatch = watchFifos({
        pids: () => pipeline.pids(),
        cwd: options.cwd,
        roots: options.roots,
        stuck: stream.stuck.bind(stream),
      });
    }
    // Aborted before it started, or the abort came while spawning.
    if (options.signal?.aborted) onAbort();
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
