/**
 * `auto_correct` (DWIM_UNITS_AUTO_CORRECT=1): a from_unit or to_unit typo that the core matcher would auto-correct,
 * and that fits the other unit, is read as its fix and reported in did_you_mean; anything less stays the error it was,
 * with its likely_fix. The decision is the engine's, from the matcher's own ratings, never a re-reading of its text.
 */
import { afterEach, describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { convert } from "../../src/units/convert.js";
import { toolset } from "../../src/units/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { units } from "./helpers.js";

let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

async function convertOverMcp(env: Record<string, string>, args: Record<string, unknown>) {
  conn ??= await connectInMemory({ toolsets: [toolset], env });
  const r = await conn.client.callTool({ name: "convert", arguments: args });
  return r as { isError?: boolean; structuredContent?: Record<string, unknown> };
}

const ON = { DWIM_UNITS_AUTO_CORRECT: "1" };

describe("auto_correct over MCP", () => {
  it.each([
    ["a from_unit typo", { value: 100, from_unit: "meetr", to_unit: "ft" }, 328.083989501312, "from_unit", "meter (m)"],
    ["a to_unit typo", { value: 1, from_unit: "km", to_unit: "metr" }, 1000, "to_unit", "meter (m)"],
    [
      "two edits in a long name",
      { value: 1, from_unit: "kilogramm", to_unit: "g" },
      1000,
      "from_unit",
      "kilogram (kg)",
    ],
    [
      "a typo after an exact prefix",
      { value: 2, from_unit: "kilomter", to_unit: "m" },
      2000,
      "from_unit",
      "kilometer (km)",
    ],
  ])("reads %s as its fix and says so", async (_, args, quantity, parameter, corrected) => {
    const r = await convertOverMcp(ON, args);
    expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
    expect(r.structuredContent?.quantity).toBeCloseTo(quantity, 9);
    const dym = r.structuredContent?.did_you_mean as { message: string; corrections: unknown[] };
    expect(dym.corrections).toEqual([
      expect.objectContaining({
        parameter,
        original: args[parameter as "from_unit"],
        corrected,
        correction_type: "typo",
      }),
    ]);
    expect(dym.message).toContain("auto_correct");
  });

  it.each([
    ["a tie the other unit settles (mile or mil)", { value: 1, from_unit: "mle", to_unit: "km" }, "mile (mi)"],
    ["another letter case", { value: 1, from_unit: "kw", to_unit: "W" }, "kilowatt (kW)"],
    ["both units misspelt", { value: 1, from_unit: "kilgoram", to_unit: "metr" }, "kilogram (kg)"],
  ])("leaves %s to the likely_fix", async (_, args, likely_fix) => {
    const r = await convertOverMcp(ON, args);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ error_type: "unknown_unit", likely_fix });
  });

  it("never reads garbage, nor a unit the other cannot convert to", async () => {
    const garbage = await convertOverMcp(ON, { value: 1, from_unit: "xyzzy", to_unit: "kg" });
    expect(garbage.structuredContent).toMatchObject({ error_type: "unknown_unit" });
    expect(garbage.structuredContent?.likely_fix).toBeUndefined();
    const elsewhere = await convertOverMcp(ON, { value: 1, from_unit: "meetr", to_unit: "kg" });
    expect(elsewhere.isError).toBe(true);
  });

  it("is off by default", async () => {
    const r = await convertOverMcp({}, { value: 100, from_unit: "meetr", to_unit: "ft" });
    expect(r.structuredContent).toMatchObject({ error_type: "unknown_unit", likely_fix: "meter (m)" });
  });
});

describe("auto_correct in the engine", () => {
  it("is an option of convert, and the error without it is the same as before", () => {
    const input = { value: 100, from_unit: "meetr", to_unit: "ft" };
    expect(convert(units, input, { autoCorrect: true }).did_you_mean?.corrections[0]).toMatchObject({
      correction_type: "typo",
      confidence: expect.any(Number),
    });
    const plain = (() => {
      try {
        convert(units, input);
      } catch (e) {
        if (isToolError(e)) return e.payload;
      }
    })();
    expect(plain).toMatchObject({ error_type: "unknown_unit", parameter: "from_unit", likely_fix: "meter (m)" });
  });
});
