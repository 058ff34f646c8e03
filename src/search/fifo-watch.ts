/**
 * A FIFO swapped in under ripgrep: its walk saw a regular file, then opens a FIFO, and open(2) waits for a writer that
 * never comes (docs/search.md, "Bounded work"). While ripgrep runs, the threads of its first stage are looked at about
 * every 100 ms on Linux (/proc): one waiting in open on a FIFO inside the roots is given its writer — the FIFO, held
 * by an O_PATH descriptor, is opened for writing without blocking and closed at once — so ripgrep reads it as an empty
 * file and goes on. A wait that cannot be resolved that way (the path unreadable, a FIFO outside the roots) stops the
 * run, reported as ripgrep's error. Without /proc (not Linux) nothing is watched.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
} from "node:fs";
import { isAbsolute, join } from "node:path";
import { isInside, resolveRoots } from "../core/roots.js";

const PROC = process.platform === "linux" && existsSync("/proc/self/task") ? "/proc" : undefined;
/** openat and open by architecture (the first field of /proc/PID/task/TID/syscall). */
const OPEN_SYSCALLS: Record<string, readonly string[]> = { x64: ["257", "2"], arm64: ["56"], arm: ["322", "5"] };
const OPENS = OPEN_SYSCALLS[process.arch] ?? [];
const AT_FDCWD = "0xffffff9c";
/** Linux's O_PATH: a descriptor naming the file without opening it (never blocks, even on a FIFO). */
const O_PATH = 0o10000000;
const WATCH_INTERVAL_MS = 100;

/** What the watch needs of a run: its processes, where its relative paths start, and where a FIFO may be answered. */
export interface WatchedRun {
  /** The stages' process ids once known; only the first stage opens files. */
  pids(): readonly number[] | undefined;
  cwd: string;
  roots: readonly string[];
  /** The run waits on something the watch cannot release: stop it, saying why. */
  stuck(why: string): void;
}

const runs = new Set<WatchedRun>();
/** Per thread, the open it was last seen in: the same open twice in a row is a wait. */
const lastSeen = new Map<string, string>();
let timer: NodeJS.Timeout | undefined;

/** Watches `run` until the returned function is called. */
export function watchFifos(run: WatchedRun): () => void {
  if (!PROC || OPENS.length === 0) return () => undefined;
  runs.add(run);
  if (!timer) {
    timer = setInterval(tick, WATCH_INTERVAL_MS);
    timer.unref();
  }
  return () => {
    runs.delete(run);
    if (runs.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
      lastSeen.clear();
    }
  };
}

function tick(): void {
  for (const run of runs) {
    const pid = run.pids()?.[0];
    if (pid) inspect(run, pid);
  }
}

/** Each thread of `pid` waiting in open: released when it waits on a FIFO inside the roots, else the run is stuck. */
function inspect(run: WatchedRun, pid: number): void {
  let tids: string[];
  try {
    tids = readdirSync(`${PROC}/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    const key = `${pid}/${tid}`;
    const call = readProc(`${PROC}/${pid}/task/${tid}/syscall`);
    const fields = call?.trim().split(" ") ?? [];
    if (!OPENS.includes(fields[0] ?? "")) {
      lastSeen.delete(key);
      continue;
    }
    const fifoWait = readProc(`${PROC}/${pid}/task/${tid}/wchan`) === "wait_for_partner";
    const again = lastSeen.get(key) === call;
    lastSeen.set(key, call as string);
    if (!fifoWait && !again) continue;
    const path = openedPath(pid, fields);
    if (path === undefined) {
      // A wait in open that is not known to be on a FIFO may be a slow disk: stopped only once known.
      if (fifoWait) run.stuck("ripgrep was waiting to open a FIFO (named pipe) in the tree");
      continue;
    }
    const released = release(path, run);
    if (released === "outside") run.stuck(`ripgrep was waiting to open ${path}, a FIFO (named pipe) outside the roots`);
    else if (released !== true && fifoWait) run.stuck(`ripgrep was waiting to open ${path}, a FIFO (named pipe)`);
  }
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** The path a thread is opening: openat's second argument (or open's first), read from the process's memory. */
function openedPath(pid: number, fields: readonly string[]): string | undefined {
  const at = fields[0] === "2" || fields[0] === "5" ? 1 : 2;
  const pointer = fields[at];
  if (!pointer?.startsWith("0x")) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(`${PROC}/${pid}/mem`, "r");
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, BigInt(pointer));
    const nul = buf.subarray(0, n).indexOf(0);
    if (nul <= 0) return undefined;
    const path = buf.toString("utf8", 0, nul);
    if (isAbsolute(path)) return path;
    const dirfd = at === 2 ? fields[1] : AT_FDCWD;
    const base =
      dirfd === AT_FDCWD ? readlinkSync(`${PROC}/${pid}/cwd`) : readlinkSync(`${PROC}/${pid}/fd/${Number(dirfd)}`);
    return join(base, path);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Gives the FIFO at `path` a writer for an instant, which lets a reader waiting in open go on (it then reads end of
 * file). The FIFO is held by an O_PATH descriptor and reopened through it, so what is opened for writing is that FIFO
 * even if the name changes meanwhile; it must lie inside the roots. True when released; "outside" when refused there.
 */
function release(path: string, run: WatchedRun): true | "outside" | "not_fifo" {
  let held: number | undefined;
  try {
    held = openSync(path, O_PATH);
    if (!fstatSync(held).isFIFO()) return "not_fifo";
    const real = readlinkSync(`${PROC}/self/fd/${held}`);
    if (!resolveRoots(run.roots, run.cwd).some((root) => isInside(real, root))) return "outside";
    // No reader waiting any more (ENXIO) is as good: the open it waited in has returned.
    try {
      closeSync(openSync(`${PROC}/self/fd/${held}`, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // ENXIO: nobody reads it now.
    }
    return true;
  } catch {
    return "not_fifo";
  } finally {
    if (held !== undefined) closeSync(held);
  }
}
