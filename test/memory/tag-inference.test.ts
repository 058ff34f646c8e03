import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { infer_tags, inferTags, normalizeTag, remember, rememberBatch } from "../../src/memory/index.js";
import { freshMemory, removeTmpRoots } from "./helpers.js";

afterAll(removeTmpRoots);

describe("tag inference: the cases Daem0n-MCP's plan lists", () => {
  it.each([
    ["S6", "Fixed the login bug", "decision", "bugfix"],
    ["S7", "Resolved the connection error", "learning", "bugfix"],
    ["S8", "TODO: refactor this later", "pattern", "tech-debt"],
    ["S9", "This is a temporary hack", "decision", "tech-debt"],
    ["S10", "Improved query performance", "learning", "perf"],
    ["S11", "Added caching layer", "decision", "perf"],
    ["S12", "Don't use this API", "warning", "warning"],
    ["S13", "Avoid using synchronous calls", "pattern", "warning"],
  ])("%s: %s (%s) ∋ %s", (_id, content, category, tag) => {
    expect(infer_tags(content, category)).toContain(tag);
  });

  it("S14: an explicit bugfix tag is not added again", () => {
    expect(inferTags("Fixed a bug", "decision", ["bugfix"])).not.toContain("bugfix");
    expect(inferTags("Fixed a bug", "decision", ["BugFix"])).not.toContain("bugfix");
  });
  it("S15: several tags from one content", () => {
    const tags = inferTags("Temporary fix for slow performance", "decision");
    expect(tags).toEqual(expect.arrayContaining(["tech-debt", "perf", "bugfix"]));
  });
  it("S16: empty content gives no tag", () => {
    expect(inferTags("", "decision")).toEqual([]);
  });
  it("S17: content without a trigger gives no tag", () => {
    expect(inferTags("Use PostgreSQL for the database", "decision")).toEqual([]);
  });
  it("S19: 'Fixed the bug' yields exactly ['bugfix']", () => {
    expect(inferTags("Fixed the bug", "decision")).toEqual(["bugfix"]);
  });
});

describe("word families, not substrings", () => {
  it.each(["Use prefix conventions", "Breakfast meeting", "tissue paper", "Optimistic locking"])(
    "no tag for %s",
    (text) => {
      expect(inferTags(text, "decision")).toEqual([]);
    },
  );
  it.each([
    ["Fixed the login flow", "decision", "bugfix"],
    ["Two errors in the parser", "decision", "bugfix"],
    ["Optimize the planner", "decision", "perf"],
    ["Compiler warning", "learning", "warning"],
    ["don\u2019t", "decision", "warning"],
    ["Do not call it twice", "decision", "warning"],
    ["It crashed on start", "learning", "bugfix"],
    ["This is tech debt", "pattern", "tech-debt"],
  ])("%s (%s) ∋ %s", (text, category, tag) => {
    expect(inferTags(text, category)).toContain(tag);
  });
  it("the warning category always tags warning", () => {
    expect(inferTags("Use PostgreSQL", "warning")).toEqual(["warning"]);
  });
});

describe("properties", () => {
  const words = fc.constantFrom(
    "fixed",
    "the",
    "slow",
    "prefix",
    "todo",
    "cache",
    "avoid",
    "breakfast",
    "optimistic",
    "API",
    "error",
  );
  const text = fc.array(words, { maxLength: 8 }).map((w) => w.join(" "));
  const category = fc.constantFrom("decision", "pattern", "warning", "learning");

  it("only adds: never returns a tag already given, never a duplicate", () => {
    fc.assert(
      fc.property(text, category, fc.subarray(["bugfix", "tech-debt", "perf", "warning"]), (t, c, existing) => {
        const tags = inferTags(t, c, existing);
        expect(new Set(tags).size).toBe(tags.length);
        for (const e of existing) expect(tags).not.toContain(e);
      }),
    );
  });
  it("is deterministic and case-insensitive", () => {
    fc.assert(
      fc.property(text, category, (t, c) => {
        expect(inferTags(t.toUpperCase(), c)).toEqual(inferTags(t, c));
      }),
    );
  });
  it("normalizeTag gives lowercase kebab", () => {
    expect(normalizeTag("Tech Debt")).toBe("tech-debt");
    expect(normalizeTag("perf_fix")).toBe("perf-fix");
    fc.assert(
      fc.property(fc.string(), (s) => {
        const tag = normalizeTag(s);
        expect(tag).toBe(tag.toLowerCase());
        expect(tag).not.toMatch(/^-|-$|--|\s/u);
      }),
    );
  });
});

describe("inference in the tools", () => {
  it("remember stores inferred tags beside explicit ones", async () => {
    const mc = await freshMemory();
    const out = await remember(mc, { category: "decision", content: "Fixed the slow login", tags: ["Auth"] });
    expect(out.inferred_tags).toEqual(["bugfix", "perf"]);
    expect(out.tags).toEqual(["auth", "bugfix", "perf"]);
  });
  it("remember_batch infers tags per item", async () => {
    const mc = await freshMemory();
    const out = (await rememberBatch(mc, [
      { category: "decision", content: "Fixed the login bug" },
      { category: "pattern", content: "TODO: refactor this later" },
      { category: "learning", content: "Use PostgreSQL for the database" },
    ])) as { items: Array<{ inferred_tags: string[] }> };
    expect(out.items.map((i) => i.inferred_tags)).toEqual([["bugfix"], ["tech-debt"], []]);
  });
  it("DWIM_MEMORY_INFER_TAGS=false turns inference off", async () => {
    const mc = await freshMemory({ DWIM_MEMORY_INFER_TAGS: "false" });
    const out = await remember(mc, { category: "decision", content: "Fixed the login bug" });
    expect(out.inferred_tags).toEqual([]);
  });
});
