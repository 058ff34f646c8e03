/**
 * The JSON Schemas MCP clients see, derived from a tool's zod schemas: the input (extra properties forbidden) and the
 * output of a success (with did_you_mean). Type arrays (`"type": ["string", "null"]`) become `anyOf`, because strict
 * validators (Ajv's strictTypes) warn about union types.
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

function toJson(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = withoutTypeArrays(z.toJSONSchema(schema, { io, unrepresentable: "any" })) as JsonSchema;
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

/** JSON Schema of a successful result's structuredContent (the MCP outputSchema), or undefined when not declared. */
export function outputJsonSchema(tool: AnyToolDefinition): JsonSchema | undefined {
  if (!tool.output) return undefined;
  let schema = outputs.get(tool);
  if (!schema) {
    schema = toJson(tool.output.extend({ did_you_mean: didYouMeanSchema.optional() }), "output");
    outputs.set(tool, schema);
  }
  return schema;
}
