/** The unit tools through a real MCP client: isError + structuredContent, session isolation, the likely_fix loop. */
import { afterEach, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/errors.js";
import { applyLikelyFix } from "../../src/core/fix.js";
import type { ToolCall } from "../../src/core/invoke.js";
import { toolset } from "../../src/units/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";

let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

type Client = Connected["client"];

async function call(client: Client, c: ToolCall) {
  const r = await client.callTool({ name: c.name, arguments: c.arguments as Record<string, unknown> });
  return r as { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ text: string }> };
}

/** The converging loop of an agent: call; on error apply likely_fix once; retry. */
async function withOneRetry(client: Client, c: ToolCall) {
  const first = await call(client, c);
  if (!first.isError) return { result: first, retried: false };
  const fixed = applyLikelyFix(c, first.structuredContent as unknown as ErrorPayload);
  if (!fixed) return { result: first, retried: false };
  return { result: await call(client, fixed), retried: true };
}

describe("units over MCP", () => {
  it("lists the nine tools with their annotations", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const { tools } = await conn.client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(
      [
        "check_dimensions",
        "compute",
        "convert",
        "define_conversion",
        "define_unit",
        "list_dimensions",
        "list_scales",
        "list_units",
        "reset_session",
      ].sort(),
    );
    expect(tools.find((t) => t.name === "reset_session")?.annotations?.destructiveHint).toBe(true);
    expect(tools.find((t) => t.name === "convert")?.annotations?.readOnlyHint).toBe(true);
  });

  it("errors are isError results with the structured payload", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const r = await call(conn.client, {
      name: "convert",
      arguments: { value: 1, from_unit: "kilgoram", to_unit: "kg" },
    });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      error_type: "unknown_unit",
      parameter: "from_unit",
      likely_fix: "kilogram (kg)",
    });
    expect(r.content[0].text).toContain(`likely_fix: "kilogram (kg)"`);
  });

  it("converges in one retry by applying likely_fix verbatim", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const calls: ToolCall[] = [
      { name: "convert", arguments: { value: 1, from_unit: "kilgoram", to_unit: "g" } },
      { name: "convert", arguments: { value: 2, from_unit: "kilomter", to_unit: "m" } },
      { name: "convert", arguments: { value: 1, from_unit: "W/(m^2*K", to_unit: "W/(m^2*K)" } },
      { name: "convert", arguments: { value: 5, from_unit: "kea", to_unit: "ea" } },
      { name: "convert", arguments: { value: 3, from_unit: "kg/m^3", to_unit: "gramm/L" } },
      {
        name: "compute",
        arguments: { initial_value: 100, initial_unit: "lb", factors: [{ numerator: "1 kg", denominator: "2.0 lb" }] },
      },
      {
        name: "compute",
        arguments: {
          initial_value: 1,
          initial_unit: "kg",
          factors: [{ numerator: "1000 g", denominator: "kilgoram" }],
        },
      },
    ];
    for (const c of calls) {
      const { result, retried } = await withOneRetry(conn.client, c);
      expect(retried, JSON.stringify(c)).toBe(true);
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    }
  });

  it("an atom inside a composite gets the corrected expression as likely_fix", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const r = await call(conn.client, {
      name: "convert",
      arguments: { value: 1, from_unit: "kilgoram/m^3", to_unit: "g/L" },
    });
    expect(r.structuredContent).toMatchObject({ likely_fix: "kg/m^3", position: 0 });
  });

  it("tool aliases reach the handler; parameter aliases are declared for the router", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    expect(toolset.tools.find((t) => t.name === "convert")?.paramAliases).toEqual({
      from: "from_unit",
      to: "to_unit",
      amount: "value",
    });
    expect(toolset.tools.find((t) => t.name === "check_dimensions")?.paramAliases).toEqual({
      unit1: "unit_a",
      unit2: "unit_b",
    });
    const r = await call(conn.client, {
      name: "convert_units",
      arguments: { value: 1, from_unit: "km", to_unit: "m" },
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent?.quantity).toBe(1000);
  });

  it("session units are private to their MCP session", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const a = conn.client;
    const b = await conn.newSession();
    // Race the two sessions: both define a unit of the same name with different factors.
    await Promise.all([
      call(a, { name: "define_unit", arguments: { name: "smoot", dimension: "length" } }),
      call(b, { name: "define_unit", arguments: { name: "smoot", dimension: "length" } }),
    ]);
    await Promise.all([
      call(a, { name: "define_conversion", arguments: { src: "smoot", dst: "m", factor: 1.7018 } }),
      call(b, { name: "define_conversion", arguments: { src: "smoot", dst: "m", factor: 2 } }),
    ]);
    const [ra, rb] = await Promise.all([
      call(a, { name: "convert", arguments: { value: 364.4, from_unit: "smoot", to_unit: "m" } }),
      call(b, { name: "convert", arguments: { value: 364.4, from_unit: "smoot", to_unit: "m" } }),
    ]);
    expect(ra.structuredContent?.quantity).toBeCloseTo(620.136, 3);
    expect(rb.structuredContent?.quantity).toBeCloseTo(728.8, 6);
    const c = await conn.newSession();
    const rc = await call(c, { name: "convert", arguments: { value: 1, from_unit: "smoot", to_unit: "m" } });
    expect(rc.structuredContent?.error_type).toBe("unknown_unit");
    const reset = await call(a, { name: "reset_session", arguments: {} });
    expect(reset.structuredContent?.cleared).toBe(1);
    const after = await call(a, { name: "convert", arguments: { value: 1, from_unit: "smoot", to_unit: "m" } });
    expect(after.structuredContent?.error_type).toBe("unknown_unit");
    const stillB = await call(b, { name: "convert", arguments: { value: 1, from_unit: "smoot", to_unit: "m" } });
    expect(stillB.structuredContent?.quantity).toBe(2);
  });

  it("inline custom_units serve stateless clients without touching the session", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const r = await call(conn.client, {
      name: "convert",
      arguments: {
        value: 2,
        from_unit: "cubit",
        to_unit: "cm",
        custom_units: [{ name: "cubit", dimension: "length" }],
        custom_edges: [{ src: "cubit", dst: "cm", factor: 45.72 }],
      },
    });
    expect(r.structuredContent?.quantity).toBeCloseTo(91.44, 9);
    const again = await call(conn.client, {
      name: "convert",
      arguments: { value: 2, from_unit: "cubit", to_unit: "cm" },
    });
    expect(again.structuredContent?.error_type).toBe("unknown_unit");
  });

  it("DWIM_UNITS_AUTO_CORRECT=1 applies a single-edit fix and says so", async () => {
    conn = await connectInMemory({ toolsets: [toolset], env: { DWIM_UNITS_AUTO_CORRECT: "1" } });
    const r = await call(conn.client, {
      name: "convert",
      arguments: { value: 100, from_unit: "meetr", to_unit: "ft" },
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent?.quantity).toBeCloseTo(328.084, 3);
    expect(JSON.stringify(r.structuredContent?.did_you_mean)).toMatch(/meetr/u);
  });

  it("list tools answer", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const lu = await call(conn.client, { name: "list_units", arguments: { dimension: "pressure", limit: 5 } });
    expect(lu.structuredContent?.units).toHaveLength(5);
    expect(lu.structuredContent?.next_cursor).toBe("5");
    const ls = await call(conn.client, { name: "list_scales", arguments: {} });
    expect(JSON.stringify(ls.structuredContent)).toMatch(/quetta/u);
    const ld = await call(conn.client, { name: "list_dimensions", arguments: {} });
    expect(JSON.stringify(ld.structuredContent)).toMatch(/heat_transfer_coefficient/u);
    const cd = await call(conn.client, { name: "check_dimensions", arguments: { unit_a: "J", unit_b: "N*m" } });
    expect(cd.structuredContent).toMatchObject({
      compatible: false,
      relation: "koq_mismatch",
      kind_a: "energy",
      kind_b: "torque",
    });
  });

  it("a reciprocal mismatch converges through its likely_fix over MCP; declared kinds are open-ended", async () => {
    conn = await connectInMemory({ toolsets: [toolset] });
    const { result, retried } = await withOneRetry(conn.client, {
      name: "convert",
      arguments: { value: 60, from_unit: "Hz", to_unit: "ms" },
    });
    expect(retried).toBe(true);
    expect(result.isError).toBeFalsy();
    expect(Math.abs((result.structuredContent?.quantity as number) - 16.6666667)).toBeLessThan(1e-6);
    const koq = await call(conn.client, {
      name: "convert",
      arguments: { value: -50, from_unit: "kJ/mol", to_unit: "kJ/mol", kind: "enthalpy", target_kind: "gibbs_energy" },
    });
    expect(koq.structuredContent?.error_type).toBe("koq_mismatch");
    const typo = await call(conn.client, {
      name: "convert",
      arguments: { value: 1, from_unit: "J", to_unit: "J", kind: "enrgy" },
    });
    expect(typo.structuredContent).toMatchObject({ error_type: "unknown_kind", likely_fix: "energy" });
  });
});
