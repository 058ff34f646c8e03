/** Tool-name resolution (resolve_tool; docs/router.md). */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jaroWinkler, osa, ratio, rawRatio } from "../../src/core/similarity.js";
import { defineTool } from "../../src/core/tool.js";
import { operationGuard } from "../../src/router/resolve.js";
import { fixtureRouter } from "./helpers.js";

const router = fixtureRouter();
const R = (name: string) => router.resolve(name);

describe("resolve_tool: exact and normalized (cases 1–4)", () => {
  it("1: exact name is exact, 1.0; case variants are normalized", () => {
    expect(R("convert")).toMatchObject({ resolved: "convert", tier: "exact", confidence: 1, is_exact: true });
    for (const v of ["CONVERT", "Convert"]) {
      expect(R(v)).toMatchObject({ resolved: "convert", tier: "normalized", confidence: 1, is_exact: false });
    }
  });

  it("2: separators and camelCase normalise to fuzzy_search_content", () => {
    for (const v of ["fuzzy-search-content", "fuzzy search content", "FuzzySearchContent", "fuzzySearchContent"]) {
      expect(R(v)).toMatchObject({ resolved: "fuzzy_search_content", confidence: 1 });
    }
  });

  it("3: singular and plural forms", () => {
    expect(R("list_unit").resolved).toBe("list_units");
    expect(R("search_memory").resolved).toBe("search_memories");
    expect(R("list_capability").resolved).toBe("list_capabilities");
    expect(R("define_units").resolved).toBe("define_unit");
  });

  it("4: own namespaces are stripped", () => {
    for (const v of ["mcp__dwim__read_file", "dwim.read_file", "dwim__read_file", "dwim/read_file", "dwim:read_file"]) {
      expect(R(v)).toMatchObject({ resolved: "read_file", confidence: 1 });
    }
  });
});

describe("resolve_tool: namespaces and aliases (cases 5–7)", () => {
  it("5: a foreign namespace is never resolved; a hint may name dwim's tool", () => {
    const r = R("mcp__github__read_file");
    expect(r.resolved).toBeNull();
    expect(r.blocked_reason).toBe("namespace");
    expect(r.likely_fix).toBeUndefined();
    expect(r.hints.join(" ")).toContain("read_file");
  });

  it("6: shipped aliases", () => {
    expect(R("grep")).toMatchObject({ resolved: "fuzzy_search_content", tier: "alias" });
    expect(R("cat")).toMatchObject({ resolved: "read_file", tier: "alias" });
    expect(R("unit_convert")).toMatchObject({ resolved: "convert", tier: "alias" });
    expect(R("list_tools")).toMatchObject({ resolved: "list_capabilities", tier: "alias" });
  });

  it("7: a config alias", () => {
    const r = fixtureRouter({ user: '[aliases]\nll = "list_units"\n' });
    expect(r.resolve("ll")).toMatchObject({ resolved: "list_units", tier: "alias", confidence: 1 });
  });
});

describe("resolve_tool: typos (cases 8–12)", () => {
  const autos: Array<[string, string]> = [
    ["convrt", "convert"],
    ["comupte", "compute"],
    ["compte", "compute"],
    ["recal", "recall"],
    ["remeber", "remember"],
    ["remember_bach", "remember_batch"],
    ["analyse_intent", "analyze_intent"],
    ["resolv_tool", "resolve_tool"],
    ["record_outcom", "record_outcome"],
    ["defne_unit", "define_unit"],
    ["fuzzy_search_contnt", "fuzzy_search_content"],
    ["fuzy_search_files", "fuzzy_search_files"],
    ["read_fiel", "read_file"],
    ["check_dimenions", "check_dimensions"],
    ["list_dimensons", "list_dimensions"],
    ["lst_units", "list_units"],
    ["list_scals", "list_scales"],
  ];
  it.each(autos)("%s → auto %s", (input, tool) => {
    const r = R(input);
    expect(r).toMatchObject({ resolved: tool, tier: "auto", correction_type: "typo" });
    expect(r.confidence).toBeGreaterThanOrEqual(0.85);
  });

  it("11: a namespace within the typo budget of dwim is completed", () => {
    expect(R("mcp__dwin__convert")).toMatchObject({
      resolved: "convert",
      tier: "auto",
      correction_type: "namespace_completion",
    });
  });
});

describe("resolve_tool: blocked and suggested (cases 13–17)", () => {
  it("13: a typo of a destructive tool is a likely_fix, never auto", () => {
    expect(R("edit_fil")).toMatchObject({
      resolved: null,
      tier: "suggest",
      likely_fix: "edit_file",
      blocked_reason: "destructive",
    });
    expect(R("reset_sesion")).toMatchObject({ resolved: null, likely_fix: "reset_session" });
  });

  it("14: another operation with a shared prefix is only suggested", () => {
    const r = R("fuzzy_search_dirs");
    expect(r.resolved).toBeNull();
    expect(r.likely_fix).toBeUndefined();
    expect(r.tier).toBe("suggest");
    expect(r.candidates[0].tool).toBe("fuzzy_search_files");
    expect(r.blocked_reason).toBe("operation");
  });

  it("15: write_file hints edit_file without a fix; delete_file never resolves", () => {
    const w = R("write_file");
    expect(w.candidates.map((c) => c.tool)).toContain("edit_file");
    expect(w.likely_fix).toBeUndefined();
    expect(w.resolved).toBeNull();
    const d = R("delete_file");
    expect(d.resolved).toBeNull();
    expect(d.likely_fix).toBeUndefined();
    expect(d.tier).not.toBe("auto");
  });

  it("16: a whole segment of one tool is its likely_fix; of several, only hints", () => {
    expect(R("read")).toMatchObject({ resolved: null, likely_fix: "read_file" });
    const s = R("search");
    expect(s.likely_fix).toBeUndefined();
    expect(s.candidates.length).toBeGreaterThan(0);
    for (const c of s.candidates)
      expect(["fuzzy_search_content", "fuzzy_search_files", "search_memories"]).toContain(c.tool);
  });

  it("17: a tie between two tools hints both and fixes neither", () => {
    const echo = () => ({});
    const tools = ["get_item", "set_item"].map((name) =>
      defineTool({
        name,
        title: name,
        description: `${name} of the store`,
        toolset: "t",
        input: { key: z.string() },
        handler: echo,
      }),
    );
    const r = fixtureRouter({}, tools).resolve("bet_item");
    expect(r.likely_fix).toBeUndefined();
    expect(r.resolved).toBeNull();
    expect(r.candidates.map((c) => c.tool).sort()).toEqual(["get_item", "set_item"]);
  });
});

describe("resolve_tool: garbage (case 18)", () => {
  it.each(["xyzzy", "zzzzzzz", "aaaaaa", "987654", "xyzabc123"])("%s → none, no candidates", (input) => {
    const r = R(input);
    expect(r).toMatchObject({ tier: "none", resolved: null, confidence: 0 });
    expect(r.candidates).toEqual([]);
    expect(r.likely_fix).toBeUndefined();
  });
});

describe("operation guard and similarity pins (case 46)", () => {
  it("guard: dir/file fails, contnt/content passes, prefix-sharing repo/file fails", () => {
    expect(operationGuard("fuzzy_search_dirs", "fuzzy_search_files")).toBe(false);
    expect(operationGuard("fuzzy_search_contnt", "fuzzy_search_content")).toBe(true);
    expect(operationGuard("github_delete_repo", "github_delete_file")).toBe(false);
  });

  it("46: similarity pins", () => {
    expect(ratio("kilgoram", "kilogram")).toBe(0.875);
    expect(rawRatio("tide", "diet")).toBe(0.25);
    expect(rawRatio("diet", "tide")).toBe(0.5);
    expect(ratio("tide", "diet")).toBe(0.5);
    expect(ratio("", "")).toBe(1);
    expect(ratio("a", "b")).toBe(0);
    expect(osa("comupte", "compute")).toBe(1);
    expect(Math.round(jaroWinkler("convrt", "convert") * 1000) / 1000).toBe(0.971);
  });
});

describe("prefix-sharing names behind a gateway (R3)", () => {
  const echo = () => ({});
  const names = ["github__delete_repo", "github__delete_file", "github__create_issue", "github__create_repo"];
  const tools = names.map((name) =>
    defineTool({ name, title: name, description: name, toolset: "t", input: {}, handler: echo, annotations: {} }),
  );
  const gw = fixtureRouter({}, tools);

  it("a typo inside the operation is corrected within the namespace", () => {
    expect(gw.resolve("github__create_isue")).toMatchObject({ resolved: "github__create_issue", tier: "auto" });
  });

  it("a typo in a namespace the tool names carry is corrected when one namespace is nearest", () => {
    expect(gw.resolve("githb__create_issue")).toMatchObject({ resolved: "github__create_issue", tier: "auto" });
    const wide = fixtureRouter(
      {},
      ["github__get_file", "gitlab__get_file"].map((name) =>
        defineTool({ name, title: name, description: name, toolset: "t", input: {}, handler: echo }),
      ),
    );
    expect(wide.resolve("githab__get_file").resolved).toBeNull();
  });

  it("another operation is never auto-corrected", () => {
    expect(gw.resolve("github__delete_branch").resolved).toBeNull();
    expect(gw.resolve("github__delete_fil").resolved).toBe("github__delete_file");
    expect(gw.resolve("mcp__gitlab__delete_repo").resolved).toBeNull();
  });
});
