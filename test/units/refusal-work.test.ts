/**
 * A refusal's work is bounded whatever the unit string, counted rather than timed (timings live in
 * bench/units): one atom is suggested for, with a fixed number of index queries and a capped number of evaluations.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NameIndex } from "../../src/core/suggest.js";
import { MAX_FIT_EVALUATIONS, MAX_REFUSAL_QUERIES, refusalWork, resetRefusalWork } from "../../src/units/work.js";
import { otherUnit, unitString } from "../fixtures/units/adversarial.js";
import { conv, units } from "./helpers.js";

/** Spellings one query can scan at most: the whole catalog's. */
const catalogSpellings = units.nameIndex.size;

function workOf(from: string, to: string) {
  resetRefusalWork();
  const outcome = conv(1, from, to);
  return { outcome, work: refusalWork() };
}

describe("refusal work", () => {
  it("is bounded for any unit string within the limit: fixed queries, each at most the catalog, capped evaluations", () => {
    fc.assert(
      fc.property(unitString, otherUnit, (from, to) => {
        const { work } = workOf(from, to);
        expect(work.queries).toBeLessThanOrEqual(MAX_REFUSAL_QUERIES);
        expect(work.spellingsScanned).toBeLessThanOrEqual(work.queries * catalogSpellings);
        expect(work.evaluations).toBeLessThanOrEqual(MAX_FIT_EVALUATIONS + 1);
      }),
      { numRuns: 400, seed: 16_5 },
    );
  });

  it("does not grow with the number of unknown atoms: only the first one is suggested for", () => {
    const one = workOf("kilgoram", "kg").work;
    const many = workOf(Array(30).fill("kilgoram").join(" * "), "kg").work;
    expect(one.queries).toBeGreaterThan(0);
    expect(many.queries).toBeLessThanOrEqual(one.queries);
    expect(many.spellingsScanned).toBeLessThanOrEqual(one.spellingsScanned);
  });

  it("scans only spellings near the atom's length: a long atom scans nothing", () => {
    const long = workOf("q".repeat(200), "m").work;
    expect(long.spellingsScanned).toBe(0);
    const short = workOf("kilgoram", "kg").work;
    // The length window keeps a query well under the whole catalog.
    expect(short.spellingsScanned).toBeLessThan(short.queries * catalogSpellings);
  });
});

describe("NameIndex.subset", () => {
  const specs = [
    { target: "t0", aliases: ["meter", "metre", "meters", "m-e-t-e-r"] },
    { target: "t1", aliases: ["kilogram", "Kilogram", "kilograms"] },
    { target: "t2", aliases: ["foot", "feet", "foot_pound"] },
    { target: "t3", aliases: ["gallon", "gal_us", "gallons"] },
  ];
  const full = new NameIndex(specs);
  it("answers exactly as an index built from the kept spellings", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.stringMatching(/^[a-zA-Z_-]{1,12}$/u), (length, input) => {
        const keep = (s: string) => Math.abs(s.length - length) <= 2;
        const rebuilt = new NameIndex(
          specs.map((s) => ({ target: s.target, aliases: s.aliases.filter(keep) })).filter((s) => s.aliases.length > 0),
        );
        const sub = full.subset(keep);
        expect(sub.size).toBe(rebuilt.size);
        const a = sub.suggest(input, { allowAuto: false });
        const b = rebuilt.suggest(input, { allowAuto: false });
        expect({ tier: a.tier, fix: a.likely_fix, hints: a.hints }).toEqual({
          tier: b.tier,
          fix: b.likely_fix,
          hints: b.hints,
        });
      }),
      { numRuns: 300, seed: 7 },
    );
  });
  it("keeps one spelling per normalised form of a target when asked", () => {
    const sub = full.subset(() => true, true);
    expect(sub.size).toBeLessThan(full.size);
    expect(sub.suggest("Kilogram").likely_fix).toBe("t1");
  });
});
