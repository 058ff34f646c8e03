/**
 * The parameter model: what each parameter of a tool admits, read once from the JSON Schema clients see. The CLI
 * manifest, the router's index (type coercion, list_capabilities) and the README's tool table all read parameters
 * from here, so a union such as `rg_flags` (a string or a list of strings) means the same thing everywhere.
 */
import { inputJsonSchema } from "./schema.js";
import { type AnyToolDefinition, parameterNames } from "./tool.js";

/** A JSON Schema type a parameter admits. */
export type ParameterType = "string" | "number" | "integer" | "boolean" | "array" | "object" | "null";

export type EnumValue = string | number | boolean | null;

export interface Parameter {
  name: string;
  required: boolean;
  /** Every JSON type the parameter admits, in the schema's order (`rg_flags`: string, array); empty when any value goes. */
  types: ParameterType[];
  /** Element type of the array branch when it is one plain type (`rg_flags`: string). */
  items?: ParameterType;
  /**
   * The type a value written as text is read as (a CLI argument, an agent's `"12"`): `string` when the parameter
   * admits a string, since the text is then taken as it is; else its one scalar type (`memory_id`, an integer or a
   * list of them, reads `"12"` as 12); else its one type; absent when nothing decides.
   */
  textType?: ParameterType;
  enum?: EnumValue[];
  default?: unknown;
  description?: string;
}

interface JsonProperty {
  type?: unknown;
  anyOf?: unknown;
  oneOf?: unknown;
  items?: unknown;
  enum?: unknown;
  const?: unknown;
  default?: unknown;
  description?: unknown;
}

const TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);
const SCALARS: ReadonlySet<ParameterType> = new Set(["number", "integer", "boolean"]);

const models = new WeakMap<AnyToolDefinition, readonly Parameter[]>();

/** The tool's parameters in declaration order. Shared: do not mutate. */
export function parametersOf(tool: AnyToolDefinition): readonly Parameter[] {
  let params = models.get(tool);
  if (!params) {
    params = derive(tool);
    models.set(tool, params);
  }
  return params;
}

function derive(tool: AnyToolDefinition): Parameter[] {
  let schema: { properties?: Record<string, JsonProperty>; required?: string[] };
  try {
    schema = inputJsonSchema(tool) as typeof schema;
  } catch {
    // A schema zod cannot write as JSON (an upstream tool's, rebuilt by the proxy): names are all that is known.
    return parameterNames(tool).map((name) => ({ name, required: false, types: [] }));
  }
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    parameterOf(name, required.has(name), property),
  );
}

function parameterOf(name: string, required: boolean, property: JsonProperty): Parameter {
  const branches = branchesOf(property);
  const types = unique(branches.flatMap(typesOf));
  const param: Parameter = { name, required, types };
  const items = unique(
    branches.filter((b) => typesOf(b).includes("array")).flatMap((b) => typesOf(asProperty(b.items))),
  );
  if (items.length === 1) param.items = items[0];
  const textType = textTypeOf(types);
  if (textType) param.textType = textType;
  const values = enumOf(property);
  if (values) param.enum = values;
  if (property.default !== undefined) param.default = property.default;
  if (typeof property.description === "string") param.description = property.description;
  return param;
}

/** The property itself, or the branches of its union. */
function branchesOf(property: JsonProperty): JsonProperty[] {
  const union = Array.isArray(property.anyOf) ? property.anyOf : Array.isArray(property.oneOf) ? property.oneOf : [];
  return union.length > 0 ? union.map(asProperty) : [property];
}

function typesOf(property: JsonProperty): ParameterType[] {
  if (typeof property.type === "string" && TYPES.has(property.type)) return [property.type as ParameterType];
  if (property.anyOf !== undefined || property.oneOf !== undefined) return branchesOf(property).flatMap(typesOf);
  return [];
}

function textTypeOf(types: readonly ParameterType[]): ParameterType | undefined {
  if (types.includes("string")) return "string";
  const scalars = types.filter((t) => SCALARS.has(t));
  if (scalars.length === 1) return scalars[0];
  return types.length === 1 ? types[0] : undefined;
}

function enumOf(property: JsonProperty): EnumValue[] | undefined {
  if (Array.isArray(property.enum)) return property.enum as EnumValue[];
  return property.const !== undefined ? [property.const as EnumValue] : undefined;
}

function asProperty(value: unknown): JsonProperty {
  return value !== null && typeof value === "object" ? (value as JsonProperty) : {};
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** How the README writes a parameter's type: its enum values, else its types (`string|string[]`). */
export function typeLabel(param: Parameter): string {
  if (param.enum) return param.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (param.types.length === 0) return "any";
  return param.types.map((t) => (t === "array" && param.items ? `${param.items}[]` : t)).join("|");
}

const ONE_WORD: ReadonlySet<ParameterType | undefined> = new Set(["string", "number", "integer", "boolean"]);

/**
 * The parameters a command line takes by position, in order: every required parameter that is written as one word
 * (a string, number or boolean: `dwim check-dimensions km mi`, `dwim forget 12`), in declaration order, then the
 * optional ones the tool names (`optional`: a search's `path`). Every parameter is a flag as well. The CLI and the
 * README's tool table both derive their positional arguments from this one rule.
 */
export function positionalParameters(params: readonly Parameter[], optional: readonly string[] = []): string[] {
  for (const name of optional) {
    const p = params.find((q) => q.name === name);
    if (!p || p.required || !ONE_WORD.has(p.textType))
      throw new Error(`'${name}' cannot be an optional positional argument: it must be an optional one-word parameter`);
  }
  return [...params.filter((p) => p.required && ONE_WORD.has(p.textType)).map((p) => p.name), ...optional];
}
