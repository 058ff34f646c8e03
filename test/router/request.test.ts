import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODEL_QUERY_WORDS, requestForModel } from "../../src/router/request.js";

describe("requestForModel: the part of a request the sentence model reads", () => {
  it("drops greetings and request framing, keeps what is asked", () => {
    expect(requestForModel("Certainly! Can you please help me find papers about neural networks?")).toBe(
      "find papers about neural networks?",
    );
    expect(requestForModel("I would like to convert 5 miles to kilometers")).toBe("convert 5 miles to kilometers");
    expect(requestForModel("I'm looking for a recipe with leeks. Could you fetch that for me?")).toBe(
      "a recipe with leeks. fetch that?",
    );
    expect(requestForModel("Hi there, I need to rename report.txt")).toBe("rename report.txt");
  });

  it("leaves a request without framing as written, and words that only contain a frame word alone", () => {
    expect(requestForModel("list servers")).toBe("list servers");
    expect(requestForModel("show the last ten commits")).toBe("show the last ten commits");
    expect(requestForModel("the helpdesk formula")).toBe("the helpdesk formula");
  });

  it("never leaves an empty request: framing alone is kept as written", () => {
    expect(requestForModel("Can you please")).toBe("Can you please");
    expect(requestForModel("  please  ")).toBe("please");
  });

  it("cuts long requests to MODEL_QUERY_WORDS words, from the start", () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    expect(requestForModel(words.join(" "))).toBe(words.slice(0, MODEL_QUERY_WORDS).join(" "));
  });

  it("for any text: at most MODEL_QUERY_WORDS words, never empty when the text has a word", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const out = requestForModel(text);
        expect(out.split(/\s+/u).filter((w) => w !== "").length).toBeLessThanOrEqual(MODEL_QUERY_WORDS);
        if (text.trim() !== "") expect(out.trim()).not.toBe("");
      }),
    );
  });
});
