/** Small pieces: the bounded top-k, shell splitting, the analytics log, conversions as fzf queries. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logCorrection } from "../../src/search/analytics.js";
import { globToFuzzy, regexToFuzzy } from "../../src/search/convert.js";
import { splitShellWords } from "../../src/search/flags.js";
import { DEFAULT_SCHEME } from "../../src/search/fzf/charclass.js";
import { scoreText } from "../../src/search/fzf/matcher.js";
import { hasPositiveTerm, parseQuery } from "../../src/search/fzf/pattern.js";
import { TopK } from "../../src/search/topk.js";

describe("TopK", () => {
  it("keeps exactly the k best, in order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 200 }), fc.integer({ min: 0, max: 30 }), (xs, k) => {
        const top = new TopK<number>(k, (a, b) => b - a);
        for (const x of xs) top.push(x);
        expect(top.sorted()).toEqual([...xs].sort((a, b) => b - a).slice(0, k));
      }),
    );
  });
});

describe("splitShellWords", () => {
  it("quotes and escapes without expansion", () => {
    expect(splitShellWords(`-g '*.go' --glob "!vendor" a\\ b $HOME`)).toEqual([
      "-g",
      "*.go",
      "--glob",
      "!vendor",
      "a b",
      "$HOME",
    ]);
  });
  it("an unclosed quote is an input error with a fix", () => {
    expect(() => splitShellWords("-g '*.go")).toThrow(/unclosed/u);
  });
});

describe("conversions always give valid fzf queries", () => {
  it("regexToFuzzy never throws and, when non-empty, has a positive term", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (re) => {
        const q = regexToFuzzy(re).query;
        return q === "" || q.trim() === "" || hasPositiveTerm(parseQuery(q)) || parseQuery(q).length === 0;
      }),
    );
  });
  it("regexToFuzzy never writes a term that fzf reads as inverse", () => {
    // Operator characters are drawn often so that they land at the ends of literal runs.
    const re = fc
      .array(fc.oneof(fc.constantFrom("!", "'", "^", "$", "|", "\\$", "\\^", "\\|", " ", ".*", "?"), fc.string()), {
        maxLength: 12,
      })
      .map((parts) => parts.join(""));
    fc.assert(fc.property(re, (r) => parseQuery(regexToFuzzy(r).query).every((set) => set.every((t) => !t.inverse))));
  });
  it("a literal regex converts to a query that matches the literal itself (operators stay literal)", () => {
    const escapeRegex = (s: string) => s.replace(/[\\.^$|?*+()[\]{}]/gu, "\\$&");
    const literal = fc
      .array(fc.constantFrom("a", "B", "7", "_", "-", "!", "'", "^", "$", "|", " ", "\t", "é"), {
        minLength: 1,
        maxLength: 12,
      })
      .map((cs) => cs.join(""));
    fc.assert(
      fc.property(literal, fc.boolean(), fc.boolean(), (s, start, end) => {
        const q = regexToFuzzy(`${start ? "^" : ""}${escapeRegex(s)}${end ? "$" : ""}`).query;
        return q === "" || scoreText(q, s, DEFAULT_SCHEME) !== null;
      }),
    );
  });
  it.each([
    // A literal `!` would invert the term; `'` would make it exact or ask for word boundaries; `^` and `$` anchor.
    ["!foo", "'!foo"],
    ["!foo$", "foo$"],
    ["!fo?o", "fo"],
    ["'foo", "''foo"],
    ["'foo$", "foo$"],
    ["foo'", "'foo"],
    ["'fo?o", "fo"],
    ["\\^foo", "'^foo"],
    ["\\^foo$", "foo$"],
    ["\\^fo?o", "fo"],
    ["^\\^foo", "^^foo"],
    ["^!foo", "^!foo"],
    ["foo\\$", "'foo"],
    ["^foo\\$", "^foo"],
    ["fo?o\\$", "fo"],
    ["foo\\$$", "foo$$"],
    ["a\\|b", "'a|b"],
    ["TODO|!FIXME", "'TODO | '!FIXME"],
  ])("regex %s converts to %s, read by fzf as literal text", (regex, query) => {
    expect(regexToFuzzy(regex).query).toBe(query);
    expect(hasPositiveTerm(parseQuery(query))).toBe(true);
    expect(parseQuery(query).every((set) => set.every((t) => !t.inverse))).toBe(true);
  });
  it("globToFuzzy", () => {
    expect(globToFuzzy("test_*.py").query).toBe("'test_ .py$");
    expect(globToFuzzy("docs/**").query).toBe("^docs/");
  });
});

describe("analytics log (S7)", () => {
  it("appends JSON lines without file content", () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-analytics-"));
    const file = join(dir, "a", "log.jsonl");
    logCorrection(file, {
      tool: "fuzzy_search_content",
      original: { fuzzy_filter: "TODO|FIXME" },
      corrected: { fuzzy_filter: "TODO | FIXME" },
      correction_type: "alternation_to_or",
      confidence: 0.85,
      original_matches: 0,
      corrected_matches: 3,
      accepted: "auto",
      duration_ms: 12,
    });
    const line = JSON.parse(readFileSync(file, "utf8").trim());
    expect(line).toMatchObject({ tool: "fuzzy_search_content", accepted: "auto", corrected_matches: 3 });
    expect(typeof line.ts).toBe("string");
    rmSync(dir, { recursive: true, force: true });
  });
});
