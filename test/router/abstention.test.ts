/**
 * Requests no tool fits get no match: a tool name of another server (its words shared with a tool here) and, with the
 * lexical lane alone (the model still loading, or embeddings = none), a request sharing one word with a tool.
 */
import { describe, expect, it } from "vitest";
import { fixtureRouter } from "./helpers.js";

const lexicalOnly = fixtureRouter({ env: { DWIM_ROUTER_EMBEDDINGS: "none" } });

describe("a tool name that names no tool here", () => {
  it("matches no tool that shares only some of its words", async () => {
    for (const name of [
      "create_pull_request",
      "web_search",
      "query_database",
      "create_calendar_event",
      "get_weather",
    ]) {
      expect(lexicalOnly.analyze(name).matches).toEqual([]);
      expect((await lexicalOnly.analyzeIntent(name)).matches).toEqual([]);
      expect(lexicalOnly.resolve(name).candidates).toEqual([]);
    }
  });

  it("still matches a tool that has every word of it, and a name or alias here as before", () => {
    expect(lexicalOnly.analyze("unit_conversion").matches[0]?.tool).toBe("convert");
    expect(lexicalOnly.analyze("search_memory").matches[0]?.tool).toBe("search_memories");
    expect(lexicalOnly.analyze("list_tools").matches[0]?.tool).toBe("list_capabilities");
    expect(lexicalOnly.resolve("write_file").candidates.map((c) => c.tool)).toContain("edit_file");
  });
});

describe("the lexical lane alone", () => {
  it("answers no match to requests sharing one word with a tool", () => {
    for (const q of [
      "write a thank you card to grandma",
      "check the weather in Lisbon",
      "find a good pizza place nearby",
      // the `s` of "what's" is no word
      "what's a good name for a puppy",
      // water is not watts (a unit tool's word) however lightly stemmed
      "remind me to water the plants",
    ]) {
      expect(lexicalOnly.analyze(q).matches, q).toEqual([]);
    }
  });

  it("still answers a request whose words a tool has", () => {
    expect(lexicalOnly.analyze("convert 5 miles to kilometers").matches[0]?.tool).toBe("convert");
    expect(lexicalOnly.analyze("grep for TODO in src").matches[0]?.tool).toBe("fuzzy_search_content");
  });
});
