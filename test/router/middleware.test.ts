/** The call middleware in the core pipeline, and through a real MCP client. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../src/core/tool.js";
import { toolset } from "../../src/router/index.js";
import { createRouterMiddleware } from "../../src/router/middleware.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { DWIM_TOOLS } from "./fixture.js";
import type { Loose } from "./helpers.js";
import { harness, sc } from "./helpers.js";

const h = harness();
const echoed = async (name: string, args: unknown) => {
  const r = await h.call(name, args);
  expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
  return sc(r);
};
const correctionsOf = (out: Record<string, Loose>) =>
  (out.did_you_mean?.corrections ?? []).map((c: Loose) => [c.parameter, c.corrected, c.correction_type]);

describe("parameters (cases 32–38)", () => {
  it("32: declared aliases and normalisation rename to path; undeclared ones do not", async () => {
    const edit = await echoed("edit_file", { file_path: "a.txt", old_str: "x", new_str: "y" });
    expect(edit.echo).toEqual({ path: "a.txt", old_str: "x", new_str: "y", replace_all: false });
    expect(correctionsOf(edit)).toEqual([["file_path", "path", "alias"]]);
    const read = await echoed("read_file", { Path: "a.txt" });
    expect(correctionsOf(read)).toEqual([["Path", "path", "normalization"]]);
    expect(correctionsOf(await echoed("read_file", { file_path: "a.txt" }))).toEqual([["file_path", "path", "alias"]]);
    const units = await h.call("list_units", { file_path: "a.txt" });
    expect(units.isError).toBe(true);
    expect(sc(units)).toMatchObject({ error_type: "unknown_parameter", parameter: "file_path" });
    expect(sc(units).likely_fix).toBeUndefined();
    expect(sc(units).hints.length).toBeGreaterThan(0);
  });

  it("33: other agents' names for old_str and new_str", async () => {
    for (const [o, n] of [
      ["old_string", "new_string"],
      ["oldText", "newText"],
    ]) {
      const out = await echoed("edit_file", { path: "a", [o]: "x", [n]: "y" });
      expect(out.echo).toMatchObject({ old_str: "x", new_str: "y" });
    }
  });

  it("34: unit parameter aliases and a swapped-letter typo", async () => {
    const a = await echoed("convert", { value: 1, from: "m", to: "ft" });
    expect(a.echo).toEqual({ value: 1, from_unit: "m", to_unit: "ft" });
    const b = await echoed("convert", { value: 1, form_unit: "m", to_unit: "ft" });
    expect(correctionsOf(b)).toEqual([["form_unit", "from_unit", "typo"]]);
  });

  it("35: camelCase parameter", async () => {
    const out = await echoed("check_dimensions", { unit_a: "m", unitB: "ft" });
    expect(out.echo).toEqual({ unit_a: "m", unit_b: "ft" });
  });

  it("36: one property given twice is an error, equal values included; the tool is not called", async () => {
    for (const args of [
      { file_path: "a", path: "b" },
      { file_path: "a", path: "a" },
    ]) {
      const r = await h.call("edit_file", { ...args, old_str: "x", new_str: "y" });
      expect(r.isError).toBe(true);
      expect(sc(r)).toMatchObject({ error_type: "duplicate_parameter", parameter: "path" });
      expect(sc(r).got).toEqual(["file_path", "path"]);
    }
  });

  it("37: a config parameter alias applies to its own tool only", async () => {
    const withTarget = defineTool({
      name: "aim",
      title: "Aim",
      description: "Aim at a target.",
      toolset: "t",
      input: { target: z.string() },
      handler: (args) => ({ echo: args }),
    });
    const tools = [...DWIM_TOOLS, withTarget];
    const hh = harness({ user: '[params.read_file]\ntarget = "path"\n' }, tools);
    const aim = await hh.call("aim", { target: "x" });
    expect(sc(aim).echo).toEqual({ target: "x" });
    expect(sc(aim).did_you_mean).toBeUndefined();
    const read = await hh.call("read_file", { target: "a.txt" });
    expect(sc(read).echo).toMatchObject({ path: "a.txt" });
  });

  it("38: an unknown extra parameter lists the valid names", async () => {
    const r = await h.call("convert", { value: 1, from_unit: "m", to_unit: "ft", precision: 3 });
    expect(sc(r)).toMatchObject({ error_type: "unknown_parameter", parameter: "precision" });
    expect(sc(r).expected).toEqual(["value", "from_unit", "to_unit"]);
  });

  it("obvious type slips are coerced where the schema names one type", async () => {
    const out = await echoed("convert", { value: "30", from_unit: "m", to_unit: "ft" });
    expect(out.echo.value).toBe(30);
    expect(correctionsOf(out)).toEqual([["value", 30, "type_coercion"]]);
    const bad = await h.call("convert", { value: "thirty", from_unit: "m", to_unit: "ft" });
    expect(sc(bad).error_type).toBe("invalid_arguments");
  });
});

describe("type slips in unions", () => {
  const ids = defineTool({
    name: "drop_ids",
    title: "Drop",
    description: "Drop one id or several.",
    toolset: "t",
    input: { id: z.union([z.number().int(), z.array(z.number().int())]), label: z.union([z.string(), z.number()]) },
    handler: (args) => ({ echo: args }),
  });
  const hh = harness({}, [...DWIM_TOOLS, ids]);

  it("a number written as text is read as the union's one scalar when no branch is text", async () => {
    const r = await hh.call("drop_ids", { id: "12", label: "7" });
    expect(r.isError).toBeFalsy();
    expect(sc(r).echo).toEqual({ id: 12, label: "7" });
    expect(correctionsOf(sc(r))).toEqual([["id", 12, "type_coercion"]]);
  });

  it("a number past a bound gets the bound as likely_fix", async () => {
    const r = await hh.call("read_file", { path: "a.txt", offset: 0 });
    expect(sc(r)).toMatchObject({ error_type: "invalid_arguments", parameter: "offset", likely_fix: 1 });
  });
});

describe("names (cases 39–40)", () => {
  it("39: a misspelled tool with aliased parameters runs, with three corrections, the name first", async () => {
    const out = await echoed("convrt", { value: 1, from: "km", to: "mi" });
    expect(out.quantity).toBe(0.621371);
    const c = out.did_you_mean.corrections;
    expect(c).toHaveLength(3);
    expect(c[0]).toMatchObject({
      parameter: "name",
      original: "convrt",
      corrected: "convert",
      correction_type: "typo",
    });
    expect(c[0].confidence).toBeCloseTo(0.971, 3);
    expect(c.slice(1).map((x: Loose) => x.corrected)).toEqual(["from_unit", "to_unit"]);
    expect(out.did_you_mean.message).toContain("convrt");
  });

  it("40: another server's tool is unknown, without candidates", async () => {
    const r = await h.call("mcp__github__create_issue", { title: "x" });
    expect(r.isError).toBe(true);
    expect(sc(r)).toMatchObject({ error_type: "unknown_tool", parameter: "name" });
    expect(sc(r).candidates).toEqual([]);
    expect(sc(r).likely_fix).toBeUndefined();
  });

  it("13 (M): a misspelled destructive tool is refused with likely_fix and not run", async () => {
    const r = await h.call("edit_fil", { path: "a", old_str: "x", new_str: "y" });
    expect(r.isError).toBe(true);
    expect(sc(r).likely_fix).toEqual({ name: "edit_file", arguments: { path: "a", old_str: "x", new_str: "y" } });
    expect(sc(r).hints.length).toBeLessThanOrEqual(3);
  });

  it("auto-correction can be turned off by env", async () => {
    const off = harness({ env: { DWIM_ROUTER_AUTO_CORRECT: "0", DWIM_ROUTER_AUTO_CORRECT_PARAMS: "0" } });
    const name = await off.call("convrt", { value: 1, from_unit: "km", to_unit: "mi" });
    expect(sc(name)).toMatchObject({ error_type: "unknown_tool", likely_fix: { name: "convert" } });
    const param = await off.call("convert", { value: 1, form_unit: "km", to_unit: "mi" });
    expect(sc(param)).toMatchObject({
      error_type: "unknown_parameter",
      parameter: "form_unit",
      likely_fix: "from_unit",
    });
    const alias = await off.call("convert", { value: 1, from: "km", to_unit: "mi" });
    expect(sc(alias)).toMatchObject({ error_type: "unknown_parameter", likely_fix: "from_unit" });
  });
});

describe("through a real MCP client", () => {
  let conn: Connected;
  beforeAll(async () => {
    const fixtureToolsets = [...new Set(DWIM_TOOLS.map((t) => t.toolset))]
      .filter((name) => name !== "router")
      .map((name) => ({ name, description: name, tools: DWIM_TOOLS.filter((t) => t.toolset === name) }));
    conn = await connectInMemory({ toolsets: [...fixtureToolsets, toolset], middleware: createRouterMiddleware });
  });
  afterAll(async () => conn?.close());

  it("a misspelled name and an aliased parameter are corrected on tools/call", async () => {
    const r = (await conn.client.callTool({ name: "convrt", arguments: { value: 1, from: "km", to: "mi" } })) as Loose;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.quantity).toBe(0.621371);
    expect(r.structuredContent.did_you_mean.corrections).toHaveLength(3);
  });

  it("the router's tools answer over MCP", async () => {
    const r = (await conn.client.callTool({ name: "resolve_tool", arguments: { tool_name: "comupte" } })) as Loose;
    expect(r.structuredContent).toMatchObject({ resolved: "compute", tier: "auto" });
    const a = (await conn.client.callTool({
      name: "analyze_intent",
      arguments: { query: "grep for TODO in src" },
    })) as Loose;
    expect(a.structuredContent.recommended).toBe("fuzzy_search_content");
    const l = (await conn.client.callTool({ name: "help", arguments: {} })) as Loose;
    expect(l.structuredContent.count).toBe(21);
  });
});
