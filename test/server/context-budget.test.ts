/**
 * The context a model spends on dwim's tools/list stays within budget (docs/clients.md, "Context cost and which tools
 * to serve"): every tool served together, and any one tool, counted as clients list them to the model, with the
 * strict listing most clients get and the lenient one for clients that validate arguments first.
 */
import { describe, expect, it } from "vitest";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { connectInMemory } from "../helpers/mcp.js";
import { CONTEXT_BUDGET, modelVisibleTokens } from "../helpers/model-tokens.js";

const ALL = TOOLSETS.flatMap((set) => set.tools.map((t) => t.name));

async function listedTokens(env: Record<string, string> = {}): Promise<Map<string, number>> {
  const conn = await connectInMemory({ toolsets: TOOLSETS, env });
  try {
    const { tools } = await conn.client.listTools();
    return new Map(tools.map((t) => [t.name, modelVisibleTokens(t)]));
  } finally {
    await conn.close();
  }
}

describe("context cost of tools/list", () => {
  it.each([
    ["strict", {}],
    ["lenient", { DWIM_INPUT_SCHEMAS: "lenient" }],
  ] as const)("%s listing: every tool within the budget, and all of them together", async (_kind, env) => {
    const tokens = await listedTokens(env);
    expect([...tokens.keys()].sort()).toEqual([...ALL].sort());
    const over = [...tokens].filter(([, n]) => n > CONTEXT_BUDGET.perTool);
    expect(over, `tools over ${CONTEXT_BUDGET.perTool} tokens`).toEqual([]);
    const total = [...tokens.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(CONTEXT_BUDGET.total);
  });

  it("counts what the model reads: a longer description or a parameter more costs tokens", () => {
    const tool = { name: "convert", description: "Convert units", inputSchema: { type: "object", properties: {} } };
    const base = modelVisibleTokens(tool);
    expect(modelVisibleTokens({ ...tool, description: `${tool.description} between any two units` })).toBeGreaterThan(
      base,
    );
    const withParam = { ...tool, inputSchema: { type: "object", properties: { value: { type: "number" } } } };
    expect(modelVisibleTokens(withParam)).toBeGreaterThan(base);
  });
});
