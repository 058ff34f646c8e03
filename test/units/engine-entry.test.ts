import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as engine from "../../src/units/engine.js";

const REPO = resolve(__dirname, "../..");

describe("dwim/units/engine", () => {
  it("converts without the tool layer and fails with the same structured errors", () => {
    const units = engine.builtinUnits();
    const r = engine.convert(units, { value: 1, from_unit: "km", to_unit: "mi" });
    expect(r.quantity).toBeCloseTo(0.621371192237334, 12);
    let payload: unknown;
    try {
      engine.convert(units, { value: 1, from_unit: "kilgoram", to_unit: "g" });
    } catch (e) {
      payload = (e as { payload?: unknown }).payload;
    }
    expect(payload).toMatchObject({ error_type: "unknown_unit", likely_fix: "kilogram (kg)" });
  });

  it("the shipped bundle (the package export) converts, and its errors are ToolErrors to dwim/core", () => {
    // The export is a single bundled file with its own copy of the core: the error brand must cross copies.
    const script = `
      const e = await import("dwim/units/engine");
      const core = await import("dwim/core");
      const units = e.builtinUnits();
      const out = { km: e.convert(units, { value: 1, from_unit: "km", to_unit: "mi" }).quantity };
      try { e.convert(units, { value: 1, from_unit: "kilgoram", to_unit: "g" }); }
      catch (x) { out.instance = x instanceof core.ToolError; out.guard = core.isToolError(x); out.fix = x.payload.likely_fix; }
      console.log(JSON.stringify(out));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: REPO, encoding: "utf8" }),
    );
    expect(out.km).toBeCloseTo(0.621371192237334, 12);
    expect(out).toMatchObject({ instance: true, guard: true, fix: "kilogram (kg)" });
  });
});
