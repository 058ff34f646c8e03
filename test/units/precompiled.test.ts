/** The precompiled catalog values (cold start) are exactly what evaluating the definitions gives, and not stale. */
import { describe, expect, it } from "vitest";
import { PRECOMPILED_DIMENSIONS, PRECOMPILED_UNITS } from "../../src/generated/units/precompiled.js";
import { CATALOG } from "../../src/units/catalog.js";
import { NAMED_DIMENSIONS } from "../../src/units/dimension.js";
import { precompileKey } from "../../src/units/registry.js";
import { compileUnits } from "../../src/units/system.js";
import { units } from "./helpers.js";

const REGENERATE = "out of date: run `npm run codegen`";

describe("precompiled catalog", () => {
  it("has one value per catalog entry and named dimension, keyed by the current definitions", () => {
    expect(
      PRECOMPILED_UNITS.map((p) => p[0]),
      REGENERATE,
    ).toEqual(CATALOG.map(precompileKey));
    expect(
      PRECOMPILED_DIMENSIONS.map((p) => p[0]),
      REGENERATE,
    ).toEqual(NAMED_DIMENSIONS.map((d) => d.definition));
  });
  it("gives bit-for-bit the factors and dimensions of a fresh compile", () => {
    const fresh = compileUnits(false);
    const a = fresh.system.allUnits();
    const b = units.system.allUnits();
    expect(b.length).toBe(a.length);
    a.forEach((u, i) => {
      expect(b[i].factor, u.name).toBe(u.factor);
      expect([...b[i].dim], u.name).toEqual([...u.dim]);
    });
    expect(units.dimensions.map((d) => [...d.dim])).toEqual(fresh.dimensions.map((d) => [...d.dim]));
  });
});
