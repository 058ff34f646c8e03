/**
 * Writing (docs/edit.md, "Opening and writing safely"): under an advisory lock shared by every dwim process, the file is read
 * again, the caller decides the new bytes for that version (re-planning the edit if another process changed it), and
 * the result replaces the file atomically: temp file in the verified directory, fsync, mode and owner kept, a last
 * re-hash against writers that take no lock, rename relative to the directory's descriptor, fsync of the directory.
 * Any failure leaves the file byte-identical and no temp file behind. New files are created exclusively.
 */
import { accessSync, closeSync, constants, type Stats } from "node:fs";
import { openRegularAt } from "../core/beneath.js";
import { ToolError } from "../core/errors.js";
import {
  createAt,
  ExistsError,
  LockBusyError,
  readOpenFile,
  realWriteIo,
  replaceAt,
  type WriteIo,
  withFileLock,
} from "../core/files.js";
import { accessError, type EditTarget } from "./paths.js";
import { sha256Off } from "./text.js";

function writeError(path: string, e: unknown): ToolError {
  if (e instanceof ToolError) return e;
  if (e instanceof LockBusyError) {
    return new ToolError({
      error: `'${path}' is locked by another edit that has not finished; nothing was written`,
      error_type: "EDIT_WRITE_ERROR",
      parameter: "path",
      got: path,
      hints: ["Retry in a moment; another dwim process is editing this file"],
    });
  }
  const code = (e as NodeJS.ErrnoException).code ?? "";
  if (code === "EACCES" || code === "EPERM") {
    return new ToolError({
      error: `Could not write '${path}': its directory does not give dwim write permission (${code}); the file is unchanged`,
      error_type: "EDIT_PERMISSION_DENIED",
      parameter: "path",
      got: path,
      hints: ["dwim writes a temp file beside the target and renames it: the directory must be writable"],
    });
  }
  const cause =
    code === "ENOSPC" || code === "EDQUOT"
      ? "The disk (or quota) is full"
      : code === "EFBIG"
        ? "The new content exceeds the file size limit"
        : undefined;
  return new ToolError({
    error: `Could not write '${path}': ${(e as Error).message.split("\n")[0]}; the file is unchanged`,
    error_type: "EDIT_WRITE_ERROR",
    parameter: "path",
    got: path,
    hints: [
      ...(cause ? [cause] : []),
      "Nothing was written (the write goes to a temp file, renamed only when complete)",
    ],
  });
}

/**
 * The target may be replaced: it has a write permission that applies to dwim (access(2), ACLs included), and at
 * least one write bit (root passes access(2) for any file; a mode without any write bit is read-only for root too).
 * Renaming over a read-only file is what `sed -i` does; a user who made a file read-only meant it to stay.
 */
export function checkWritable(target: EditTarget, stat: Stats, path: string, allowReadOnly: boolean): void {
  if (allowReadOnly) return;
  const mode = (stat.mode & 0o7777).toString(8).padStart(4, "0");
  let writable = (stat.mode & 0o222) !== 0;
  if (writable) {
    try {
      accessSync(target.dir.at(target.name), constants.W_OK);
    } catch {
      writable = false;
    }
  }
  if (writable) return;
  throw new ToolError({
    error: `'${path}' is read-only (mode ${mode}: no write permission for dwim); nothing was written`,
    error_type: "EDIT_PERMISSION_DENIED",
    parameter: "path",
    got: path,
    mode,
    hints: [
      `If the change is meant, make the file writable first (chmod u+w '${path}') and retry`,
      "Or set [edit] allow_read_only = true in dwim.toml to replace read-only files (mode kept), as sed -i does",
    ],
  });
}

function changedError(path: string, current?: string): ToolError {
  return new ToolError({
    error:
      current === undefined
        ? `'${path}' was deleted or replaced while the edit was being prepared; nothing was written`
        : `'${path}' changed while the edit was being prepared; nothing was written`,
    error_type: "EDIT_FILE_CHANGED",
    parameter: "path",
    current_sha256: current,
    hints: ["Re-read the file with read_file and redo the edit against its current text"],
  });
}

export function existsError(path: string): ToolError {
  return new ToolError({
    error: `'${path}' already exists and is not empty; an empty old_str only creates files`,
    error_type: "ATTEMPT_TO_CREATE_EXISTING_FILE",
    parameter: "old_str",
    hints: ["To change the file, put the text to replace in old_str (read it with read_file first)"],
  });
}

export interface Committed {
  /** The version the new bytes were decided against. */
  before: Buffer;
  after: Uint8Array;
  stat: Stats;
}

/** Reads the target again through its directory; a file gone or swapped for a symlink is EDIT_FILE_CHANGED. */
async function reread(target: EditTarget, path: string, maxBytes: number): Promise<{ bytes: Buffer; stat: Stats }> {
  let opened: ReturnType<typeof openRegularAt>;
  try {
    opened = openRegularAt(target.dir, target.name);
  } catch (e) {
    throw accessError(path, e, maxBytes);
  }
  if (opened === undefined || opened === "raced") throw changedError(path);
  try {
    return { bytes: await readOpenFile(opened.fd, opened.stat.size, maxBytes, target.absolute), stat: opened.stat };
  } catch (e) {
    throw accessError(path, e, maxBytes);
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Replaces the target with the bytes `decide` returns for its current content, all under the lock. `decide` may
 * throw a ToolError (the edit no longer applies); nothing is written then.
 */
export async function commitReplace(
  target: EditTarget,
  path: string,
  limits: { maxBytes: number; allowReadOnly: boolean },
  decide: (current: Buffer) => Promise<Uint8Array> | Uint8Array,
  io: WriteIo = realWriteIo,
): Promise<Committed> {
  const { maxBytes } = limits;
  try {
    return await withFileLock(target.dir, target.name, async (lock) => {
      const { bytes: before, stat } = await reread(target, path, maxBytes);
      // Again under the lock: the mode may have changed since the file was opened.
      checkWritable(target, stat, path, limits.allowReadOnly);
      const after = await decide(before);
      const beforeHash = await sha256Off(before);
      await replaceAt(target.dir, target.name, after, stat, {
        io,
        beforeRename: async () => {
          if (!lock.held()) throw changedError(path);
          // Writers that take no lock (editors, git) are caught here, short of the rename itself.
          const now = await sha256Off((await reread(target, path, maxBytes)).bytes);
          if (now !== beforeHash) throw changedError(path, now);
        },
      });
      return { before, after, stat };
    });
  } catch (e) {
    throw writeError(path, e);
  }
}

/** Creates the target (which did not exist) with `bytes`; fails if the name appeared meanwhile. */
export async function commitCreate(
  target: EditTarget,
  path: string,
  bytes: Uint8Array,
  io: WriteIo = realWriteIo,
): Promise<void> {
  try {
    // Under the lock too: its temp file must not look like an orphan to a concurrent editor of the same name.
    await withFileLock(target.dir, target.name, () => createAt(target.dir, target.name, bytes, io));
  } catch (e) {
    if (e instanceof ExistsError) throw existsError(path);
    throw writeError(path, e);
  }
}
