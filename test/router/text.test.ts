/** Normalisation and query terms (docs/router.md, "analyze_intent" and "resolve_tool"). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nameKey, tokens } from "../../src/core/similarity.js";
import { FUNCTION_WORDS } from "../../src/core/stopwords.js";
import { chunksOf, normOf, segmentsOf, splitToolNamespace, stem, termsOf } from "../../src/router/text.js";

describe("segments and norms", () => {
  it("the ASCII fast path splits exactly as the core's tokens", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."aZ9_- .:/xYz0Ab".split("")), maxLength: 30 }), (s) => {
        expect(segmentsOf(s)).toEqual(tokens(s));
        expect(normOf(s)).toBe(nameKey(s));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii", maxLength: 40 }), (s) => {
        expect(segmentsOf(s)).toEqual(tokens(s));
      }),
      { numRuns: 1000 },
    );
    expect(segmentsOf("ABCs iPhone a1b2 __x__")).toEqual(tokens("ABCs iPhone a1b2 __x__"));
    expect(segmentsOf("FuzzySearchFiles")).toEqual(["fuzzy", "search", "files"]);
    expect(segmentsOf("HTTPServer2x")).toEqual(["http", "server", "2", "x"]);
    expect(segmentsOf("Überprüfung_datei")).toEqual(tokens("Überprüfung_datei"));
  });

  it("own, mistyped and foreign namespaces", () => {
    expect(splitToolNamespace("mcp__dwim__read_file", ["dwim"])).toMatchObject({ kind: "own", operation: "read_file" });
    expect(splitToolNamespace("dwim.read_file", ["dwim"])).toMatchObject({ kind: "own" });
    expect(splitToolNamespace("mcp__dwin__convert", ["dwim"])).toMatchObject({ kind: "typo", operation: "convert" });
    expect(splitToolNamespace("mcp__github__create_issue", ["dwim"])).toMatchObject({
      kind: "foreign",
      namespace: "github",
    });
    expect(splitToolNamespace("read_file", ["dwim"])).toMatchObject({ kind: "none", operation: "read_file" });
  });
});

describe("query terms", () => {
  it("stems word forms together", () => {
    expect(stem("conversion")).toBe(stem("convert"));
    expect(stem("decided")).toBe(stem("decide"));
    expect(stem("decision")).toBe(stem("decide"));
    expect(stem("files")).toBe(stem("file"));
    expect(stem("named")).toBe(stem("name"));
    expect(stem("constructor")).toBe("constructor");
    expect(stem("converter")).toBe(stem("convert"));
  });

  it("stems every form of a verb in -y together (-ied, -ies, -ying), those in -ly included", () => {
    for (const forms of [
      ["multiply", "multiplying", "multiplied", "multiplies"],
      ["apply", "applying", "applied", "applies"],
      ["copy", "copying", "copied", "copies"],
      ["study", "studying", "studied", "studies"],
    ]) {
      expect(new Set(forms.map(stem)).size, forms.join(" ")).toBe(1);
    }
    expect(stem("quickly")).toBe(stem("quick"));
  });

  it("undoubles a final consonant only where a suffix beginning with a vowel was cut", () => {
    expect(stem("mapping")).toBe(stem("map"));
    expect(stem("planned")).toBe(stem("plan"));
    expect(stem("quizzes")).toBe(stem("quiz"));
    // A word that ends doubled keeps it: watts is not water (wat-er).
    expect(stem("watts")).toBe(stem("watt"));
    expect(stem("watts")).not.toBe(stem("water"));
  });

  it("the tails of contractions and possessives are no words", () => {
    expect(termsOf("what's the tool's name, we'll see")).toEqual(["tool", stem("name"), "see"]);
    expect(termsOf("I’m sure")).toEqual([stem("sure")]);
    expect(termsOf("t_k s_t")).toEqual(["t", "k", "s", "t"]);
  });

  it("drops stop words and keeps order", () => {
    expect(termsOf("what is the capital of Peru")).toEqual(["capital", "peru"]);
  });

  it("a request's stop words are the core's function words, less those relating things, plus the filler of asking", () => {
    const relations = "while after again because before between both more most only other same such".split(" ");
    for (const word of FUNCTION_WORDS) expect(termsOf(word)).toEqual(relations.includes(word) ? [stem(word)] : []);
    expect(termsOf("please help me get something from these files before lunch")).toEqual([
      stem("files"),
      stem("before"),
      "lunch",
    ]);
    // NL markers are verbs of tools, never stop words.
    expect(termsOf("show find list search")).toEqual(["show", "find", "list", "search"].map(stem));
  });

  it("numbers, paths, file names, quoted and all-caps words are values", () => {
    const chunks = chunksOf('grep TODO in src/main.ts for "needle" 42 times read_file listUnits');
    const values = chunks.filter((c) => c.value).map((c) => c.text);
    expect(values).toEqual(["TODO", "src/main.ts", "needle", "42"]);
    expect(chunks.filter((c) => c.identifier).map((c) => c.text)).toEqual(["read_file", "listUnits"]);
  });
});
