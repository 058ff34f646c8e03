/** `rg --files`: the files a search covers, chosen by ripgrep (ignore rules, globs, types, hidden files, size cap). */
import { type RgRunResult, runRipgrep } from "./ripgrep.js";

/** Flags that only choose files: with these (and the default pattern) the lines are those of the listed files. */
export const FILE_SELECTION_FLAGS = [
  "--glob",
  "--iglob",
  "--glob-case-insensitive",
  "--type",
  "--type-not",
  "--max-depth",
  "--max-filesize",
  "--no-ignore",
  "--no-ignore-vcs",
  "--no-ignore-parent",
  "--no-ignore-dot",
  "--no-ignore-global",
  "--no-ignore-exclude",
  "--no-ignore-files",
  "--one-file-system",
  "--threads",
];

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
  /** Called once with a kept listing's paths, instead of onPath with each (decided all at once). */
  onPaths?: (paths: readonly string[]) => void;
  /** The allowed roots: the walk reads ignore files, and a FIFO among them never holds it (fifo-watch.ts). */
  roots?: readonly string[];
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
    roots: o.roots,
  });
  return { paths: sink.paths, run };
}

/** What decides a listing besides the tree: the same key, the same `rg --files` output (the thread count aside). */
export function listingKey(o: ListOptions): string {
  return JSON.stringify([o.cwd, o.target, nameFlags(o), o.hidden, o.noIgnore ?? false]);
}

/** The listing's flags without the thread count, which changes how ripgrep walks, not what it lists. */
export function nameFlags(o: ListOptions): string[] {
  return o.flags.filter((f) => !f.startsWith("--threads="));
}
