/** Path checks shared by read_file and edit_file: allowed roots, symlinks resolved first, typed errors. */
import { readdirSync, type Stats, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import { ToolError } from "../core/errors.js";
import { resolveInsideRoots } from "../core/roots.js";
import { osa } from "../core/similarity.js";
import type { ToolContext } from "../core/tool.js";

export type ResolvedPath = { absolute: string; stat: Stats } | { absolute: string; stat: undefined };

/** Resolves `path` inside the roots; a missing file is returned with `stat: undefined`. */
export function resolveEditPath(path: string, ctx: Pick<ToolContext, "roots" | "cwd">): ResolvedPath {
  const check = resolveInsideRoots(path, ctx.roots, ctx.cwd);
  if (!check.ok) {
    if (check.reason === "invalid_path") {
      throw new ToolError({
        error: path.trim() === "" ? "path is empty" : `'${path.replaceAll("\0", "\\0")}' is not a valid path`,
        error_type: "EDIT_INVALID_PATH",
        parameter: "path",
        got: path,
        hints: ["Give a file path relative to the working directory, or absolute inside an allowed root"],
      });
    }
    throw new ToolError({
      error: `'${path}' resolves to '${check.absolute}', outside the allowed roots`,
      error_type: "EDIT_PATH_DENIED",
      parameter: "path",
      got: path,
      expected: ctx.roots,
      hints: ["Only files inside the allowed roots can be read or edited (symlinks are resolved first)"],
    });
  }
  let stat: Stats | undefined;
  try {
    stat = statSync(check.absolute);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new ToolError({
        error: `Cannot access '${path}': ${(e as Error).message.split("\n")[0]}`,
        error_type: "EDIT_FILE_READ_ERROR",
        parameter: "path",
        got: path,
      });
    }
  }
  if (stat?.isDirectory()) {
    throw new ToolError({
      error: `'${path}' is a directory, not a file`,
      error_type: "EDIT_INVALID_PATH",
      parameter: "path",
      got: path,
      hints: ["Name a file inside it"],
    });
  }
  return stat ? { absolute: check.absolute, stat } : { absolute: check.absolute, stat: undefined };
}

/**
 * EDIT_FILE_NOT_FOUND, with `likely_fix.path` when exactly one sibling is within OSA distance 2. Never applied by
 * itself: edit_file is destructive, and a wrong file is worse than an error.
 */
export function notFoundError(path: string, absolute: string): ToolError {
  const name = basename(absolute);
  let siblings: string[] = [];
  try {
    siblings = readdirSync(dirname(absolute)).filter((s) => s !== name && osa(s, name, 2) <= 2);
  } catch {
    // The directory is missing too.
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
