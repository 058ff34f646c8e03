/** Applying a likely_fix mechanically: what a scripted agent or the CLI's "Did you mean?" prompt does with it. */
import type { ErrorPayload } from "./errors.js";
import type { ToolCall } from "./invoke.js";
import { isPlainObject } from "./validate.js";

/** Splits `factors[1].numerator` into `['factors', 1, 'numerator']`. */
export function parseJsonPath(path: string): Array<string | number> | undefined {
  const out: Array<string | number> = [];
  const re = /([^.[\]]+)|\[(\d+)\]/gu;
  let consumed = 0;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m[1] !== undefined) out.push(m[1]);
    else out.push(Number(m[2]));
    consumed += m[0].length;
  }
  const separators = (path.match(/\./gu) ?? []).length;
  return out.length > 0 && consumed + separators === path.length ? out : undefined;
}

function setAt(root: Record<string, unknown>, path: Array<string | number>, value: unknown): boolean {
  let node: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (node === null || typeof node !== "object") return false;
    node = (node as Record<string | number, unknown>)[path[i]];
  }
  if (node === null || typeof node !== "object") return false;
  (node as Record<string | number, unknown>)[path[path.length - 1]] = value;
  return true;
}

/** The call with the error's likely_fix applied, or undefined when the error has none it can apply. */
export function applyLikelyFix(call: ToolCall, error: ErrorPayload): ToolCall | undefined {
  const fix = error.likely_fix;
  if (fix === undefined || fix === null) return undefined;
  if (isPlainObject(fix) && typeof fix.name === "string") {
    return { name: fix.name, arguments: structuredClone(fix.arguments ?? call.arguments ?? {}) };
  }
  const args = fixedArguments(call.arguments, error);
  return args ? { name: call.name, arguments: args } : undefined;
}

/**
 * The same arguments with a likely_fix that is not a whole call applied (a value for the parameter at fault, an
 * argument patch, a parameter's new name); undefined when the error has none that applies to them.
 */
export function fixedArguments(arguments_: unknown, error: ErrorPayload): Record<string, unknown> | undefined {
  const fix = error.likely_fix;
  if (fix === undefined || fix === null) return undefined;
  const args = isPlainObject(arguments_) ? structuredClone(arguments_) : {};
  const patch = argumentPatch(error);
  if (patch) return { ...args, ...structuredClone(patch) };
  if (error.error_type === "unknown_parameter" && typeof error.parameter === "string" && typeof fix === "string") {
    if (!(error.parameter in args)) return undefined;
    const renamed: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(args)) renamed[k === error.parameter ? fix : k] = v;
    return renamed;
  }
  if (typeof error.parameter === "string" && error.parameter !== "" && error.parameter !== "name") {
    const path = parseJsonPath(error.parameter);
    if (path && setAt(args, path, structuredClone(fix))) return args;
  }
  return undefined;
}

/**
 * A likely_fix that sets several arguments at once (`{path, offset}`, `{old_str, new_str}`): an object holding the
 * parameter at fault by name, that parameter being a top-level argument. Told apart from an object that is the
 * parameter's new value, which would not hold its own name.
 */
export function argumentPatch(error: ErrorPayload): Record<string, unknown> | undefined {
  const fix = error.likely_fix;
  const parameter = error.parameter;
  if (!isPlainObject(fix) || typeof parameter !== "string" || !/^[A-Za-z_][\w-]*$/u.test(parameter)) return undefined;
  return Object.hasOwn(fix, parameter) ? fix : undefined;
}

/** "Did you mean …?" text for a prompt. */
export function describeLikelyFix(error: ErrorPayload): string {
  const fix = error.likely_fix;
  if (isPlainObject(fix) && typeof fix.name === "string") return fix.name;
  const patch = argumentPatch(error);
  if (patch) {
    return Object.entries(patch)
      .map(([k, v]) => {
        const value = typeof v === "string" ? v : JSON.stringify(v);
        return `${k} = ${value.length > 80 ? `${value.slice(0, 79)}…` : value}`;
      })
      .join(", ");
  }
  if (error.error_type === "unknown_parameter") return `parameter '${String(fix)}'`;
  const value = typeof fix === "string" ? fix : JSON.stringify(fix);
  return error.parameter ? `${error.parameter} = ${value.length > 80 ? `${value.slice(0, 79)}…` : value}` : value;
}
