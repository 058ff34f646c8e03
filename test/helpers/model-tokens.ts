/**
 * What a model reads for one tool of `tools/list`: its name, description and input schema as one JSON object, the
 * way clients put tools in the prompt (none of the measured clients shows the outputSchema or annotations; see
 * docs/clients.md, "Context cost and which tools to serve"), counted with OpenAI's o200k_base tokenizer. The context
 * bench and the test that holds the budget count the same way.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: unknown;
}

/** Model-visible tokens of one listed tool. */
export function modelVisibleTokens(tool: ListedTool): number {
  return countTokens(
    JSON.stringify({ name: tool.name, description: tool.description ?? "", parameters: tool.inputSchema }),
  );
}

/** The budget of dwim's tools/list: every tool served together, and any single tool. */
export const CONTEXT_BUDGET = { total: 2500, perTool: 250 } as const;
