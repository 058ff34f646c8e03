/**
 * Opening paths beneath the allowed roots without a race (README: Security model).
 *
 * A path is first resolved through symlinks and checked against the roots (roots.ts). That check alone is a
 * time-of-check/time-of-use race: a directory swapped for a symlink right after it would send the open elsewhere.
 * So the path is then opened one directory at a time from the root's descriptor, each step with O_NOFOLLOW (openat
 * emulated through `/proc/self/fd/<dirfd>/<name>` on Linux, since Node has no openat): a symlink met on the way is a
 * change made after the check and restarts the whole resolution, which then sees the symlink and judges it. The
 * opened descriptors' real paths are verified against the root at the end. Callers act relative to the returned
 * directory descriptor (`Dir.at`), never by path again.
 *
 * Non-regular files are refused before they are opened (lstat), and every open carries O_NONBLOCK, so a FIFO or a
 * device can neither block the event loop nor be read (item 3).
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  type Stats,
} from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { isInside, resolveInsideRoots } from "./roots.js";

const PROC_FD = process.platform === "linux" && existsSync("/proc/self/fd") ? "/proc/self/fd" : undefined;

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = constants;
const OPEN_DIR = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK;
/** Flags for every open of a leaf: never follow a final symlink, never block on a FIFO or device. */
export const LEAF_FLAGS = O_NOFOLLOW | O_NONBLOCK;
const MAX_ATTEMPTS = 16;

export type FileKind =
  | "file"
  | "directory"
  | "symlink"
  | "FIFO (named pipe)"
  | "socket"
  | "character device"
  | "block device"
  | "special file";

export function kindOf(s: Stats): FileKind {
  if (s.isFile()) return "file";
  if (s.isDirectory()) return "directory";
  if (s.isSymbolicLink()) return "symlink";
  if (s.isFIFO()) return "FIFO (named pipe)";
  if (s.isSocket()) return "socket";
  if (s.isCharacterDevice()) return "character device";
  if (s.isBlockDevice()) return "block device";
  return "special file";
}

export type AccessReason =
  | "invalid_path"
  | "outside_roots"
  | "not_found"
  | "directory"
  | "not_regular"
  | "too_large"
  | "unstable"
  | "io";

/** Why a path could not be opened beneath the roots; capabilities map it to their own error types. */
export class PathAccessError extends Error {
  constructor(
    readonly reason: AccessReason,
    readonly absolute: string,
    readonly detail: { kind?: FileKind; size?: number; code?: string; message?: string } = {},
  ) {
    super(`${reason}: ${absolute}${detail.message ? ` (${detail.message})` : ""}`);
    this.name = "PathAccessError";
  }
}

/** An open, verified directory beneath a root. Every operation inside it goes through the descriptor. */
export class Dir {
  constructor(
    readonly fd: number,
    /** Its real path when it was verified. */
    readonly path: string,
    readonly root: string,
  ) {}

  /** A path for `name` inside this directory that the kernel resolves through the descriptor, not the path. */
  at(name: string): string {
    return PROC_FD ? `${PROC_FD}/${this.fd}/${name}` : join(this.path, name);
  }

  /** A path naming the directory itself (for readdir, fsync). */
  self(): string {
    return PROC_FD ? `${PROC_FD}/${this.fd}` : this.path;
  }

  close(): void {
    if (this.fd < 0) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already closed.
    }
  }
}

export interface OpenedFile {
  fd: number;
  stat: Stats;
}

export interface Located {
  /** The verified parent directory of the target; the caller closes it. */
  dir: Dir;
  /** The target's name inside `dir`. */
  name: string;
  /** The target's real absolute path. */
  absolute: string;
  /** The target's lstat, when it exists (always a regular file then). */
  stat?: Stats;
  /** The target opened read-only, when it exists and `open` was asked. */
  file?: OpenedFile;
}

export interface LocateOptions {
  /** Open the target (a regular file) read-only; a missing target is `not_found` unless `allowMissing`. */
  open?: boolean;
  allowMissing?: boolean;
  /** Create missing parent directories (inside the root, through descriptors). */
  createParents?: boolean;
}

/**
 * Resolves `path` (relative to `cwd`) beneath one of `roots` and opens its parent directory race-free, and the
 * target itself with `open`. Throws PathAccessError.
 */
export function locate(path: string, roots: readonly string[], cwd: string, options: LocateOptions = {}): Located {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const check = resolveInsideRoots(path, roots, cwd);
    if (!check.ok) throw new PathAccessError(check.reason, check.absolute);
    const parts = relative(check.root, check.absolute)
      .split(sep)
      .filter((p) => p !== "");
    if (parts.length === 0) throw new PathAccessError("directory", check.absolute, { kind: "directory" });
    const name = parts[parts.length - 1];
    const dir = walk(check.root, parts.slice(0, -1), options.createParents === true, check.absolute, roots);
    if (dir === undefined) continue;
    try {
      const leaf = openLeaf(dir, name, options, check.exists, roots);
      if (leaf === "raced") {
        dir.close();
        continue;
      }
      return { dir, name, absolute: join(dir.path, name), ...leaf };
    } catch (e) {
      dir.close();
      throw e;
    }
  }
  throw new PathAccessError("unstable", path, { message: "the path kept changing while it was being opened" });
}

/** Opens `dirs` one by one from `root`; undefined when the tree changed under the walk (the caller retries). */
function walk(
  root: string,
  dirs: readonly string[],
  create: boolean,
  target: string,
  roots: readonly string[],
): Dir | undefined {
  // Windows cannot open a directory as a file: check the real path only (best effort, as on systems without /proc).
  if (process.platform === "win32") return pathOnlyDir(root, dirs, create, target);
  let fd: number;
  try {
    fd = openSync(root, OPEN_DIR);
  } catch (e) {
    throw ioError(target, e);
  }
  let real = root;
  try {
    for (const part of dirs) {
      const next = openDirAt(fd, real, part, create, target, roots);
      if (next === undefined) {
        closeSync(fd);
        return undefined;
      }
      closeSync(fd);
      fd = next;
      real = join(real, part);
    }
    const verified = verifiedPath(fd, real);
    if (!isInside(verified, root)) throw new PathAccessError("outside_roots", verified);
    return new Dir(fd, verified, root);
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
    throw e;
  }
}

function openDirAt(
  parent: number,
  parentPath: string,
  name: string,
  create: boolean,
  target: string,
  roots: readonly string[],
) {
  const at = PROC_FD ? `${PROC_FD}/${parent}/${name}` : join(parentPath, name);
  try {
    return openSync(at, OPEN_DIR);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && create) {
      try {
        mkdirSync(at, 0o777);
      } catch (m) {
        if ((m as NodeJS.ErrnoException).code !== "EEXIST") throw ioError(target, m);
      }
      try {
        return openSync(at, OPEN_DIR);
      } catch {
        return undefined;
      }
    }
    if (code === "ENOENT") throw new PathAccessError("not_found", target);
    if (code === "ENOTDIR" || code === "ELOOP") {
      // A symlink where the resolved path had a directory: the tree changed after the check, so resolve again;
      // unless it points nowhere, and is then judged by where it points. Anything else (a file where a directory
      // is needed) is a path that does not exist.
      if (lstatOrUndefined(at)?.isSymbolicLink()) {
        if (lstatOrUndefined(`${at}/.`)) return undefined;
        danglingLink(at, parentPath, roots);
      }
      throw new PathAccessError("not_found", target, { code });
    }
    throw ioError(target, e);
  }
}

function openLeaf(
  dir: Dir,
  name: string,
  options: LocateOptions,
  resolved: boolean,
  roots: readonly string[],
): { stat?: Stats; file?: OpenedFile } | "raced" {
  const at = dir.at(name);
  const before = lstatOrUndefined(at);
  if (!before) {
    if (options.allowMissing) return {};
    throw new PathAccessError("not_found", join(dir.path, name));
  }
  // Judged before any open: a FIFO, socket or device is never opened (opening some devices has effects).
  if (before.isSymbolicLink()) {
    // The resolution saw no symlink here (it resolves them), unless it is one that points nowhere: writing through
    // it would create its target, so it is judged by where that would be.
    if (resolved) return "raced";
    danglingLink(at, dir.path, roots);
    throw new PathAccessError("not_regular", join(dir.path, name), { kind: "symlink" });
  }
  if (before.isDirectory()) throw new PathAccessError("directory", join(dir.path, name), { kind: "directory" });
  if (!before.isFile()) throw new PathAccessError("not_regular", join(dir.path, name), { kind: kindOf(before) });
  if (!options.open) return { stat: before };
  const file = openRegularAt(dir, name);
  return file === "raced" || file === undefined ? "raced" : { stat: file.stat, file };
}

/**
 * Opens the regular file `name` in `dir` read-only, without following a symlink or blocking on a FIFO, and checks
 * the descriptor's real path. Undefined when it does not exist; "raced" when a symlink took its place.
 */
export function openRegularAt(dir: Dir, name: string): OpenedFile | undefined | "raced" {
  const absolute = join(dir.path, name);
  let fd: number;
  try {
    fd = openSync(dir.at(name), O_RDONLY | LEAF_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") return "raced";
    throw ioError(absolute, e);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new PathAccessError("directory", absolute, { kind: "directory" });
    if (!stat.isFile()) throw new PathAccessError("not_regular", absolute, { kind: kindOf(stat) });
    const real = verifiedPath(fd, absolute);
    if (!isInside(real.replace(/ \(deleted\)$/u, ""), dir.root)) throw new PathAccessError("outside_roots", real);
    return { fd, stat };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/**
 * The real path of an open descriptor: the kernel's own record on Linux. Elsewhere, the path's realpath, accepted
 * only if it names the same inode as the descriptor (narrows the race; cannot close it).
 */
function verifiedPath(fd: number, expected: string): string {
  if (PROC_FD) return readlinkSync(`${PROC_FD}/${fd}`);
  const real = realpathSync.native(expected);
  const a = fstatSync(fd);
  const b = lstatSync(real);
  if (a.dev !== b.dev || a.ino !== b.ino) throw new PathAccessError("unstable", expected);
  return real;
}

function pathOnlyDir(root: string, dirs: readonly string[], create: boolean, target: string): Dir {
  const path = join(root, ...dirs);
  try {
    if (create) mkdirSync(path, { recursive: true });
    const real = realpathSync.native(path);
    if (!isInside(real, root)) throw new PathAccessError("outside_roots", real);
    return new Dir(-1, real, root);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new PathAccessError("not_found", target);
    throw ioError(target, e);
  }
}

/** A symlink that points nowhere: refused as outside the roots when its target would be. */
function danglingLink(at: string, parentPath: string, roots: readonly string[]): void {
  let link = "";
  try {
    link = readlinkSync(at);
  } catch {
    return;
  }
  const target = resolve(parentPath, link);
  if (!roots.some((r) => isInside(target, r))) throw new PathAccessError("outside_roots", target);
}

export function lstatOrUndefined(at: string): Stats | undefined {
  try {
    return lstatSync(at);
  } catch {
    return undefined;
  }
}

function ioError(absolute: string, e: unknown): PathAccessError {
  if (e instanceof PathAccessError) return e;
  const err = e as NodeJS.ErrnoException;
  return new PathAccessError("io", absolute, { code: err.code, message: err.message?.split("\n")[0] });
}
