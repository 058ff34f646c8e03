/** How option values are read: repeatable options, and `--tools`/`--exclude` name lists. */
import { InvalidArgumentError } from "commander";

/** A repeatable option's values, in order. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * Toolset and tool names, comma-separated and repeatable. Case and separators fold (`SEARCH`, `check-dimensions`:
 * every name dwim has is lower snake_case); an empty list is refused rather than read as "everything". Unknown names
 * are reported, with a did-you-mean, when the selection is checked against the manifest (server/selection.ts).
 */
export function toolNameList(value: string, previous: string[] = []): string[] {
  const names = value
    .split(",")
    .map((s) => s.trim().toLowerCase().replaceAll("-", "_"))
    .filter(Boolean);
  if (names.length === 0)
    throw new InvalidArgumentError("give at least one name: a toolset (search, units…) or a tool (convert…)");
  return [...previous, ...names];
}

/** Upstream tool names as written (another server's names keep their case), comma-separated and repeatable. */
export function upstreamNameList(value: string, previous: string[] = []): string[] {
  const names = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new InvalidArgumentError("give at least one tool name");
  return [...previous, ...names];
}
