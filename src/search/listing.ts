/** `rg --files`: the files a search covers, chosen by ripgrep (ignore rules, globs, types, hidden files, size cap). */
import { listingCache } from "./listing-cache.js";
import { type RgRunResult, runRipgrep } from "./ripgrep.js";

export interface ListOptions {
  rg: string;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** File-selection flags only (normalised `--flag=value` forms). */
  flags: readonly string[];
  hidden: boolean;
  noIgnore?: boolean;
  target: string;
  /** Called with each path as it arrives (work spread over the listing rather than done after it). */
  onPath?: (path: string) => void;
}

/** Collects the listed paths; a method rather than a closure per call (see RecordStream in ripgrep.ts). */
class PathSink {
  readonly paths: string[] = [];

  constructor(private readonly onPath: ((path: string) => void) | undefined) {}

  add(record: string): boolean {
    if (record === "") return true;
    this.paths.push(record);
    this.onPath?.(record);
    return true;
  }
}

/** Paths as ripgrep prints them (relative to the working directory when the target is). */
export async function listFiles(o: ListOptions): Promise<{ paths: string[]; run: RgRunResult }> {
  const sink = new PathSink(o.onPath);
  const run = await runRipgrep({
    rg: o.rg,
    args: [
      "--no-config",
      "--no-require-git",
      "--files",
      "--null",
      ...(o.hidden ? ["--hidden"] : []),
      ...(o.noIgnore ? ["--no-ignore"] : []),
      ...o.flags,
      "--",
      o.target,
    ],
    cwd: o.cwd,
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    separator: "\0",
    onRecord: sink.add.bind(sink),
  });
  return { paths: sink.paths, run };
}

/** What a clean `rg --files` run reports: a kept listing stands for one. */
const CLEAN_LISTING: RgRunResult = { exitCode: 0, stderr: "", timedOut: false, stoppedEarly: false, aborted: false };

/**
 * The files to search: the listing kept from an earlier call while nothing that decides it has changed
 * (listing-cache.ts), else ripgrep's, kept for the next call when it ran cleanly.
 */
export async function listOrReuse(
  o: ListOptions,
  useCache: boolean,
): Promise<{ paths: readonly string[]; run: RgRunResult }> {
  // The thread count changes how ripgrep walks, not what it lists.
  const flags = o.flags.filter((f) => !f.startsWith("--threads="));
  const key = JSON.stringify([o.cwd, o.target, flags, o.hidden, o.noIgnore ?? false]);
  const kept = useCache ? listingCache.lookup(key) : undefined;
  if (kept) {
    if (o.onPath) for (const p of kept) o.onPath(p);
    return { paths: kept, run: CLEAN_LISTING };
  }
  const startedAt = Date.now();
  const list = await listFiles(o);
  const r = list.run;
  if (useCache && r.exitCode === 0 && r.stderr === "" && !r.timedOut && !r.aborted && !r.stoppedEarly)
    void listingCache.remember(key, { cwd: o.cwd, target: o.target, hidden: o.hidden, flags }, list.paths, startedAt);
  return list;
}
