/** Regexes and globs given where an fzf query belongs are rewritten into valid fzf queries that read them literally. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { globToFuzzy, regexToFuzzy } from "../../src/search/convert.js";
import { DEFAULT_SCHEME } from "../../src/search/fzf/charclass.js";
import { scoreText } from "../../src/search/fzf/matcher.js";
import { hasPositiveTerm, parseQuery } from "../../src/search/fzf/pattern.js";

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
