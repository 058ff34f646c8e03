/** The page of best matches: exactly the k best, in order, however many lines are offered and however few are scored. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEME } from "../../src/search/fzf/charclass.js";
import { Field, QueryMatcher } from "../../src/search/fzf/matcher.js";
import { Collector, compareHits, type Hit, type ScanBase, scoreLine } from "../../src/search/scan.js";
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

describe("scoring against a full page", () => {
  it("rules a line out only when it could not rank: the page and the count equal full scoring's", () => {
    // Lines built from the terms' own letters, whole or spread, so that many reach the best score and tie.
    const word = fc.constantFrom("read", "Read", "line", "r e a d", "readline", "ReadLine", "lin", "x", "_", "/", ".");
    const lineArb = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(""));
    const pathArb = fc.constantFrom("src/read.go", "src/x.go", "lib/line/a.go", "a/b.go");
    fc.assert(
      fc.property(
        fc.constantFrom("read line", "read", "rl", "'read line", "line | read x", "ReadLine"),
        fc.array(fc.tuple(pathArb, lineArb), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        (query, rows, k) => {
          const matcher = new QueryMatcher(query, DEFAULT_SCHEME);
          const collector = new Collector(matcher, k);
          const base: ScanBase = { rg: "rg", cwd: ".", timeoutMs: 1000, contentOnly: false, collectors: [collector] };
          const all: Hit[] = [];
          rows.forEach(([path, content], i) => {
            scoreLine(base, path, new Field(path), i + 1, content);
            const m = new QueryMatcher(query, DEFAULT_SCHEME).match([new Field(path), new Field(content)]);
            if (m) {
              const length = path.length + String(i + 1).length + 2 + content.trimEnd().length;
              all.push({ file: path, line: i + 1, content, score: m.score, length, contentStart: m.contentStart });
            }
          });
          const expected = all.sort(compareHits).slice(0, k);
          const key = (h: Hit) => `${h.file}:${h.line}:${h.score}`;
          expect(collector.top.sorted().map(key)).toEqual(expected.map(key));
          expect(collector.count).toBe(all.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
