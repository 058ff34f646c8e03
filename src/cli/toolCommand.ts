/**
 * One CLI subcommand per tool, derived from its definition: positional parameters from `cli.positional`, every other
 * property as `--kebab-name <value>`, values read by the JSON Schema type. The call runs through the same pipeline as
 * the MCP server (router middleware, validation, did_you_mean).
 */
import { type Command, Option } from "commander";
import {
  type AnyToolDefinition,
  applyLikelyFix,
  type CallResult,
  describeLikelyFix,
  type ErrorPayload,
  inputJsonSchema,
  invokeTool,
  SessionState,
  summaryOf,
  type ToolCall,
} from "../core/index.js";
import type { DwimApp } from "../server/app.js";
import { canPrompt, confirm } from "./prompt.js";

interface JsonProp {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
}

export function kebab(name: string): string {
  return name.replaceAll("_", "-");
}

function camel(name: string): string {
  return name.replace(/[-_]([a-z0-9])/gu, (_, c: string) => c.toUpperCase());
}

/** Reads a CLI string as the JSON Schema type wants it; leaves it a string when it does not parse (validation reports). */
export function readCliValue(text: string, prop: JsonProp): unknown {
  const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
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
      return type === "array" ? text.split(",").map((s) => s.trim()) : text;
    }
  }
  return text;
}

export interface OutputMode {
  json: boolean;
}

export function printResult(tool: string, result: CallResult, mode: OutputMode): void {
  if (mode.json) {
    process.stdout.write(`${JSON.stringify(result.structuredContent, null, 2)}\n`);
    return;
  }
  const text = result.content.map((c) => c.text).join("\n");
  if (result.isError) process.stderr.write(`${text}\n`);
  else process.stdout.write(`${text}\n`);
  void tool;
}

/** Runs a call; on a TTY, offers a failed call's likely_fix and re-runs once with it. */
export async function runCall(app: DwimApp, call: ToolCall, mode: OutputMode): Promise<number> {
  const ctx = app.context(new SessionState("cli"));
  let result = await invokeTool(app.registry, call, ctx, { middleware: app.middleware });
  if (result.isError && !mode.json && canPrompt()) {
    const error = result.structuredContent as ErrorPayload;
    const fixed = applyLikelyFix(call, error);
    if (fixed) {
      printResult(call.name, result, mode);
      if (await confirm(`Did you mean ${describeLikelyFix(error)}?`)) {
        result = await invokeTool(app.registry, fixed, ctx, { middleware: app.middleware });
      } else return 1;
    }
  }
  printResult(call.name, result, mode);
  return result.isError ? 1 : 0;
}

export function addToolCommand(program: Command, tool: AnyToolDefinition, getApp: () => DwimApp): void {
  const schema = inputJsonSchema(tool) as { properties?: Record<string, JsonProp>; required?: string[] };
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const cmd = program.command(tool.cli.command).description(summaryOf(tool.description));
  if (tool.cli.command !== tool.name.replaceAll("_", "-")) cmd.alias(tool.name.replaceAll("_", "-"));
  for (const p of tool.cli.positional)
    cmd.argument(required.has(p) ? `<${kebab(p)}>` : `[${kebab(p)}]`, props[p]?.description ?? p);
  for (const [name, prop] of Object.entries(props)) {
    if (tool.cli.positional.includes(name)) continue;
    const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
    const flag = type === "boolean" ? `--${kebab(name)} [bool]` : `--${kebab(name)} <value>`;
    const opt = new Option(flag, prop.description ?? "");
    if (prop.enum) opt.choices(prop.enum.map(String));
    cmd.addOption(opt);
  }
  cmd.option("--args <json>", "all arguments as one JSON object (merged under the flags)");
  cmd.option("--json", "print the structured result as JSON");
  cmd.action(async (...received: unknown[]) => {
    const options = received[tool.cli.positional.length] as Record<string, unknown>;
    const args: Record<string, unknown> = {};
    if (typeof options.args === "string") {
      try {
        Object.assign(args, JSON.parse(options.args));
      } catch {
        process.stderr.write("--args must be a JSON object\n");
        process.exitCode = 2;
        return;
      }
    }
    tool.cli.positional.forEach((name, i) => {
      const v = received[i];
      if (typeof v === "string") args[name] = readCliValue(v, props[name] ?? {});
    });
    for (const name of Object.keys(props)) {
      const v = options[camel(name)];
      if (v === undefined || tool.cli.positional.includes(name)) continue;
      args[name] = v === true ? true : readCliValue(String(v), props[name]);
    }
    process.exitCode = await runCall(getApp(), { name: tool.name, arguments: args }, { json: options.json === true });
  });
}
