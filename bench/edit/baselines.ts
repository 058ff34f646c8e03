/** Baselines run in the same harness: what agents have today. Each returns the new file text, or undefined. */

function spliceOnce(file: string, old: string, neu: string): string | undefined {
  const at = file.indexOf(old);
  if (at === -1 || old === "" || file.indexOf(old, at + old.length) !== -1) return undefined;
  return file.slice(0, at) + neu + file.slice(at + old.length);
}

/** B0: exact match only (a plain str_replace). */
export function exactOnly(file: string, old: string, neu: string): string | undefined {
  return spliceOnce(file, old, neu);
}

/** B1: greedy unescape of both strings first (gemini-cli's unescapeStringForGeminiBug), then exact. */
export function greedyUnescape(file: string, old: string, neu: string): string | undefined {
  const unescapeGreedy = (s: string) =>
    s.replace(/\\+(n|t|r|'|"|`|\\|\n)/gu, (_m, c: string) => {
      switch (c) {
        case "n":
          return "\n";
        case "t":
          return "\t";
        case "r":
          return "\r";
        case "\n":
          return "\n";
        default:
          return c;
      }
    });
  return spliceOnce(file, unescapeGreedy(old), unescapeGreedy(neu));
}

/**
 * B2: exact, else the first window of lines equal after trimming each line (MCP filesystem server / Cline class);
 * new lines re-indented relative to the first matched line.
 */
export function firstMatchLineTrim(file: string, old: string, neu: string): string | undefined {
  const exact = spliceOnce(file, old, neu);
  if (exact !== undefined) return exact;
  const fileLines = file.split("\n");
  const oldLines = old.split("\n");
  if (oldLines.length === 0) return undefined;
  for (let i = 0; i + oldLines.length <= fileLines.length; i++) {
    let ok = true;
    for (let k = 0; k < oldLines.length && ok; k++) ok = fileLines[i + k].trim() === oldLines[k].trim();
    if (!ok) continue;
    const fileIndent = /^\s*/u.exec(fileLines[i])?.[0] ?? "";
    const oldIndent = /^\s*/u.exec(oldLines[0])?.[0] ?? "";
    const newLines = neu.split("\n").map((l) => {
      const ind = /^\s*/u.exec(l)?.[0] ?? "";
      const rel = ind.length >= oldIndent.length ? ind.slice(oldIndent.length) : "";
      return l.trim() === "" ? l : fileIndent + rel + l.trimStart();
    });
    return [...fileLines.slice(0, i), ...newLines, ...fileLines.slice(i + oldLines.length)].join("\n");
  }
  return undefined;
}
