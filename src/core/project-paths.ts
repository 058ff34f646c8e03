/**
 * Files dwim keeps inside a project (`.dwim/dwim.toml`, `.dwim/memory.db` and its journal files) come with the
 * project, and a project can ship them as symlinks: `.dwim/memory.db -> ~/.bashrc` would make the first `remember`
 * write there. Such a path is used only when it, and every directory on its way, stays inside the project once
 * symlinks are followed. The threat is the project's own content, fixed before dwim starts; a peer swapping links
 * while dwim runs is the file tools' concern (beneath.ts).
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, resolve } from "node:path";
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
