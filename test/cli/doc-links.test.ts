/**
 * Issue 18 item 6: the docs never cite a file the repository does not have. Every relative Markdown link in README.md
 * and docs/*.md, and every repository path written in backticks (`bench/…`, `test/…`, `docs/…`, `scripts/…`, and
 * `src/<area>/…` for dwim's own areas; `src/auth/login.ts` in a memory example is a user's path), must exist.
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

describe("documentation citations", () => {
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
