/**
 * dwim/ai-sdk: a repair function for the Vercel AI SDK's `experimental_repairToolCall` hook (docs/adapters.md,
 * "AI SDK"). The SDK calls it when a tool call names no tool (NoSuchToolError) or its input fails the tool's schema
 * (InvalidToolInputError); it answers the corrected call when dwim's rules find one, and null otherwise, so the SDK's
 * own error stands. Every correction and every refusal is reported.
 */
import type { ToolCallRepairFunction, ToolSet } from "ai";
import { CallRepairer, type ListedTool, type RepairOptions } from "./repair.js";

export type {
  CorrectionReport,
  ListedAnnotations,
  RefusalReport,
  RepairOptions,
} from "./repair.js";

type RepairArguments = Parameters<ToolCallRepairFunction<ToolSet>>[0];

/**
 * `generateText({ tools, experimental_repairToolCall: dwimRepairToolCall({ annotations }) })`. One function serves
 * any number of calls; the tools' input schemas are read once per tool set.
 */
export function dwimRepairToolCall<TOOLS extends ToolSet = ToolSet>(
  options: RepairOptions = {},
): ToolCallRepairFunction<TOOLS> {
  const repairers = new WeakMap<object, Promise<CallRepairer>>();
  const repairerFor = (args: RepairArguments): Promise<CallRepairer> => {
    let repairer = repairers.get(args.tools);
    if (!repairer) {
      repairer = listTools(args).then((tools) => new CallRepairer(tools, "ai-sdk", options));
      repairers.set(args.tools, repairer);
    }
    return repairer;
  };
  return async (args) => {
    const input = parseInput(args.toolCall.input);
    if (input === NOT_JSON) return null;
    const repairer = await repairerFor(args);
    const outcome = repairer.repair({ name: args.toolCall.toolName, arguments: input });
    if (outcome.kind !== "corrected") return null;
    return { ...args.toolCall, toolName: outcome.name, input: JSON.stringify(outcome.arguments) };
  };
}

/**
 * The SDK's tools as listings: name, description and the JSON Schema the SDK itself derives from each input schema
 * (a schema it cannot write as JSON Schema leaves the name alone known, as for any other listing without one).
 */
async function listTools(args: RepairArguments): Promise<ListedTool[]> {
  const names = Object.keys(args.tools);
  return Promise.all(
    names.map(async (name) => ({
      name,
      description: args.tools[name]?.description,
      inputSchema: (await args.inputSchema({ toolName: name }).then(
        (schema) => schema,
        () => undefined,
      )) as ListedTool["inputSchema"],
    })),
  );
}

const NOT_JSON = Symbol("not JSON");

/** The call's input text as JSON (empty text is no arguments); text that is not JSON is not dwim's to guess. */
function parseInput(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
