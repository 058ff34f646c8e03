/**
 * `-t`/`-T` values ripgrep does not know: read as the one type meant (another case, a language's other name, an
 * extension, a typo) and reported, or refused with the nearest names, the same way on both search tools. Before,
 * `-t javascript` failed the content search with SEARCH_RG_FAILED and left the file search silently empty.
 */
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchContent } from "../../src/search/content.js";
import { type FileTypes, parseTypeList, readFileType, ripgrepFileTypes } from "../../src/search/file-types.js";
import { searchFiles } from "../../src/search/files.js";
import { parseRgFlags } from "../../src/search/flags.js";
import { rejectionOf } from "../helpers/errors.js";
import { envFor, makeTree } from "./fixture.js";

const TYPES: FileTypes = parseTypeList(
  [
    "c: *.[chH], *.[chH].in, *.cats",
    "go: *.go",
    "h: *.h, *.hh, *.hpp",
    "java: *.java, *.jsp",
    "js: *.cjs, *.js, *.jsx, *.mjs, *.vue",
    "mma: *.mm, *.nb",
    "objc: *.h, *.m",
    "objcpp: *.h, *.mm",
    "py: *.py, *.pyi",
    "python: *.py, *.pyi",
    "rust: *.rs",
    "ts: *.cts, *.mts, *.ts, *.tsx",
    "typescript: *.cts, *.mts, *.ts, *.tsx",
    "yaml: *.yaml, *.yml",
  ].join("\n"),
);

describe("readFileType", () => {
  it.each([
    ["py", "py"],
    ["all", "all"],
  ])("%s is known", (value, type) => {
    expect(readFileType(value, TYPES)).toEqual({ kind: "known", type });
  });

  it.each([
    ["Python", "python", "case"],
    ["javascript", "js", "other_name"],
    ["golang", "go", "other_name"],
    ["rs", "rust", "extension"],
    ["yml", "yaml", "extension"],
    [".jsx", "js", "extension"],
    ["*.pyi", "py", "extension"],
    ["tsx", "ts", "extension"],
    ["pyhton", "python", "typo"],
    ["typscript", "typescript", "typo"],
  ])("%s is read as %s (%s)", (value, type, how) => {
    expect(readFileType(value, TYPES)).toMatchObject({ kind: "fixed", type, how });
  });

  it("an extension claimed by two types with different globs picks neither", () => {
    expect(readFileType("m", TYPES)).toMatchObject({ kind: "fixed", type: "objc", how: "extension" });
    expect(readFileType(".h", TYPES)).toMatchObject({ kind: "fixed", type: "h", how: "extension" });
    const mm = readFileType(".mm", TYPES);
    expect(mm.kind).toBe("unknown");
    expect(mm.kind === "unknown" && mm.near).toEqual(["mma", "objcpp"]);
  });

  it("nothing near: refused with the nearest names", () => {
    const r = readFileType("cobol", TYPES);
    expect(r.kind).toBe("unknown");
    expect(r.kind === "unknown" && r.near.length).toBeGreaterThan(0);
  });

  it("a fixed or known reading is always a type ripgrep has, for any value", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const r = readFileType(value, TYPES);
        if (r.kind !== "unknown") expect(TYPES.has(r.type) || r.type === "all").toBe(true);
        if (TYPES.has(value)) expect(r).toEqual({ kind: "known", type: value });
      }),
      { numRuns: 500 },
    );
  });

  it("a list, which ripgrep takes one type per flag, becomes one flag per type", () => {
    const parsed = parseRgFlags(["--type=py,ts", "-T", "rs yml"], false, undefined, TYPES);
    expect(parsed.argv).toEqual(["--type=py", "--type=ts", "--type-not=rust", "--type-not=yaml"]);
    expect(parsed.corrections.map((c) => c.corrected)).toEqual([
      "--type=py --type=ts",
      "--type-not=rust --type-not=yaml",
    ]);
  });

  it("a list with one type nothing fits is refused, naming that one", () => {
    expect(() => parseRgFlags("-t py,cobol", false, undefined, TYPES)).toThrow(/no file type 'cobol'/u);
  });

  it("parseRgFlags records the fix and passes ripgrep the type it knows", () => {
    const parsed = parseRgFlags("-t javascript -T Rs -w", false, undefined, TYPES);
    expect(parsed.argv).toEqual(["--type=js", "--type-not=rust", "--word-regexp"]);
    expect(parsed.corrections.map((c) => [c.original, c.corrected, c.correction_type])).toEqual([
      ["--type=javascript", "--type=js", "file_type"],
      ["--type-not=Rs", "--type-not=rust", "file_type"],
    ]);
  });
});

describe("file types on both search tools, with the bundled ripgrep", () => {
  let root: string;
  beforeAll(() => {
    root = makeTree();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("reads this ripgrep's own list", async () => {
    const types = await ripgrepFileTypes(envFor(root).rg.path, root);
    expect(types?.get("py")).toContain("*.py");
    expect(types?.size).toBeGreaterThan(100);
  });

  it("content search: a language's other name is corrected and reported as file_type", async () => {
    const r = await searchContent({ fuzzy_filter: "package", rg_flags: "-t golang" }, envFor(root));
    expect(r.matches.map((m) => m.file).sort()).toEqual(["src/main.go", "src/utils/reader.go"]);
    expect(r.did_you_mean?.correction_type).toBe("file_type");
    expect(r.did_you_mean?.corrections[0]).toMatchObject({
      parameter: "rg_flags",
      original: "--type=golang",
      corrected: "--type=go",
    });
  });

  it("file search: a typo is corrected, with a warning saying so", async () => {
    const r = await searchFiles({ fuzzy_filter: "app", rg_flags: ["-t", "pyhton"] }, envFor(root));
    expect(r.matches.map((m) => m.file)).toEqual(["src/app.py"]);
    expect(r.warnings).toContain("rg flag --type=pyhton read as --type=python");
  });

  it("an unknown type is the contract's error on both tools, never a silent empty answer", async () => {
    for (const search of [
      () => searchContent({ fuzzy_filter: "x", rg_flags: "-t cobolx" }, envFor(root)),
      () => searchFiles({ fuzzy_filter: "x", rg_flags: "-t cobolx" }, envFor(root)),
    ]) {
      const e = await rejectionOf(search());
      expect(e.payload).toMatchObject({ error_type: "SEARCH_INVALID_ARGUMENT", parameter: "rg_flags" });
      expect(e.payload.hints[0]).toMatch(/^Nearest types: /u);
    }
  });
});
