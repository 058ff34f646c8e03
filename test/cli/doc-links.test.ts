/**
 * The docs never cite a file the repository does not have, and never use the words of the process that made them.
 * Every relative Markdown link in README.md and docs/*.md, and every repository path written in backticks (`bench/…`,
 * `test/…`, `docs/…`, `scripts/…`, and `src/<area>/…` for dwim's own areas; `src/auth/login.ts` in a memory example is
 * a user's path), must exist; no path leads out of the checkout; and no sentence cites the documents the product was
 * derived from or a tracker's numbers, which a reader of the repository cannot open.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const AREAS = new Set(
  readdirSync(join(ROOT, "src"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
);
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** Paths a document cites: relative link targets (resolved from the document) and backticked repository paths. */
function citedPaths(doc: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/gu)) {
    const target = m[1].split("#")[0];
    if (target === "" || /^[a-z][a-z0-9+.-]*:/iu.test(target)) continue;
    out.push(join(dirname(doc), decodeURI(target)));
  }
  for (const m of text.matchAll(/`((?:src|test|bench|docs|scripts)\/[A-Za-z0-9_./-]+)`/gu)) {
    const path = m[1].replace(/[.:,]$/u, "");
    // Globs and placeholders (`src/<area>/…`, `bench/*.ts`) describe patterns, not files.
    if (/[*<>{}]/u.test(path)) continue;
    if (path.startsWith("src/") && !AREAS.has(path.split("/")[1])) continue;
    out.push(path);
  }
  return out;
}

/** Words and paths a reader of the repository cannot follow, each with why it is refused. */
const OUTSIDE_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/(?<!random )\bseed(?:s|'s|-\d+|-style|-literal)?\b/giu, "a seed document"],
  [/\bspecs?\b/giu, "a spec"],
  [/\bissues? #?\d+/giu, "an issue number"],
  [/§/gu, "a section number of a document outside the repository"],
  [/(?:\.\.\/)+shared\b|\bshared\/(?:data|specs|seeds)\b/gu, "a path outside the checkout"],
  [/(?:^|[\s(`])\/work\//gmu, "a path on the machine that wrote it"],
];

/** Each internal word or outside path in `text`, with its line. */
function outsideWords(doc: string, text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const [pattern, what] of OUTSIDE_WORDS) {
      for (const m of line.matchAll(pattern)) out.push(`${doc}:${i + 1}: "${m[0].trim()}" (${what})`);
    }
  });
  return out;
}

describe("documentation citations", () => {
  it("no document uses internal words or points outside the repository", () => {
    const found = DOCS.flatMap((doc) => outsideWords(doc, readFileSync(join(ROOT, doc), "utf8")));
    expect(found).toEqual([]);
  });

  it("catches each internal word, and leaves seeded samples, random seeds and specific words alone", () => {
    const text = [
      "the seed's blend, seed-001 difflib, a seed-style router",
      "see specs/search.md and the spec; issue 14 targets; spec §4.2",
      "data in ../shared/data and /work/shared/data",
      "a seeded sample, random seed 4, a specific heat, the specification of MCP",
    ].join("\n");
    const found = outsideWords("d.md", text);
    expect(found.filter((f) => f.startsWith("d.md:4"))).toEqual([]);
    expect(found.map((f) => f.split('"')[1]).sort()).toEqual(
      [
        "seed's",
        "seed-001",
        "seed-style",
        "specs",
        "spec",
        "spec",
        "issue 14",
        "§",
        "../shared",
        "/work/",
        "shared/data",
      ].sort(),
    );
  });

  it("every cited file exists in the repository", () => {
    const missing = DOCS.flatMap((doc) =>
      citedPaths(doc, readFileSync(join(ROOT, doc), "utf8"))
        .filter((p) => p.startsWith("..") || !existsSync(join(ROOT, p)))
        .map((p) => `${doc}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it("finds links and backticked paths, so a missing one would be caught", () => {
    const text = "see [x](../bench/RESULTS.md#top), `src/core/tool.ts`, `src/auth/login.ts` and [w](https://x.y)";
    expect(citedPaths("docs/a.md", text)).toEqual(["bench/RESULTS.md", "src/core/tool.ts"]);
  });
});
