/**
 * Held-out cases written for this benchmark (not from the evaluation data), before any run on them: the tools of three
 * real MCP servers (filesystem, memory, GitHub with a GitLab twin) and a weather tool, with their real read-only
 * marks, and the slips agents make with them: misspelled names and keys, a missing or misspelled namespace, case and
 * separators, keys from another server's vocabulary, values sent as strings or as JSON text, and hallucinated names.
 * Labels follow the development set's guidelines; `args` is the call that should run where one is labelled.
 */
import type { Case, JsonSchema } from "./cases.js";

const str: JsonSchema = { type: "string" };
const num: JsonSchema = { type: "number" };
const int: JsonSchema = { type: "integer" };
const bool: JsonSchema = { type: "boolean" };
const list: JsonSchema = { type: "array", items: { type: "string" } };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: "object",
  properties,
  additionalProperties: false,
});

interface ToolSpec {
  name: string;
  inputSchema: JsonSchema;
  readOnly: boolean;
}

const TOOLS: ToolSpec[] = [
  { name: "read_text_file", inputSchema: obj({ path: str, head: num, tail: num }), readOnly: true },
  { name: "read_multiple_files", inputSchema: obj({ paths: list }), readOnly: true },
  { name: "write_file", inputSchema: obj({ path: str, content: str }), readOnly: false },
  { name: "edit_file", inputSchema: obj({ path: str, edits: { type: "array" }, dryRun: bool }), readOnly: false },
  { name: "list_directory", inputSchema: obj({ path: str }), readOnly: true },
  { name: "search_files", inputSchema: obj({ path: str, pattern: str, excludePatterns: list }), readOnly: true },
  { name: "move_file", inputSchema: obj({ source: str, destination: str }), readOnly: false },
  { name: "get_file_info", inputSchema: obj({ path: str }), readOnly: true },
  { name: "create_entities", inputSchema: obj({ entities: { type: "array" } }), readOnly: false },
  { name: "delete_entities", inputSchema: obj({ entityNames: list }), readOnly: false },
  { name: "search_nodes", inputSchema: obj({ query: str }), readOnly: true },
  { name: "open_nodes", inputSchema: obj({ names: list }), readOnly: true },
  { name: "read_graph", inputSchema: obj({}), readOnly: true },
  {
    name: "github__list_issues",
    inputSchema: obj({ owner: str, repo: str, state: str, per_page: int }),
    readOnly: true,
  },
  { name: "github__create_issue", inputSchema: obj({ owner: str, repo: str, title: str, body: str }), readOnly: false },
  { name: "github__get_file_contents", inputSchema: obj({ owner: str, repo: str, path: str }), readOnly: true },
  { name: "gitlab__list_issues", inputSchema: obj({ project_id: str, state: str }), readOnly: true },
  {
    name: "get_forecast",
    inputSchema: obj({ latitude: num, longitude: num, days: int, metric: bool, filter: obj({ kind: str }) }),
    readOnly: true,
  },
];

type Written = [
  id: string,
  kind: Case["kind"],
  call: { name: string; arguments: Record<string, unknown> },
  label: string,
  /** For unknown_param: the misnamed key (top level). */
  got?: string,
  /** The call that should run (value slips), when it differs from renaming `got` or the name alone. */
  expectedArgs?: Record<string, unknown>,
];

const WRITTEN: Written[] = [
  // Tool names: typos, case and separators, brackets.
  [
    "h-read-typo",
    "unknown_tool",
    { name: "read_text_fiel", arguments: { path: "a.txt" } },
    "likely_fix:read_text_file",
  ],
  ["h-list-camel", "unknown_tool", { name: "listDirectory", arguments: { path: "." } }, "likely_fix:list_directory"],
  [
    "h-search-kebab",
    "unknown_tool",
    { name: "search-files", arguments: { path: ".", pattern: "x" } },
    "likely_fix:search_files",
  ],
  ["h-info-swap", "unknown_tool", { name: "get_flie_info", arguments: { path: "a" } }, "likely_fix:get_file_info"],
  ["h-nodes-plural", "unknown_tool", { name: "search_node", arguments: { query: "ada" } }, "likely_fix:search_nodes"],
  ["h-graph-bracket", "unknown_tool", { name: "[read_graph]", arguments: {} }, "likely_fix:read_graph"],
  [
    "h-forecast-typo",
    "unknown_tool",
    { name: "get_forcast", arguments: { latitude: 1, longitude: 2 } },
    "likely_fix:get_forecast",
  ],
  // Tools that write: the intended name is clear, but it must be offered, not run.
  [
    "h-write-typo",
    "unknown_tool",
    { name: "write_fiel", arguments: { path: "a", content: "x" } },
    "likely_fix:write_file",
  ],
  [
    "h-delete-singular",
    "unknown_tool",
    { name: "delete_entity", arguments: { entityNames: ["a"] } },
    "likely_fix:delete_entities",
  ],
  [
    "h-move-camel",
    "unknown_tool",
    { name: "moveFile", arguments: { source: "a", destination: "b" } },
    "likely_fix:move_file",
  ],
  // Namespaces: missing, misspelled, and the other server's twin.
  [
    "h-ns-missing",
    "unknown_tool",
    { name: "get_file_contents", arguments: { owner: "o", repo: "r", path: "p" } },
    "likely_fix:github__get_file_contents",
  ],
  [
    "h-ns-typo",
    "unknown_tool",
    { name: "githb__list_issues", arguments: { owner: "o", repo: "r" } },
    "likely_fix:github__list_issues",
  ],
  [
    "h-ns-op-typo",
    "unknown_tool",
    { name: "github__list_isues", arguments: { owner: "o", repo: "r" } },
    "likely_fix:github__list_issues",
  ],
  ["h-ns-ambiguous", "unknown_tool", { name: "list_issues", arguments: { state: "open" } }, "hints"],
  ["h-ns-foreign", "unknown_tool", { name: "bitbucket__list_issues", arguments: {} }, "none"],
  // Siblings and hallucinations.
  ["h-read-file", "unknown_tool", { name: "read_files", arguments: { path: "a" } }, "hints"],
  ["h-delete-file", "unknown_tool", { name: "delete_file", arguments: { path: "a" } }, "none"],
  ["h-run-command", "unknown_tool", { name: "run_command", arguments: { command: "ls" } }, "none"],
  ["h-send-email", "unknown_tool", { name: "send_email", arguments: {} }, "none"],
  ["h-weather", "unknown_tool", { name: "get_weather", arguments: { city: "Paris" } }, "hints"],
  // Parameter keys.
  ["h-key-typo", "unknown_param", { name: "read_text_file", arguments: { pth: "a.txt" } }, "likely_fix:path", "pth"],
  [
    "h-key-camel",
    "unknown_param",
    { name: "search_files", arguments: { path: ".", Pattern: "x" } },
    "likely_fix:pattern",
    "Pattern",
  ],
  [
    "h-key-snake",
    "unknown_param",
    { name: "search_files", arguments: { path: ".", pattern: "x", exclude_patterns: ["a"] } },
    "likely_fix:excludePatterns",
    "exclude_patterns",
  ],
  [
    "h-key-perpage",
    "unknown_param",
    { name: "github__list_issues", arguments: { owner: "o", repo: "r", perPage: 5 } },
    "likely_fix:per_page",
    "perPage",
  ],
  [
    "h-key-file-path",
    "unknown_param",
    { name: "read_text_file", arguments: { file_path: "a.txt" } },
    "likely_fix:path",
    "file_path",
  ],
  [
    "h-key-query",
    "unknown_param",
    { name: "search_nodes", arguments: { querry: "ada" } },
    "likely_fix:query",
    "querry",
  ],
  [
    "h-key-dest",
    "unknown_param",
    { name: "move_file", arguments: { source: "a", destinaton: "b" } },
    "likely_fix:destination",
    "destinaton",
  ],
  [
    "h-key-write",
    "unknown_param",
    { name: "write_file", arguments: { path: "a", contents: "x" } },
    "likely_fix:content",
    "contents",
  ],
  ["h-key-lines", "unknown_param", { name: "read_text_file", arguments: { path: "a", lines: 10 } }, "hints", "lines"],
  [
    "h-key-recursive",
    "unknown_param",
    { name: "list_directory", arguments: { path: ".", recursive: true } },
    "none",
    "recursive",
  ],
  [
    "h-key-encoding",
    "unknown_param",
    { name: "read_text_file", arguments: { path: "a", encoding: "utf8" } },
    "none",
    "encoding",
  ],
  [
    "h-key-labels",
    "unknown_param",
    { name: "github__create_issue", arguments: { owner: "o", repo: "r", title: "t", labels: ["bug"] } },
    "none",
    "labels",
  ],
  ["h-key-limit", "unknown_param", { name: "search_nodes", arguments: { query: "a", limit: 5 } }, "none", "limit"],
  // Values: a number, a boolean, an object sent as text.
  [
    "h-val-number",
    "value_slip",
    { name: "read_text_file", arguments: { path: "a", head: "20" } },
    "likely_fix:read_text_file",
    undefined,
    { path: "a", head: 20 },
  ],
  [
    "h-val-integer",
    "value_slip",
    { name: "get_forecast", arguments: { latitude: 48.8, longitude: 2.3, days: "3" } },
    "likely_fix:get_forecast",
    undefined,
    { latitude: 48.8, longitude: 2.3, days: 3 },
  ],
  [
    "h-val-coords",
    "value_slip",
    { name: "get_forecast", arguments: { latitude: "48.8", longitude: "2.35" } },
    "likely_fix:get_forecast",
    undefined,
    { latitude: 48.8, longitude: 2.35 },
  ],
  [
    "h-val-bool",
    "value_slip",
    { name: "get_forecast", arguments: { latitude: 1, longitude: 2, metric: "false" } },
    "likely_fix:get_forecast",
    undefined,
    { latitude: 1, longitude: 2, metric: false },
  ],
  [
    "h-val-json",
    "value_slip",
    { name: "get_forecast", arguments: { latitude: 1, longitude: 2, filter: '{"kind":"rain"}' } },
    "likely_fix:get_forecast",
    undefined,
    { latitude: 1, longitude: 2, filter: { kind: "rain" } },
  ],
  [
    "h-val-list",
    "value_slip",
    { name: "open_nodes", arguments: { names: '["ada","bob"]' } },
    "likely_fix:open_nodes",
    undefined,
    { names: ["ada", "bob"] },
  ],
  ["h-val-not-number", "value_slip", { name: "read_text_file", arguments: { path: "a", head: "twenty" } }, "none"],
  [
    "h-val-decimal-int",
    "value_slip",
    { name: "get_forecast", arguments: { latitude: 1, longitude: 2, days: "2.5" } },
    "none",
  ],
];

export function heldOutCases(): Case[] {
  const annotations = Object.fromEntries(TOOLS.map((t) => [t.name, { readOnlyHint: t.readOnly }]));
  return WRITTEN.map(([id, kind, call, expected, got, expectedArgs]) => {
    const [label, target] = expected.split(":") as [Case["label"], string | undefined];
    return {
      id,
      kind,
      label,
      target,
      acceptable: target ? [target] : hintsFor(id),
      tools: TOOLS.map((t) => ({ name: t.name, inputSchema: t.inputSchema })),
      call,
      path: [got ?? call.name],
      got: got ?? call.name,
      annotations,
      expectedArgs,
    };
  });
}

/** Acceptable hints of the hints cases, written with them. */
function hintsFor(id: string): string[] {
  const hints: Record<string, string[]> = {
    "h-ns-ambiguous": ["github__list_issues", "gitlab__list_issues"],
    "h-read-file": ["read_text_file", "read_multiple_files"],
    "h-weather": ["get_forecast"],
    "h-key-lines": ["head", "tail"],
  };
  return hints[id] ?? [];
}
