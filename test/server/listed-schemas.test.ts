/**
 * What tools/list shows models is the full input schema made smaller: every parameter is listed with its type and
 * `required` stays, advanced parameters lose only their descriptions, enum values and inner shapes, properties are
 * left open (dwim answers an unknown parameter itself), and what the listing leaves out is in list_capabilities
 * detail "full" (details, every parameter's description and its values).
 */
import { describe, expect, it } from "vitest";
import { inputJsonSchema, listedInputJsonSchema, parametersOf } from "../../src/core/index.js";
import { listCapabilities } from "../../src/router/capabilities.js";
import { routerFor } from "../../src/router/router.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { configOf } from "../router/helpers.js";

const TOOLS = TOOLSETS.flatMap((set) => set.tools);

type Schema = {
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: unknown;
};

describe("listed input schemas", () => {
  it("list every parameter with the full schema's types and required, advanced ones by type alone", () => {
    for (const tool of TOOLS) {
      const full = inputJsonSchema(tool) as Schema;
      const listed = listedInputJsonSchema(tool) as Schema;
      expect(Object.keys(listed.properties), tool.name).toEqual(Object.keys(full.properties));
      expect(listed.required, tool.name).toEqual(full.required);
      expect(full.additionalProperties, tool.name).toBe(false);
      expect(listed.additionalProperties, tool.name).toBeUndefined();
      for (const [name, property] of Object.entries(listed.properties)) {
        expect(property.type ?? property.anyOf, `${tool.name}.${name}`).toEqual(
          full.properties[name].type ?? expect.anything(),
        );
        if (tool.advanced.includes(name)) {
          expect(property.description, `${tool.name}.${name}`).toBeUndefined();
          expect(property.enum, `${tool.name}.${name}`).toBeUndefined();
        } else {
          expect(property.description, `${tool.name}.${name}`).toBe(full.properties[name].description);
          expect(property.enum, `${tool.name}.${name}`).toEqual(full.properties[name].enum);
        }
      }
    }
  });

  it("leave out nothing that list_capabilities detail full does not show", () => {
    const router = routerFor(TOOLS, configOf());
    const shown = new Map<string, { description: string; parameters: Array<{ name: string }>; examples?: string[] }>();
    let cursor: string | undefined = "0";
    while (cursor !== undefined) {
      const page = listCapabilities(router, { detail: "full", cursor });
      for (const t of page.tools as Array<{ name: string; description: string; parameters: [] }>) shown.set(t.name, t);
      cursor = page.next_cursor as string | undefined;
    }
    for (const tool of TOOLS) {
      const entry = shown.get(tool.name);
      if (tool.details) expect(entry?.description, tool.name).toContain(tool.details);
      expect(entry?.examples, tool.name).toEqual(tool.examples);
      for (const p of parametersOf(tool)) {
        const shown = entry?.parameters.find((s) => s.name === p.name) as { description?: string; type?: string };
        if (p.description !== undefined) expect(shown?.description, `${tool.name}.${p.name}`).toBe(p.description);
        for (const value of p.enum ?? [])
          expect(shown?.type, `${tool.name}.${p.name}`).toContain(JSON.stringify(value));
      }
    }
  });
});
