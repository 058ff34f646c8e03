/**
 * Every schema a client lists is portable to the narrowest tool-schema dialects clients map it onto (docs/clients.md,
 * "Results every client accepts"): no boolean where a schema is expected (only `additionalProperties` may be the
 * boolean it is defined as), no `type` array, no `$ref` leaving the document, and no subschema that constrains
 * nothing. These are the findings `mcp-inspector --cli --strict` reports as errors and warnings;
 * `npm run check:inspector` runs the Inspector itself (it needs the network to install it, which `npm test` never does).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { closeAllStores } from "../../src/memory/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { connectInMemory, MODERN_VERSION } from "../helpers/mcp.js";

/** Keywords whose value is one schema. */
const ONE_SCHEMA = [
  "items",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalProperties",
];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];
/** Where a boolean is the keyword's own spelling (false: closed; true: open), not a stand-in for a schema. */
const BOOLEAN_ALLOWED = new Set(["additionalProperties"]);
/** Keywords that reject some value; a schema with none of them accepts anything. */
const CONSTRAINING = new Set([
  "type",
  "enum",
  "const",
  "$ref",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "properties",
  "patternProperties",
  "additionalProperties",
  "required",
  "items",
  "prefixItems",
  "contains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
]);

/** Portability findings in `schema`, as `path: what`. */
function portabilityFindings(schema: unknown, path = "$", keyword?: string): string[] {
  if (typeof schema === "boolean") {
    return keyword !== undefined && BOOLEAN_ALLOWED.has(keyword) ? [] : [`${path}: boolean ${schema} as a schema`];
  }
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return [`${path}: not a schema`];
  const node = schema as Record<string, unknown>;
  const own: string[] = [];
  if (Array.isArray(node.type)) own.push(`${path}: type array ${JSON.stringify(node.type)}`);
  if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) own.push(`${path}: remote $ref ${node.$ref}`);
  const conditional = "if" in node && ("then" in node || "else" in node);
  if (keyword !== "not" && !conditional && !Object.keys(node).some((k) => CONSTRAINING.has(k))) {
    own.push(`${path}: constrains nothing`);
  }
  const below: string[] = [];
  for (const k of ONE_SCHEMA) if (k in node) below.push(...portabilityFindings(node[k], `${path}.${k}`, k));
  for (const k of SCHEMA_LISTS) {
    const list = node[k];
    if (!Array.isArray(list)) continue;
    for (const [i, s] of list.entries()) below.push(...portabilityFindings(s, `${path}.${k}[${i}]`, k));
  }
  for (const k of SCHEMA_MAPS) {
    const map = node[k];
    if (map && typeof map === "object") {
      for (const [name, s] of Object.entries(map)) below.push(...portabilityFindings(s, `${path}.${k}.${name}`, k));
    }
  }
  return [...own, ...below];
}

describe("the rules find what they name", () => {
  it("a boolean schema, a type array, a remote $ref and an empty subschema are each found; closed objects are not", () => {
    expect(
      portabilityFindings({
        type: "object",
        additionalProperties: false,
        properties: {
          a: true,
          b: { type: ["string", "null"] },
          c: { $ref: "https://example.com/s.json" },
          d: { description: "anything" },
          e: { anyOf: [{ type: "string" }, { type: "null" }] },
          f: { not: {} },
        },
      }),
    ).toEqual([
      "$.properties.a: boolean true as a schema",
      '$.properties.b: type array ["string","null"]',
      "$.properties.c: remote $ref https://example.com/s.json",
      "$.properties.d: constrains nothing",
    ]);
  });
});

describe("the schemas dwim serves", () => {
  it("every listed input and output schema is portable (no finding), on both protocol eras", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-portable-"));
    try {
      for (const protocol of [MODERN_VERSION, "2025-11-25"] as const) {
        const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: dir, protocol });
        try {
          const { tools } = await conn.client.listTools();
          expect(tools.length).toBe(TOOLSETS.flatMap((t) => t.tools).length);
          const findings = tools.flatMap((t) => [
            ...portabilityFindings(t.inputSchema).map((f) => `${t.name} input ${f}`),
            ...(t.outputSchema ? portabilityFindings(t.outputSchema).map((f) => `${t.name} output ${f}`) : []),
          ]);
          expect(findings).toEqual([]);
        } finally {
          await conn.close();
        }
      }
    } finally {
      await closeAllStores();
    }
  });
});
