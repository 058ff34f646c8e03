/**
 * An advisory lock between dwim processes whose staleness is proven, not timed: the lock is a directory created
 * whole (a temp directory holding an `owner` record, renamed into place), and another process may take it over only
 * once the holder is shown gone: on the same host, its pid no longer runs the process that took the lock (pid and
 * start time from /proc). A holder paused for any length of time (SIGSTOP, a laptop asleep) keeps its lock, and
 * before it writes it checks that the lock still names it. A timed lock (judged stale after 10 s without a refresh)
 * lost an acknowledged edit when its holder was paused past that and resumed. No maintained npm package proves
 * staleness without a native addon (proper-lockfile and lockfile time it; fs-ext's flock needs a compiler).
 *
 * Where the holder cannot be checked (another host on a shared file system, a system without /proc), the lock falls
 * back to time: the holder refreshes the record every 2 s, and a record unrefreshed for 30 s is stale.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";

/** Where the lock lives: a path for a name inside the verified directory, resolved through its descriptor. */
export interface LockPlace {
  at(name: string): string;
}

interface Owner {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), when known. */
  start?: string;
  host: string;
  token: string;
}

/** How often a holder refreshes its record, and how old an unrefreshed record must be to count as stale. */
const REFRESH_MS = 2000;
const TIMED_STALE_MS = 30_000;
/** A record that cannot be read (a lock from an older dwim, a damaged one) is judged by the directory's age. */
const UNREADABLE_STALE_MS = 10_000;
/** Temp directories of an acquirer that died mid-way are removed once this old. */
const ABANDONED_TEMP_MS = 60_000;

/** The start time of process `pid` (field 22 of /proc/<pid>/stat), or undefined without /proc or the process. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19];
  } catch {
    return undefined;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(path: string): Owner | undefined {
  try {
    const o = JSON.parse(readFileSync(path, "utf8")) as Partial<Owner>;
    if (typeof o.pid !== "number" || typeof o.token !== "string" || typeof o.host !== "string") return undefined;
    return o as Owner;
  } catch {
    return undefined;
  }
}

function ageMs(path: string): number | undefined {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Why the lock at `path` may be taken over, or undefined while its holder may still be working. */
function staleness(path: string): "gone" | "dead" | "stale" | undefined {
  const owner = readOwner(`${path}/owner`);
  if (!owner) {
    const age = ageMs(path);
    if (age === undefined) return "gone";
    return age > UNREADABLE_STALE_MS ? "stale" : undefined;
  }
  if (owner.host === hostname()) {
    if (!running(owner.pid)) return "dead";
    const start = processStart(owner.pid);
    if (start !== undefined && owner.start !== undefined) return start === owner.start ? undefined : "dead";
  }
  // Not provable from here: by the age of the record, which a live holder refreshes.
  const age = ageMs(`${path}/owner`);
  return age !== undefined && age > TIMED_STALE_MS ? "stale" : undefined;
}

export class FileLock {
  private refresh?: NodeJS.Timeout;

  private constructor(
    private readonly place: LockPlace,
    private readonly lockName: string,
    private readonly token: string,
  ) {}

  /** One attempt: the lock, or undefined when a live holder has it. */
  static tryAcquire(place: LockPlace, lockName: string): FileLock | undefined {
    const token = randomBytes(12).toString("hex");
    const temp = `${lockName}-${token}`;
    const owner: Owner = { pid: process.pid, start: processStart(process.pid), host: hostname(), token };
    mkdirSync(place.at(temp));
    const fd = openSync(place.at(`${temp}/owner`), "wx");
    try {
      writeSync(fd, JSON.stringify(owner));
    } finally {
      closeSync(fd);
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // Atomic: the name appears with its owner record, or not at all (a directory is never renamed over
        // a non-empty one).
        renameSync(place.at(temp), place.at(lockName));
        const lock = new FileLock(place, lockName, token);
        lock.keepFresh();
        return lock;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== "ENOTEMPTY" && code !== "EEXIST") {
          rmSync(place.at(temp), { recursive: true, force: true });
          throw e;
        }
      }
      if (!FileLock.breakStale(place, lockName)) break;
    }
    rmSync(place.at(temp), { recursive: true, force: true });
    return undefined;
  }

  /**
   * Removes the lock when its holder is proven gone (or, unprovable, silent too long); true when it did. The lock is
   * first renamed aside, then checked to be the one judged: a fresh lock another process took meanwhile is put
   * back (or, if a third took the name, its first holder finds it lost before writing).
   */
  private static breakStale(place: LockPlace, lockName: string): boolean {
    const path = place.at(lockName);
    const judged = readOwner(`${path}/owner`);
    const why = staleness(path);
    if (why === undefined) return false;
    if (why === "gone") return true;
    const aside = `${lockName}-stale-${randomBytes(6).toString("hex")}`;
    try {
      renameSync(path, place.at(aside));
    } catch {
      return true; // Gone already: someone else broke it.
    }
    const moved = readOwner(place.at(`${aside}/owner`));
    if (moved && moved.token !== judged?.token) {
      try {
        renameSync(place.at(aside), path);
      } catch {
        // A third process holds the name now; the owner of the lock set aside finds it lost before writing.
      }
      return false;
    }
    rmSync(place.at(aside), { recursive: true, force: true });
    return true;
  }

  /** Whether the lock still names this holder: checked right before a write that only the holder may make. */
  held(): boolean {
    return readOwner(this.place.at(`${this.lockName}/owner`))?.token === this.token;
  }

  release(): void {
    if (this.refresh) clearInterval(this.refresh);
    if (!this.held()) return;
    const aside = `${this.lockName}-done-${this.token}`;
    try {
      renameSync(this.place.at(this.lockName), this.place.at(aside));
      rmSync(this.place.at(aside), { recursive: true, force: true });
    } catch {
      // Already gone.
    }
  }

  /**
   * Refreshes the record's time (what other hosts judge by) and the directory's (what dwim versions before this lock
   * judged by), without keeping the process alive.
   */
  private keepFresh(): void {
    this.refresh = setInterval(() => {
      if (!this.held()) return;
      const now = new Date();
      try {
        utimesSync(this.place.at(`${this.lockName}/owner`), now, now);
        utimesSync(this.place.at(this.lockName), now, now);
      } catch {
        // Lost or removed: held() says so before any write.
      }
    }, REFRESH_MS);
    this.refresh.unref();
  }
}

/**
 * A temp or aside directory of `lockName` that an acquirer or releaser left when it died: old enough that no live
 * one is still working on it. Swept by the lock's holder.
 */
export function isLockLeftover(entry: string, lockName: string, at: (name: string) => string): boolean {
  if (!entry.startsWith(`${lockName}-`)) return false;
  const age = ageMs(at(entry));
  return age !== undefined && age > ABANDONED_TEMP_MS;
}
