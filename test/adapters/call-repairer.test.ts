/**
 * The repair every adapter shares (docs/adapters.md, "How the rules map"), through CallRepairer itself: listings
 * whose names normalise alike, no tools at all, namespaces, keys a schema admits, and the reports.
 */
import { describe, expect, it } from "vitest";
import { CallRepairer, type CorrectionReport, type RefusalReport } from "../../src/adapters/repair.js";

const object = (properties: Record<string, unknown>, extra = false) => ({
  type: "object",
  properties,
  additionalProperties: extra,
});

describe("CallRepairer", () => {
  it("two tools whose names normalise alike are each reached by their exact name, and neither by a guess", () => {
    const repairer = new CallRepairer(
      [
        { name: "get-sum", inputSchema: object({ a: { type: "number" } }) },
        { name: "get_sum", inputSchema: object({ b: { type: "number" } }) },
      ],
      "test",
      { annotations: { "get-sum": { readOnlyHint: true }, get_sum: { readOnlyHint: true } } },
    );
    expect(repairer.repair({ name: "get_sum", arguments: { b: 1 } })).toEqual({ kind: "as_sent" });
    expect(repairer.repair({ name: "get-sum", arguments: { a: 1 } })).toEqual({ kind: "as_sent" });
    const guessed = repairer.repair({ name: "getSum", arguments: { a: 1 } });
    expect(guessed.kind === "corrected" && guessed.name).toBe("get-sum");
  });

  it("no tools at all: every call is refused with no likely_fix", () => {
    const outcome = new CallRepairer([], "test").repair({ name: "anything", arguments: {} });
    expect(outcome).toMatchObject({ kind: "refused", error: { error_type: "unknown_tool" } });
    expect(outcome.kind === "refused" && outcome.error.likely_fix).toBeUndefined();
  });

  it("never crosses a namespace, and corrects within one", () => {
    const tools = ["github__list_issues", "gitlab__list_issues"].map((name) => ({ name, inputSchema: object({}) }));
    const annotations = Object.fromEntries(tools.map((t) => [t.name, { readOnlyHint: true }]));
    const repairer = new CallRepairer(tools, "test", { annotations });
    const within = repairer.repair({ name: "github__list_isues", arguments: {} });
    expect(within.kind === "corrected" && within.name).toBe("github__list_issues");
    const foreign = repairer.repair({ name: "bitbucket__list_issues", arguments: {} });
    expect(foreign.kind).toBe("refused");
  });

  it("a key the schema admits as an extra property goes through as sent; a strict schema refuses it", () => {
    const open = new CallRepairer([{ name: "t", inputSchema: object({ query: { type: "string" } }, true) }], "test");
    expect(open.repair({ name: "t", arguments: { query: "a", trace: true } })).toEqual({ kind: "as_sent" });
    const strict = new CallRepairer([{ name: "t", inputSchema: object({ query: { type: "string" } }) }], "test");
    expect(strict.repair({ name: "t", arguments: { query: "a", trace: true } })).toMatchObject({
      kind: "refused",
      error: { error_type: "unknown_parameter", parameter: "trace" },
    });
  });

  it("reports each correction and each refusal once, with the adapter's name", () => {
    const corrections: CorrectionReport[] = [];
    const refusals: RefusalReport[] = [];
    const repairer = new CallRepairer(
      [{ name: "search_nodes", inputSchema: object({ query: { type: "string" } }) }],
      "x",
      {
        annotations: { search_nodes: { readOnlyHint: true } },
        onCorrection: (r) => corrections.push(r),
        onRefusal: (r) => refusals.push(r),
      },
    );
    repairer.repair({ name: "search_node", arguments: { query: "a" } });
    repairer.repair({ name: "zzz_qqq", arguments: {} });
    repairer.repair({ name: "search_nodes", arguments: { query: "a" } });
    expect(corrections.map((c) => [c.adapter, c.corrected.name])).toEqual([["x", "search_nodes"]]);
    expect(refusals.map((r) => [r.adapter, r.original.name])).toEqual([["x", "zzz_qqq"]]);
  });
});
