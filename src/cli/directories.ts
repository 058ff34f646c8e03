/**
 * Directories named on the command line (`--project`, `--root`) are checked before anything starts: a misspelt one
 * stops dwim with exit code 2, naming the path and the directory beside it the user probably meant, rather than
 * serving a project that does not exist (whose first write would create it).
 */
import { type Dirent, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { nearSibling } from "../core/near-sibling.js";

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Entries of `parent` that are directories, symlinks to one included. */
const directoryEntryOf = (parent: string) => (entry: Dirent) =>
  entry.isDirectory() || (entry.isSymbolicLink() && isDirectory(join(parent, entry.name)));

/** What is wrong with `given` as the directory `flag` names, or undefined when it is one. */
function directoryProblem(flag: string, given: string, cwd = process.cwd()): string | undefined {
  const absolute = resolve(cwd, given);
  let code: string | undefined;
  try {
    if (statSync(absolute).isDirectory()) return undefined;
  } catch (e) {
    code = (e as NodeJS.ErrnoException).code ?? "error";
  }
  if (code === undefined) return `${flag} ${given}: not a directory (${absolute})`;
  if (code !== "ENOENT" && code !== "ENOTDIR") return `${flag} ${given}: cannot be read (${code}: ${absolute})`;
  const near = nearSibling(absolute, directoryEntryOf(dirname(absolute)));
  const guess = near === undefined ? "" : `; did you mean ${flag} ${join(dirname(given), near)}?`;
  return `${flag} ${given}: no such directory (${absolute})${guess}`;
}

type GivenDirectories = ReadonlyArray<readonly [flag: string, dirs: readonly string[] | string | undefined]>;

/** The problems of every directory given, in order (`--root` may repeat). */
function directoryProblems(given: GivenDirectories): string[] {
  return given.flatMap(([flag, dirs]) =>
    (typeof dirs === "string" ? [dirs] : (dirs ?? [])).flatMap((dir) => directoryProblem(flag, dir) ?? []),
  );
}

/** Reports each directory that is not one on stderr and sets exit code 2; true when all are directories. */
export function directoriesExist(given: GivenDirectories): boolean {
  const problems = directoryProblems(given);
  for (const p of problems) process.stderr.write(`dwim: ${p}\n`);
  if (problems.length > 0) process.exitCode = 2;
  return problems.length === 0;
}
