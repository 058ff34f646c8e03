/**
 * One CLI subcommand per tool, built from the manifest (generated from the definitions) so that listing and parsing
 * load no toolset: positional parameters from `cli.positional`, every other property as `--kebab-name <value>`,
 * values read by the JSON Schema type. Running the command loads the tool's own toolset and calls it through the same
 * pipeline as the MCP server (router middleware, validation, did_you_mean).
 */
import { type Command, Option } from "commander";
import type { CallResult, ErrorPayload, ToolCall } from "../core/index.js";
import type { Parameter } from "../core/parameters.js";
import type { DwimApp } from "../server/app.js";
import type { ToolManifest } from "../server/manifest-types.js";
import { withDidYouMean } from "./suggestions.js";

export function kebab(name: string): string {
  return name.replaceAll("_", "-");
}

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

export interface OutputMode {
  json: boolean;
}

/** Results go to stdout; corrections, errors and prompts to stderr (so `dwim convert 5 km mi > out` keeps the number). */
async function printResult(app: DwimApp, tool: string, result: CallResult, mode: OutputMode): Promise<void> {
  if (mode.json) {
    process.stdout.write(`${JSON.stringify(result.structuredContent, null, 2)}\n`);
    return;
  }
  if (result.isError) {
    process.stderr.write(`${result.content.map((c) => c.text).join("\n")}\n`);
    return;
  }
  const { renderBody } = await import("../core/invoke.js");
  const output = result.structuredContent;
  if (output.did_you_mean) process.stderr.write(`Did you mean: ${output.did_you_mean.message}\n`);
  // Warnings (a convention the call relied on, results dropped) are diagnostics: stderr, so stdout stays the result.
  const { warnings, ...body } = output as typeof output & { warnings?: unknown };
  if (Array.isArray(warnings) && warnings.length > 0)
    process.stderr.write(`warning: ${warnings.join("\nwarning: ")}\n`);
  const definition = app.registry.lookup(tool);
  process.stdout.write(`${definition ? renderBody(definition, body) : JSON.stringify(body, null, 2)}\n`);
}

/** Runs a call; on a TTY, offers a failed call's likely_fix and re-runs once with it ([y/N] for a destructive tool). */
export async function runCall(app: DwimApp, call: ToolCall, mode: OutputMode): Promise<number> {
  const { applyLikelyFix, describeLikelyFix, invokeTool, SessionState } = await import("../core/index.js");
  const { canPrompt, confirm } = await import("./prompt.js");
  const ctx = app.context(new SessionState("cli"));
  let result = await invokeTool(app.registry, call, ctx, { middleware: app.middleware });
  let ran = call.name;
  if (result.isError && !mode.json && canPrompt()) {
    const error = result.structuredContent as ErrorPayload;
    const fixed = applyLikelyFix(call, error);
    if (fixed) {
      await printResult(app, call.name, result, mode);
      const destructive = app.registry.lookup(fixed.name)?.annotations.destructiveHint === true;
      if (!(await confirm(`Did you mean ${describeLikelyFix(error)}?`, !destructive))) return 1;
      result = await invokeTool(app.registry, fixed, ctx, { middleware: app.middleware });
      ran = fixed.name;
    }
  }
  await printResult(app, resolvedName(ran, result), result, mode);
  return result.isError ? 1 : 0;
}

function resolvedName(requested: string, result: CallResult): string {
  if (result.isError) return requested;
  const renamed = result.structuredContent.did_you_mean?.corrections.find((c) => c.parameter === "name")?.corrected;
  return typeof renamed === "string" ? renamed : requested;
}

export function addToolCommand(program: Command, tool: ToolManifest, getApp: () => Promise<DwimApp>): void {
  const props = new Map(tool.params.map((p) => [p.name, p]));
  const cmd = program.command(tool.command).description(tool.summary);
  if (tool.command !== kebab(tool.name)) cmd.alias(kebab(tool.name));
  for (const name of tool.positional) {
    const p = props.get(name);
    cmd.argument(p?.required ? `<${kebab(name)}>` : `[${kebab(name)}]`, p?.description ?? name);
  }
  for (const p of tool.params) {
    if (tool.positional.includes(p.name)) continue;
    const flag = p.textType === "boolean" ? `--${kebab(p.name)} [bool]` : `--${kebab(p.name)} <value>`;
    const opt = new Option(flag, p.description ?? "");
    if (p.enum) opt.choices(p.enum.map(String));
    cmd.addOption(opt);
  }
  cmd.option("--args <json>", "all arguments as one JSON object (merged under the flags)");
  cmd.option("--json", "print the structured result as JSON");
  withDidYouMean(cmd);
  cmd.action(async (...received: unknown[]) => {
    const options = received[tool.positional.length] as Record<string, unknown>;
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
    tool.positional.forEach((name, i) => {
      const v = received[i];
      if (typeof v === "string") args[name] = readCliValue(v, props.get(name) ?? { types: [] });
    });
    for (const p of tool.params) {
      const v = options[camel(p.name)];
      if (v === undefined || tool.positional.includes(p.name)) continue;
      args[p.name] = v === true ? true : readCliValue(String(v), p);
    }
    process.exitCode = await runCall(
      await getApp(),
      { name: tool.name, arguments: args },
      { json: options.json === true },
    );
  });
}
