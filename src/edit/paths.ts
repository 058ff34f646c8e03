/**
 * Opening read_file's and edit_file's target race-free beneath the allowed roots (core/beneath.ts), with every
 * refusal as a typed edit error.
 */
import { closeSync, readdirSync } from "node:fs";
import { type Located, locate, PathAccessError } from "../core/beneath.js";
import { ToolError } from "../core/errors.js";
import { readOpenFile } from "../core/files.js";
import { suggest } from "../core/suggest.js";
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
    throw accessError(path, e, undefined, ctx.roots);
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
export async function readTarget(
  target: EditTarget,
  path: string,
  maxBytes: number,
  lineParameter?: string,
): Promise<Buffer> {
  const file = target.file;
  if (!file) throw notFoundError(path, target, lineParameter);
  try {
    return await readOpenFile(file.fd, file.stat.size, maxBytes, target.absolute);
  } catch (e) {
    throw accessError(path, e, maxBytes);
  }
}

/** Maps a refusal from core/beneath.ts or core/files.ts to the edit error types (docs/edit.md, "Error types"). */
export function accessError(path: string, e: unknown, maxBytes?: number, roots?: readonly string[]): ToolError {
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
            ? `'${path}' resolves to '${e.absolute}', outside the allowed roots${rootList(roots)}`
            : `'${path}' kept changing (a directory swapped for a symlink?) while it was being opened; refused`,
        error_type: "EDIT_PATH_DENIED",
        parameter: "path",
        got: path,
        expected: roots && roots.length > 0 ? [...roots] : undefined,
        hints: [
          "Only files inside the allowed roots can be read or edited (symlinks are resolved first); start dwim with --root for another directory",
        ],
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
 * A location after a file name, as compilers, test runners and editors print it: `app.ts:12`, `app.ts:12:5`,
 * `app.ts#L12`, `app.ts#L12-L20`, `app.ts(12,5)`. Group 1 is the name, then the line in one of groups 2–4.
 */
const LOCATION = /^(.+?)(?::(\d+)(?::\d+)?|#L(\d+)(?:-L?\d+)?|\((\d+)(?:,\s*\d+)?\))$/u;

/**
 * EDIT_FILE_NOT_FOUND, with `likely_fix.path` when the name is an existing file's with a location after it
 * (`app.ts:12:5`; with `lineParameter`, the line goes there too: read_file's `offset`), or when the core matcher
 * finds one sibling close enough for a fix (its other near names are hints). Never applied by itself: edit_file is
 * destructive, and a wrong file is worse than an error. Siblings are listed through the verified directory's descriptor, so a swapped directory cannot leak names
 * from outside the roots.
 */
export function notFoundError(path: string, target?: EditTarget, lineParameter?: string): ToolError {
  const entries = target ? entriesBeside(target) : [];
  const name = target?.name;
  const located = target ? locatedFile(target, () => entries) : undefined;
  if (located) {
    const { line } = located;
    const fixed = replaceBasename(path, located.name);
    return new ToolError({
      error: `'${path}' does not exist; '${fixed}' does, and the rest reads as line ${line}`,
      error_type: "EDIT_FILE_NOT_FOUND",
      parameter: "path",
      got: path,
      likely_fix: lineParameter && line >= 1 ? { path: fixed, [lineParameter]: line } : { path: fixed },
      hints: [`Give the file's path alone; '${path.slice(fixed.length)}' is a place in it`],
    });
  }
  const near = suggest(
    name ?? "",
    entries.filter((e) => e !== name),
    { allowAuto: false, namespaces: false },
  );
  const fix = near.likely_fix !== undefined ? replaceBasename(path, near.likely_fix) : undefined;
  return new ToolError({
    error: `'${path}' does not exist`,
    error_type: "EDIT_FILE_NOT_FOUND",
    parameter: "path",
    got: path,
    likely_fix: fix ? { path: fix } : undefined,
    hints: [
      ...(fix ? [] : near.hints.slice(0, 3).map((h) => `Did you mean '${replaceBasename(path, h)}'?`)),
      "To create a file, call edit_file with an empty old_str",
    ],
  });
}

/** The names in the target's (verified) directory; none when it cannot be read. */
function entriesBeside(target: EditTarget): string[] {
  try {
    return readdirSync(target.dir.self());
  } catch {
    return [];
  }
}

/**
 * The existing file a missing target names with a location after it (`app.ts:12:5` beside `app.ts`), and the line;
 * undefined when the name has no location or the file without it is not there.
 */
export function locatedFile(
  target: EditTarget,
  entries: () => readonly string[] = () => entriesBeside(target),
): { name: string; line: number } | undefined {
  // The directory is listed only for a name that has a location: creating a file lists nothing otherwise.
  const m = LOCATION.exec(target.name);
  if (!m || !entries().includes(m[1])) return undefined;
  return { name: m[1], line: Number(m[2] ?? m[3] ?? m[4]) };
}

export function replaceBasename(path: string, name: string): string {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut === -1 ? name : `${path.slice(0, cut + 1)}${name}`;
}

/** ` (a, b)`: the allowed roots as a refusal names them, so the agent knows where it may go. */
function rootList(roots: readonly string[] | undefined): string {
  return roots && roots.length > 0 ? ` (${roots.join(", ")})` : "";
}
