/**
 * What a model reads for one listed tool: its name, description and input schema as one JSON object (the clients
 * measured for bench/context put no more of a tool in the prompt), counted with OpenAI's o200k_base tokenizer.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: unknown;
  [key: string]: unknown;
}

export function modelTokens(tool: ListedTool): number {
  return countTokens(
    JSON.stringify({ name: tool.name, description: tool.description ?? "", parameters: tool.inputSchema }),
  );
}

export { countTokens };
