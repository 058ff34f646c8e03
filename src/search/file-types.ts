/**
 * ripgrep's file types (`-t py`, `-T js`). ripgrep knows about two hundred names; an agent writes the language's
 * common name (`javascript`, `golang`), an extension (`rs`, `yml`) or a typo (`pyhton`), and ripgrep answers
 * "unrecognized file type". The names this ripgrep knows are read once per binary from `rg --type-list`, with each
 * type's globs, and a value it does not know is read as the one type it means when exactly one fits: the name in
 * another case, a language's other name, an extension exactly one type's globs claim, or a typo the core's name
 * matcher auto-corrects. Otherwise the value is refused with the nearest names.
 */
import { type CandidateSpec, suggest } from "../core/suggest.js";
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
  /** `likely`: a fix the core's matcher finds likely but not sure enough to apply; `near`: names for the hint. */
  | { kind: "unknown"; likely?: string; near: string[] };

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

/**
 * The type a `-t`/`-T` value names: as written; else the one type it means, by the core's matcher (another case, a
 * language's other name, a typo, with the thresholds tool names get) or by an extension one type's globs claim;
 * else the nearest names.
 */
export function readFileType(value: string, types: FileTypes): TypeReading {
  if (types.has(value) || SPECIAL.has(value)) return { kind: "known", type: value };
  const lower = value.toLowerCase();
  const ext = lower.replace(/^\*?\./u, "");
  if (ext !== lower && types.has(ext)) return { kind: "fixed", type: ext, how: "extension", confidence: 0.95 };
  const match = suggest(value, candidatesOf(types), { namespaces: false });
  if (match.tier === "auto" && match.match && match.match.kind !== "typo") {
    const how = match.match.kind === "alias" ? "other_name" : "case";
    return { kind: "fixed", type: match.match.target, how, confidence: match.match.confidence };
  }
  const claiming = [...types].filter(([, globs]) => globs.includes(`*.${ext}`));
  // Types with the same globs are one type under several names (ts and typescript): the shortest is taken.
  if (claiming.length > 0 && new Set(claiming.map(([, globs]) => globs.join(","))).size === 1) {
    const [type] = claiming.map(([name]) => name).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    return { kind: "fixed", type, how: "extension", confidence: 0.95 };
  }
  if (match.tier === "auto" && match.match) {
    return { kind: "fixed", type: match.match.target, how: "typo", confidence: match.match.confidence };
  }
  // An extension several types claim: those types are the choice to offer.
  const near =
    claiming.length > 1
      ? claiming.map(([name]) => name)
      : [...new Set([match.likely_fix, ...match.candidates.map((c) => c.target)])].filter((t) => t !== undefined);
  return {
    kind: "unknown",
    likely: match.tier === "likely_fix" ? match.likely_fix : undefined,
    near: near.slice(0, 3),
  };
}

/** Each type as a candidate of the core's matcher, with the other names that mean it as aliases. */
function candidatesOf(types: FileTypes): CandidateSpec[] {
  const aliases = new Map<string, string[]>();
  for (const [name, type] of Object.entries(OTHER_NAMES)) {
    if (types.has(type)) aliases.set(type, [...(aliases.get(type) ?? []), name]);
  }
  return [...SPECIAL, ...types.keys()].map((target) => ({ target, aliases: aliases.get(target) }));
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
