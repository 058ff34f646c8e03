import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editBudget, NameIndex, splitNamespace, suggest } from "../../src/core/suggest.js";

const UNITS = ["kilogram", "gram", "meter", "mole", "m", "t", "second", "kelvin", "kilometer", "liter"];

describe("suggest tiers (recovery spec §4)", () => {
  it("auto-corrects a unique, confirmed typo: kilgoram → kilogram", () => {
    const s = suggest("kilgoram", UNITS);
    expect(s.tier).toBe("auto");
    expect(s.likely_fix).toBe("kilogram");
    expect(s.match?.kind).toBe("typo");
    expect(s.match?.confidence).toBeGreaterThanOrEqual(0.875);
  });

  it("gives garbage nothing: xyzzy", () => {
    const s = suggest("xyzzy", UNITS);
    expect(s.tier).toBe("none");
    expect(s.likely_fix).toBeUndefined();
    expect(s.hints).toEqual([]);
  });

  it("gives a two-letter input only hints (mt → m, t)", () => {
    const s = suggest("mt", UNITS);
    expect(s.tier).toBe("hints");
    expect(s.likely_fix).toBeUndefined();
    expect(s.hints).toEqual(expect.arrayContaining(["m", "t"]));
  });

  it("resolves exact, alias and normalisation tiers at confidence 1", () => {
    const idx = new NameIndex([{ target: "list_capabilities", aliases: ["list_tools"] }, "fuzzy_search_content"]);
    expect(idx.suggest("list_capabilities").match?.kind).toBe("exact");
    expect(idx.suggest("list_tools").match).toMatchObject({
      kind: "alias",
      target: "list_capabilities",
      confidence: 1,
    });
    for (const v of ["FuzzySearchContent", "fuzzy-search-content", "fuzzy search content", "fuzzySearchContents"]) {
      const s = idx.suggest(v);
      expect(s.tier).toBe("auto");
      expect(s.match).toMatchObject({ kind: "normalization", target: "fuzzy_search_content" });
    }
  });

  it("never auto-corrects into a destructive target: the fix becomes a likely_fix", () => {
    const s = suggest("edit_fil", [{ target: "edit_file", destructive: true }, "read_file"]);
    expect(s.tier).toBe("likely_fix");
    expect(s.likely_fix).toBe("edit_file");
    expect(s.blocked_reason).toBe("destructive");
  });

  it("never auto-corrects when switched off", () => {
    const s = suggest("kilgoram", UNITS, { allowAuto: false });
    expect(s.tier).toBe("likely_fix");
    expect(s.blocked_reason).toBe("disabled");
  });

  it("gives ties hints only: bet_item between get_item and set_item", () => {
    const s = suggest("bet_item", ["get_item", "set_item"]);
    expect(s.tier).toBe("hints");
    expect(s.hints).toEqual(["get_item", "set_item"]);
  });

  it("deduplicates by target across aliases", () => {
    const s = suggest("convrt", [
      { target: "convert", aliases: ["convert_units"] },
      { target: "convert", aliases: ["unit_convert"] },
    ]);
    expect(s.tier).toBe("auto");
    expect(s.candidates.filter((c) => c.target === "convert")).toHaveLength(1);
  });
});

describe("guards against plausible wrong fixes", () => {
  it("gives a short target only one edit: rohmk is not ohm, amrin is not min", () => {
    expect(suggest("rohmk", ["ohm", "kelvin"]).tier).not.toBe("auto");
    expect(suggest("rohmk", ["ohm", "kelvin"]).likely_fix).toBeUndefined();
    expect(suggest("amrin", ["min", "hour"]).likely_fix).toBeUndefined();
  });

  it("needs more than a shared prefix for a two-edit fix: purple is not purge", () => {
    expect(suggest("purple", ["purge", "merge"]).likely_fix).toBeUndefined();
    expect(suggest("kilogarm_per_metre", ["kilogram_per_metre"]).likely_fix).toBe("kilogram_per_metre");
  });

  it("makes a one-edit change of a short operation word a likely_fix, never an auto-correction", () => {
    const s = suggest("set_item", ["get_item", "list_items"]);
    expect(s.tier).toBe("likely_fix");
    expect(s.blocked_reason).toBe("operation");
    expect(suggest("nax_chars", ["max_chars", "limit"]).likely_fix).toBe("max_chars");
  });

  it("gives a different operation word hints only: fuzzy_search_dirs", () => {
    const s = suggest("fuzzy_search_dirs", ["fuzzy_search_files", "fuzzy_search_content"]);
    expect(s.tier).toBe("hints");
    expect(s.hints[0]).toBe("fuzzy_search_files");
    expect(s.likely_fix).toBeUndefined();
  });
});

describe("namespaces", () => {
  const catalog = [
    "mcp__github__delete_repo",
    "mcp__github__delete_file",
    "mcp__github__create_issue",
    "european_history.get_monarchs",
    "lawyer.find_nearby",
  ];

  it("splits the last namespace separator", () => {
    expect(splitNamespace("mcp__github__delete_repo")).toEqual({ namespace: "mcp__github", operation: "delete_repo" });
    expect(splitNamespace("a.b.c")).toEqual({ namespace: "a.b", operation: "c" });
    expect(splitNamespace("plain")).toEqual({ namespace: "", operation: "plain" });
  });

  it("compares only the operation: delete_repo never becomes delete_file", () => {
    const s = suggest("mcp__github__delete_rep", catalog);
    expect(s.likely_fix).toBe("mcp__github__delete_repo");
    const t = suggest("mcp__github__delete_fold", catalog);
    expect(t.tier === "auto" && t.likely_fix === "mcp__github__delete_file").toBe(false);
  });

  it("completes a missing namespace: get_monarchs → european_history.get_monarchs", () => {
    const s = suggest("get_monarchs", catalog);
    expect(s.tier).toBe("auto");
    expect(s.match).toMatchObject({ kind: "namespace_completion", target: "european_history.get_monarchs" });
  });

  it("corrects a misspelt namespace first: llawyer.find_nearby", () => {
    const s = suggest("llawyer.find_nearby", catalog);
    expect(s.likely_fix).toBe("lawyer.find_nearby");
    expect(s.match?.kind).toBe("namespace_completion");
  });

  it("never crosses into another namespace: a foreign one gets hints at most", () => {
    const s = suggest("mcp__gitlab__delete_repo", catalog);
    expect(s.tier === "auto" || s.tier === "likely_fix").toBe(false);
    expect(s.blocked_reason).toBe("namespace");
  });
});

describe("token matching for parameter names", () => {
  const params = ["file_path", "old_str", "new_str", "stationNames"];

  it("makes a token subset a likely_fix, never auto: path → file_path, names → stationNames", () => {
    const s = suggest("path", params, { tokenMatch: true });
    expect(s.tier).toBe("likely_fix");
    expect(s.likely_fix).toBe("file_path");
    expect(s.match?.kind).toBe("token");
    expect(suggest("names", params, { tokenMatch: true }).likely_fix).toBe("stationNames");
  });

  it("makes extra words only a hint: file_path → path", () => {
    const s = suggest("file_path", ["path", "recursive"], { tokenMatch: true });
    expect(s.tier).toBe("hints");
    expect(s.hints).toContain("path");
  });
});

describe("properties", () => {
  const registry = ["fuzzy_search_content", "fuzzy_search_files", "read_file", "convert", "compute", "recall"];

  it("never throws, is deterministic, and auto implies a unique confirmed target", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (input) => {
        const a = suggest(input, registry);
        const b = suggest(input, registry);
        expect(a).toEqual(b);
        if (a.tier === "auto") {
          expect(registry).toContain(a.likely_fix);
          expect(a.match!.confidence).toBeGreaterThanOrEqual(0.8);
        }
        expect(a.hints.length).toBeLessThanOrEqual(3);
      }),
    );
  });

  it("resolves every single deletion of a long name to that name or withholds the fix", () => {
    fc.assert(
      fc.property(fc.constantFrom(...registry), fc.nat(), (name, at) => {
        const i = at % name.length;
        const typo = name.slice(0, i) + name.slice(i + 1);
        const s = suggest(typo, registry);
        if (s.tier === "auto" || s.tier === "likely_fix") expect(s.likely_fix).toBe(name);
      }),
    );
  });

  it("has an edit budget of 0, 1 and 2 by length", () => {
    expect([1, 2, 3, 4, 5, 20].map(editBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe("short inputs", () => {
  it("need a two-edit lead: cst between cat and cast gets hints, not a fix", () => {
    const s = suggest("cst", ["cat", "cast", "pound"]);
    expect(s.likely_fix).toBeUndefined();
    expect(s.hints).toEqual(expect.arrayContaining(["cat", "cast"]));
    expect(suggest("cnvrt", ["convert", "cat"]).likely_fix).toBe("convert");
    expect(suggest("lbz", ["lbf", "kilogram", "metre"]).likely_fix).toBe("lbf");
  });
});
