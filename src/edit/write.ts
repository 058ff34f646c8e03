/**
 * Writing (spec §4.7, seed R5): a temp file in the same directory, fsync, the original mode (and owner when
 * permitted), a re-hash of the target just before the rename (a concurrent change is EDIT_FILE_CHANGED, never
 * overwritten), rename, fsync of the directory. Hard-linked files are written in place so every link sees the edit.
 * New files are created exclusively: temp + link (fails if the name exists), fallback open with `wx`.
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  type Stats,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { ToolError } from "../core/errors.js";
import { sha256Hex } from "./text.js";

function tempPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.dwim-${randomBytes(6).toString("hex")}.tmp`);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some file systems refuse fsync on directories; the rename itself is still atomic.
  }
}

function writeError(path: string, e: unknown): ToolError {
  const code = (e as NodeJS.ErrnoException).code ?? "";
  return new ToolError({
    error: `Could not write '${path}': ${(e as Error).message.split("\n")[0]}`,
    error_type: "EDIT_WRITE_ERROR",
    parameter: "path",
    got: path,
    hints: [
      code === "EACCES" || code === "EPERM"
        ? "The file or its directory is not writable by dwim"
        : code === "ENOSPC"
          ? "The disk is full"
          : "The file is unchanged; retry once the cause is fixed",
    ],
  });
}

export function changedError(path: string, current: string): ToolError {
  return new ToolError({
    error: `'${path}' changed while the edit was being prepared; nothing was written`,
    error_type: "EDIT_FILE_CHANGED",
    parameter: "path",
    current_sha256: current,
    hints: ["Re-read the file with read_file and redo the edit against its current text"],
  });
}

/** Replaces an existing file atomically; `beforeHash` must still be its content hash at the rename. */
export function replaceFile(target: string, bytes: Uint8Array, stat: Stats, beforeHash: string): { atomic: boolean } {
  if (stat.nlink > 1) {
    // A rename would split the hard link: write in place, after the same staleness check.
    const now = sha256Hex(readFileSync(target));
    if (now !== beforeHash) throw changedError(target, now);
    let fd: number | undefined;
    try {
      fd = openSync(target, "r+");
      writeAll(fd, bytes);
      ftruncateSync(fd, bytes.length);
      fsyncSync(fd);
    } catch (e) {
      throw writeError(target, e);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return { atomic: false };
  }
  const tmp = tempPath(target);
  let renamed = false;
  try {
    const fd = openSync(tmp, "wx", stat.mode & 0o7777);
    try {
      writeAll(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(tmp, stat.mode & 0o7777);
    try {
      chownSync(tmp, stat.uid, stat.gid);
    } catch {
      // Only root may give a file away; a non-root writer keeps its own ownership.
    }
    const now = sha256Hex(readFileSync(target));
    if (now !== beforeHash) throw changedError(target, now);
    renameSync(tmp, target);
    renamed = true;
    fsyncDir(dirname(target));
    return { atomic: true };
  } catch (e) {
    if (e instanceof ToolError) throw e;
    throw writeError(target, e);
  } finally {
    if (!renamed) {
      try {
        unlinkSync(tmp);
      } catch {
        // Already gone.
      }
    }
  }
}

/** Creates a new file (missing parent directories included); fails if the name appears meanwhile. */
export function createFile(target: string, bytes: Uint8Array): void {
  try {
    mkdirSync(dirname(target), { recursive: true });
  } catch (e) {
    throw writeError(target, e);
  }
  const tmp = tempPath(target);
  try {
    const fd = openSync(tmp, "wx", 0o666);
    try {
      writeAll(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(tmp, target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") throw existsError(target);
      // No hard links on this file system: exclusive open instead.
      const fd2 = openSync(target, "wx", 0o666);
      try {
        writeAll(fd2, bytes);
        fsyncSync(fd2);
      } finally {
        closeSync(fd2);
      }
    }
    fsyncDir(dirname(target));
  } catch (e) {
    if (e instanceof ToolError) throw e;
    if ((e as NodeJS.ErrnoException).code === "EEXIST") throw existsError(target);
    throw writeError(target, e);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // Already gone.
    }
  }
}

export function existsError(path: string): ToolError {
  return new ToolError({
    error: `'${path}' already exists and is not empty; an empty old_str only creates files`,
    error_type: "ATTEMPT_TO_CREATE_EXISTING_FILE",
    parameter: "old_str",
    hints: ["To change the file, put the text to replace in old_str (read it with read_file first)"],
  });
}
