/**
 * Opening read_file's and edit_file's target race-free beneath the allowed roots (core/beneath.ts), with every
 * refusal as a typed edit error.
 */
import { closeSync, readdirSync } from "node:fs";
import { type Located, locate, PathAccessError } from "../core/beneath.js";
import { ToolError } from "../core/errors.js";
import { readOpenFile } from "../core/files.js";
import { osa } from "../core/similarity.js";
import type { ToolContext } from "../core/tool.js";

export type EditTarget = Located;

export interface OpenOptions {
  /** Create missing parent directories (a file is about to be created). */
  createParents?: boolean;
}

/**
 * Opens `path`'s directory and, when it exists, the file itself. A missing file comes back without `file`; a path
 * outside the roots, a directory, a FIFO, socket or device, or a missing parent directory is a ToolError.
 */
export function openEditTarget(
  path: string,
  ctx: Pick<ToolContext, "roots" | "cwd">,
  options: OpenOptions = {},
): EditTarget {
  try {
    return locate(path, ctx.roots, ctx.cwd, {
      open: true,
      allowMissing: true,
      createParents: options.createParents,
    });
  } catch (e) {
    throw accessError(path, e);
  }
}

export function closeEditTarget(target: EditTarget): void {
  if (target.file) {
    try {
      closeSync(target.file.fd);
    } catch {
      // Already closed.
    }
    target.file = undefined;
  }
  target.dir.close();
}

/** The target's bytes, at most `maxBytes`, read off the event loop. */
export async function readTarget(target: EditTarget, path: string, maxBytes: number): Promise<Buffer> {
  const file = target.file;
  if (!file) throw notFoundError(path, target);
  try {
    return await readOpenFile(file.fd, file.stat.size, maxBytes, target.absolute);
  } catch (e) {
    throw accessError(path, e, maxBytes);
  }
}

/** Maps a refusal from core/beneath.ts or core/files.ts to the edit error types (spec §3). */
export function accessError(path: string, e: unknown, maxBytes?: number): ToolError {
  if (e instanceof ToolError) return e;
  if (!(e instanceof PathAccessError)) {
    return new ToolError({
      error: `Cannot access '${path}': ${(e as Error).message.split("\n")[0]}`,
      error_type: "EDIT_FILE_READ_ERROR",
      parameter: "path",
      got: path,
    });
  }
  const shown = path.replaceAll("\0", "\\0");
  switch (e.reason) {
    case "invalid_path":
      return new ToolError({
        error: path.trim() === "" ? "path is empty" : `'${shown}' is not a valid path`,
        error_type: "EDIT_INVALID_PATH",
        parameter: "path",
        got: path,
        hints: ["Give a file path relative to the working directory, or absolute inside an allowed root"],
      });
    case "outside_roots":
    case "unstable":
      return new ToolError({
        error:
          e.reason === "outside_roots"
            ? `'${path}' resolves to '${e.absolute}', outside the allowed roots`
            : `'${path}' kept changing (a directory swapped for a symlink?) while it was being opened; refused`,
        error_type: "EDIT_PATH_DENIED",
        parameter: "path",
        got: path,
        hints: ["Only files inside the allowed roots can be read or edited (symlinks are resolved first)"],
      });
    case "directory":
      return new ToolError({
        error: `'${path}' is a directory, not a file`,
        error_type: "EDIT_INVALID_PATH",
        parameter: "path",
        got: path,
        hints: ["Name a file inside it"],
      });
    case "not_regular":
      return new ToolError({
        error:
          e.detail.kind === "symlink"
            ? `'${path}' is a symlink whose target does not exist`
            : `'${path}' is a ${e.detail.kind ?? "special file"}, not a regular file; it was not opened`,
        error_type: "EDIT_INVALID_PATH",
        parameter: "path",
        got: path,
        hints: ["read_file and edit_file work on regular files only"],
      });
    case "not_found":
      return notFoundError(path);
    case "too_large":
      return new ToolError({
        error: `'${path}' is ${e.detail.size ?? "over"} bytes, over the limit of ${maxBytes}`,
        error_type: "EDIT_FILE_READ_ERROR",
        parameter: "path",
        got: e.detail.size,
        expected: `<= ${maxBytes} bytes`,
        hints: ["Raise edit.max_file_bytes in dwim.toml, or search the file instead of reading it"],
      });
    default:
      return new ToolError({
        error: `Cannot access '${path}': ${e.detail.message ?? e.detail.code ?? e.reason}`,
        error_type: "EDIT_FILE_READ_ERROR",
        parameter: "path",
        got: path,
      });
  }
}

/**
 * EDIT_FILE_NOT_FOUND, with `likely_fix.path` when exactly one sibling is within OSA distance 2. Never applied by
 * itself: edit_file is destructive, and a wrong file is worse than an error. Siblings are listed through the
 * verified directory's descriptor, so a swapped directory cannot leak names from outside the roots.
 */
export function notFoundError(path: string, target?: EditTarget): ToolError {
  let siblings: string[] = [];
  if (target) {
    const name = target.name;
    try {
      siblings = readdirSync(target.dir.self()).filter((s) => s !== name && osa(s, name, 2) <= 2);
    } catch {
      // Unreadable directory: no suggestions.
    }
  }
  const fix = siblings.length === 1 ? replaceBasename(path, siblings[0]) : undefined;
  return new ToolError({
    error: `'${path}' does not exist`,
    error_type: "EDIT_FILE_NOT_FOUND",
    parameter: "path",
    got: path,
    likely_fix: fix ? { path: fix } : undefined,
    hints: [
      ...(fix ? [] : siblings.slice(0, 3).map((s) => `Did you mean '${replaceBasename(path, s)}'?`)),
      "To create a file, call edit_file with an empty old_str",
    ],
  });
}

function replaceBasename(path: string, name: string): string {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut === -1 ? name : `${path.slice(0, cut + 1)}${name}`;
}

/** Session memory of the hash each path had when this session last read or wrote it. */
export function seenHashes(ctx: Pick<ToolContext, "session">): Map<string, string> {
  return ctx.session.get("edit.hashes", () => new Map<string, string>());
}
