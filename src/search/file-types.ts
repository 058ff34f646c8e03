/**
 * ripgrep's file types (`-t py`, `-T js`). ripgrep knows about two hundred names; an agent writes the language's
 * common name (`javascript`, `golang`), an extension (`rs`, `yml`) or a typo (`pyhton`), and ripgrep answers
 * "unrecognized file type". The names this ripgrep knows are read once per binary from `rg --type-list`, with each
 * type's globs, and a value it does not know is read as the one type it means when exactly one fits: the name in
 * another case, a language's other name, an extension exactly one type's globs claim, or the one name within the
 * typo budget. Otherwise the value is refused with the nearest names.
 */
import { confirmScore } from "../core/similarity.js";
import { uniqueWithinBudget } from "../core/suggest.js";
import { runRipgrep } from "./ripgrep.js";

/** Type name → its globs, as `rg --type-list` prints them. */
export type FileTypes = ReadonlyMap<string, readonly string[]>;

/** Names ripgrep accepts beyond its list: every type at once. */
const SPECIAL = new Set(["all"]);

/**
 * Languages' other names that neither ripgrep's list nor its globs carry. Each maps to the type ripgrep has for that
 * language; an entry whose type this ripgrep lacks is ignored.
 */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  javascript: "js",
  node: "js",
  nodejs: "js",
  golang: "go",
  "c++": "cpp",
  "c#": "cs",
  "f#": "fsharp",
  shell: "sh",
  terraform: "tf",
  powershell: "ps",
  "objective-c": "objc",
  dockerfile: "docker",
  makefile: "make",
  text: "txt",
  plaintext: "txt",
};

export type TypeReading =
  | { kind: "known"; type: string }
  | { kind: "fixed"; type: string; how: "case" | "other_name" | "extension" | "typo"; confidence: number }
  | { kind: "unknown"; near: string[] };

/** `rg --type-list` output (`name: glob, glob`) as a map. */
export function parseTypeList(text: string): Map<string, string[]> {
  const types = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const globs = line
      .slice(colon + 1)
      .split(",")
      .map((g) => g.trim())
      .filter((g) => g !== "");
    types.set(line.slice(0, colon).trim(), globs);
  }
  return types;
}

/** The type a `-t`/`-T` value names: as written, or the one type it most likely means, or the nearest names. */
export function readFileType(value: string, types: FileTypes): TypeReading {
  if (types.has(value) || SPECIAL.has(value)) return { kind: "known", type: value };
  const lower = value.toLowerCase();
  if (types.has(lower) || SPECIAL.has(lower)) return { kind: "fixed", type: lower, how: "case", confidence: 1 };
  const other = OTHER_NAMES[lower];
  if (other !== undefined && types.has(other)) {
    return { kind: "fixed", type: other, how: "other_name", confidence: 0.95 };
  }
  const ext = lower.replace(/^\*?\./u, "");
  if (ext !== lower && types.has(ext)) return { kind: "fixed", type: ext, how: "extension", confidence: 0.95 };
  const claiming = [...types].filter(([, globs]) => globs.includes(`*.${ext}`));
  // Types with the same globs are one type under several names (ts and typescript): the shortest is taken.
  if (claiming.length > 0 && new Set(claiming.map(([, globs]) => globs.join(","))).size === 1) {
    const [type] = claiming.map(([name]) => name).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    return { kind: "fixed", type, how: "extension", confidence: 0.95 };
  }
  const all = spellings(types);
  const typo = uniqueWithinBudget(
    lower,
    all.map(([spelling]) => spelling),
  );
  if (typo) {
    const type = all.find(([spelling]) => spelling === typo.value)?.[1] as string;
    return { kind: "fixed", type, how: "typo", confidence: typo.confidence };
  }
  // An extension several types claim: those types are the choice to offer.
  const near = claiming.length > 1 ? claiming.map(([name]) => name).slice(0, 3) : nearest(ext, types);
  return { kind: "unknown", near };
}

/** Every name a value may be a typo of, each with the type it stands for. */
function spellings(types: FileTypes): Array<[string, string]> {
  const own: Array<[string, string]> = [...types.keys()].map((n) => [n, n]);
  const other = Object.entries(OTHER_NAMES).filter(([, t]) => types.has(t));
  return [...own, ...other];
}

/** Up to three names nearest to `value`, for the hint. */
function nearest(value: string, types: FileTypes): string[] {
  return spellings(types)
    .map(([spelling, type]) => ({ type, score: confirmScore(value, spelling) }))
    .sort((a, b) => b.score - a.score || (a.type < b.type ? -1 : 1))
    .map((s) => s.type)
    .filter((t, i, all) => all.indexOf(t) === i)
    .slice(0, 3);
}

const cache = new Map<string, Promise<FileTypes | undefined>>();

/**
 * The types the ripgrep at `rg` knows, read once per binary; undefined when it cannot say (the values then go to
 * ripgrep unchecked, and ripgrep reports an unknown one itself).
 */
export function ripgrepFileTypes(rg: string, cwd: string): Promise<FileTypes | undefined> {
  let known = cache.get(rg);
  if (!known) {
    known = (async () => {
      const lines: string[] = [];
      const run = await runRipgrep({
        rg,
        args: ["--no-config", "--type-list"],
        cwd,
        timeoutMs: 5000,
        separator: "\n",
        onRecord: (line) => {
          lines.push(line);
          return true;
        },
      });
      const types = parseTypeList(lines.join("\n"));
      return run.exitCode === 0 && types.size > 0 ? types : undefined;
    })().catch(() => undefined);
    cache.set(rg, known);
  }
  return known;
}
