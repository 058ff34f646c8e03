/** The confidence model (src/router/calibration.ts): a probability that only rises with the evidence for a tool. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calibratedConfidence, type Evidence, FUSED_MODEL, LEXICAL_MODEL } from "../../src/router/calibration.js";

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const lead = fc.double({ min: -1, max: 1, noNaN: true });
const evidence = fc
  .record({
    lexical: unit,
    coverage: unit,
    semantic: unit,
    lexicalLead: lead,
    semanticLead: lead,
    tools: fc.integer({ min: 1, max: 5000 }),
    matched: fc.integer({ min: 0, max: 30 }),
    unmatched: fc.integer({ min: 0, max: 30 }),
  })
  .map(({ unmatched, ...e }) => ({ ...e, terms: e.matched + unmatched }));

describe("calibrated confidence", () => {
  it("is a probability, and more evidence in either lane never lowers it", () => {
    fc.assert(
      fc.property(evidence, unit, (e: Evidence, more) => {
        for (const model of [FUSED_MODEL, LEXICAL_MODEL]) {
          const p = calibratedConfidence(e, model);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
          const stronger: Evidence[] = [
            { ...e, lexical: Math.min(1, e.lexical + more) },
            { ...e, coverage: Math.min(1, e.coverage + more) },
            { ...e, semantic: Math.min(1, e.semantic + more) },
            { ...e, lexicalLead: Math.min(1, e.lexicalLead + more) },
            { ...e, semanticLead: Math.min(1, e.semanticLead + more) },
            // One more of the request's words met (the request as long as before, when it has a word left unmet).
            { ...e, matched: Math.min(e.terms, e.matched + 1) },
          ];
          for (const s of stronger) expect(calibratedConfidence(s, model)).toBeGreaterThanOrEqual(p - 1e-12);
        }
      }),
    );
  });

  it("a tool that leads neither lane, with little evidence, stays far below the suggest threshold", () => {
    const weak = {
      lexical: 0.05,
      coverage: 0.1,
      semantic: 0.2,
      lexicalLead: -0.1,
      semanticLead: -0.05,
      tools: 5,
      matched: 1,
      terms: 4,
    };
    expect(calibratedConfidence(weak, FUSED_MODEL)).toBeLessThan(0.2);
    const clear = {
      lexical: 0.7,
      coverage: 0.8,
      semantic: 0.6,
      lexicalLead: 0.5,
      semanticLead: 0.2,
      tools: 20,
      matched: 3,
      terms: 4,
    };
    expect(calibratedConfidence(clear, FUSED_MODEL)).toBeGreaterThan(0.85);
  });

  it("with both lanes, a lexical lead alone (one word unique to a tool, a flat semantic lane) is no confident match", () => {
    // "suggest a workout for beginners" against dwim's tools: only analyze_intent's keyword `suggest` is known.
    const lone = {
      lexical: 0.3,
      coverage: 0.29,
      semantic: 0.4,
      lexicalLead: 0.24,
      semanticLead: 0.01,
      tools: 21,
      matched: 1,
      terms: 3,
    };
    const alone = calibratedConfidence(lone, FUSED_MODEL);
    // One word of three shared: not even the suggest tier (it measured 0.57 before the model read how many words of the
    // request the tool has and how many the request says).
    expect(alone).toBeLessThan(0.5);
    // The same lead on every word of a longer request is a match.
    expect(calibratedConfidence({ ...lone, matched: 5, terms: 5, coverage: 0.9 }, FUSED_MODEL)).toBeGreaterThan(0.5);
    expect(calibratedConfidence({ ...lone, lexicalLead: 0.01 }, FUSED_MODEL)).toBeCloseTo(alone, 1);
    expect(calibratedConfidence({ ...lone, lexicalLead: 0.6 }, FUSED_MODEL)).toBeCloseTo(alone, 1);
  });

  it("the lexical lane alone: one shared word that leads a small catalog is no match, several words are", () => {
    // "check the weather in Lisbon" meeting one word of a unit tool; "convert 5 miles to kilometers" meeting three.
    const lone = {
      lexical: 0.3,
      coverage: 0.25,
      semantic: 0,
      lexicalLead: 0.21,
      semanticLead: 0,
      tools: 22,
      matched: 1,
      terms: 3,
    };
    expect(calibratedConfidence(lone, LEXICAL_MODEL)).toBeLessThan(0.5);
    const clear = {
      lexical: 0.8,
      coverage: 0.9,
      semantic: 0,
      lexicalLead: 0.6,
      semanticLead: 0,
      tools: 22,
      matched: 3,
      terms: 4,
    };
    expect(calibratedConfidence(clear, LEXICAL_MODEL)).toBeGreaterThan(0.85);
  });
});
