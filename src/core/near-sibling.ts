/**
 * A path that does not exist, and the entry beside it the user most likely meant (`src/utills` → `utils`): the core
 * matcher's fix over the parent directory's entries, so a misspelt directory gets the same did-you-mean as a
 * misspelt tool name.
 */
import { type Dirent, readdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import { suggest } from "./suggest.js";

/**
 * The name of the entry of `absolute`'s parent that `absolute`'s last segment is a near spelling of, or undefined
 * when the parent cannot be read or nothing is close enough for a fix. `keep` narrows the entries (directories only).
 */
export function nearSibling(absolute: string, keep: (entry: Dirent) => boolean = () => true): string | undefined {
  let entries: Dirent[];
  try {
    entries = readdirSync(dirname(absolute), { withFileTypes: true });
  } catch {
    return undefined;
  }
  const names = entries.filter(keep).map((e) => e.name);
  const s = suggest(basename(absolute), names);
  return s.tier === "auto" || s.tier === "likely_fix" ? (s.likely_fix ?? s.match?.target) : undefined;
}
