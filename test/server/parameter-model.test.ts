/**
 * One parameter model per tool definition: the CLI manifest, the router's index (its coercion and list_capabilities)
 * and the README's tool table read every parameter of every tool the same way, unions included.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parameterCell } from "../../scripts/codegen/readme.js";
import { readCliValue } from "../../src/cli/tool-arguments.js";
import { loadConfig } from "../../src/core/config.js";
import { parametersOf, typeLabel } from "../../src/core/parameters.js";
import { DEFAULT_THRESHOLDS } from "../../src/core/suggest.js";
import { MANIFEST } from "../../src/generated/server/manifest.js";
import { listCapabilities } from "../../src/router/capabilities.js";
import { ROUTER_CONFIG_SECTIONS } from "../../src/router/config.js";
import { normalizeArguments } from "../../src/router/params.js";
import { routerFor } from "../../src/router/router.js";
import { TOOLSETS } from "../../src/server/toolsets.js";

const TOOLS = TOOLSETS.flatMap((set) => set.tools);
const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const config = loadConfig({
  userFile: null,
  projectFile: null,
  env: { DWIM_LOG: "0" },
  sections: [...ROUTER_CONFIG_SECTIONS],
});
const router = routerFor(TOOLS, config);

function model(tool: string, name: string) {
  const definition = TOOLS.find((t) => t.name === tool);
  const param = definition && parametersOf(definition).find((p) => p.name === name);
  if (!param) throw new Error(`${tool} has a parameter ${name}`);
  return param;
}

describe("the parameter model", () => {
  it("reads unions as every branch: a string or a list, a date or a timestamp, an id or a list of ids", () => {
    for (const tool of ["fuzzy_search_content", "fuzzy_search_files"]) {
      expect(model(tool, "rg_flags")).toMatchObject({
        types: ["string", "array"],
        items: "string",
        textType: "string",
      });
    }
    expect(model("remember", "happened_at")).toMatchObject({ types: ["string", "number"], textType: "string" });
    for (const tool of ["recall", "search_memories"]) {
      expect(model(tool, "since")).toMatchObject({ types: ["string", "number"], textType: "string" });
    }
    expect(model("forget", "memory_id")).toMatchObject({
      types: ["integer", "array"],
      items: "integer",
      textType: "integer",
    });
    expect(typeLabel(model("fuzzy_search_content", "rg_flags"))).toBe("string|string[]");
    expect(typeLabel(model("remember", "happened_at"))).toBe("string|number");
  });

  it("is what the manifest, the router's index, list_capabilities and the README say for every parameter", () => {
    const manifest = new Map(MANIFEST.flatMap((set) => set.tools.map((t) => [t.name, t.params] as const)));
    const listed: Array<{ name: string; parameters: Array<{ name: string; type?: string; required: boolean }> }> = [];
    let cursor: string | undefined = "0";
    while (cursor !== undefined) {
      const page = listCapabilities(router, { detail: "full", cursor });
      listed.push(...(page.tools as typeof listed));
      cursor = page.next_cursor as string | undefined;
    }
    let checked = 0;
    for (const tool of TOOLS) {
      const params = parametersOf(tool);
      expect(
        params.map((p) => p.name),
        tool.name,
      ).toEqual(Object.keys(tool.input.shape));
      expect(manifest.get(tool.name), tool.name).toEqual(params);
      expect(router.registry.byName.get(tool.name)?.params, tool.name).toEqual(params);
      const shown = listed.find((t) => t.name === tool.name)?.parameters;
      for (const p of params) {
        expect(
          shown?.find((s) => s.name === p.name),
          `${tool.name}.${p.name}`,
        ).toMatchObject({
          required: p.required,
          type: typeLabel(p),
        });
        expect(README, `${tool.name}.${p.name}`).toContain(parameterCell(p));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("reads text the same way in the CLI and in the router's coercion", () => {
    const forget = router.registry.byName.get("forget");
    if (!forget) throw new Error("forget is served");
    const coerced = normalizeArguments(
      forget,
      { memory_id: "12" },
      { autoCorrect: true, thresholds: DEFAULT_THRESHOLDS },
    );
    expect(coerced.ok && (coerced.arguments as Record<string, unknown>).memory_id).toBe(12);
    expect(readCliValue("12", model("forget", "memory_id"))).toBe(12);
    expect(readCliValue("3,4", model("forget", "memory_id"))).toEqual([3, 4]);
    // a date and a flag string stay text for both
    const remember = router.registry.byName.get("remember");
    if (!remember) throw new Error("remember is served");
    const kept = normalizeArguments(
      remember,
      { happened_at: "2024" },
      { autoCorrect: true, thresholds: DEFAULT_THRESHOLDS },
    );
    expect(kept.ok && (kept.arguments as Record<string, unknown>).happened_at).toBe("2024");
    expect(readCliValue("2024", model("remember", "happened_at"))).toBe("2024");
    expect(readCliValue("-w", model("fuzzy_search_content", "rg_flags"))).toBe("-w");
  });
});
