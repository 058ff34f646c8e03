/**
 * A tool subcommand's command line as the tool's arguments. Positional arguments are the tool's positional parameters
 * (core/parameters.ts, positionalParameters) in order; every parameter is also a flag, `--kebab-name <value>`; values
 * are read as the parameter model's types; `--args` gives any of them as one JSON object, under the rest. A mistake
 * here is a usage error (exit 2), told before any toolset loads.
 */
import type { Parameter } from "../core/parameters.js";
import type { ToolManifest } from "../server/manifest-types.js";

export function kebab(name: string): string {
  return name.replaceAll("_", "-");
}

/** The key commander stores `--kebab-name` under. */
function camel(name: string): string {
  return name.replace(/[-_]([a-z0-9])/gu, (_, c: string) => c.toUpperCase());
}

/**
 * Reads a CLI string as the parameter model's text type wants it, then, for a union with a list branch (`memory_id`:
 * an id or a list), as that list; leaves it a string when nothing parses (validation reports).
 */
export function readCliValue(text: string, param: Pick<Parameter, "textType" | "types" | "items">): unknown {
  const value = readAs(param.textType, text, param.items);
  if (value === text && param.textType !== "string" && param.types.includes("array")) {
    return readAs("array", text, param.items);
  }
  return value;
}

/** `text` as a value of `type`; a list written with commas has each element read as `items`. */
function readAs(type: string | undefined, text: string, items?: string): unknown {
  if (type === "number" || type === "integer") {
    const n = Number(text);
    return text.trim() !== "" && Number.isFinite(n) ? n : text;
  }
  if (type === "boolean") {
    if (text === "true" || text === "") return true;
    if (text === "false") return false;
    return text;
  }
  if (type === "array" || type === "object") {
    try {
      return JSON.parse(text);
    } catch {
      return type === "array" ? text.split(",").map((s) => readAs(items, s.trim())) : text;
    }
  }
  return text;
}

/** How `dwim <command> --help` writes the positional arguments: `<required> [optional]`. */
export function positionalUsage(tool: Pick<ToolManifest, "positional" | "params">): string {
  return tool.positional
    .map((name) => (tool.params.find((p) => p.name === name)?.required ? `<${kebab(name)}>` : `[${kebab(name)}]`))
    .join(" ");
}

export type ToolArguments = { ok: true; args: Record<string, unknown> } | { ok: false; usage: string };

function fromJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The call's arguments from the positional values (in `tool.positional` order, undefined where not given) and the
 * parsed flags (commander's option values, by camelCase name; `args` holds `--args`).
 */
export function toolArguments(
  tool: Pick<ToolManifest, "positional" | "params">,
  positionals: ReadonlyArray<string | undefined>,
  flags: Readonly<Record<string, unknown>>,
): ToolArguments {
  const args: Record<string, unknown> = {};
  if (typeof flags.args === "string") {
    const json = fromJson(flags.args);
    if (!json) return { ok: false, usage: "--args must be a JSON object, such as '{\"limit\": 5}'" };
    Object.assign(args, json);
  }
  for (const p of tool.params) {
    const flag = flags[camel(p.name)];
    const at = tool.positional.indexOf(p.name);
    const given = at >= 0 ? positionals[at] : undefined;
    if (given !== undefined && flag !== undefined) {
      return {
        ok: false,
        usage:
          `${kebab(p.name)} is given twice: as the argument '${given}' and as --${kebab(p.name)} ${flag === true ? "" : String(flag)}`.trimEnd(),
      };
    }
    if (given !== undefined) args[p.name] = readCliValue(given, p);
    else if (flag !== undefined) args[p.name] = flag === true ? true : readCliValue(String(flag), p);
  }
  // With --args, a required value may arrive under one of the tool's parameter aliases: validation then decides.
  if (typeof flags.args === "string") return { ok: true, args };
  const missing = tool.params.filter((p) => p.required && args[p.name] === undefined);
  if (missing.length === 0) return { ok: true, args };
  const named = missing.map((p) =>
    tool.positional.includes(p.name) ? `<${kebab(p.name)}> (or --${kebab(p.name)})` : `--${kebab(p.name)}`,
  );
  return { ok: false, usage: `missing ${named.join(", ")}` };
}
