/** The page of best matches: exactly the k best, in order, however many lines are offered. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
