/**
 * One successful call per tool (some in two forms, some through a corrected name or parameter), in an order that
 * works in one session: define before convert, remember before recall. Run in a directory holding notes.txt with
 * "alpha\nbeta parse config\ngamma\n". Shared by the output-schema test and the fuzz test.
 */
export const SAMPLES: Array<[string, Record<string, unknown>]> = [
  ["fuzzy_search_content", { fuzzy_filter: "parse config" }],
  ["fuzzy_search_content", { fuzzy_filter: "zzzqqq" }],
  ["fuzzy_search_content", { fuzzy_filter: "config", regex_pattern: "parse config" }],
  ["fuzzy_search_files", { fuzzy_filter: "notes" }],
  ["fuzzy_search_files", { fuzzy_filter: "*.txt" }],
  ["read_file", { path: "notes.txt" }],
  ["read_file", { pth: "notes.txt", limit: 1 }],
  ["edit_file", { path: "notes.txt", old_str: "gamma", new_str: "delta" }],
  ["edit_file", { path: "notes.txt", old_str: "delta\\n", new_str: "epsilon\\n", dry_run: true }],
  ["edit_file", { path: "created.txt", old_str: "", new_str: "x\n" }],
  ["convert", { value: 5, from_unit: "km", to_unit: "mi" }],
  ["convrt", { value: 100, from: "degF", to: "degC" }],
  ["compute", { initial_value: 2, initial_unit: "kg", factors: [{ numerator: "2.205 lb", denominator: "1 kg" }] }],
  ["check_dimensions", { unit_a: "N*m", unit_b: "J" }],
  ["check_dimensions", { unit_a: "km", unit_b: "mi" }],
  ["list_units", { dimension: "length", limit: 2 }],
  ["list_scales", {}],
  ["list_dimensions", {}],
  ["define_unit", { name: "smoot", dimension: "length" }],
  ["define_conversion", { src: "smoot", dst: "m", factor: 1.7018 }],
  ["reset_session", {}],
  ["remember", { content: "Use pnpm workspaces for the monorepo", category: "decision", tags: ["build"] }],
  ["remember_batch", { memories: [{ content: "Avoid global state in handlers", category: "gotcha" }] }],
  ["recall", { topic: "pnpm workspaces", explain: true }],
  ["search_memories", { query: "pnpm" }],
  ["record_outcome", { memory_id: 1, worked: false, outcome: "broke CI" }],
  ["forget", { memory_id: 2 }],
  ["forget", { memory_id: [2], purge: true }],
  ["analyze_intent", { query: "convert miles to km" }],
  ["resolve_tool", { tool_name: "convrt" }],
  ["list_capabilities", { limit: 2 }],
  ["list_capabilities", { detail: "full", namespace: "units" }],
];
