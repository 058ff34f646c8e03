/** Allowed roots for file tools: paths are resolved through symlinks before the containment check. */
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** Real paths of the given roots (missing roots are dropped). */
export function resolveRoots(paths: readonly string[], cwd = process.cwd()): string[] {
  const out: string[] = [];
  for (const p of paths) {
    try {
      const real = realpathSync.native(resolve(cwd, p));
      if (!out.includes(real)) out.push(real);
    } catch {
      // A root that does not exist allows nothing.
    }
  }
  return out;
}

export type RootCheck =
  | { ok: true; absolute: string; root: string; exists: boolean }
  | { ok: false; absolute: string; reason: "outside_roots" | "invalid_path" };

/**
 * Resolves `path` (relative to cwd) through symlinks, including a missing file's nearest existing ancestor, and
 * checks that it lies inside one of `roots`.
 */
export function resolveInsideRoots(path: string, roots: readonly string[], cwd = process.cwd()): RootCheck {
  if (path.includes("\0") || path.trim() === "") {
    return { ok: false, absolute: path, reason: "invalid_path" };
  }
  const absolute = isAbsolute(path) ? resolve(path) : resolve(cwd, path);
  let existing = absolute;
  const missing: string[] = [];
  let real: string | undefined;
  for (;;) {
    try {
      real = realpathSync.native(existing);
      break;
    } catch {
      const parent = dirname(existing);
      if (parent === existing) break;
      missing.unshift(basename(existing));
      existing = parent;
    }
  }
  if (real === undefined) return { ok: false, absolute, reason: "invalid_path" };
  const target = missing.length > 0 ? join(real, ...missing) : real;
  for (const root of roots) {
    if (isInside(target, root)) return { ok: true, absolute: target, root, exists: missing.length === 0 };
  }
  return { ok: false, absolute: target, reason: "outside_roots" };
}

export function isInside(path: string, root: string): boolean {
  if (path === root) return true;
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}
