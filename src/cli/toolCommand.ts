/**
 * One CLI subcommand per tool, built from the manifest (generated from the definitions) so that listing and parsing
 * load no toolset: the tool's positional parameters as arguments, every parameter as `--kebab-name <value>`
 * (tool-arguments.ts). Running the command loads what it needs and calls the tool through the same pipeline as the
 * MCP server (router middleware, validation, did_you_mean).
 */
import { type Command, Option } from "commander";
import type { CallResult, ErrorPayload, ToolCall } from "../core/index.js";
import type { DwimApp } from "../server/app.js";
import type { ToolManifest } from "../server/manifest-types.js";
import { coloursFor } from "./colour.js";
import { writeOut } from "./output.js";
import { kebab, positionalUsage, toolArguments } from "./tool-arguments.js";

export interface OutputMode {
  json: boolean;
}

/** Results go to stdout; corrections, errors and prompts to stderr (so `dwim convert 5 km mi > out` keeps the number). */
async function printResult(app: DwimApp, tool: string, result: CallResult, mode: OutputMode): Promise<void> {
  if (mode.json) {
    await writeOut(`${JSON.stringify(result.structuredContent, null, 2)}\n`);
    return;
  }
  const err = coloursFor(process.stderr);
  if (result.isError) {
    const [first = "", ...rest] = result.content
      .map((c) => c.text)
      .join("\n")
      .split("\n");
    process.stderr.write(`${[err.red(first), ...rest].join("\n")}\n`);
    return;
  }
  const { renderBody } = await import("../core/invoke.js");
  const output = result.structuredContent;
  if (output.did_you_mean) process.stderr.write(`${err.yellow("Did you mean:")} ${output.did_you_mean.message}\n`);
  // Warnings (a convention the call relied on, results dropped) are diagnostics: stderr, so stdout stays the result.
  const { warnings, ...body } = output as typeof output & { warnings?: unknown };
  if (Array.isArray(warnings) && warnings.length > 0)
    process.stderr.write(`${warnings.map((w) => `${err.yellow("warning:")} ${w}`).join("\n")}\n`);
  const definition = app.registry.lookup(tool);
  await writeOut(`${definition ? renderBody(definition, body) : JSON.stringify(body, null, 2)}\n`);
}

/** One call, with a spinner on a terminal while it lasts (progress.ts); into a pipe, nothing. */
async function invokeShowingProgress(app: DwimApp, call: ToolCall, label: string): Promise<CallResult> {
  const { invokeTool, SessionState } = await import("../core/index.js");
  const progress = process.stderr.isTTY ? (await import("./progress.js")).showProgress(label) : undefined;
  try {
    const ctx = app.context(new SessionState("cli"));
    if (progress) ctx.progress = (update) => progress.update(update);
    return await invokeTool(app.registry, call, ctx, { middleware: app.middleware });
  } finally {
    progress?.stop();
  }
}

/** Runs a call; on a TTY, offers a failed call's likely_fix and re-runs once with it ([y/N] for a destructive tool). */
export async function runCall(
  app: DwimApp,
  call: ToolCall,
  mode: OutputMode,
  label = `dwim ${call.name}`,
): Promise<number> {
  const { applyLikelyFix, describeLikelyFix } = await import("../core/index.js");
  const { canPrompt, confirm } = await import("./prompt.js");
  let result = await invokeShowingProgress(app, call, label);
  let ran = call.name;
  if (result.isError && !mode.json && canPrompt()) {
    const error = result.structuredContent as ErrorPayload;
    const fixed = applyLikelyFix(call, error);
    if (fixed) {
      await printResult(app, call.name, result, mode);
      const destructive = app.registry.lookup(fixed.name)?.annotations.destructiveHint === true;
      if (!(await confirm(`Did you mean ${describeLikelyFix(error)}?`, !destructive))) return 1;
      result = await invokeShowingProgress(app, fixed, label);
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

/** `--help`'s note on how arguments and flags relate, naming this tool's own. */
function argumentsHelp(tool: ToolManifest): string {
  const words = positionalUsage(tool).split(" ");
  const pairs = tool.positional.map((name, i) => `${words[i]} is --${kebab(name)}`).join(", ");
  return [
    "",
    `Each argument may be given as a flag instead (${pairs});`,
    "giving one both ways is an error. A list takes JSON or commas (--name a,b);",
    `--args '{"name": value}' gives any parameter as JSON.`,
  ].join("\n");
}

export function addToolCommand(program: Command, tool: ToolManifest, getApp: () => Promise<DwimApp>): void {
  const cmd = program.command(tool.command).description(tool.summary);
  if (tool.command !== kebab(tool.name)) cmd.alias(kebab(tool.name));
  // Declared optional: a required parameter may come as its flag instead; toolArguments checks it is given once.
  for (const name of tool.positional) {
    const p = tool.params.find((q) => q.name === name);
    cmd.argument(`[${kebab(name)}]`, `${p?.description ?? name}${p?.required ? "" : " (optional)"}`);
  }
  cmd.usage(`[options] ${positionalUsage(tool)}`.trimEnd());
  for (const p of tool.params) {
    const flag = p.textType === "boolean" ? `--${kebab(p.name)} [bool]` : `--${kebab(p.name)} <value>`;
    const opt = new Option(flag, p.description ?? "");
    if (p.enum) opt.choices(p.enum.map(String));
    cmd.addOption(opt);
  }
  cmd.option("--args <json>", "all arguments as one JSON object (merged under the flags)");
  cmd.option("--json", "print the structured result as JSON");
  if (tool.positional.length > 0) cmd.addHelpText("after", argumentsHelp(tool));
  cmd.action(async (...received: unknown[]) => {
    const positionals = received.slice(0, tool.positional.length) as Array<string | undefined>;
    const options = received[tool.positional.length] as Record<string, unknown>;
    const parsed = toolArguments(tool, positionals, options);
    if (!parsed.ok) cmd.error(`error: ${parsed.usage}`, { exitCode: 2, code: "dwim.usage" });
    else
      process.exitCode = await runCall(
        await getApp(),
        { name: tool.name, arguments: parsed.args },
        { json: options.json === true },
        `dwim ${tool.command}`,
      );
  });
}
