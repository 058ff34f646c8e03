/**
 * The development set of real LLM name errors (typos/llm_name_errors_dev.jsonl under DWIM_DATA_DIR) as calls a framework
 * can replay: per row, the tools that were valid (JSON Schema inputs that admit no other key, as the source
 * benchmarks checked them) and the call the model made, with the label saying what a good answer is.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_FILES, requireData } from "../lib/datasets.js";

type Label = "likely_fix" | "hints" | "none";

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean;
}

export interface Case {
  id: string;
  kind: "unknown_tool" | "unknown_param" | "value_slip";
  label: Label;
  /** The name the label says was meant (likely_fix rows). */
  target?: string;
  /** Names a good hint list should hold (hints rows), the target included. */
  acceptable: string[];
  tools: Array<{ name: string; inputSchema: JsonSchema }>;
  call: { name: string; arguments: Record<string, unknown> };
  /** Where the misnamed key sits (`files.[].patches.[].content`), for unknown_param rows. */
  path: string[];
  got: string;
  /** The developer's marks (held-out cases); the development set has none, so every tool is marked read-only. */
  annotations?: Record<string, { readOnlyHint: boolean }>;
  /** Value slips: the arguments that should run. */
  expectedArgs?: Record<string, unknown>;
}

interface Row {
  case_id: string;
  kind: string;
  tool?: string;
  parameter_path?: string;
  got: string;
  valid_names: string[];
  expected: string;
  acceptable_hints: string[];
}

export function loadCases(): { cases: Case[]; skipped: number } {
  const data = requireData("npm run bench -- frameworks", [DATA_FILES.llmNameErrors]);
  const file = join(data, DATA_FILES.llmNameErrors.path);
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);
  const cases: Case[] = [];
  let skipped = 0;
  for (const row of rows) {
    const made = caseOf(row);
    if (made) cases.push(made);
    else skipped++;
  }
  return { cases, skipped };
}

const OPEN: JsonSchema = { type: "object", properties: {} };

function caseOf(row: Row): Case | undefined {
  const [label, target] = row.expected.split(":") as [Label, string | undefined];
  const base = { id: row.case_id, label, target, acceptable: [...row.acceptable_hints, ...(target ? [target] : [])] };
  if (row.kind === "unknown_tool") {
    return {
      ...base,
      kind: "unknown_tool",
      tools: row.valid_names.map((name) => ({ name, inputSchema: OPEN })),
      call: { name: row.got, arguments: {} },
      path: [row.got],
      got: row.got,
    };
  }
  if (row.kind !== "unknown_param" || !row.tool) return undefined;
  const path = (row.parameter_path ?? row.got).split(".");
  const leaf: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(row.valid_names.map((n) => [n, {}])),
    additionalProperties: false,
  };
  return {
    ...base,
    kind: "unknown_param",
    tools: [{ name: row.tool, inputSchema: nest(path.slice(0, -1), leaf) }],
    call: { name: row.tool, arguments: valueAt(path, "x") as Record<string, unknown> },
    path,
    got: row.got,
  };
}

/** The schema that holds `leaf` under the path's keys and arrays (`files`, `[]`, `patches`, `[]`). */
function nest(path: readonly string[], leaf: JsonSchema): JsonSchema {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const inner = nest(rest, leaf);
  if (head === "[]") return { type: "array", items: inner };
  return { type: "object", properties: { [head]: inner }, additionalProperties: false };
}

function valueAt(path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === "[]" ? [valueAt(rest, value)] : { [head]: valueAt(rest, value) };
}

/** Keys at the misnamed key's level in `input` that the call did not send there: what `got` became. */
export function renamedKeys(c: Case, input: unknown): string[] {
  const sent = keysAtLeaf(c.call.arguments, c.path);
  return keysAtLeaf(input, c.path).filter((k) => !sent.includes(k));
}

/** The keys of the object at the misnamed key's level in `input`, or none when the path is not there. */
function keysAtLeaf(input: unknown, path: readonly string[]): string[] {
  let node = input;
  for (const step of path.slice(0, -1)) {
    if (step === "[]") node = Array.isArray(node) ? node[0] : undefined;
    else node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[step] : undefined;
  }
  return node !== null && typeof node === "object" && !Array.isArray(node) ? Object.keys(node) : [];
}
