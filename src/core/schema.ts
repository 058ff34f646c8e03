/**
 * The JSON Schemas MCP clients see, derived from a tool's zod schemas: the input (extra properties forbidden) and the
 * output (a success with did_you_mean, or the error shape: docs/clients.md, "Results every client accepts").
 * Type arrays (`"type": ["string", "null"]`) become `anyOf`, because strict validators (Ajv's strictTypes) and
 * single-type dialects (Gemini's function declarations) reject them; a schema that constrains nothing (`{}`, zod's
 * `unknown`) is written as the union of every JSON type, which schema linters accept.
 */
import * as z from "zod";
import { didYouMeanSchema } from "./corrections.js";
import type { AnyToolDefinition } from "./tool.js";

type JsonSchema = Record<string, unknown>;

/** A copy of `schema` with every `type: [a, b]` written as `anyOf: [{type: a}, {type: b}]`. */
export function withoutTypeArrays(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutTypeArrays);
  if (schema === null || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withoutTypeArrays(value);
  if (Array.isArray(out.type)) {
    const types = out.type as string[];
    delete out.type;
    if (types.length === 1) out.type = types[0];
    else if (out.anyOf === undefined) out.anyOf = types.map((type) => ({ type }));
    else out.allOf = [...((out.allOf as unknown[]) ?? []), { anyOf: types.map((type) => ({ type })) }];
  }
  return out;
}

/** The seven JSON types: what a value that may be anything is, written so that it constrains by type. */
const ANY_JSON: readonly JsonSchema[] = ["string", "number", "boolean", "object", "array", "null"].map((type) =>
  type === "object" ? { type, additionalProperties: true } : { type },
);

/** Keywords that make a schema constrain something (a schema without any accepts every value). */
const CONSTRAINING = new Set([
  "type",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "$ref",
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "required",
]);

const SCHEMA_MAPS = ["properties", "patternProperties", "$defs"];
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SCHEMA_VALUES = ["items", "not", "contains", "propertyNames"];

/**
 * A copy of `schema` where every subschema constrains: `additionalProperties: {}` becomes `true`, and an empty
 * schema elsewhere (zod's `unknown`) becomes the union of every JSON type, its description kept.
 */
function withTypedSubschemas(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  for (const key of SCHEMA_MAPS) {
    const map = out[key];
    if (map !== null && typeof map === "object" && !Array.isArray(map)) {
      out[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, typedSubschema(sub)]));
    }
  }
  for (const key of SCHEMA_LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(typedSubschema);
  for (const key of SCHEMA_VALUES) if (key in out) out[key] = typedSubschema(out[key]);
  const extra = out.additionalProperties;
  if (extra !== null && typeof extra === "object") {
    out.additionalProperties = constrains(extra as JsonSchema) ? typedSubschema(extra) : true;
  }
  return out;
}

function typedSubschema(schema: unknown): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const node = schema as JsonSchema;
  return constrains(node) ? withTypedSubschemas(node) : { ...node, anyOf: ANY_JSON.map((b) => ({ ...b })) };
}

function constrains(schema: JsonSchema): boolean {
  return Object.keys(schema).some((key) => CONSTRAINING.has(key));
}

function toJson(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = withTypedSubschemas(
    withoutTypeArrays(z.toJSONSchema(schema, { io, unrepresentable: "any" })) as JsonSchema,
  );
  delete json.$schema;
  return json;
}

const inputs = new WeakMap<AnyToolDefinition, JsonSchema>();
const outputs = new WeakMap<AnyToolDefinition, JsonSchema>();

/** JSON Schema of a tool's input as MCP clients see it (extra properties forbidden). Shared: do not mutate. */
export function inputJsonSchema(tool: AnyToolDefinition): JsonSchema {
  let schema = inputs.get(tool);
  if (!schema) {
    schema = toJson(tool.input, "input");
    schema.additionalProperties = false;
    inputs.set(tool, schema);
  }
  return schema;
}

const listedInputs = new WeakMap<AnyToolDefinition, JsonSchema>();

/**
 * The input schema as `tools/list` shows it to models (docs/clients.md, "Context cost"): the advanced parameters by
 * their type alone (an object or a list of objects without its inner shape), and no bounds or defaults, which a call
 * that breaks them gets back as its likely_fix (`limit` 100000 → 50). Properties are left open, as the MCP reference
 * servers list theirs: an unknown parameter is dwim's to correct or explain, which a client refusing it first would
 * prevent. dwim validates every call against the full schema (`inputJsonSchema`) all the same, and
 * `list_capabilities` detail "full" shows all of it.
 */
export function listedInputJsonSchema(tool: AnyToolDefinition): JsonSchema {
  let schema = listedInputs.get(tool);
  if (!schema) {
    const { additionalProperties: _closed, ...full } = inputJsonSchema(tool);
    const advanced = new Set(tool.advanced);
    const properties = Object.fromEntries(
      Object.entries((full.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, p]) => [
        name,
        advanced.has(name) ? typeOnly(p) : withoutBounds(p),
      ]),
    );
    schema = { ...full, properties };
    listedInputs.set(tool, schema);
  }
  return schema;
}

/**
 * A parameter's schema reduced to its type: descriptions, enum values and inner shapes dropped. A call that gives an
 * advanced parameter a value it does not take gets the values it takes back in the error.
 */
function typeOnly(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.anyOf)) return { anyOf: (schema.anyOf as JsonSchema[]).map(typeOnly) };
  const out: JsonSchema = {};
  if (schema.type !== undefined) out.type = schema.type;
  if (schema.type === "array") out.items = schema.items ? typeOnly(schema.items as JsonSchema) : { type: "string" };
  return out;
}

/** Keywords a model can do without: a call that breaks one gets the bound or the default back as its likely_fix. */
const BOUNDS = [
  "default",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "pattern",
];

function withoutBounds(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  for (const key of BOUNDS) delete out[key];
  if (out.items && typeof out.items === "object") out.items = withoutBounds(out.items as JsonSchema);
  if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as JsonSchema[]).map(withoutBounds);
  if (out.properties && typeof out.properties === "object") {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, JsonSchema>).map(([k, v]) => [k, withoutBounds(v)]),
    );
  }
  return out;
}

const lenientInputs = new WeakMap<AnyToolDefinition, JsonSchema>();

/**
 * The input schema for clients that check arguments against it before calling (docs/clients.md, "Parameter
 * recovery"): the listed schema without `required`, so that a misspelled or missing parameter reaches dwim, which
 * corrects it or answers with a likely_fix. Required parameters say so in their description.
 */
export function lenientInputJsonSchema(tool: AnyToolDefinition): JsonSchema {
  let schema = lenientInputs.get(tool);
  if (!schema) {
    const strict = listedInputJsonSchema(tool);
    const required = new Set((strict.required as string[] | undefined) ?? []);
    const properties = Object.fromEntries(
      Object.entries((strict.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, p]) => {
        if (!required.has(name)) return [name, p];
        const description = typeof p.description === "string" ? `Required. ${p.description}` : "Required.";
        return [name, { ...p, description }];
      }),
    );
    const { required: _required, ...rest } = strict;
    schema = { ...rest, properties };
    lenientInputs.set(tool, schema);
  }
  return schema;
}

/**
 * The shape of every error result's structuredContent (core/errors.ts). Each outputSchema admits it beside the
 * success, because a client on the v1 TypeScript SDK checks structuredContent against the outputSchema on error
 * results too, and turns a mismatch into a protocol error the model never reads past.
 */
const errorOutputSchema = z.looseObject({
  error: z.string(),
  error_type: z.string(),
  parameter: z.string().optional(),
  step: z.number().int().optional(),
  got: z.unknown().optional(),
  expected: z.unknown().optional(),
  likely_fix: z.unknown().optional(),
  hints: z.array(z.string()),
  candidates: z.array(z.unknown()).optional(),
  did_you_mean: didYouMeanSchema.optional(),
});

let errorJson: JsonSchema | undefined;

/** JSON Schema of an error result's structuredContent. Shared: do not mutate. */
export function errorJsonSchema(): JsonSchema {
  errorJson ??= toJson(errorOutputSchema, "output");
  return errorJson;
}

/**
 * The MCP outputSchema: an object that is either the tool's success (with did_you_mean) or the error shape, or
 * undefined when the tool declares no output. Shared: do not mutate.
 */
export function outputJsonSchema(tool: AnyToolDefinition): JsonSchema | undefined {
  if (!tool.output) return undefined;
  let schema = outputs.get(tool);
  if (!schema) {
    const success = toJson(tool.output.extend({ did_you_mean: didYouMeanSchema.optional() }), "output");
    schema = { type: "object", anyOf: [success, errorJsonSchema()] };
    outputs.set(tool, schema);
  }
  return schema;
}
