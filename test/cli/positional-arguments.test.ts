/**
 * One rule for positional arguments, from the parameter model: a tool's required one-word parameters, in declaration
 * order, then the optional ones it names; every parameter is a flag too; a value given both ways is a usage error.
 */
import { describe, expect, it } from "vitest";
import { toolArguments } from "../../src/cli/tool-arguments.js";
import { type Parameter, positionalParameters } from "../../src/core/parameters.js";
import { MANIFEST } from "../../src/generated/server/manifest.js";
import type { ToolManifest } from "../../src/server/manifest-types.js";
import { cliSandbox, dwim } from "../helpers/cli.js";

const manifestOf = (name: string): ToolManifest => {
  const tool = MANIFEST.flatMap((set) => set.tools).find((t) => t.name === name);
  if (!tool) throw new Error(name);
  return tool;
};

const param = (name: string, required: boolean, textType: Parameter["textType"]): Parameter => ({
  name,
  required,
  types: textType ? [textType] : [],
  ...(textType ? { textType } : {}),
});

describe("positionalParameters", () => {
  it("takes required one-word parameters in declaration order, then the named optional ones", () => {
    const params = [
      param("query", true, "string"),
      param("factors", true, "array"),
      param("limit", false, "integer"),
      param("count", true, "integer"),
      param("path", false, "string"),
    ];
    expect(positionalParameters(params)).toEqual(["query", "count"]);
    expect(positionalParameters(params, ["path"])).toEqual(["query", "count", "path"]);
  });

  it("refuses an optional positional that is required, not one word, or unknown", () => {
    const params = [param("query", true, "string"), param("tags", false, "array")];
    for (const name of ["query", "tags", "nope"]) expect(() => positionalParameters(params, [name])).toThrow(name);
  });

  it("is what the manifest holds for every tool", () => {
    expect(manifestOf("check_dimensions").positional).toEqual(["unit_a", "unit_b"]);
    expect(manifestOf("forget").positional).toEqual(["memory_id"]);
    expect(manifestOf("convert").positional).toEqual(["value", "from_unit", "to_unit"]);
    expect(manifestOf("fuzzy_search_content").positional).toEqual(["fuzzy_filter", "path"]);
    expect(manifestOf("compute").positional).toEqual(["initial_value", "initial_unit"]);
    expect(manifestOf("list_units").positional).toEqual([]);
  });
});

describe("toolArguments", () => {
  const convert = manifestOf("convert");

  it("reads positionals and flags by the parameter model", () => {
    expect(toolArguments(convert, ["5", "km", undefined], { toUnit: "mi" })).toEqual({
      ok: true,
      args: { value: 5, from_unit: "km", to_unit: "mi" },
    });
  });

  it("names both forms of a value given twice", () => {
    expect(toolArguments(convert, ["5", "km", "mi"], { fromUnit: "m" })).toEqual({
      ok: false,
      usage: "from-unit is given twice: as the argument 'km' and as --from-unit m",
    });
  });

  it("names what is missing; with --args, the tool's validation decides", () => {
    expect(toolArguments(convert, ["5", undefined, undefined], {})).toEqual({
      ok: false,
      usage: "missing <from-unit> (or --from-unit), <to-unit> (or --to-unit)",
    });
    expect(toolArguments(convert, ["5"], { args: '{"from": "km", "to": "mi"}' })).toEqual({
      ok: true,
      args: { value: 5, from: "km", to: "mi" },
    });
    expect(toolArguments(convert, [], { args: "[1]" })).toMatchObject({ ok: false });
  });
});

describe("positional arguments on the command line", () => {
  it("check-dimensions km mi and forget 1 take their arguments by position", async () => {
    const { dir, env } = cliSandbox("dwim-positional-");
    const dims = await dwim(["check-dimensions", "km", "mi", "--json"], dir, env);
    expect(dims.code).toBe(0);
    expect(JSON.parse(dims.stdout)).toMatchObject({ compatible: true });
    expect((await dwim(["remember", "Use WAL mode", "decision"], dir, env)).code).toBe(0);
    const forgot = await dwim(["forget", "1", "--json"], dir, env);
    expect(forgot.code).toBe(0);
    expect(JSON.parse(forgot.stdout)).toMatchObject({ archived: [1] });
  });

  it("a negative number is an argument, not an unknown option, before or after the flags", async () => {
    const { dir, env } = cliSandbox("dwim-positional-");
    const cold = await dwim(["convert", "-40", "degC", "degF", "--json"], dir, env);
    expect(cold.code).toBe(0);
    expect(JSON.parse(cold.stdout)).toMatchObject({ quantity: -40, unit: "degF" });
    const after = await dwim(["convert", "--json", "-1.5e3", "g", "kg"], dir, env);
    expect(JSON.parse(after.stdout)).toMatchObject({ quantity: -1.5, unit: "kg" });
  });

  it("every argument is also a flag; both at once is a usage error naming both", async () => {
    const { dir, env } = cliSandbox("dwim-positional-");
    const flags = await dwim(["check-dimensions", "--unit-a", "km", "--unit-b", "mi", "--json"], dir, env);
    expect(JSON.parse(flags.stdout)).toMatchObject({ compatible: true });
    const twice = await dwim(["check-dimensions", "km", "mi", "--unit-a", "m"], dir, env);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("unit-a is given twice: as the argument 'km' and as --unit-a m");
    const missing = await dwim(["check-dimensions", "km"], dir, env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing <unit-b> (or --unit-b)");
  });

  it("--help shows the arguments in the usage line and says they are flags too", async () => {
    const { dir, env } = cliSandbox("dwim-positional-");
    const help = await dwim(["search", "--help"], dir, env);
    expect(help.stdout).toContain("Usage: dwim search|fuzzy-search-content [options] <fuzzy-filter> [path]");
    expect(help.stdout).toContain("<fuzzy-filter> is --fuzzy-filter, [path] is --path");
    expect(help.stdout).toContain("--fuzzy-filter <value>");
  });
});
