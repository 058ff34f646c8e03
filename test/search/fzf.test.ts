/** fzf semantics: scores from fzf's own algorithm tests, parsing, smart case, diacritics, and properties. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactMatch, fuzzyMatchV1, fuzzyMatchV2, prefixMatch, suffixMatch } from "../../src/search/fzf/algo.js";
import {
  BONUS_BOUNDARY,
  BONUS_CAMEL123,
  BONUS_CONSECUTIVE,
  BONUS_FIRST_CHAR_MULTIPLIER,
  BONUS_NON_WORD,
  DEFAULT_SCHEME,
  PATH_SCHEME,
  SCORE_GAP_EXTENSION,
  SCORE_GAP_START,
  SCORE_MATCH,
} from "../../src/search/fzf/charclass.js";
import { Field, QueryMatcher, scoreText } from "../../src/search/fzf/matcher.js";
import { parseQuery } from "../../src/search/fzf/pattern.js";

const WHITE = BONUS_BOUNDARY + 2;
const DELIM = BONUS_BOUNDARY + 1;
const v2 = (text: string, pattern: string) => fuzzyMatchV2(text, text.toLowerCase(), pattern, DEFAULT_SCHEME);

describe("FuzzyMatchV2 scores equal fzf's (src/algo/algo_test.go)", () => {
  it.each([
    ["fooBarbaz1", "obz", 2, 9, SCORE_MATCH * 3 + BONUS_CAMEL123 + SCORE_GAP_START + SCORE_GAP_EXTENSION * 3],
    [
      "foo bar baz",
      "fbb",
      0,
      9,
      SCORE_MATCH * 3 + WHITE * BONUS_FIRST_CHAR_MULTIPLIER + WHITE * 2 + 2 * SCORE_GAP_START + 4 * SCORE_GAP_EXTENSION,
    ],
    ["/AutomatorDocument.icns", "rdoc", 9, 13, SCORE_MATCH * 4 + BONUS_CAMEL123 + BONUS_CONSECUTIVE * 2],
    ["/man1/zshcompctl.1", "zshc", 6, 10, SCORE_MATCH * 4 + DELIM * BONUS_FIRST_CHAR_MULTIPLIER + DELIM * 3],
    [
      "/.oh-my-zsh/cache",
      "zshc",
      8,
      13,
      SCORE_MATCH * 4 + BONUS_BOUNDARY * BONUS_FIRST_CHAR_MULTIPLIER + BONUS_BOUNDARY * 2 + SCORE_GAP_START + DELIM,
    ],
    ["ab0123 456", "12356", 3, 10, SCORE_MATCH * 5 + BONUS_CONSECUTIVE * 3 + SCORE_GAP_START + SCORE_GAP_EXTENSION],
    [
      "abc123 456",
      "12356",
      3,
      10,
      SCORE_MATCH * 5 +
        BONUS_CAMEL123 * BONUS_FIRST_CHAR_MULTIPLIER +
        BONUS_CAMEL123 * 2 +
        BONUS_CONSECUTIVE +
        SCORE_GAP_START +
        SCORE_GAP_EXTENSION,
    ],
    [
      "foo/bar/baz",
      "fbb",
      0,
      9,
      SCORE_MATCH * 3 + WHITE * BONUS_FIRST_CHAR_MULTIPLIER + DELIM * 2 + SCORE_GAP_START * 2 + SCORE_GAP_EXTENSION * 4,
    ],
    [
      "fooBarBaz",
      "fbb",
      0,
      7,
      SCORE_MATCH * 3 +
        WHITE * BONUS_FIRST_CHAR_MULTIPLIER +
        BONUS_CAMEL123 * 2 +
        SCORE_GAP_START * 2 +
        SCORE_GAP_EXTENSION * 2,
    ],
    [
      "foo barbaz",
      "fbb",
      0,
      8,
      SCORE_MATCH * 3 + WHITE * BONUS_FIRST_CHAR_MULTIPLIER + WHITE + SCORE_GAP_START * 2 + SCORE_GAP_EXTENSION * 3,
    ],
    ["fooBar Baz", "foob", 0, 4, SCORE_MATCH * 4 + WHITE * BONUS_FIRST_CHAR_MULTIPLIER + WHITE * 3],
    [
      "xFoo-Bar Baz",
      "foo-b",
      1,
      6,
      SCORE_MATCH * 5 +
        BONUS_CAMEL123 * BONUS_FIRST_CHAR_MULTIPLIER +
        BONUS_CAMEL123 * 2 +
        BONUS_NON_WORD +
        BONUS_BOUNDARY,
    ],
  ])("%s / %s", (text, pattern, start, end, score) => {
    const r = v2(text, pattern);
    expect(r?.score).toBe(score);
    expect(r?.end).toBe(end);
    expect(start).toBeLessThan(end);
  });
  it("rejects out-of-order and missing characters", () => {
    expect(v2("fooBarbaz", "zab")).toBeNull();
    expect(v2("abc", "abcd")).toBeNull();
  });
  it("V1 agrees with V2 on which texts match", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ minLength: 1, maxLength: 4 }), (text, pat) => {
        const lower = text.toLowerCase();
        const p = pat.toLowerCase();
        if (lower.length !== text.length || p.length !== pat.length) return true;
        const a = fuzzyMatchV2(text, lower, p, DEFAULT_SCHEME) !== null;
        const b = fuzzyMatchV1(text, lower, p, DEFAULT_SCHEME) !== null;
        return a === b;
      }),
    );
  });
  it("V2 never scores below V1 (V2 is optimal)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z _/.-]{0,30}$/u), fc.stringMatching(/^[a-z]{1,4}$/u), (text, p) => {
        const lower = text.toLowerCase();
        const a = fuzzyMatchV2(text, lower, p, DEFAULT_SCHEME);
        const b = fuzzyMatchV1(text, lower, p, DEFAULT_SCHEME);
        return a === null ? b === null : b !== null && a.score >= b.score;
      }),
    );
  });
});

describe("the score bound that lets a line that cannot rank skip scoring", () => {
  it("no text scores above maxScore, for any term type and both schemes", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-zA-Z _/.:-]{0,30}$/u),
        fc.constantFrom("", "'", "^", "!"),
        fc.stringMatching(/^[a-zA-Z_/.]{1,4}$/u),
        fc.constantFrom("", "$", "'"),
        fc.constantFrom(DEFAULT_SCHEME, PATH_SCHEME),
        (text, pre, body, post, scheme) => {
          const q = new QueryMatcher(`${pre}${body}${post}`, scheme);
          const m = q.match([new Field(text)]);
          return m === null || m.score <= q.maxScore;
        },
      ),
    );
  });
  it("is reached by a word at the start of a line", () => {
    const q = new QueryMatcher("update", DEFAULT_SCHEME);
    expect(q.match([new Field("update(x)")])?.score).toBe(q.maxScore);
  });
  it("matches() agrees with match() on which records match", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-zA-Z _/.]{0,12}$/u),
        fc.stringMatching(/^[a-zA-Z _/.]{0,20}$/u),
        fc.stringMatching(/^(!?'?\^?[a-zA-Z/._]{1,3}\$?( \| )?){1,3}$/u),
        (path, text, query) => {
          const q = new QueryMatcher(query.trim(), DEFAULT_SCHEME);
          const fields = [new Field(path), new Field(text)];
          return q.matches(fields) === (q.match(fields) !== null);
        },
      ),
    );
  });
});

describe("exact, prefix, suffix and boundary matches", () => {
  it("exact prefers the occurrence at a word boundary", () => {
    const r = exactMatch("xfoo foo", "xfoo foo", "foo", DEFAULT_SCHEME);
    expect(r?.start).toBe(5);
  });
  it("'word' needs boundaries on both sides", () => {
    expect(exactMatch("parser", "parser", "parse", DEFAULT_SCHEME, true)).toBeNull();
    expect(exactMatch("a parse(b)", "a parse(b)", "parse", DEFAULT_SCHEME, true)?.start).toBe(2);
  });
  it("prefix and suffix ignore the field's outer whitespace", () => {
    expect(prefixMatch("\tfunc New", "\tfunc new", "func", DEFAULT_SCHEME)?.start).toBe(1);
    expect(suffixMatch("main.go  ", "main.go  ", ".go", DEFAULT_SCHEME)?.end).toBe(7);
  });
});

describe("query parsing and matching", () => {
  it("smart case: lower-case terms ignore case, mixed-case terms respect it", () => {
    expect(scoreText("reader", "io.Reader", DEFAULT_SCHEME)).not.toBeNull();
    expect(scoreText("Reader", "io.reader", DEFAULT_SCHEME)).toBeNull();
    expect(scoreText("Reader", "io.reader", DEFAULT_SCHEME, "ignore")).not.toBeNull();
  });
  it("diacritics fold when the term has none", () => {
    expect(scoreText("cafe", "Café au lait", DEFAULT_SCHEME)).not.toBeNull();
    expect(scoreText("café", "cafe", DEFAULT_SCHEME)).toBeNull();
  });
  it("folds by fzf's own table, not Unicode decomposition (the lines fzf finds, no more, no fewer)", () => {
    // fzf reads these as ASCII letters though NFD leaves them whole: Ø, ł, ß, the turned t of an IPA string.
    expect(scoreText("oslo", "Øslo", DEFAULT_SCHEME)).not.toBeNull();
    expect(scoreText("lodz", "łódź", DEFAULT_SCHEME)).not.toBeNull();
    expect(scoreText("strase", "straße", DEFAULT_SCHEME)).not.toBeNull();
    expect(scoreText("init", "ini ʇ", DEFAULT_SCHEME)).not.toBeNull();
    // …and leaves these alone though NFD decomposes them: a case-sensitive Ā, a Greek ά.
    expect(scoreText("Abc", "Ābc", DEFAULT_SCHEME)).toBeNull();
    expect(scoreText("abc", "Ābc", DEFAULT_SCHEME)).not.toBeNull();
    expect(scoreText("α", "ά", DEFAULT_SCHEME)).toBeNull();
  });
  it("OR sets, inverse terms and path-or-content fields", () => {
    const m = new QueryMatcher("TODO | FIXME !skip", DEFAULT_SCHEME);
    expect(m.match([new Field("a.py"), new Field("# FIXME now")])).not.toBeNull();
    expect(m.match([new Field("a.py"), new Field("# FIXME skip")])).toBeNull();
    expect(m.match([new Field("skip/a.py"), new Field("# TODO")])).toBeNull();
    const path = new QueryMatcher("utils parse", DEFAULT_SCHEME);
    expect(path.match([new Field("src/utils.py"), new Field("def parse():")])).not.toBeNull();
  });
  it("a lone | at the start is a term, and '|' between terms is OR", () => {
    expect(parseQuery("| a")[0][0].text).toBe("|");
    expect(parseQuery("a | b | c")).toHaveLength(1);
  });
  it("path scheme gives '/' the delimiter bonus", () => {
    const a = new QueryMatcher("ut", PATH_SCHEME).match([new Field("src/utils.ts")]);
    const b = new QueryMatcher("ut", PATH_SCHEME).match([new Field("src/mutex.ts")]);
    expect(a && b && a.score > b.score).toBe(true);
  });
  it("parsing never throws and terms are never empty", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (q) => {
        for (const set of parseQuery(q)) for (const t of set) if (t.text === "") return false;
        return true;
      }),
    );
  });
});
