/** The search conformance cases, numbered (case 32, the Go-corpus parity, runs in bench/search). */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/config.js";
import { isToolError } from "../../src/core/errors.js";
import { contentCandidates, filesCandidates } from "../../src/search/candidates.js";
import { searchSection, searchSettings } from "../../src/search/config.js";
import { searchContent } from "../../src/search/content.js";
import { searchFiles } from "../../src/search/files.js";
import { parseRgFlags } from "../../src/search/flags.js";
import { parseQuery } from "../../src/search/fzf/pattern.js";
import { locateRipgrep } from "../../src/search/ripgrep.js";
import { rejectionOf } from "../helpers/errors.js";
import { envFor, fakeRg, makeTree } from "./fixture.js";

let root: string;
beforeAll(() => {
  root = makeTree();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("cases 1-3: valid fzf syntax and code literals are never flagged", () => {
  const valid = ["^def update", "py$", "^src/ tsx$ !test", "foo\\ bar", "TODO | FIXME", "'exact 'word' !'fuzz"];
  const literals = [
    "arr[0]",
    "xs[0]++",
    "print(x)",
    "std::vector",
    "#[derive(Debug)]",
    "i++",
    "x?.y",
    "*ptr",
    "{id}",
    "java.util.*",
    'printf("%d\\n")',
    "C:\\src\\docs",
  ];
  it.each([...valid, ...literals])("%s: no candidate", (f) => {
    expect(contentCandidates(f, ".", [])).toEqual([]);
  });
  it("parses the fzf forms as intended", () => {
    expect(parseQuery("^def update").map((s) => s.map((t) => t.type))).toEqual([["prefix"], ["fuzzy"]]);
    expect(parseQuery("py$")[0][0]).toMatchObject({ type: "suffix", text: "py" });
    expect(parseQuery("^src/ tsx$ !test").map((s) => [s[0].type, s[0].inverse])).toEqual([
      ["prefix", false],
      ["suffix", false],
      ["exact", true],
    ]);
    expect(parseQuery("foo\\ bar")).toHaveLength(1);
    expect(parseQuery("foo\\ bar")[0][0].text).toBe("foo bar");
    expect(parseQuery("TODO | FIXME")).toHaveLength(1);
    expect(parseQuery("TODO | FIXME")[0]).toHaveLength(2);
    expect(parseQuery("'exact 'word' !'fuzz").map((s) => [s[0].type, s[0].inverse])).toEqual([
      ["exact", false],
      ["exact_boundary", false],
      ["fuzzy", true],
    ]);
  });
  it("a code literal search runs without warnings", async () => {
    const r = await searchContent({ fuzzy_filter: "print(x)" }, envFor(root));
    expect(r.total_matches).toBeGreaterThan(0);
    expect(r.warnings).toBeUndefined();
    expect(r.did_you_mean).toBeUndefined();
  });
});

describe("cases 4-13: regex in fuzzy_filter", () => {
  it("4: def test_.*seer.*credit → regex_to_fuzzy, in-pass, .90", async () => {
    const r = await searchContent({ fuzzy_filter: "def test_.*seer.*credit" }, envFor(root));
    expect(r.did_you_mean).toMatchObject({ correction_type: "regex_to_fuzzy", confidence: 0.9 });
    expect(r.did_you_mean?.applied.fuzzy_filter).toBe("'def\\ test_ 'seer 'credit");
    expect(r.did_you_mean?.results_comparison).toEqual({ original_matches: 0, corrected_matches: 1 });
    expect(r.matches[0]).toMatchObject({ file: "src/app.py", line: 5 });
  });
  it.each([
    ["class\\s+\\w+", "'class"],
    ["^def\\s+\\w+.*\\(", "^def"],
    ["import\\s+.*", "'import"],
    ["(TODO|FIXME): fix", "'TODO | 'FIXME 'fix"],
    ["foo\\d{3}", "'foo"],
  ])("%s → %s", (f, expected) => {
    const c = contentCandidates(f, ".", []);
    expect(c[0].fuzzy_filter).toBe(expected);
    expect(c[0].correction_type).toBe("regex_to_fuzzy");
  });
  it("5, 11: never the broken conversions of mcp-personal", () => {
    expect(contentCandidates("class\\s+\\w+", ".", [])[0].fuzzy_filter).not.toContain("classs");
    expect(contentCandidates("foo\\d{3}", ".", [])[0].fuzzy_filter).not.toBe("food");
  });
  it("8: TODO|FIXME|BUG → alternation_to_or .85", async () => {
    const r = await searchContent({ fuzzy_filter: "TODO|FIXME|BUG" }, envFor(root));
    expect(r.did_you_mean).toMatchObject({ correction_type: "alternation_to_or", confidence: 0.85 });
    expect(r.did_you_mean?.applied.fuzzy_filter).toBe("TODO | FIXME | BUG");
    expect(r.total_matches).toBe(3);
  });
  it("10: \\bparse\\b → 'parse'", async () => {
    const r = await searchContent({ fuzzy_filter: "\\bparse\\b" }, envFor(root));
    expect(r.did_you_mean).toMatchObject({ correction_type: "word_boundary_to_exact" });
    expect(r.did_you_mean?.applied.fuzzy_filter).toBe("'parse'");
    expect(r.matches.map((m) => m.line)).toEqual([11]);
  });
  it("12: io\\.Reader → 'io.Reader at .80, applied at the default threshold", async () => {
    const r = await searchContent({ fuzzy_filter: "io\\.Reader" }, envFor(root));
    expect(r.did_you_mean).toMatchObject({ correction_type: "regex_to_fuzzy", confidence: 0.8 });
    expect(r.did_you_mean?.applied.fuzzy_filter).toBe("'io.Reader");
    expect(r.matches[0].file).toBe("src/utils/reader.go");
  });
  it("13: colou?r is not applied; the suggestion is color", async () => {
    const r = await searchContent({ fuzzy_filter: "colou?r" }, envFor(root));
    expect(r.did_you_mean).toBeUndefined();
    expect(r.total_matches).toBe(0);
    expect(r.suggestions?.[0].fuzzy_filter).toBe("color");
  });
});

describe("cases 14-21: retry decisions", () => {
  it("14: swapped parameters → parameter_swap .95, one rerun, did_you_mean as documented", async () => {
    const r = await searchContent(
      { fuzzy_filter: "def test_.*seer.*credit", regex_pattern: "test seer credit" },
      envFor(root),
    );
    const d = r.did_you_mean;
    expect(d).toMatchObject({ corrected: true, correction_type: "parameter_swap", confidence: 0.95 });
    expect(d?.original).toMatchObject({ fuzzy_filter: "def test_.*seer.*credit", regex_pattern: "test seer credit" });
    expect(d?.applied).toMatchObject({ fuzzy_filter: "test seer credit", regex_pattern: "def test_.*seer.*credit" });
    expect(d?.corrections.map((c) => c.parameter)).toEqual(["fuzzy_filter", "regex_pattern"]);
    expect(d?.results_comparison).toEqual({ original_matches: 0, corrected_matches: 1 });
  });
  it("15: words in regex_pattern → pattern_to_fuzzy", async () => {
    const r = await searchContent({ fuzzy_filter: "handler", regex_pattern: "user session" }, envFor(root));
    expect(r.did_you_mean).toMatchObject({ correction_type: "pattern_to_fuzzy" });
    expect(r.did_you_mean?.applied).toMatchObject({ regex_pattern: ".", fuzzy_filter: "handler user session" });
    expect(r.matches[0].line).toBe(7);
  });
  it("16: look-around → enable_pcre2, never sent to the default engine", async () => {
    const rg = locateRipgrep();
    const fake = fakeRg(root, rg.path);
    const env = envFor(root, { rg: { ...rg, path: fake.path } });
    const r = await searchContent({ fuzzy_filter: "bar", regex_pattern: "(?=.*foo)(?=.*bar)", path: "src" }, env);
    expect(r.did_you_mean).toMatchObject({ correction_type: "enable_pcre2", confidence: 0.95 });
    expect(r.total_matches).toBe(2);
    const argv = readFileSync(fake.log, "utf8").trim().split("\n");
    expect(argv.every((l) => l.includes("--pcre2"))).toBe(true);
  });
  it("16: without PCRE2 the look-ahead words move to fuzzy_filter", async () => {
    const rg = locateRipgrep();
    const r = await searchContent(
      { fuzzy_filter: "and", regex_pattern: "(?=.*foo)(?=.*bar)", path: "src" },
      envFor(root, { rg: { ...rg, pcre2: false } }),
    );
    expect(r.did_you_mean?.applied).toMatchObject({ regex_pattern: ".", fuzzy_filter: "and 'foo 'bar" });
    expect(r.total_matches).toBe(1);
  });
  it("17: print( → regex_to_literal; with auto_retry=false SEARCH_INVALID_REGEX and likely_fix rg_flags", async () => {
    const r = await searchContent({ fuzzy_filter: "x", regex_pattern: "print(" }, envFor(root));
    expect(r.did_you_mean).toMatchObject({ correction_type: "regex_to_literal" });
    expect(r.did_you_mean?.applied.rg_flags).toEqual(["--fixed-strings"]);
    expect(r.total_matches).toBe(1);
    const e = await rejectionOf(
      searchContent({ fuzzy_filter: "x", regex_pattern: "print(", auto_retry: false }, envFor(root)),
    );
    expect(e.payload.error_type).toBe("SEARCH_INVALID_REGEX");
    expect(e.payload.parameter).toBe("rg_flags");
    expect(e.payload.likely_fix).toBe("--fixed-strings");
  });
  it("18: foo.*bar with the literal text present: results unchanged, a warning, no rerun", async () => {
    const r = await searchContent({ fuzzy_filter: "foo.*bar" }, envFor(root));
    expect(r.total_matches).toBe(1);
    expect(r.did_you_mean).toBeUndefined();
    expect(r.warnings?.[0]).toMatch(/^Did you mean fuzzy_filter="'foo 'bar"/u);
  });
  it("19: TODO|FIXME with auto_retry=false: suggestion and warning only", async () => {
    const r = await searchContent({ fuzzy_filter: "TODO|FIXME", auto_retry: false }, envFor(root));
    expect(r.total_matches).toBe(0);
    expect(r.did_you_mean).toBeUndefined();
    expect(r.suggestions?.[0].fuzzy_filter).toBe("TODO | FIXME");
    expect(r.warnings?.some((w) => w.startsWith("Did you mean"))).toBe(true);
  });
  it("20: threshold and switch from the environment", async () => {
    const cfg = (env: Record<string, string>) =>
      searchSettings(loadConfig({ userFile: null, projectFile: null, env, sections: [searchSection] }));
    const strict = cfg({ MCP_FUZZY_SEARCH_RETRY_CONFIDENCE: "0.9" });
    expect(strict.threshold).toBe(0.9);
    const r = await searchContent({ fuzzy_filter: "TODO|FIXME|BUG" }, envFor(root, { threshold: strict.threshold }));
    expect(r.did_you_mean).toBeUndefined();
    expect(r.suggestions?.[0].fuzzy_filter).toBe("TODO | FIXME | BUG");
    expect(cfg({ DWIM_SEARCH_AUTO_RETRY: "false", MCP_FUZZY_SEARCH_AUTO_RETRY: "true" }).autoRetry).toBe(false);
    expect(cfg({ MCP_FUZZY_SEARCH_AUTO_RETRY: "false" }).autoRetry).toBe(false);
    expect(cfg({}).autoRetry).toBe(true);
    expect(cfg({ MCP_FUZZY_SEARCH_TIMEOUT: "2" }).timeoutMs).toBe(2000);
    expect(cfg({ MCP_FUZZY_SEARCH_TIMEOUT: "2", DWIM_SEARCH_TIMEOUT_MS: "500" }).timeoutMs).toBe(500);
  });
  it("21: a correction that also finds nothing: zero answer with diagnostics and suggestions", async () => {
    const r = await searchContent({ fuzzy_filter: "zzqx.*wwvy" }, envFor(root));
    expect(r.did_you_mean).toBeUndefined();
    expect(r.total_matches).toBe(0);
    expect(r.diagnostics?.reason).toBe("filter_rejected_all");
    expect(r.suggestions?.[0].fuzzy_filter).toBe("'zzqx 'wwvy");
  });
});

describe("cases 22-23: every empty answer says why", () => {
  it("22: per-term and drop-one counts", async () => {
    const r = await searchContent({ fuzzy_filter: "scroll_lock qwertyzz" }, envFor(root));
    expect(r.total_matches).toBe(0);
    expect(r.diagnostics?.per_term).toEqual([
      { term: "scroll_lock", matched_lines: 2 },
      { term: "qwertyzz", matched_lines: 0 },
    ]);
    expect(r.diagnostics?.drop_one.find((d) => d.without === "qwertyzz")?.matched_lines).toBe(2);
    expect(r.hints?.join("\n")).toContain("'qwertyzz' matched 0 lines; without it, 2 matches");
  });
  it("23: matches only in hidden files", async () => {
    const r = await searchContent({ fuzzy_filter: "'deploy" }, envFor(root));
    expect(r.total_matches).toBe(0);
    expect(r.diagnostics?.hidden_or_ignored_matches).toBe(true);
    expect(r.hints?.some((h) => h.includes("hidden"))).toBe(true);
    const shown = await searchContent({ fuzzy_filter: "'deploy", hidden: true }, envFor(root));
    expect(shown.matches[0].file).toBe(".github/workflows/ci.yml");
  });
  it("a regex that matches no line: reason no_candidate_lines", async () => {
    const r = await searchContent({ fuzzy_filter: "x", regex_pattern: "zzqqvvnotthere" }, envFor(root));
    expect(r.diagnostics?.reason).toBe("no_candidate_lines");
  });
  it("no files: reason no_files", async () => {
    const r = await searchContent({ fuzzy_filter: "x", rg_flags: ["-g", "*.nosuchext"] }, envFor(root));
    expect(r.diagnostics?.reason).toBe("no_files");
  });
});

describe("case 24: globs in the files tool", () => {
  it.each([
    ["*.test.ts", ".test.ts$"],
    ["**/*.{ts,tsx}", ".ts$ | .tsx$"],
    ["src/**/*.go", "^src/ .go$"],
    [".*\\.tsx$", ".tsx$"],
  ])("%s → %s", (f, q) => {
    expect(filesCandidates(f)[0]).toMatchObject({ correction_type: "glob_to_fuzzy", fuzzy_filter: q });
  });
  it("applies the glob correction and finds the files", async () => {
    const r = await searchFiles({ fuzzy_filter: "**/*.{ts,tsx}" }, envFor(root));
    expect(r.did_you_mean?.correction_type).toBe("glob_to_fuzzy");
    expect(r.matches.map((m) => m.file).sort()).toEqual(["src/a.test.ts", "src/b.tsx", "src/c.ts"]);
    const go = await searchFiles({ fuzzy_filter: "src/**/*.go" }, envFor(root));
    expect(go.matches.map((m) => m.file).sort()).toEqual(["src/main.go", "src/utils/reader.go"]);
  });
});

describe("cases 25-26: rg_flags", () => {
  it.each(["--pre ./x.sh", "--hostname-bin x", "-L"])("25: %s is refused and nothing runs", async (flags) => {
    const fake = fakeRg(root, locateRipgrep().path);
    const env = envFor(root, { rg: { ...locateRipgrep(), path: fake.path } });
    const e = await rejectionOf(searchContent({ fuzzy_filter: "x", rg_flags: flags }, env));
    expect(e.payload.error_type).toBe("SEARCH_FLAG_NOT_ALLOWED");
    let log = "";
    try {
      log = readFileSync(fake.log, "utf8");
    } catch {
      log = "";
    }
    expect(log).not.toMatch(/--pre|--hostname-bin|-L\b/u);
  });
  it("26: string and array forms give the same argv; --hiden → --hidden", () => {
    expect(parseRgFlags("--glob '!node_modules'").argv).toEqual(parseRgFlags(["--glob", "!node_modules"]).argv);
    expect(parseRgFlags("--glob '!node_modules'").argv).toEqual(["--glob=!node_modules"]);
    const typo = parseRgFlags("--hiden");
    expect(typo.corrections).toEqual([
      { original: "--hiden", corrected: "--hidden", confidence: expect.any(Number), correction_type: "flag_typo" },
    ]);
    expect(typo.hidden).toBe(true);
  });
  it("26: flag_typo is reported in did_you_mean", async () => {
    const r = await searchContent({ fuzzy_filter: "'deploy", rg_flags: "--hiden" }, envFor(root));
    expect(r.total_matches).toBe(1);
    expect(r.did_you_mean?.corrections[0]).toMatchObject({ correction_type: "flag_typo", corrected: "--hidden" });
  });
});

describe("cases 27-31: paths, long lines, paging, timeout, roots", () => {
  it("27: a single file, a path with ':', a CRLF file", async () => {
    const one = await searchContent({ fuzzy_filter: "colour", path: "src/utils/colour.txt" }, envFor(root));
    expect(one.matches[0].file).toBe("src/utils/colour.txt");
    const colon = await searchContent({ fuzzy_filter: "'colon\\ path" }, envFor(root));
    expect(colon.matches[0]).toMatchObject({
      file: "odd/name:with:colons.txt",
      line: 1,
      content: "colon path content",
    });
    const crlf = await searchContent({ fuzzy_filter: "'second\\ crlf" }, envFor(root));
    expect(crlf.matches[0].content).toBe("second crlf line");
  });
  it("28: a 100 KB minified line is cut around the match", async () => {
    const r = await searchContent({ fuzzy_filter: "'needle_here", path: "min" }, envFor(root));
    expect(r.total_matches + (r.matches.length === 0 ? 1 : 0)).toBeGreaterThan(0);
    if (r.matches.length > 0) {
      expect(r.matches[0].content.length).toBeLessThanOrEqual(502);
      expect(r.matches[0].truncated_line).toBe(true);
    }
    const any = await searchContent({ fuzzy_filter: "'a=1", path: "min" }, envFor(root));
    expect(any.matches[0].content.length).toBeLessThanOrEqual(502);
    expect(any.matches[0].truncated_line).toBe(true);
  });
  it("29: deterministic answers and stable paging", async () => {
    const a = await searchContent({ fuzzy_filter: "pageitem" }, envFor(root));
    const b = await searchContent({ fuzzy_filter: "pageitem" }, envFor(root));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.total_matches).toBe(25);
    expect(a.next_offset).toBe(20);
    const next = await searchContent({ fuzzy_filter: "pageitem", offset: 20 }, envFor(root));
    expect(next.matches).toHaveLength(5);
    const all = await searchContent({ fuzzy_filter: "pageitem", limit: 25 }, envFor(root));
    expect([...a.matches, ...next.matches]).toEqual(all.matches);
  });
  it("30: a 1 ms timeout returns partial results or SEARCH_TIMEOUT", async () => {
    try {
      const r = await searchContent({ fuzzy_filter: "e" }, envFor(root, { timeoutMs: 1 }));
      expect(r.incomplete === "timeout" || r.total_matches > 0).toBe(true);
    } catch (e) {
      expect(isToolError(e) && e.payload.error_type).toBe("SEARCH_TIMEOUT");
    }
  });
  it("31: ../x is denied; src/utills gets likely_fix src/utils", async () => {
    const denied = await rejectionOf(searchContent({ fuzzy_filter: "x", path: "../x" }, envFor(root)));
    expect(denied.payload.error_type).toBe("SEARCH_PATH_DENIED");
    // The fix is the allowed root, never the failing value.
    expect(denied.payload.likely_fix).toBe((denied.payload.expected as string[])[0]);
    expect(denied.payload.likely_fix).not.toBe("../x");
    const typo = await rejectionOf(searchContent({ fuzzy_filter: "x", path: "src/utills" }, envFor(root)));
    expect(typo.payload).toMatchObject({
      error_type: "SEARCH_INVALID_PATH",
      parameter: "path",
      likely_fix: "src/utils",
    });
  });
  it("max_chars keeps the answer within budget", async () => {
    const r = await searchContent({ fuzzy_filter: "e", limit: 200, max_chars: 2000 }, envFor(root));
    expect(JSON.stringify(r).length).toBeLessThanOrEqual(2000);
    expect(r.truncated).toBe(true);
  });
  it("context lines come from the returned file", async () => {
    const r = await searchContent({ fuzzy_filter: "'def\\ parse", context_lines: 1 }, envFor(root));
    expect(r.matches[0]).toMatchObject({ before: ["    # BUG here"], after: ["    parser = text  # parsed later"] });
  });
  it("path join of the working directory", () => {
    expect(join(root, "src")).toContain(root);
  });
});

describe("the prefiltered default pattern agrees with ripgrep's every line", () => {
  it.each(["e", "'def", "^def", "py$ return", "TODO | FIXME", "colon", "!test"])("%s", async (f) => {
    const prefiltered = await searchContent({ fuzzy_filter: f, limit: 100 }, envFor(root));
    const viaRg = await searchContent({ fuzzy_filter: f, regex_pattern: "[\\s\\S]", limit: 100 }, envFor(root));
    expect(prefiltered.matches).toEqual(viaRg.matches);
    expect(prefiltered.total_matches).toBe(viaRg.total_matches);
    // Only the lines that could match reach the matcher.
    expect(prefiltered.lines_scanned).toBeLessThanOrEqual(viaRg.lines_scanned);
  });
});

describe("rg_flags parsing details", () => {
  it("bundled short flags, values, engines and ignored flags", () => {
    expect(parseRgFlags("-iw").argv).toEqual(["--ignore-case", "--word-regexp"]);
    expect(parseRgFlags("-tgo -g*.go").argv).toEqual(["--type=go", "--glob=*.go"]);
    expect(parseRgFlags("--engine=default").pcre2).toBe(false);
    expect(parseRgFlags("--engine pcre2").pcre2).toBe(true);
    const ignored = parseRgFlags("-n --sort path -C 3");
    expect(ignored.argv).toEqual([]);
    expect(ignored.context).toBe(3);
    expect(ignored.warnings).toHaveLength(2);
  });
  it("-l points at fuzzy_search_files; a value can never become a flag", () => {
    expect(() => parseRgFlags("-l")).toThrow(/fuzzy_search_files|not allowed/u);
    expect(parseRgFlags(["-g", "--pre=x"]).argv).toEqual(["--glob=--pre=x"]);
  });
});

describe("multiline and content_only", () => {
  it("multiline matches terms spread over a file and reports the first match's line", async () => {
    const r = await searchContent({ fuzzy_filter: "'package 'io.Reader", multiline: true }, envFor(root));
    expect(r.matches.map((m) => m.file)).toEqual(["src/utils/reader.go"]);
    expect(r.matches[0].line).toBe(1);
    const lines = await searchContent({ fuzzy_filter: "'package 'io.Reader" }, envFor(root));
    expect(lines.total_matches).toBe(0);
  });
  it("files tool with multiline matches contents and returns paths", async () => {
    const r = await searchFiles({ fuzzy_filter: "'scroll_lock", multiline: true }, envFor(root));
    expect(r.matches.map((m) => m.file)).toEqual(["src/app.py"]);
  });
  it("content_only ignores the path", async () => {
    const withPath = await searchContent({ fuzzy_filter: "'utils 'package" }, envFor(root));
    expect(withPath.total_matches).toBe(1);
    const contentOnly = await searchContent({ fuzzy_filter: "'utils 'package", content_only: true }, envFor(root));
    expect(contentOnly.total_matches).toBe(1);
    const none = await searchContent({ fuzzy_filter: "'reader.go 'package", content_only: true }, envFor(root));
    expect(none.total_matches).toBe(0);
  });
});
