/**
 * The routing cases against the tool definitions dwim really serves, not a fixture:
 * the expected tool must be among analyze_intent's returned matches (what an agent sees), not only in the ranking.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/index.js";
import { routerFor } from "../../src/router/router.js";
import { configSectionsOf } from "../../src/server/app.js";
import { TOOLSETS } from "../../src/server/toolsets.js";

const tools = TOOLSETS.flatMap((t) => t.tools);
const config = loadConfig({ userFile: null, projectFile: null, env: {}, sections: configSectionsOf(TOOLSETS) });
const router = routerFor(tools, config);
const matches = (q: string) => router.analyze(q, 3).matches.map((m) => m.tool);

describe("analyze_intent over dwim's served tools", () => {
  it.each([
    ["convert 5 miles to kilometers", "convert", 1],
    ["how many grams in a pound", "convert", 3],
    ["multiply a chain of conversion factors for a dose", "compute", 3],
    ["are newtons and joules compatible", "check_dimensions", 3],
    ["what units of pressure are there", "list_units", 3],
    ["grep for TODO in src", "fuzzy_search_content", 1],
    ["find files named config", "fuzzy_search_files", 1],
    ["replace a string in a file", "edit_file", 3],
    ["show me README.md", "read_file", 3],
    ["store this decision for later", "remember", 3],
    ["which tool should I use", "analyze_intent", 3],
    ["what tools exist", "list_capabilities", 3],
    ["read_file src/main.ts", "read_file", 1],
    ["list_units pressure", "list_units", 1],
    ["list units", "list_units", 3],
    ["units list", "list_units", 3],
    ["memory search", "search_memories", 3],
    ["unit conversion", "convert", 3],
  ] as const)("%s → %s (top %i)", (query, tool, k) => {
    expect(matches(query).slice(0, k)).toContain(tool);
  });

  // Words no tool knows (kilograms, caching) keep these two just under suggest_threshold, by the abstention design;
  // "top-3" is then a position in the ranking.
  const ranked = (q: string) =>
    router
      .rank(q)
      .slice(0, 3)
      .map((s) => s.tool.name);

  it("find all files that mention kilograms → fuzzy_search_content in the top 3 of the ranking", () => {
    expect(ranked("find all files that mention kilograms")).toContain("fuzzy_search_content");
  });

  it("what did we decide about caching → recall or search_memories in the top 3 of the ranking", () => {
    const m = ranked("what did we decide about caching");
    expect(m.includes("recall") || m.includes("search_memories")).toBe(true);
  });

  it.each(["make coffee", "send email", "random gibberish xyz", "book a flight to paris"])("%s → abstains", (q) => {
    expect(matches(q)).toEqual([]);
  });
});
