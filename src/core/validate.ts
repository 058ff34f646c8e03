/**
 * Input validation for every tool: unknown parameters, missing ones and wrong types become structured errors with a
 * likely_fix drawn from the tool's own schema (`fuzy_filter` → `fuzzy_filter`, category `desicion` → `decision`).
 */
import type * as z from "zod";
import { type ErrorPayload, errorPayload } from "./errors.js";
import { type SuggestThresholds, suggest } from "./suggest.js";
import { type AnyToolDefinition, parameterNames } from "./tool.js";

export type Validation = { ok: true; value: Record<string, unknown> } | { ok: false; error: ErrorPayload };

/** `['factors', 1, 'numerator']` → `factors[1].numerator`. */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Required parameters of a tool (those that do not accept `undefined`), in declaration order. */
export function requiredParameters(tool: AnyToolDefinition): string[] {
  return Object.entries(tool.input.shape)
    .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

/**
 * An unknown key, with the core matcher's verdict over the tool's parameter names. When the matcher only has hints
 * but exactly one required parameter is missing from `args` and it is among them, that parameter is the likely fix:
 * the key was meant to supply it (`{tool_arme: "x"}` for a tool whose one required parameter is `tool_name`).
 */
export function unknownParameterError(
  tool: AnyToolDefinition,
  key: string,
  thresholds: Partial<SuggestThresholds> = {},
  args?: Record<string, unknown>,
): ErrorPayload {
  const names = parameterNames(tool);
  const s = suggest(key, names, { ...thresholds, allowAuto: false, tokenMatch: true, namespaces: false });
  let likely = s.tier === "likely_fix" || s.tier === "auto" ? s.likely_fix : undefined;
  if (!likely && args) {
    const missing = requiredParameters(tool).filter((p) => !(p in args));
    if (missing.length === 1 && s.hints.includes(missing[0])) likely = missing[0];
  }
  return errorPayload({
    error: `Unknown parameter '${key}' for tool '${tool.name}'`,
    error_type: "unknown_parameter",
    parameter: key,
    got: key,
    expected: names,
    likely_fix: likely,
    hints: [...(likely ? [] : s.hints.map((h) => `Did you mean '${h}'?`)), `Valid parameters: ${names.join(", ")}`],
  });
}

export function validateArguments(
  tool: AnyToolDefinition,
  args: unknown,
  thresholds: Partial<SuggestThresholds> = {},
): Validation {
  const input = args === undefined || args === null ? {} : args;
  if (!isPlainObject(input)) {
    return {
      ok: false,
      error: errorPayload({
        error: `Arguments of '${tool.name}' must be an object of named parameters`,
        error_type: "invalid_arguments",
        got: Array.isArray(input) ? "array" : typeof input,
        expected: "object",
        hints: [`Valid parameters: ${parameterNames(tool).join(", ")}`],
      }),
    };
  }
  const names = new Set(parameterNames(tool));
  for (const key of Object.keys(input)) {
    if (!names.has(key)) return { ok: false, error: unknownParameterError(tool, key, thresholds, input) };
  }
  const parsed = tool.input.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  return { ok: false, error: zodIssueError(tool, parsed.error, input, thresholds) };
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

function zodIssueError(
  tool: AnyToolDefinition,
  error: z.ZodError,
  input: Record<string, unknown>,
  thresholds: Partial<SuggestThresholds>,
): ErrorPayload {
  const issue = error.issues[0];
  const parameter = jsonPath(issue.path);
  const got = valueAt(input, issue.path);
  const more = error.issues.length > 1 ? [`${error.issues.length - 1} more problem(s) after this one`] : [];
  const where = parameter || "arguments";

  if (issue.code === "invalid_type" && got === undefined) {
    return errorPayload({
      error: `Missing required parameter '${where}' for tool '${tool.name}'`,
      error_type: "missing_parameter",
      parameter,
      expected: issue.expected,
      hints: more,
    });
  }
  if (issue.code === "invalid_value" && typeof got === "string") {
    const values = issue.values.map(String);
    const s = suggest(got, values, { ...thresholds, namespaces: false });
    const likely = s.tier === "auto" || s.tier === "likely_fix" ? s.likely_fix : undefined;
    return errorPayload({
      error: `Invalid value '${got}' for '${where}'`,
      error_type: "invalid_arguments",
      parameter,
      got,
      expected: values,
      likely_fix: likely,
      hints: [...(likely ? [] : s.hints.map((h) => `Did you mean '${h}'?`)), `One of: ${values.join(", ")}`, ...more],
    });
  }
  if (issue.code === "invalid_type") {
    const fix = coerceLikelyFix(issue.expected, got);
    return errorPayload({
      error: `Parameter '${where}' must be ${issue.expected}, got ${describe(got)}`,
      error_type: "invalid_arguments",
      parameter,
      got,
      expected: issue.expected,
      likely_fix: fix,
      hints: more,
    });
  }
  return errorPayload({
    error: `Invalid '${where}': ${issue.message}`,
    error_type: "invalid_arguments",
    parameter,
    got: typeof got === "string" && got.length > 200 ? `${got.slice(0, 199)}…` : got,
    likely_fix: boundOf(issue, got),
    hints: more,
  });
}

/**
 * A number past an inclusive bound meant the bound: `offset: 0` for a 1-based offset (the 0-based habit), `limit:
 * 500` where at most 50 are given. Undefined for exclusive bounds and for lengths of strings and arrays.
 */
function boundOf(issue: z.core.$ZodIssue, got: unknown): number | undefined {
  if (typeof got !== "number" || !Number.isFinite(got)) return undefined;
  if (issue.code === "too_small" && issue.origin === "number" && issue.inclusive !== false) {
    return Number(issue.minimum);
  }
  if (issue.code === "too_big" && issue.origin === "number" && issue.inclusive !== false) {
    return Number(issue.maximum);
  }
  return undefined;
}

/** The value an obvious type slip meant: `"30"` for a number, `"true"` for a boolean, `"a"` for a string array. */
export function coerceLikelyFix(expected: string, got: unknown): unknown {
  if (expected === "number" && typeof got === "string" && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/u.test(got)) {
    return Number(got);
  }
  if (expected === "boolean" && typeof got === "string") {
    const v = got.trim().toLowerCase();
    if (v === "true") return true;
    if (v === "false") return false;
  }
  if (expected === "string" && (typeof got === "number" || typeof got === "boolean")) return String(got);
  if (expected === "array" && got !== undefined && !Array.isArray(got)) return [got];
  return undefined;
}
