/**
 * File contents beneath the roots, through descriptors (docs/edit.md, "Opening and writing safely"): bounded reads that never block on a
 * FIFO or grow on a device, atomic replacement (temp file in the verified directory, fsync, rename relative to it),
 * exclusive creation, and an advisory lock between dwim processes around read-check-write.
 *
 * Replacement always renames: an edit that fails at any point (ENOSPC, EFBIG, EIO, a lost lock) leaves the old file
 * byte-identical and removes its temp file. A hard-linked file therefore gets a new inode under the edited name; the
 * other names keep the old content (as `sed -i`, Emacs, and the MCP filesystem server do). Writing in place would
 * keep the links but truncate the file when the disk fills mid-write, and would write through a link into a file
 * outside the roots.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsync,
  linkSync,
  openSync,
  read,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  write,
} from "node:fs";
import { promisify } from "node:util";
import { type Dir, kindOf, LEAF_FLAGS, PathAccessError } from "./beneath.js";
import { FileLock, isLockLeftover } from "./lock.js";

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL } = constants;

// Node ignores SIGXFSZ so that a write past RLIMIT_FSIZE fails with EFBIG. A library's signal-exit (several
// dependencies load it) listens for it and re-raises it when it is the only listener, which kills the process
// mid-edit; a listener of our own keeps Node's behaviour, and the edit fails cleanly.
process.on("SIGXFSZ", () => undefined);
const readAsync = promisify(read);
const writeAsync = promisify(write);
const fsyncAsync = promisify(fsync);

/** Where bytes reach the disk; tests replace it to inject ENOSPC and other failures mid-write. */
export interface WriteIo {
  write(fd: number, bytes: Uint8Array, offset: number, length: number): Promise<number>;
}

export const realWriteIo: WriteIo = {
  write: async (fd, bytes, offset, length) => (await writeAsync(fd, bytes, offset, length)).bytesWritten,
};

const CHUNK = 1 << 20;

/**
 * Reads an open regular file to its end, off the event loop; more than `maxBytes` (also a file that grows past it
 * while being read) is `too_large`.
 */
export async function readOpenFile(fd: number, size: number, maxBytes: number, absolute: string): Promise<Buffer> {
  if (size > maxBytes) throw new PathAccessError("too_large", absolute, { size });
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const want = Math.min(CHUNK, maxBytes + 1 - total);
    const buf = Buffer.allocUnsafe(Math.max(want, 1));
    const { bytesRead } = await readAsync(fd, buf, 0, buf.length, null);
    if (bytesRead === 0) break;
    chunks.push(bytesRead === buf.length ? buf : buf.subarray(0, bytesRead));
    total += bytesRead;
    if (total > maxBytes) throw new PathAccessError("too_large", absolute, { size: total });
  }
  return Buffer.concat(chunks, total);
}

/**
 * Reads a file named by path, refusing anything but a regular file before reading it: opened with O_NONBLOCK and
 * O_NOFOLLOW, so a FIFO, a device or a symlink swapped in can neither block nor redirect the read. For the searches'
 * own reads of files ripgrep listed; it does not check the roots (results are verified separately).
 */
export function readRegularFileSync(path: string, maxBytes = Number.POSITIVE_INFINITY): Buffer {
  const fd = openSync(path, O_RDONLY | LEAF_FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new PathAccessError("not_regular", path, { kind: kindOf(stat) });
    if (stat.size > maxBytes) throw new PathAccessError("too_large", path, { size: stat.size });
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(stat.size - total, 0) + 1));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      total += n;
      if (total > maxBytes) throw new PathAccessError("too_large", path, { size: total });
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * `.<name>.dwim-` for the target's temp files and lock: short enough to stay under NAME_MAX whatever the target's
 * length, and distinct per target (a cut name gets a hash of the whole).
 */
function sidePrefix(name: string): string {
  if (name.length <= 64) return `.${name}.dwim-`;
  return `.${name.slice(0, 48)}~${createHash("sha256").update(name).digest("hex").slice(0, 12)}.dwim-`;
}

const TEMP = /^[0-9a-f]{12}\.tmp$/u;

function tempName(name: string): string {
  return `${sidePrefix(name)}${randomBytes(6).toString("hex")}.tmp`;
}

/**
 * Removes temp files of `name` that a killed process left behind, and the lock's abandoned temp directories. Called
 * under the lock: every writer of these temp files holds it, so any that exist now belong to no live edit.
 */
function sweepOrphans(dir: Dir, name: string): void {
  const prefix = sidePrefix(name);
  let entries: string[];
  try {
    entries = readdirSync(dir.self());
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.startsWith(prefix) && TEMP.test(e.slice(prefix.length))) removeQuietly(dir, e);
    else if (isLockLeftover(e, `${prefix}lock`, (n) => dir.at(n))) rmSync(dir.at(e), { recursive: true, force: true });
  }
}

function removeQuietly(dir: Dir, name: string): void {
  try {
    unlinkSync(dir.at(name));
  } catch {
    // Already gone.
  }
}

async function fsyncDir(dir: Dir): Promise<void> {
  try {
    await fsyncAsync(dir.fd);
  } catch {
    // Some file systems refuse fsync on directories; the rename itself is still atomic.
  }
}

async function writeAll(io: WriteIo, fd: number, bytes: Uint8Array): Promise<void> {
  let off = 0;
  while (off < bytes.length) off += await io.write(fd, bytes, off, bytes.length - off);
}

export interface Ownership {
  mode: number;
  uid: number;
  gid: number;
}

/**
 * Creates `name` in `dir` exclusively and writes `bytes` to it, fsynced, with the owner's mode (and owner when
 * permitted); the file is removed again if anything fails.
 */
async function writeNewFile(dir: Dir, name: string, bytes: Uint8Array, owner: Ownership | undefined, io: WriteIo) {
  const fd = openSync(dir.at(name), O_WRONLY | O_CREAT | O_EXCL | LEAF_FLAGS, owner ? owner.mode & 0o7777 : 0o666);
  try {
    await writeAll(io, fd, bytes);
    if (owner) {
      fchmodSync(fd, owner.mode & 0o7777);
      try {
        fchownSync(fd, owner.uid, owner.gid);
      } catch {
        // Only root may give a file away; a non-root writer keeps its own ownership.
      }
    }
    await fsyncAsync(fd);
  } catch (e) {
    closeSync(fd);
    removeQuietly(dir, name);
    throw e;
  }
  closeSync(fd);
}

/** Writes `bytes` to a new temp file beside `name`; returns the temp file's name. */
async function writeTemp(dir: Dir, name: string, bytes: Uint8Array, owner: Ownership | undefined, io: WriteIo) {
  const tmp = tempName(name);
  await writeNewFile(dir, tmp, bytes, owner, io);
  return tmp;
}

export interface ReplaceOptions {
  io?: WriteIo;
  /** Runs after the temp file is complete, just before the rename; throwing aborts with nothing changed. */
  beforeRename?: () => Promise<void> | void;
}

/** Replaces `name` in `dir` atomically with `bytes`, keeping mode and (when permitted) owner. */
export async function replaceAt(
  dir: Dir,
  name: string,
  bytes: Uint8Array,
  owner: Ownership,
  options: ReplaceOptions = {},
): Promise<void> {
  const tmp = await writeTemp(dir, name, bytes, owner, options.io ?? realWriteIo);
  try {
    await options.beforeRename?.();
    renameSync(dir.at(tmp), dir.at(name));
  } catch (e) {
    removeQuietly(dir, tmp);
    throw e;
  }
  await fsyncDir(dir);
}

/** Thrown by createAt when the name exists. */
export class ExistsError extends Error {}

/** Creates `name` in `dir` with `bytes`, only if no such name exists (temp + link, else an exclusive open). */
export async function createAt(dir: Dir, name: string, bytes: Uint8Array, io: WriteIo = realWriteIo): Promise<void> {
  const tmp = await writeTemp(dir, name, bytes, undefined, io);
  try {
    try {
      linkSync(dir.at(tmp), dir.at(name));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new ExistsError(name);
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EMLINK") throw e;
      await createExclusive(dir, name, bytes, io);
    }
  } finally {
    removeQuietly(dir, tmp);
  }
  await fsyncDir(dir);
}

/** For file systems without hard links: an exclusive open, removed again if the write fails. */
async function createExclusive(dir: Dir, name: string, bytes: Uint8Array, io: WriteIo): Promise<void> {
  try {
    await writeNewFile(dir, name, bytes, undefined, io);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") throw new ExistsError(name);
    throw e;
  }
}

/** The lock could not be had within the wait: another process holds it. */
export class LockBusyError extends Error {}

export interface HeldLock {
  /** False once the lock was lost (another process judged it stale); write nothing then. */
  held(): boolean;
}

/** How long a writer waits for another's lock: long past any edit's hold, short of a client's patience. */
const LOCK_WAIT_MS = 10_000;

/**
 * Runs `fn` holding an advisory lock on `name` in `dir`, shared by every dwim process: `.<name>.dwim-lock` beside the
 * file (core/lock.ts), taken over only from a holder proven gone, so a crashed holder blocks nobody and a paused one
 * keeps it. `held()` says whether it still does, right before a write. Processes that do not take the lock are not
 * held back by it.
 */
export async function withFileLock<T>(dir: Dir, name: string, fn: (lock: HeldLock) => Promise<T>): Promise<T> {
  const lockName = `${sidePrefix(name)}lock`;
  const until = Date.now() + LOCK_WAIT_MS;
  let lock = FileLock.tryAcquire(dir, lockName);
  for (let pause = 5; !lock; pause = Math.min(100, pause * 1.25)) {
    if (Date.now() > until) throw new LockBusyError(name);
    await new Promise((r) => setTimeout(r, pause * (0.5 + Math.random())));
    lock = FileLock.tryAcquire(dir, lockName);
  }
  const held = lock;
  try {
    sweepOrphans(dir, name);
    return await fn({ held: () => held.held() });
  } finally {
    held.release();
  }
}
