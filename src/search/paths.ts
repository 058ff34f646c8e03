/** The search root: inside the allowed roots, existing, with a did-you-mean for a misspelled directory. */
import { dirname, isAbsolute, join, relative } from "node:path";
import { kindOf, lstatOrUndefined } from "../core/beneath.js";
import type { Correction } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { nearSibling } from "../core/near-sibling.js";
import { resolveInsideRoots } from "../core/roots.js";

export interface SearchTarget {
  absolute: string;
  /** What rg is given, relative to the working directory when inside it. */
  argument: string;
  isFile: boolean;
}

const GLOB_CHARS = /[*?[{]/u;

/** A search root read from a `path` that was a glob: the directory searched, and the glob for `--glob`. */
export interface PathGlob {
  directory: string;
  glob: string;
}

/**
 * Resolves `path` for a search, or, when no such path exists and it is a relative glob (`*.ts`, `src/lib*`),
 * the directory before its first wildcard with the glob to select files by (ripgrep matches `--glob` against the
 * path it prints, which starts with that directory). Throws as resolveSearchPath does otherwise.
 */
export function resolveSearchPathOrGlob(
  path: string,
  roots: readonly string[],
  cwd: string,
): { target: SearchTarget; fromGlob?: PathGlob } {
  try {
    return { target: resolveSearchPath(path, roots, cwd) };
  } catch (e) {
    if (!(e instanceof ToolError) || e.errorType !== "SEARCH_INVALID_PATH") throw e;
    if (!GLOB_CHARS.test(path) || isAbsolute(path)) throw e;
    const glob = path.replace(/^(?:\.\/)+/u, "");
    const segments = glob.split("/");
    const firstWild = segments.findIndex((seg) => GLOB_CHARS.test(seg));
    const directory = segments.slice(0, Math.max(0, firstWild)).join("/") || ".";
    try {
      return { target: resolveSearchPath(directory, roots, cwd), fromGlob: { directory, glob } };
    } catch (inner) {
      // The glob's directory is missing too: the error is about the path as given.
      if (inner instanceof ToolError && inner.errorType === "SEARCH_INVALID_PATH") throw e;
      throw inner;
    }
  }
}

/** What reading a glob `path` as a directory and a `--glob` changed, for did_you_mean. */
export function pathGlobCorrections(path: string, rgFlags: unknown, read: PathGlob): Correction[] {
  const base = { correction_type: "path_glob", confidence: 0.95 };
  const flags = typeof rgFlags === "string" ? rgFlags.trim() : Array.isArray(rgFlags) ? rgFlags.join(" ") : "";
  return [
    { ...base, parameter: "path", original: path, corrected: read.directory },
    { ...base, parameter: "rg_flags", original: flags, corrected: `${flags} --glob=${read.glob}`.trim() },
  ];
}

/** Resolves `path` for a search; throws SEARCH_PATH_DENIED or SEARCH_INVALID_PATH. */
function resolveSearchPath(path: string, roots: readonly string[], cwd: string): SearchTarget {
  const check = resolveInsideRoots(path, roots, cwd);
  if (!check.ok && check.reason === "outside_roots") {
    throw new ToolError({
      error: `path '${path}' is outside the allowed roots (${roots.join(", ")})`,
      error_type: "SEARCH_PATH_DENIED",
      parameter: "path",
      got: path,
      expected: roots,
      // The allowed root to search instead: never the value that failed (`.` fails when the project lies outside).
      ...(roots.length > 0 ? { likely_fix: roots[0] } : {}),
      hints: ["Search inside an allowed root, or start dwim with --root for another directory"],
    });
  }
  if (!check.ok || !check.exists) {
    const fix = nearestExisting(path, cwd);
    throw new ToolError({
      error: `path '${path}' does not exist`,
      error_type: "SEARCH_INVALID_PATH",
      parameter: "path",
      got: path,
      likely_fix: fix,
      hints: fix ? [] : ["Use fuzzy_search_files to find the directory"],
    });
  }
  const absolute = check.absolute;
  // ripgrep reads a path it is given whatever it is: a FIFO would block it, a device would never end.
  const stat = lstatOrUndefined(absolute);
  if (stat && !stat.isFile() && !stat.isDirectory()) {
    throw new ToolError({
      error: `path '${path}' is a ${kindOf(stat)}, not a file or directory; it was not searched`,
      error_type: "SEARCH_INVALID_PATH",
      parameter: "path",
      got: path,
      hints: ["Search a directory or a regular file"],
    });
  }
  const isFile = stat?.isFile() ?? false;
  const rel = relative(cwd, absolute);
  const inside = rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
  const argument = inside ? (rel === "" ? "./" : rel) : absolute;
  return { absolute, argument, isFile };
}

/** `src/utills` → `src/utils` when the parent exists and one sibling is a close spelling. */
function nearestExisting(path: string, cwd: string): string | undefined {
  const name = nearSibling(openablePath(path, cwd));
  if (!name) return undefined;
  const fixed = join(dirname(path), name);
  return path.startsWith("./") && !fixed.startsWith("./") ? `./${fixed}` : fixed;
}

/** Where to open a path ripgrep listed or printed: relative to `cwd` unless absolute. */
export function openablePath(path: string, cwd: string): string {
  return isAbsolute(path) ? path : join(cwd, path);
}

/** rg prints paths as given; drop the `./` it adds for the working directory. */
export function displayPath(p: string): string {
  if (p.startsWith("./")) return p.slice(2);
  if (p.startsWith(".\\")) return p.slice(2);
  return p;
}
