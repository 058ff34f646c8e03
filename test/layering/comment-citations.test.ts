/**
 * Comments cite what a reader of the repository can open (docs/*.md sections, files), never the documents or
 * trackers the code came from: no issue numbers, spec sections, seed numbers or requirement ids in a comment of
 * src/, test/, bench/ or scripts/.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const DIRS = ["src", "test", "bench", "scripts"];

/** Citations of documents outside the repository, as they appear in a comment. */
const OUTSIDE = /\bissues? #?\d+|§|\bspecs?\b|\bseed[- ]?\d{3}\b|\bseed-(?:style|literal)\b|\(R\d+\)/iu;

/** The comment text of a source line: a `//` comment or a line of a block comment. */
function commentOf(line: string): string | undefined {
  const block = /^\s*(?:\/\*\*?|\*)(?!\/)(.*)$/u.exec(line);
  if (block) return block[1];
  const slash = /(?:^|\s)\/\/(.*)$/u.exec(line);
  return slash?.[1];
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === "node_modules" || d.name === "generated" ? [] : sources(path);
    return /\.(?:ts|mjs|cjs)$/u.test(d.name) ? [path] : [];
  });
}

/** Every comment line of `text` that cites something outside the repository. */
function outsideCitations(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => {
    const comment = commentOf(line);
    return comment !== undefined && OUTSIDE.test(comment) ? [`${file}:${i + 1}: ${comment.trim()}`] : [];
  });
}

describe("comments cite only what is in the repository", () => {
  it("no comment in src, test, bench or scripts cites an issue, a spec, a seed or a requirement id", () => {
    const found = DIRS.flatMap((dir) =>
      sources(join(ROOT, dir))
        .filter((file) => !file.endsWith("comment-citations.test.ts"))
        .flatMap((file) => outsideCitations(relative(ROOT, file), readFileSync(file, "utf8"))),
    );
    expect(found).toEqual([]);
  });

  it("catches each kind, in line and block comments, and leaves code and plain words alone", () => {
    const text = [
      "/** Conformance cases 1–18 of spec router §5. */",
      " * The seed-001 baseline (issue 17).",
      "const x = 1; // requirement (R7)",
      "const spec = lookup(word); // as the spec says",
      "const specs = lookup(word);",
      "/** The MCP transport specification asks for it; a random seed 4 and seeded samples. */",
      "const s = 'issue 12'; // a string, not a comment",
    ].join("\n");
    expect(outsideCitations("f.ts", text).map((f) => f.split(":")[1])).toEqual(["1", "2", "3", "4"]);
  });
});
