/**
 * grep's flags in rg_flags, a habit agents bring from grep: `--include`/`--exclude`/`--exclude-dir` become ripgrep's
 * globs and are reported as grep_flag corrections; `-r`, `-R`, `-E` (with no value), `-I` do what ripgrep does anyway
 * and are dropped with a warning. Before, each was refused as a flag ripgrep does not allow (`-r` as "changes the
 * output format", being ripgrep's --replace).
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchContent } from "../../src/search/content.js";
import { searchFiles } from "../../src/search/files.js";
import { parseRgFlags } from "../../src/search/flags.js";
import { rejectionOf } from "../helpers/errors.js";
import { envFor, makeTree } from "./fixture.js";

describe("parseRgFlags with grep's flags", () => {
  it.each([
    ["--include=*.py", "--glob=*.py"],
    ["--include *.py", "--glob=*.py"],
    ["--exclude=*.min.js", "--glob=!*.min.js"],
    ["--exclude-dir=node_modules/", "--glob=!node_modules"],
    ["--exclude-dir vendor", "--glob=!vendor"],
  ])("%s → %s, reported", (flags, glob) => {
    const parsed = parseRgFlags(flags);
    expect(parsed.argv).toEqual([glob]);
    expect(parsed.corrections).toEqual([expect.objectContaining({ corrected: glob, correction_type: "grep_flag" })]);
  });

  it.each(["-r", "-R", "--recursive", "-E", "--extended-regexp", "-I", "-rI"])(
    "%s is dropped with a warning",
    (flags) => {
      const parsed = parseRgFlags(`${flags} -w`);
      expect(parsed.argv).toEqual(["--word-regexp"]);
      expect(parsed.warnings.length).toBeGreaterThan(0);
      expect(parsed.warnings.every((w) => w.includes("(grep's) is dropped"))).toBe(true);
    },
  );

  it("-rn: grep's recursion dropped, the line numbers ignored as before", () => {
    const parsed = parseRgFlags("-rn --include=*.go");
    expect(parsed.argv).toEqual(["--glob=*.go"]);
    expect(parsed.warnings).toHaveLength(2);
  });

  it("-E with a value stays ripgrep's --encoding", () => {
    expect(parseRgFlags("-E utf-16le").argv).toEqual(["--encoding=utf-16le"]);
  });

  it("ripgrep's own --replace stays refused", () => {
    expect(() => parseRgFlags("--replace=x")).toThrow(/not allowed/u);
  });

  it("a glob from grep's flag has the same depth limit as -g", () => {
    expect(() => parseRgFlags(`--include=${"{".repeat(40)}a${"}".repeat(40)}`)).toThrow(/nests braces/u);
  });
});

describe("grep's flags on both search tools", () => {
  let root: string;
  beforeAll(() => {
    root = makeTree();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("content search: --include selects the files, and did_you_mean says how it was read", async () => {
    const r = await searchContent({ fuzzy_filter: "package", rg_flags: "-rn --include=main.go" }, envFor(root));
    expect(r.matches.map((m) => m.file)).toEqual(["src/main.go"]);
    expect(r.did_you_mean?.correction_type).toBe("grep_flag");
    expect(r.warnings?.some((w) => w.includes("-r (grep's) is dropped"))).toBe(true);
  });

  it("file search: --exclude-dir leaves the directory out, with a warning saying how it was read", async () => {
    const r = await searchFiles({ fuzzy_filter: ".go$", rg_flags: ["--exclude-dir", "utils"] }, envFor(root));
    expect(r.matches.map((m) => m.file)).toEqual(["src/main.go"]);
    expect(r.warnings).toContain("rg flag --exclude-dir=utils read as --glob=!utils");
  });

  it("grep's flag without its value is the contract's error", async () => {
    const e = await rejectionOf(searchContent({ fuzzy_filter: "x", rg_flags: "--include" }, envFor(root)));
    expect(e.payload).toMatchObject({ error_type: "SEARCH_INVALID_ARGUMENT", parameter: "rg_flags" });
  });
});
