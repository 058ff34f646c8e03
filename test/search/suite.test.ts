/**
 * The labelled detection suite (test/fixtures/search/detection-suite.json, >= 200 queries written for dwim):
 * recall on clear regexes >= 95%, false positives on valid fzf queries and code literals <= 2%, and every
 * correction proposed finds its sample on a fixture tree.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentCandidates, filesCandidates } from "../../src/search/candidates.js";
import { searchContent } from "../../src/search/content.js";
import { regexCertainty } from "../../src/search/detect.js";
import { searchFiles } from "../../src/search/files.js";
import { hasPositiveTerm, parseQuery } from "../../src/search/fzf/pattern.js";
import { envFor } from "./fixture.js";

interface Entry {
  tool: "content" | "files";
  label: "valid_fzf" | "code_literal" | "regex" | "words_in_pattern" | "swap" | "glob";
  fuzzy_filter: string;
  regex_pattern?: string;
  sample?: string;
}

const suite: Entry[] = JSON.parse(
  readFileSync(new URL("../fixtures/search/detection-suite.json", import.meta.url), "utf8"),
).entries;

const flagged = (e: Entry) =>
  e.tool === "files"
    ? filesCandidates(e.fuzzy_filter).length > 0
    : contentCandidates(e.fuzzy_filter, e.regex_pattern ?? ".", []).some((c) => !c.weak) ||
      regexCertainty(e.fuzzy_filter) >= 0.8;

let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "dwim-suite-")));
  suite.forEach((e, i) => {
    if (!e.sample) return;
    const path = e.tool === "files" ? join(root, "files", e.sample) : join(root, "samples", `${i}.txt`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, e.tool === "files" ? "x\n" : `${e.sample}\n`);
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("detection suite", () => {
  it("holds at least 200 labelled queries", () => {
    expect(suite.length).toBeGreaterThanOrEqual(200);
  });
  it("false positives on valid fzf queries and code literals <= 2%", () => {
    const valid = suite.filter((e) => e.label === "valid_fzf" || e.label === "code_literal");
    const fp = valid.filter(flagged);
    expect(fp.map((e) => e.fuzzy_filter)).toEqual([]);
    expect(fp.length / valid.length).toBeLessThanOrEqual(0.02);
  });
  it("recall on clear regexes, swaps, words in regex_pattern and globs >= 95%", () => {
    const misuse = suite.filter((e) => !["valid_fzf", "code_literal"].includes(e.label));
    const missed = misuse.filter((e) => !flagged(e));
    expect(missed.map((e) => e.fuzzy_filter)).toEqual([]);
    expect(1 - missed.length / misuse.length).toBeGreaterThanOrEqual(0.95);
  });
  it("swaps and words in regex_pattern get the matching correction type first", () => {
    for (const e of suite.filter((x) => x.label === "swap")) {
      expect(contentCandidates(e.fuzzy_filter, e.regex_pattern ?? ".", [])[0].correction_type).toBe("parameter_swap");
    }
    for (const e of suite.filter((x) => x.label === "words_in_pattern")) {
      expect(contentCandidates(e.fuzzy_filter, e.regex_pattern ?? ".", [])[0].correction_type).toBe("pattern_to_fuzzy");
    }
  });
  it("every proposed correction parses as fzf and finds its sample", async () => {
    const env = envFor(root);
    const filesEnv = envFor(join(root, "files"));
    const failures: string[] = [];
    let checked = 0;
    for (const [i, e] of suite.entries()) {
      if (!e.sample) continue;
      if (e.tool === "files") {
        for (const c of filesCandidates(e.fuzzy_filter)) {
          checked++;
          expect(hasPositiveTerm(parseQuery(c.fuzzy_filter))).toBe(true);
          const r = await searchFiles({ fuzzy_filter: c.fuzzy_filter, limit: 1000, auto_retry: false }, filesEnv);
          if (!r.matches.some((m) => m.file === e.sample)) failures.push(`${e.fuzzy_filter} → ${c.fuzzy_filter}`);
        }
        continue;
      }
      for (const c of contentCandidates(e.fuzzy_filter, e.regex_pattern ?? ".", []).filter((x) => !x.weak)) {
        if (c.correction_type === "regex_to_fuzzy" && e.label === "swap") continue;
        checked++;
        expect(hasPositiveTerm(parseQuery(c.fuzzy_filter))).toBe(true);
        const r = await searchContent(
          {
            fuzzy_filter: c.fuzzy_filter,
            regex_pattern: c.regex_pattern,
            rg_flags: c.rg_flags,
            path: `samples/${i}.txt`,
            auto_retry: false,
          },
          env,
        );
        if (r.total_matches === 0) failures.push(`${e.fuzzy_filter} → ${c.fuzzy_filter} / ${c.regex_pattern}`);
      }
    }
    expect(checked).toBeGreaterThan(90);
    expect(failures).toEqual([]);
  });
});
