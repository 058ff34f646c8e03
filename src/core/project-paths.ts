/**
 * Files dwim keeps inside a project (`.dwim/dwim.toml`, `.dwim/memory.db` and its journal files) come with the
 * project, and a project can ship them as symlinks: `.dwim/memory.db -> ~/.bashrc` would make the first `remember`
 * write there. Such a path is used only when it, and every directory on its way, stays inside the project once
 * symlinks are followed. The threat is the project's own content, fixed before dwim starts; a peer swapping links
 * while dwim runs is the file tools' concern (beneath.ts).
 */
import { linkSync, lstatSync, mkdirSync, readlinkSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { resolveInsideRoots } from "./roots.js";

/** Why `path` may not be used as a file of the project's, or undefined when it stays inside `project`. */
export function escapesProject(path: string, project: string): string | undefined {
  let realProject: string;
  try {
    realProject = realpathSync.native(project);
  } catch {
    return undefined;
  }
  const dir = resolveInsideRoots(dirname(path), [realProject]);
  if (!dir.ok) return `${dirname(path)} leads outside the project ${project}`;
  let isLink = false;
  try {
    isLink = lstatSync(path).isSymbolicLink();
  } catch {
    return undefined;
  }
  if (!isLink) return undefined;
  // Followed as the open would follow it: a dangling link creates its target.
  const target = resolveInsideRoots(resolve(dirname(path), readlinkSync(path)), [realProject]);
  return target.ok ? undefined : `${path} is a symlink to ${target.absolute}, outside the project`;
}

/** The first reason any of these paths escapes the project. */
export function firstEscape(paths: readonly string[], project: string): string | undefined {
  for (const path of paths) {
    const reason = escapesProject(path, project);
    if (reason) return reason;
  }
  return undefined;
}

/**
 * The project's `.dwim/` directory. When dwim makes it, it also writes `.dwim/.gitignore` holding `*`, so the memory
 * database and its journals never show in `git status`; a `.dwim/` that already exists is left as it is (its owner
 * may commit `dwim.toml`). The project itself must exist (ENOENT otherwise): dwim never creates a project directory.
 */
export function ensureStateDirectory(project: string): string {
  const dir = join(project, ".dwim");
  try {
    mkdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return dir;
    throw e;
  }
  // Whole or not at all, and never over a file another process wrote meanwhile: written aside, then linked in.
  const file = join(dir, ".gitignore");
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, "*\n", { flag: "wx" });
    linkSync(partial, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    rmSync(partial, { force: true });
  }
  return dir;
}
