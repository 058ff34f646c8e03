/**
 * A fix that changes several arguments (the value rescaled for `5 kft`, `equivalence` set, both units read as
 * temperatures, a mixed quantity summed, a repeated value dropped) is an argument patch in the engine, which names no
 * tool; the tools send it to the model as the whole call to make, built from the call as the model sent it, so every
 * other argument (inline custom units included) survives the retry.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/errors.js";
import { applyLikelyFix } from "../../src/core/fix.js";
import type { ToolCall } from "../../src/core/invoke.js";
import { toolset } from "../../src/units/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { comp, conv, failure } from "./helpers.js";

let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

async function call(c: ToolCall) {
  conn ??= await connectInMemory({ toolsets: [toolset] });
  const r = await conn.client.callTool({ name: c.name, arguments: c.arguments as Record<string, unknown> });
  return r as { isError?: boolean; structuredContent?: Record<string, unknown> };
}

/** The error's likely_fix, and the result of applying it once. */
async function fixOf(c: ToolCall) {
  const first = await call(c);
  expect(first.isError, JSON.stringify(first.structuredContent)).toBe(true);
  const payload = first.structuredContent as unknown as ErrorPayload;
  const fixed = applyLikelyFix(c, payload);
  if (!fixed) throw new Error(`no applicable likely_fix: ${JSON.stringify(payload)}`);
  return { likely_fix: payload.likely_fix, retried: await call(fixed) };
}

const cubit = {
  custom_units: [{ name: "cubit", dimension: "length" }],
  custom_edges: [{ src: "cubit", dst: "cm", factor: 45.72 }],
};

describe("over MCP, a fix of several arguments is the whole call", () => {
  it.each([
    [
      "a prefix on a unit that takes none",
      { value: 5, from_unit: "kft", to_unit: "m" },
      { value: 5000, from_unit: "ft" },
    ],
    ["a reciprocal relation", { value: 60, from_unit: "Hz", to_unit: "ms" }, { equivalence: "reciprocal" }],
    ["C and F alone as temperatures", { value: 100, from_unit: "C", to_unit: "F" }, { from_unit: "°C", to_unit: "°F" }],
    ["one quantity in two units", { value: 1, from_unit: "5 ft 6 in", to_unit: "m" }, { value: 66, from_unit: "in" }],
    ["a value written twice", { value: 5, from_unit: "5 km", to_unit: "m" }, { from_unit: "km" }],
  ])("%s", async (_, args, changed) => {
    const { likely_fix, retried } = await fixOf({ name: "convert", arguments: args });
    expect(likely_fix).toEqual({ name: "convert", arguments: { ...args, ...changed } });
    expect(retried.isError, JSON.stringify(retried.structuredContent)).toBeFalsy();
  });

  it("compute's repeated initial value is the whole compute call", async () => {
    const args = { initial_value: 5, initial_unit: "5 km", factors: [{ numerator: "1000 m", denominator: "km" }] };
    const { likely_fix, retried } = await fixOf({ name: "compute", arguments: args });
    expect(likely_fix).toEqual({ name: "compute", arguments: { ...args, initial_unit: "km" } });
    expect(retried.structuredContent?.quantity).toBe(5000);
  });

  it("keeps the arguments the engine does not read, such as inline custom units", async () => {
    const args = { value: 5, from_unit: "5 cubit", to_unit: "cm", ...cubit };
    const { likely_fix, retried } = await fixOf({ name: "convert", arguments: args });
    expect(likely_fix).toEqual({ name: "convert", arguments: { ...args, from_unit: "cubit" } });
    expect(retried.structuredContent?.quantity).toBeCloseTo(228.6, 9);
  });

  it("a fix of the field alone stays the field's new value", async () => {
    const r = await call({ name: "convert", arguments: { value: 1, from_unit: "kilgoram", to_unit: "g" } });
    expect(r.structuredContent?.likely_fix).toBe("kilogram (kg)");
  });
});

describe("the engine's fixes name no tool", () => {
  it("are argument patches holding the parameter at fault", () => {
    expect(failure(conv(5, "kft", "m"))).toMatchObject({
      parameter: "from_unit",
      likely_fix: { value: 5000, from_unit: "ft" },
    });
    expect(failure(conv(60, "Hz", "ms"))).toMatchObject({
      parameter: "to_unit",
      likely_fix: { to_unit: "ms", equivalence: "reciprocal" },
    });
    expect(failure(conv(1, "5 ft 6 in", "m"))).toMatchObject({
      parameter: "to_unit",
      likely_fix: { value: 66, from_unit: "in", to_unit: "m" },
    });
    const repeated = failure(comp({ initial_value: 5, initial_unit: "5 km", factors: [] }));
    expect(repeated).toMatchObject({ parameter: "initial_unit", likely_fix: { initial_unit: "km" } });
  });

  it("which applyLikelyFix applies to the caller's own call", () => {
    const call = { name: "my_convert", arguments: { value: 5, from_unit: "kft", to_unit: "m" } };
    expect(applyLikelyFix(call, failure(conv(5, "kft", "m")))).toEqual({
      name: "my_convert",
      arguments: { value: 5000, from_unit: "ft", to_unit: "m" },
    });
  });
});
