/** Parameter normalisation as properties: nothing is overwritten, every key lands on a property or fails. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS } from "../../src/core/suggest.js";
import { coerce, normalizeArguments } from "../../src/router/params.js";
import { fixtureRouter } from "./helpers.js";

const router = fixtureRouter();
const edit = router.registry.byName.get("edit_file");
const keys = [
  "path",
  "file_path",
  "Path",
  "old_str",
  "old_string",
  "oldText",
  "new_str",
  "newText",
  "replace_all",
  "pth",
  "xyz",
];

describe("normalizeArguments", () => {
  it("never overwrites: each property comes from exactly one input key, values unchanged", () => {
    if (!edit) throw new Error("fixture has edit_file");
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...keys), { maxLength: 6 }), fc.string(), (chosen, value) => {
        const args = Object.fromEntries(chosen.map((k, i) => [k, `${value}${i}`]));
        const out = normalizeArguments(edit, args, { autoCorrect: true, thresholds: DEFAULT_THRESHOLDS });
        if (!out.ok) return ["duplicate_parameter", "unknown_parameter"].includes(out.error.error_type);
        const result = out.arguments as Record<string, unknown>;
        const properties = edit.params.map((p) => p.name);
        return (
          Object.keys(result).every((k) => properties.includes(k)) &&
          Object.keys(result).length === chosen.length &&
          Object.values(result).every((v) => Object.values(args).includes(v as string))
        );
      }),
      { numRuns: 300 },
    );
  });

  it("coerces a value exactly when coerce() would, whatever the string (the cheap pre-check skips no slip)", () => {
    const convert = router.registry.byName.get("convert");
    if (!edit || !convert) throw new Error("fixture has edit_file and convert");
    const text = fc.oneof(
      fc.string(),
      fc.double().map(String),
      fc.integer().map((n) => ` ${n} `),
      fc.constantFrom("true", "false", " true ", "1e3", "-0.5", "TRUE"),
    );
    fc.assert(
      fc.property(text, (value) => {
        for (const [tool, name] of [
          [convert, "value"],
          [edit, "replace_all"],
        ] as const) {
          const out = normalizeArguments(
            tool,
            { [name]: value },
            { autoCorrect: true, thresholds: DEFAULT_THRESHOLDS },
          );
          if (!out.ok) return false;
          const type = tool.params.find((p) => p.name === name)?.textType;
          const expected = type === undefined ? undefined : coerce(type, value);
          if ((out.arguments as Record<string, unknown>)[name] !== (expected ?? value)) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it("keys named like Object.prototype members are plain unknown parameters", () => {
    if (!edit) throw new Error("fixture has edit_file");
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const out = normalizeArguments(edit, JSON.parse(`{"${key}": 1}`), {
        autoCorrect: true,
        thresholds: DEFAULT_THRESHOLDS,
      });
      expect(out.ok).toBe(false);
    }
  });

  it("coerces only unambiguous slips", () => {
    expect(coerce("number", "30")).toBe(30);
    expect(coerce("number", " -2.5e3 ")).toBe(-2500);
    expect(coerce("integer", "2.5")).toBeUndefined();
    expect(coerce("boolean", "true")).toBe(true);
    expect(coerce("number", "30 km")).toBeUndefined();
    expect(coerce("string", 30)).toBeUndefined();
    expect(coerce("number", 30)).toBeUndefined();
  });

  it("reads an object or a list sent as its JSON text, and nothing else as one", () => {
    expect(coerce("object", '{"a": 1, "b": [2]}')).toEqual({ a: 1, b: [2] });
    expect(coerce("array", ' ["x", "y"] ')).toEqual(["x", "y"]);
    expect(coerce("object", "[1, 2]")).toBeUndefined();
    expect(coerce("array", '{"a": 1}')).toBeUndefined();
    expect(coerce("object", "{not json")).toBeUndefined();
    expect(coerce("object", "null")).toBeUndefined();
    expect(coerce("string", '{"a": 1}')).toBeUndefined();
  });
});

describe("resolve: names that are Object.prototype members", () => {
  it.each(["constructor", "toString", "__proto__", "valueOf"])("%s resolves to nothing", (name) => {
    expect(router.resolve(name).resolved).toBeNull();
    expect(() => router.analyze(name)).not.toThrow();
  });
});
