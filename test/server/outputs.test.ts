/**
 * Every tool declares an outputSchema, generated from its definition, and every success's structuredContent
 * validates against it, checked by the SDK's real Client (which validates against the listed outputSchema) on the
 * current revision and on a 2025 one, and again by Ajv in strict mode. Schemas carry no type arrays, which strict
 * validators warn about.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";
import { inputJsonSchema, outputJsonSchema } from "../../src/core/index.js";
import { closeAllStores } from "../../src/memory/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { connectInMemory, MODERN_VERSION } from "../helpers/mcp.js";
import { SAMPLES } from "../helpers/tool-samples.js";

const ALL_TOOLS = TOOLSETS.flatMap((t) => t.tools);

function strictAjv(): { ajv: Ajv2020; warnings: string[] } {
  const warnings: string[] = [];
  const logger = { log: () => undefined, warn: (m: unknown) => warnings.push(String(m)), error: () => undefined };
  return { ajv: new Ajv2020({ strict: true, allErrors: true, logger }), warnings };
}

function typeArrays(schema: unknown, path = "$"): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => typeArrays(s, `${path}[${i}]`));
  if (schema === null || typeof schema !== "object") return [];
  const own = Array.isArray((schema as { type?: unknown }).type) ? [path] : [];
  return [...own, ...Object.entries(schema).flatMap(([k, v]) => typeArrays(v, `${path}.${k}`))];
}

describe("output schemas", () => {
  it("every tool declares one, and samples cover every tool", () => {
    expect(ALL_TOOLS.filter((t) => outputJsonSchema(t) === undefined).map((t) => t.name)).toEqual([]);
    const sampled = new Set(SAMPLES.map(([name]) => name));
    expect(ALL_TOOLS.filter((t) => !sampled.has(t.name)).map((t) => t.name)).toEqual([]);
  });

  it("input and output schemas compile under Ajv strict mode without a warning and with no type arrays", () => {
    const { ajv, warnings } = strictAjv();
    for (const tool of ALL_TOOLS) {
      for (const schema of [inputJsonSchema(tool), outputJsonSchema(tool)]) {
        expect(typeArrays(schema), tool.name).toEqual([]);
        ajv.compile(schema as object);
      }
    }
    expect(warnings).toEqual([]);
  });
});

describe.each([MODERN_VERSION, "2025-11-25"] as const)("every tool's result on %s", (protocol) => {
  afterAll(async () => {
    await closeAllStores();
  });

  it("validates against the listed outputSchema in the SDK client and in strict Ajv", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-outputs-"));
    writeFileSync(join(dir, "notes.txt"), "alpha\nbeta parse config\ngamma\n");
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: dir, protocol });
    const { ajv } = strictAjv();
    try {
      const { tools } = await conn.client.listTools();
      const listed = new Map(tools.map((t) => [t.name, t]));
      for (const tool of ALL_TOOLS) expect(listed.get(tool.name)?.outputSchema, tool.name).toBeDefined();
      let corrected = 0;
      for (const [name, args] of SAMPLES) {
        // callTool throws when structuredContent does not match the cached outputSchema.
        const result = await conn.client.callTool({ name, arguments: args });
        expect(result.isError, `${name} ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
        const content = result.structuredContent as { did_you_mean?: unknown };
        const servedName = registryName(name);
        const validate = ajv.compile(listed.get(servedName)?.outputSchema as object);
        expect(validate(content), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        if (content.did_you_mean) corrected++;
      }
      // Corrected calls (a renamed tool, an aliased or misspelled parameter, an over-escaped old_str) validate too.
      expect(corrected).toBeGreaterThanOrEqual(3);
    } finally {
      await conn.close();
    }
  });
});

function registryName(name: string): string {
  return name === "convrt" ? "convert" : name;
}
