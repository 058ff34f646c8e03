/**
 * Three slips agents make with the search tools, each of which used to end in nothing found or an error: a regex
 * literal in regex_pattern (`/parse/i`), a double-quoted phrase in fuzzy_filter (fzf has no double quotes), and a
 * glob given as path (`src/**` + `/*.py`).
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchContent } from "../../src/search/content.js";
import { quotedToExact, regexLiteral } from "../../src/search/convert.js";
import { searchFiles } from "../../src/search/files.js";
import { parseQuery } from "../../src/search/fzf/pattern.js";
import { rejectionOf } from "../helpers/errors.js";
import { envFor, makeTree } from "./fixture.js";

describe("regexLiteral", () => {
  it.each([
    ["/parse/", "parse", []],
    ["/PARSE/i", "PARSE", ["--ignore-case"]],
    ["/a\\/b/g", "a/b", []],
    ["  /def \\w+/gi ", "def \\w+", ["--ignore-case"]],
  ])("%s → %s %j", (r, pattern, flags) => {
    expect(regexLiteral(r)).toEqual({ pattern, flags });
  });

  it.each(["parse", "/parse", "parse/", "//", "/a/q", "src/app/"])("%s is not a regex literal", (r) => {
    expect(regexLiteral(r)).toBeUndefined();
  });
});

describe("quotedToExact", () => {
  it.each([
    ['"parse config"', "'parse\\ config"],
    ['"session  timeout" !test', "'session\\ timeout !test"],
    ['"update"', "'update"],
  ])("%s → %s", (f, q) => {
    expect(quotedToExact(f)).toBe(q);
  });

  it.each(["parse config", '"parse', 'a "b" "c'])("%s is left alone", (f) => {
    expect(quotedToExact(f)).toBeUndefined();
  });

  it("a quoted phrase becomes one exact term holding the whole phrase", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/u), { minLength: 1, maxLength: 4 }), (words) => {
        const terms = parseQuery(quotedToExact(`"${words.join(" ")}"`) as string);
        expect(terms).toHaveLength(1);
        expect(terms[0][0]).toMatchObject({ type: "exact", text: words.join(" ") });
      }),
    );
  });
});

describe("on the search tools", () => {
  let root: string;
  beforeAll(() => {
    root = makeTree();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("a regex literal finds what its pattern finds, with its i flag, and says so", async () => {
    const r = await searchContent({ fuzzy_filter: "session", regex_pattern: "/SESSION/i" }, envFor(root));
    expect(r.did_you_mean).toMatchObject({
      correction_type: "regex_delimiters",
      applied: { regex_pattern: "SESSION", rg_flags: ["--ignore-case"] },
    });
    expect(r.matches.map((m) => m.content)).toContain("    # TODO: fix the session timeout");
  });

  it("a pattern with slashes that matches as written is left alone (a URL path, not a literal)", async () => {
    writeFileSync(join(root, "src/routes.ts"), 'app.get("/api/", listUsers);\n');
    const r = await searchContent({ fuzzy_filter: "users", regex_pattern: "/api/" }, envFor(root));
    expect(r.did_you_mean).toBeUndefined();
    expect(r.matches.map((m) => m.file)).toEqual(["src/routes.ts"]);
    // Nor warned about: with results, the slashes are as likely part of what was meant.
    expect((r.warnings ?? []).filter((w) => w.includes("regex_delimiters"))).toEqual([]);
  });

  it("a double-quoted phrase is searched as fzf's exact phrase", async () => {
    const r = await searchContent({ fuzzy_filter: '"session timeout"' }, envFor(root));
    expect(r.did_you_mean?.correction_type).toBe("quoted_phrase");
    expect(r.matches.map((m) => m.content)).toEqual(["    # TODO: fix the session timeout"]);
  });

  it("a glob as path: its directory is searched with the glob, on both tools, and reported", async () => {
    const content = await searchContent({ fuzzy_filter: "package", path: "src/utils/*.go" }, envFor(root));
    expect(content.matches.map((m) => m.file)).toEqual(["src/utils/reader.go"]);
    expect(content.did_you_mean?.corrections.slice(0, 2)).toEqual([
      expect.objectContaining({ parameter: "path", original: "src/utils/*.go", corrected: "src/utils" }),
      expect.objectContaining({ parameter: "rg_flags", corrected: "--glob=src/utils/*.go" }),
    ]);
    const files = await searchFiles({ fuzzy_filter: "go", path: "**/*.go" }, envFor(root));
    expect(files.matches.map((m) => m.file).sort()).toEqual(["src/main.go", "src/utils/reader.go"]);
    expect(files.warnings).toContain("path '**/*.go' is a glob: searched . with --glob=**/*.go");
  });

  it("a glob under a missing directory, or outside the roots, keeps the path's own error", async () => {
    const missing = await rejectionOf(searchContent({ fuzzy_filter: "x", path: "nope/*.go" }, envFor(root)));
    expect(missing.payload).toMatchObject({ error_type: "SEARCH_INVALID_PATH", got: "nope/*.go" });
    const outside = await rejectionOf(searchContent({ fuzzy_filter: "x", path: "../*.go" }, envFor(root)));
    expect(outside.payload.error_type).toBe("SEARCH_PATH_DENIED");
  });
});
