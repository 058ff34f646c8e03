/**
 * dwim's version and package root, found from this module's location (in dist/ or in the bundled CLI one level
 * deeper), so the CLI prints the version without loading any toolset.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The directory of dwim's package.json. */
const PACKAGE_ROOT: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        if ((JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name === "dwim") return dir;
      } catch {
        // not ours: keep looking
      }
    }
    dir = dirname(dir);
  }
  return dirname(dirname(dirname(fileURLToPath(import.meta.url))));
})();

export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();
