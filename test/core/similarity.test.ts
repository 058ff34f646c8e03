import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  jaroWinkler,
  nameKey,
  normalize,
  osa,
  ratio,
  rawRatio,
  singularize,
  tokens,
} from "../../src/core/similarity.js";

const difflib = JSON.parse(
  readFileSync(new URL("../fixtures/core/difflib_ratio.json", import.meta.url), "utf8"),
) as Array<{ a: string; b: string; ratio: number }>;

describe("similarity pins (router spec case 46)", () => {
  it("matches the documented values", () => {
    expect(ratio("kilgoram", "kilogram")).toBe(0.875);
    expect(rawRatio("tide", "diet")).toBe(0.25);
    expect(rawRatio("diet", "tide")).toBe(0.5);
    expect(ratio("tide", "diet")).toBe(0.5);
    expect(ratio("", "")).toBe(1);
    expect(ratio("a", "b")).toBe(0);
    expect(osa("comupte", "compute")).toBe(1);
    expect(jaroWinkler("convrt", "convert")).toBeCloseTo(0.971, 3);
  });

  it("reproduces Python difflib's ratio exactly on short strings", () => {
    expect(difflib.length).toBeGreaterThan(400);
    for (const row of difflib) expect(rawRatio(row.a, row.b)).toBeCloseTo(row.ratio, 12);
  });
});

describe("osa", () => {
  it("counts a transposition as one edit and respects the early-exit bound", () => {
    expect(osa("ab", "ba")).toBe(1);
    expect(osa("ca", "abc")).toBe(3); // restricted: no edit of a transposed pair
    expect(osa("kitten", "sitting")).toBe(3);
    expect(osa("kitten", "sitting", 1)).toBe(2);
    expect(osa("", "abc")).toBe(3);
  });

  it("is a symmetric distance bounded by the longer length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = osa(a, b);
        expect(d).toBe(osa(b, a));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d === 0).toBe(a === b);
      }),
    );
  });

  it("with a bound, agrees with the unbounded distance up to bound + 1", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), fc.nat(4), (a, b, max) => {
        expect(osa(a, b, max)).toBe(Math.min(osa(a, b), max + 1));
      }),
    );
  });
});

describe("ratio and Jaro-Winkler", () => {
  it("stay within [0, 1], are symmetric (ratio) and give 1 for equal strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), fc.string({ maxLength: 16 }), (a, b) => {
        const r = ratio(a, b);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
        expect(r).toBe(ratio(b, a));
        const j = jaroWinkler(a, b);
        expect(j).toBeGreaterThanOrEqual(0);
        expect(j).toBeLessThanOrEqual(1);
        expect(ratio(a, a)).toBe(1);
      }),
    );
  });
});

describe("normalisers", () => {
  it("fold case, separators, wrappers and Unicode compatibility forms", () => {
    expect(normalize("Fuzzy-Search Content")).toBe("fuzzy_search_content");
    expect(normalize("[RentalCars_3_GetCarsAvailable]")).toBe("rentalcars_3_getcarsavailable");
    expect(normalize("`read_file()`")).toBe("read_file");
    expect(normalize("\u00b5m")).toBe(normalize("\u03bcm"));
    expect(normalize("ｆｕｌｌ")).toBe("full");
  });

  it("split identifiers into words and singularise simple plurals", () => {
    expect(tokens("fuzzySearchContent")).toEqual(["fuzzy", "search", "content"]);
    expect(tokens("Rovies_3_FindMovies")).toEqual(["rovies", "3", "find", "movies"]);
    expect(tokens("HTTPServer2")).toEqual(["http", "server", "2"]);
    expect(singularize("memories")).toBe("memory");
    expect(singularize("classes")).toBe("class");
    expect(singularize("status")).toBe("status");
    expect(singularize("units")).toBe("unit");
    expect(nameKey("search_memory")).toBe(nameKey("searchMemories"));
  });
});

describe("tokens fast path", () => {
  it("splits printable ASCII exactly as the Unicode-aware path does", () => {
    const unicodeTokens = (input: string) =>
      input
        .normalize("NFKC")
        .replace(/([a-z])([A-Z])/gu, "$1 $2")
        .replace(/([A-Z]+)([A-Z][a-z])/gu, "$1 $2")
        .replace(/(\p{L})(\p{N})/gu, "$1 $2")
        .replace(/(\p{N})(\p{L})/gu, "$1 $2")
        .split(/[^\p{L}\p{N}]+/u)
        .filter((t) => t.length > 0)
        .map((t) => t.toLowerCase());
    fc.assert(
      fc.property(fc.stringMatching(/^[\x20-\x7e]{0,24}$/u), (s) => {
        expect(tokens(s)).toEqual(unicodeTokens(s));
      }),
      { numRuns: 500 },
    );
  });
});
