/**
 * Parameter normalisation for the resolved tool (docs/router.md, "Call middleware"). Per key, in input order, the first
 * rule wins: exact property → per-tool alias → same normalised name → the core matcher (unique best, confirmed) →
 * unknown_parameter. Two keys landing on one property is an error: nothing is ever overwritten. Obvious type slips
 * (`"30"` for a number, `"{\"a\": 1}"` for an object) are coerced where the schema names one plain type.
 */
import type { Correction } from "../core/corrections.js";
import { type ErrorPayload, errorPayload } from "../core/errors.js";
import { type SuggestThresholds, suggest } from "../core/suggest.js";
import { parameterNames } from "../core/tool.js";
import { isPlainObject, unknownParameterError } from "../core/validate.js";
import type { RouterTool } from "./registry.js";
import { normOf } from "./text.js";

export interface ParamOptions {
  /** false: every rename becomes an unknown_parameter error whose likely_fix is the property. */
  autoCorrect: boolean;
  thresholds: SuggestThresholds;
  /** A key that matches no parameter is kept as sent (the schema admits extra properties) instead of failing. */
  passUnknown?: boolean;
}

export type ParamOutcome =
  | { ok: true; arguments: unknown; corrections: Correction[] }
  | { ok: false; error: ErrorPayload };

export function normalizeArguments(tool: RouterTool, args: unknown, options: ParamOptions): ParamOutcome {
  if (!isPlainObject(args)) return { ok: true, arguments: args, corrections: [] };
  const properties = propertyNames(tool);
  const propertySet = new Set(properties);
  const byNorm = new Map<string, string>();
  for (const p of properties) if (!byNorm.has(normOf(p))) byNorm.set(normOf(p), p);
  const aliasByNorm = new Map<string, string>();
  for (const [alias, target] of Object.entries(tool.paramAliases)) aliasByNorm.set(normOf(alias), target);

  const out: Record<string, unknown> = {};
  const sourceOf = new Map<string, string>();
  const corrections: Correction[] = [];
  for (const [key, value] of Object.entries(args)) {
    let target: string | undefined;
    let type: string | undefined;
    let confidence = 1;
    if (propertySet.has(key)) target = key;
    else if (Object.hasOwn(tool.paramAliases, key)) {
      target = tool.paramAliases[key];
      type = "alias";
    } else {
      const norm = normOf(key);
      if (byNorm.has(norm)) {
        target = byNorm.get(norm);
        type = "normalization";
      } else if (aliasByNorm.has(norm)) {
        target = aliasByNorm.get(norm);
        type = "alias";
      } else {
        const s = suggest(key, properties, { ...options.thresholds, tokenMatch: true, namespaces: false });
        if (s.tier === "auto" && s.match) {
          target = s.match.target;
          type = "typo";
          confidence = s.match.confidence;
        }
      }
    }
    if (target === undefined && options.passUnknown && !sourceOf.has(key)) target = key;
    if (target === undefined) return { ok: false, error: unknownParameter(tool, key, undefined, options, args) };
    if (type && !options.autoCorrect) return { ok: false, error: unknownParameter(tool, key, target, options) };
    const earlier = sourceOf.get(target);
    if (earlier !== undefined) {
      return {
        ok: false,
        error: errorPayload({
          error: `Parameter '${target}' of '${tool.name}' is given twice: as '${earlier}' and as '${key}'`,
          error_type: "duplicate_parameter",
          parameter: target,
          got: [earlier, key],
          expected: target,
          hints: [`Send '${target}' once; drop '${earlier === target ? key : earlier}'`],
        }),
      };
    }
    sourceOf.set(target, key);
    out[target] = value;
    if (type) corrections.push({ parameter: key, original: key, corrected: target, correction_type: type, confidence });
  }

  // Types come from the tool's JSON Schema, costly to derive on a cold start: only read when a value could coerce.
  if (options.autoCorrect && properties.some((name) => name in out && mayCoerce(out[name]))) {
    for (const p of tool.params) {
      if (!(p.name in out) || p.textType === undefined) continue;
      const coerced = coerce(p.textType, out[p.name]);
      if (coerced !== undefined) {
        corrections.push({
          parameter: p.name,
          original: out[p.name],
          corrected: coerced,
          correction_type: "type_coercion",
          confidence: 1,
        });
        out[p.name] = coerced;
      }
    }
  }
  return { ok: true, arguments: out, corrections };
}

/** Property names in declaration order: a definition's own (no JSON Schema needed), else the listed parameters. */
function propertyNames(tool: RouterTool): string[] {
  return tool.definition ? parameterNames(tool.definition) : tool.params.map((p) => p.name);
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/u;

/** Whether `coerce` could change the value for some type: a string that reads as a number, a boolean or JSON. */
function mayCoerce(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const text = value.trim();
  return NUMBER_TEXT.test(text) || text === "true" || text === "false" || text.startsWith("{") || text.startsWith("[");
}

/** The unambiguous value for a plain JSON Schema type, or undefined when the value already fits or is not obvious. */
export function coerce(type: string, value: unknown): unknown {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if ((type === "number" || type === "integer") && NUMBER_TEXT.test(text)) {
    const n = Number(text);
    if (type === "integer" && !Number.isInteger(n)) return undefined;
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  // An object or a list sent as its JSON text (a model that serialised a nested argument twice).
  if ((type === "object" && text.startsWith("{")) || (type === "array" && text.startsWith("["))) {
    const parsed = parseJson(text);
    return (type === "object" ? isPlainObject(parsed) : Array.isArray(parsed)) ? parsed : undefined;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function unknownParameter(
  tool: RouterTool,
  key: string,
  fix: string | undefined,
  options: ParamOptions,
  args?: Record<string, unknown>,
): ErrorPayload {
  const names = tool.params.map((p) => p.name);
  const base = tool.definition
    ? unknownParameterError(tool.definition, key, options.thresholds, args)
    : errorPayload({
        error: `Unknown parameter '${key}' for tool '${tool.name}'`,
        error_type: "unknown_parameter",
        parameter: key,
        got: key,
        expected: names,
        hints: [`Valid parameters: ${names.join(", ")}`],
      });
  if (fix === undefined) return base;
  return errorPayload({
    ...base,
    likely_fix: fix,
    hints: [
      `'${key}' means '${fix}' for '${tool.name}' (auto-correction of parameters is off)`,
      `Valid parameters: ${names.join(", ")}`,
    ],
  });
}
