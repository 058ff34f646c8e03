import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyLikelyFix, errorPayload, parseJsonPath } from "../../src/core/index.js";

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
