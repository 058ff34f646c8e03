/**
 * For the search tools: no input within the argument limit may make one call use more than its share —
 * threads capped to the cores, a per-file size cap, nested glob braces and regex groups depth-limited (a structured
 * error or no conversion, never a stack overflow or an exponential expansion), and every call bounded by its timeout,
 * returning what it found marked as partial.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/config.js";
import { isToolError } from "../../src/core/errors.js";
import { filesCandidates } from "../../src/search/candidates.js";
import { searchSection, searchSettings } from "../../src/search/config.js";
import { searchContent } from "../../src/search/content.js";
import { expandBraces, MAX_GLOB_ALTERNATIVES } from "../../src/search/convert.js";
import { regexCertainty } from "../../src/search/detect.js";
import { searchFiles } from "../../src/search/files.js";
import { parseRgFlags } from "../../src/search/flags.js";
import { parseRegex } from "../../src/search/regex-scan.js";
import { locateRipgrep } from "../../src/search/ripgrep.js";
import { rejectionOf } from "../helpers/errors.js";
import { envFor, fakeRg, makeTree } from "../search/fixture.js";

let root: string;
beforeAll(() => {
  root = makeTree();
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  for (const f of ["hanging-rg.sh", "fake-rg.sh", "argv.log"]) rmSync(`${root}-${f}`, { force: true });
});

const loggedArgv = (log: string) => readFileSync(log, "utf8");

describe("-j/--threads is capped to the machine's cores", () => {
  it("a larger value reaches ripgrep as the number of cores, with a warning", async () => {
    const fake = fakeRg(root, locateRipgrep().path);
    const env = envFor(root, { rg: { ...locateRipgrep(), path: fake.path } });
    const r = await searchContent({ fuzzy_filter: "handler", rg_flags: ["-j", "512"] }, env);
    expect(r.warnings?.join("\n")).toContain(`capped to this machine's ${availableParallelism()} cores`);
    const argv = loggedArgv(fake.log);
    expect(argv).toContain(`--threads=${availableParallelism()}`);
    expect(argv).not.toContain("--threads=512");
  });
  it("a value that is not a number is a structured error", () => {
    expect(() => parseRgFlags("-j lots")).toThrow(
      expect.objectContaining({
        payload: expect.objectContaining({ error_type: "SEARCH_INVALID_ARGUMENT", parameter: "rg_flags" }),
      }),
    );
  });
});

describe("a per-file size cap", () => {
  it("defaults to 50M, configurable with [search] max_filesize or DWIM_SEARCH_MAX_FILESIZE", () => {
    const cfg = (env: Record<string, string>) =>
      searchSettings(loadConfig({ userFile: null, projectFile: null, env, sections: [searchSection] }));
    expect(cfg({}).maxFilesize).toBe(50 * 1024 * 1024);
    expect(cfg({ DWIM_SEARCH_MAX_FILESIZE: "2M" }).maxFilesize).toBe(2 * 1024 * 1024);
    expect(cfg({ DWIM_SEARCH_MAX_FILESIZE: "4096" }).maxFilesize).toBe(4096);
  });
  it("a larger file is not searched, and rg_flags cannot raise the cap", async () => {
    const dir = join(root, "sized");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "small.txt"), "needle_small\n");
    writeFileSync(join(dir, "big.txt"), `needle_big\n${"x".repeat(8192)}\n`);
    const env = envFor(root, { maxFilesize: 4096 });
    const r = await searchContent({ fuzzy_filter: "'needle", path: "sized" }, env);
    expect(r.matches.map((m) => m.file)).toEqual(["sized/small.txt"]);
    const raised = await searchContent({ fuzzy_filter: "'needle", path: "sized", rg_flags: "--max-filesize 1G" }, env);
    expect(raised.matches.map((m) => m.file)).toEqual(["sized/small.txt"]);
    expect(raised.warnings?.join("\n")).toContain("capped to the configured 4096 bytes");
    // A big file whose path satisfies the query (dwim reads such files itself) and a query no regex can prefilter
    // (every listed file read): the listing leaves the cap to these reads, and they keep it.
    writeFileSync(join(dir, "needle_path.txt"), `plain\n${"y".repeat(8192)}\n`);
    const byPath = await searchContent({ fuzzy_filter: "'needle", path: "sized" }, env);
    expect(byPath.matches.map((m) => m.file)).toEqual(["sized/small.txt"]);
    const unfiltered = await searchContent({ fuzzy_filter: "!zzzz", path: "sized", limit: 50 }, env);
    expect(new Set(unfiltered.matches.map((m) => m.file))).toEqual(new Set(["sized/small.txt"]));
    // Through ripgrep's own line output (a regex_pattern) the cap holds too.
    const viaRg = await searchContent({ fuzzy_filter: "'needle", path: "sized", regex_pattern: "needle" }, env);
    expect(viaRg.matches.map((m) => m.file)).toEqual(["sized/small.txt"]);
  });
  it("a size ripgrep would not understand is a structured error", async () => {
    const e = await rejectionOf(searchContent({ fuzzy_filter: "x", rg_flags: "--max-filesize lots" }, envFor(root)));
    expect(e.payload).toMatchObject({ error_type: "SEARCH_INVALID_ARGUMENT", parameter: "rg_flags" });
  });
});

describe("nested glob braces and regex groups are depth-limited", () => {
  const nested = (depth: number) => `*.${"{a,".repeat(depth)}b${"}".repeat(depth)}`;
  it("a -g glob nested too deep is a structured error naming the limit", async () => {
    const e = await rejectionOf(searchContent({ fuzzy_filter: "x", rg_flags: ["-g", nested(50)] }, envFor(root)));
    expect(e.payload).toMatchObject({ error_type: "SEARCH_INVALID_ARGUMENT", parameter: "rg_flags" });
    expect(e.payload.error).toMatch(/nests braces 50 deep \(at most 8\)/u);
    expect(() => parseRgFlags(["-g", nested(8)])).not.toThrow();
    expect(() => parseRgFlags(["-g", nested(9)])).toThrow(
      expect.objectContaining({ payload: expect.objectContaining({ parameter: "rg_flags" }) }),
    );
  });
  it("a glob query nested 100,000 deep or expanding to 2^30 globs is not converted, and answers at once", async () => {
    for (const f of [nested(100_000), `*${"{a,b}".repeat(30)}`]) {
      const started = Date.now();
      expect(expandBraces(f)).toBeUndefined();
      expect(filesCandidates(f)).toEqual([]);
      const r = await searchFiles({ fuzzy_filter: f }, envFor(root));
      expect(r.total_matches).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect(expandBraces(`*${"{a,b}".repeat(6)}`)).toHaveLength(MAX_GLOB_ALTERNATIVES);
  });
  it("regex groups nest 32 deep; a deeper ( is read literally", () => {
    /** How deep groups nest in the first alternative, and the first token below the deepest group. */
    const depthOf = (src: string) => {
      let tokens = parseRegex(src)[0];
      let depth = 0;
      for (;;) {
        const group = tokens.find((t) => t.kind === "group");
        if (group?.kind !== "group") return { depth, first: tokens[0] };
        depth++;
        tokens = group.alternatives[0];
      }
    };
    const nestedGroups = (n: number) => `${"(".repeat(n)}x${")".repeat(n)}`;
    expect(depthOf(nestedGroups(32))).toEqual({ depth: 32, first: { kind: "literal", text: "x" } });
    expect(depthOf(nestedGroups(33))).toEqual({ depth: 32, first: { kind: "literal", text: "(" } });
  });
  it("a regex of 200,000 nested groups in fuzzy_filter is analysed without a stack overflow", async () => {
    const f = `${"(".repeat(200_000)}x${")".repeat(200_000)}`;
    expect(() => regexCertainty(f)).not.toThrow();
    const r = await searchContent({ fuzzy_filter: f, auto_retry: false }, envFor(root));
    expect(r.total_matches).toBe(0);
  });
});

/** A ripgrep that prints its lines, then hangs: only the timeout ends it. */
function hangingRg(): string {
  const path = `${root}-hanging-rg.sh`;
  const real = locateRipgrep().path;
  writeFileSync(
    path,
    [
      "#!/bin/sh",
      `case " $* " in *" --files "*|*" --version "*|*" --pcre2-version "*) exec '${real}' "$@";; esac`,
      `'${real}' "$@"`,
      "sleep 30",
      "",
    ].join("\n"),
  );
  chmodSync(path, 0o755);
  return path;
}

describe("every call is bounded by its timeout", () => {
  it("returns what it found, marked incomplete", async () => {
    const env = envFor(root, { rg: { ...locateRipgrep(), path: hangingRg() }, timeoutMs: 800 });
    const started = Date.now();
    const r = await searchContent({ fuzzy_filter: "handler" }, env);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r.incomplete).toBe("timeout");
    expect(r.total_matches).toBeGreaterThan(0);
  });
  it("with nothing found: SEARCH_TIMEOUT, and retries and diagnostics share the one deadline", async () => {
    const env = envFor(root, { rg: { ...locateRipgrep(), path: hangingRg() }, timeoutMs: 800 });
    const started = Date.now();
    try {
      await searchContent({ fuzzy_filter: "TODO|FIXME|qqqzzz" }, env);
      expect.unreachable("a search that found nothing before its timeout must fail");
    } catch (e) {
      expect(isToolError(e) && e.payload.error_type).toBe("SEARCH_TIMEOUT");
    }
    expect(Date.now() - started).toBeLessThan(3000);
  });
  it("a query whose every line costs much cannot hold the call past its timeout", async () => {
    // A path without an "a": the terms must be matched in every line's content, not once on the path.
    const dir = join(root, "big");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "lines.txt"), "a".repeat(60).concat("\n").repeat(20_000));
    // 2,000 terms, each matching every line: scoring one line costs 2,000 fuzzy matches.
    const query = Array.from({ length: 2000 }, () => "a").join(" ");
    const started = Date.now();
    const r = await searchContent({ fuzzy_filter: query, path: "big" }, envFor(root, { timeoutMs: 500 }));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(r.incomplete).toBe("timeout");
  });
});
