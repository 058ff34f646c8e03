import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyLikelyFix, describeLikelyFix, errorPayload, parseJsonPath } from "../../src/core/index.js";

describe("applyLikelyFix", () => {
  it("sets the value at a JSON path", () => {
    const call = { name: "compute", arguments: { factors: [{ numerator: "lb" }, { numerator: "kilgoram" }] } };
    const e = errorPayload({
      error: "x",
      error_type: "unknown_unit",
      parameter: "factors[1].numerator",
      likely_fix: "kilogram",
    });
    expect(applyLikelyFix(call, e)).toEqual({
      name: "compute",
      arguments: { factors: [{ numerator: "lb" }, { numerator: "kilogram" }] },
    });
    expect(call.arguments.factors[1].numerator).toBe("kilgoram");
  });

  it("replaces the whole call for a tool-name fix", () => {
    const e = errorPayload({
      error: "x",
      error_type: "unknown_tool",
      likely_fix: { name: "forget", arguments: { ids: [12] } },
    });
    expect(applyLikelyFix({ name: "forgte", arguments: { ids: [12] } }, e)).toEqual({
      name: "forget",
      arguments: { ids: [12] },
    });
  });

  it("sets several arguments when the fix is a patch holding the parameter at fault (edit_file's form)", () => {
    const call = { name: "read_file", arguments: { path: "app.ts:12:5", limit: 20 } };
    const e = errorPayload({
      error: "x",
      error_type: "EDIT_FILE_NOT_FOUND",
      parameter: "path",
      likely_fix: { path: "app.ts", offset: 12 },
    });
    expect(applyLikelyFix(call, e)).toEqual({
      name: "read_file",
      arguments: { path: "app.ts", offset: 12, limit: 20 },
    });
    expect(describeLikelyFix(e)).toBe("path = app.ts, offset = 12");
    const edit = errorPayload({
      error: "x",
      error_type: "EDIT_NO_OCCURRENCE_FOUND",
      parameter: "old_str",
      likely_fix: { old_str: "a = 1;", new_str: "a = 2;" },
    });
    expect(
      applyLikelyFix({ name: "edit_file", arguments: { path: "f", old_str: "a = 1", new_str: "a = 2" } }, edit),
    ).toEqual({ name: "edit_file", arguments: { path: "f", old_str: "a = 1;", new_str: "a = 2;" } });
  });

  it("an object that does not hold the parameter's name is that parameter's new value", () => {
    const e = errorPayload({
      error: "x",
      error_type: "invalid_input",
      parameter: "context",
      likely_fix: { molar_mass: 18.015 },
    });
    expect(applyLikelyFix({ name: "convert", arguments: { value: 1, context: {} } }, e)).toEqual({
      name: "convert",
      arguments: { value: 1, context: { molar_mass: 18.015 } },
    });
  });

  it("returns undefined when there is nothing to apply", () => {
    expect(applyLikelyFix({ name: "a" }, errorPayload({ error: "x", error_type: "y" }))).toBeUndefined();
  });

  it("parses every path it can print", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.oneof(fc.stringMatching(/^[a-z_]{1,6}$/u), fc.nat(20)), { minLength: 1, maxLength: 5 })
          .filter((p) => typeof p[0] === "string"),
        (path) => {
          const text = path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
          expect(parseJsonPath(text)).toEqual(path);
        },
      ),
    );
  });
});
