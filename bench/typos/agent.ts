/**
 * One-retry convergence: a scripted agent calls dwim's real tools through the real pipeline (router
 * middleware, validation) with a misspelled tool or parameter name in an otherwise complete call (every required
 * argument given a plausible value); when the answer is an error with a likely_fix it applies the fix mechanically and
 * calls again. Handlers are replaced by an echo so that no file is touched; a case counts only when the same call
 * with the right name passes validation (the control).
 */
import {
  type AnyToolDefinition,
  applyLikelyFix,
  type ErrorPayload,
  inputJsonSchema,
  invokeTool,
  loadConfig,
  parameterNames,
  requiredParameters,
  SessionState,
  type ToolCall,
  type Toolset,
} from "../../src/core/index.js";
import { configSectionsOf, createApp } from "../../src/server/app.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { generateTypos } from "./generate.js";

export interface Convergence {
  calls: number;
  auto: number;
  oneRetry: number;
  wrong: number;
  notConverged: number;
  autoIntoDestructive: number;
}

interface Echo {
  tool: string;
  keys: string[];
}

function placeholder(prop: { type?: string | string[]; enum?: unknown[] }): unknown {
  if (prop.enum && prop.enum.length > 0) return prop.enum[0];
  const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") return {};
  return "x";
}

function echoTools(): { sets: Toolset[]; tools: AnyToolDefinition[] } {
  const tools = TOOLSETS.flatMap((set) =>
    set.tools.map(
      (t): AnyToolDefinition => ({
        ...t,
        handler: (args: Record<string, unknown>) => ({ tool: t.name, keys: Object.keys(args) }),
      }),
    ),
  );
  return { sets: [{ name: "echo", description: "echo", tools }], tools };
}

export async function measureConvergence(): Promise<Convergence> {
  const { sets, tools } = echoTools();
  const env = { DWIM_LOG: "0" };
  const config = loadConfig({ userFile: null, projectFile: null, env, sections: configSectionsOf(TOOLSETS) });
  const app = createApp({ toolsets: sets, env, config });
  const ctx = app.context(new SessionState("bench"));
  const result: Convergence = { calls: 0, auto: 0, oneRetry: 0, wrong: 0, notConverged: 0, autoIntoDestructive: 0 };

  const run = async (call: ToolCall, truthTool: string, truthKey?: string) => {
    result.calls++;
    const first = await invokeTool(app.registry, call, ctx, { middleware: app.middleware });
    const ok = (echo: Echo) => echo.tool === truthTool && (truthKey === undefined || echo.keys.includes(truthKey));
    if (!first.isError) {
      const echo = first.structuredContent as unknown as Echo;
      if (ok(echo)) result.auto++;
      else result.wrong++;
      if (echo.tool !== call.name && app.registry.get(echo.tool)?.annotations.destructiveHint)
        result.autoIntoDestructive++;
      return;
    }
    const fixed = applyLikelyFix(call, first.structuredContent as ErrorPayload);
    if (!fixed) {
      result.notConverged++;
      return;
    }
    const second = await invokeTool(app.registry, fixed, ctx, { middleware: app.middleware });
    if (second.isError) result.notConverged++;
    else if (ok(second.structuredContent as unknown as Echo)) result.oneRetry++;
    else result.wrong++;
  };

  const baseArgs = (tool: AnyToolDefinition): Record<string, unknown> => {
    const schema = inputJsonSchema(tool) as { properties?: Record<string, { type?: string; enum?: unknown[] }> };
    return Object.fromEntries(requiredParameters(tool).map((p) => [p, placeholder(schema.properties?.[p] ?? {})]));
  };
  const passes = async (call: ToolCall) =>
    !(await invokeTool(app.registry, call, ctx, { middleware: app.middleware })).isError;

  for (const tool of tools) {
    const args = baseArgs(tool);
    if (!(await passes({ name: tool.name, arguments: args }))) continue;
    for (const typo of generateTypos([tool.name], 11)) {
      if (app.registry.lookup(typo.input)) continue;
      await run({ name: typo.input, arguments: args }, typo.truth);
    }
  }
  for (const tool of tools) {
    const schema = inputJsonSchema(tool) as { properties?: Record<string, { type?: string; enum?: unknown[] }> };
    const params = parameterNames(tool);
    const args = baseArgs(tool);
    for (const typo of generateTypos(params, 13)) {
      if (params.includes(typo.input)) continue;
      const value = typo.truth in args ? args[typo.truth] : placeholder(schema.properties?.[typo.truth] ?? {});
      const correct = { ...args, [typo.truth]: value };
      if (!(await passes({ name: tool.name, arguments: correct }))) continue;
      const { [typo.truth]: _, ...rest } = correct;
      await run({ name: tool.name, arguments: { ...rest, [typo.input]: value } }, tool.name, typo.truth);
    }
  }
  return result;
}
