/**
 * dwim's 21 tools as docs/router.md describes them: real defineTool objects with names, descriptions, keywords,
 * aliases, parameter aliases, annotations, the served tools' example requests and small zod inputs; handlers echo
 * their arguments (convert knows km → mi, enough for conformance case 39).
 */
import { z } from "zod";
import { type AnyToolDefinition, defineTool, type ToolOutput } from "../../src/core/tool.js";
import { ROUTER_TOOLS } from "../../src/router/tools.js";
import { TOOLSETS } from "../../src/server/toolsets.js";

const echo = (args: Record<string, unknown>): ToolOutput => ({ echo: args });

const searchTools = [
  defineTool({
    name: "fuzzy_search_content",
    title: "Fuzzy search file contents",
    description:
      "Search the text inside files: ripgrep preselects lines with a regex, then fzf ranks them by a fuzzy filter. " +
      "Returns matching lines with file, line number and score.",
    toolset: "search",
    keywords: [
      "grep",
      "search",
      "text",
      "content",
      "lines",
      "mention",
      "contain",
      "occurrence",
      "code",
      "todo",
      "pattern",
    ],
    aliases: ["grep", "rg", "search_content", "search_text"],
    paramAliases: { query: "fuzzy_filter", filter: "fuzzy_filter", pattern: "regex_pattern" },
    input: {
      fuzzy_filter: z.string().min(1),
      path: z.string().default("."),
      regex_pattern: z.string().default("."),
      limit: z.number().int().min(1).max(1000).default(50),
    },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "fuzzy_search_files",
    title: "Fuzzy search file paths",
    description: "Find files by name: lists paths under a directory and ranks them by a fuzzy filter on the path.",
    toolset: "search",
    keywords: ["find", "files", "file names", "paths", "locate", "directory", "glob", "filename", "named"],
    aliases: ["find_files", "glob", "search_files"],
    paramAliases: { query: "fuzzy_filter", filter: "fuzzy_filter" },
    input: {
      fuzzy_filter: z.string().min(1),
      path: z.string().default("."),
      hidden: z.boolean().default(false),
      limit: z.number().int().min(1).max(1000).default(50),
    },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
];

const editTools = [
  defineTool({
    name: "edit_file",
    title: "Edit a file",
    description:
      "Replace a unique string in a file with another (old_str → new_str), correcting over-escaped or slightly " +
      "wrong old_str when the match is unique; writes atomically. An empty old_str creates the file.",
    toolset: "edit",
    keywords: ["edit", "replace", "change", "modify", "string", "substitute", "write", "patch", "update", "file"],
    aliases: ["str_replace"],
    paramAliases: {
      file_path: "path",
      old_string: "old_str",
      oldText: "old_str",
      new_string: "new_str",
      newText: "new_str",
    },
    input: {
      path: z.string(),
      old_str: z.string(),
      new_str: z.string(),
      replace_all: z.boolean().default(false),
    },
    annotations: { destructiveHint: true },
    handler: echo,
  }),
  defineTool({
    name: "read_file",
    title: "Read a file",
    description: "Read a text file, or a range of its lines, with line numbers. Shows the content of a file.",
    toolset: "edit",
    keywords: ["read", "show", "open", "view", "display", "print", "cat", "contents", "readme", "source"],
    aliases: ["cat", "view_file"],
    paramAliases: { file_path: "path", filepath: "path", file: "path" },
    input: {
      path: z.string(),
      offset: z.number().int().min(1).default(1),
      limit: z.number().int().min(1).max(5000).default(2000),
    },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
];

const KM_IN_MI = 1.609344;

const unitTools = [
  defineTool({
    name: "convert",
    title: "Convert units",
    description:
      "Convert a quantity from one unit to another: length, mass, volume, temperature, pressure, energy and more. " +
      "Misspelled unit names are corrected.",
    toolset: "units",
    keywords: [
      "convert",
      "conversion",
      "unit",
      "units",
      "miles",
      "kilometers",
      "grams",
      "pounds",
      "meters",
      "feet",
      "celsius",
      "fahrenheit",
      "how many",
      "in",
      "to",
    ],
    aliases: ["convert_units", "unit_convert"],
    paramAliases: { from: "from_unit", to: "to_unit", amount: "value" },
    input: { value: z.number(), from_unit: z.string(), to_unit: z.string() },
    annotations: { readOnlyHint: true },
    handler(args) {
      if (args.from_unit === "km" && args.to_unit === "mi") {
        return { quantity: Math.round((args.value / KM_IN_MI) * 1e6) / 1e6, unit: "mi" };
      }
      return { echo: args };
    },
  }),
  defineTool({
    name: "compute",
    title: "Compute with units",
    description:
      "Multiply a starting quantity by a chain of conversion factors (dimensional analysis), checking that units " +
      "cancel at every step; for doses, rates and unit arithmetic.",
    toolset: "units",
    keywords: [
      "compute",
      "calculate",
      "multiply",
      "factors",
      "chain",
      "dimensional analysis",
      "dose",
      "rate",
      "arithmetic",
    ],
    input: {
      initial_value: z.number(),
      initial_unit: z.string(),
      factors: z.array(z.object({ value: z.number().default(1), numerator: z.string(), denominator: z.string() })),
    },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "check_dimensions",
    title: "Check dimensions",
    description: "Check whether two units measure the same dimension and can be converted into each other.",
    toolset: "units",
    keywords: [
      "compatible",
      "dimension",
      "same",
      "comparable",
      "check",
      "units",
      "convertible",
      "newtons",
      "joules",
      "watts",
      "pascals",
    ],
    paramAliases: { unit1: "unit_a", unit2: "unit_b" },
    input: { unit_a: z.string(), unit_b: z.string() },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "list_units",
    title: "List units",
    description: "List the known units, filtered by dimension (length, pressure, ...), kind or a search text.",
    toolset: "units",
    keywords: ["units", "list", "available", "known", "supported", "pressure", "length", "which units"],
    input: {
      dimension: z.string().optional(),
      kind: z.string().optional(),
      query: z.string().optional(),
      limit: z.number().int().min(1).max(500).default(50),
      cursor: z.string().optional(),
    },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "list_scales",
    title: "List scales",
    description: "List the SI and binary prefixes (kilo, milli, kibi, ...) with their factors.",
    toolset: "units",
    keywords: ["prefix", "prefixes", "scale", "kilo", "milli", "mega", "si"],
    input: {},
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "list_dimensions",
    title: "List dimensions",
    description: "List the physical dimensions (length, mass, time, ...) with their formulas and example units.",
    toolset: "units",
    keywords: ["dimensions", "physical", "quantity kinds", "formula", "base dimensions"],
    input: {},
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "define_unit",
    title: "Define a unit",
    description: "Define a custom unit for this session, with its dimension, symbol and aliases.",
    toolset: "units",
    keywords: ["define", "custom", "new unit", "add unit", "register"],
    input: {
      name: z.string(),
      dimension: z.string(),
      symbol: z.string().optional(),
      aliases: z.array(z.string()).optional(),
    },
    handler: echo,
  }),
  defineTool({
    name: "define_conversion",
    title: "Define a conversion",
    description: "Define a conversion factor between two units for this session (dst = src × factor + offset).",
    toolset: "units",
    keywords: ["define", "custom", "factor", "conversion", "rate", "exchange"],
    input: { src: z.string(), dst: z.string(), factor: z.number(), offset: z.number().default(0) },
    handler: echo,
  }),
  defineTool({
    name: "reset_session",
    title: "Reset session",
    description: "Forget every unit and conversion defined in this session.",
    toolset: "units",
    keywords: ["reset", "clear", "forget", "session", "custom units"],
    input: {},
    annotations: { destructiveHint: true },
    handler: echo,
  }),
];

const category = z.enum(["decision", "pattern", "warning", "learning"]);

const memoryTools = [
  defineTool({
    name: "remember",
    title: "Remember",
    description:
      "Store a memory (a decision, pattern, warning or learning) with its rationale and tags, to recall it in later sessions.",
    toolset: "memory",
    keywords: ["remember", "store", "save", "note", "record", "decision", "memorize", "keep", "later", "persist"],
    input: {
      category,
      content: z.string(),
      rationale: z.string().optional(),
      tags: z.array(z.string()).optional(),
      file_path: z.string().optional(),
    },
    handler: echo,
  }),
  defineTool({
    name: "remember_batch",
    title: "Remember many",
    description: "Store several memories at once, all or nothing.",
    toolset: "memory",
    keywords: ["batch", "many", "several", "bulk", "store", "memories", "import"],
    input: {
      memories: z
        .array(z.object({ category, content: z.string() }))
        .min(1)
        .max(500),
    },
    handler: echo,
  }),
  defineTool({
    name: "recall",
    title: "Recall",
    description:
      "Recall what was decided, learned or warned about earlier: ranked memories relevant to a question, a file or tags.",
    toolset: "memory",
    keywords: ["recall", "decided", "earlier", "previous", "past", "why", "remember", "history", "context", "memory"],
    input: {
      query: z.string().optional(),
      file_path: z.string().optional(),
      tags: z.array(z.string()).optional(),
      limit: z.number().int().min(1).max(50).default(10),
    },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "search_memories",
    title: "Search memories",
    description: "Search stored memories by words and phrases, with filters, newest or most relevant first.",
    toolset: "memory",
    keywords: ["search", "memories", "memory", "find", "lookup", "stored", "notes", "who", "decisions"],
    input: {
      query: z.string(),
      sort: z.enum(["relevance", "newest"]).default("relevance"),
      cursor: z.string().optional(),
    },
    annotations: { readOnlyHint: true },
    handler: echo,
  }),
  defineTool({
    name: "record_outcome",
    title: "Record outcome",
    description: "Record whether a remembered decision or approach worked, with what happened.",
    toolset: "memory",
    keywords: ["outcome", "result", "worked", "failed", "success", "feedback"],
    input: { id: z.number().int(), worked: z.boolean(), outcome: z.string().optional() },
    handler: echo,
  }),
];

/** The example requests each served tool lists (docs/router.md, Example requests): part of a tool's definition. */
const servedExamples = new Map(TOOLSETS.flatMap((set) => set.tools).map((t) => [t.name, t.examples]));

/** The 21 tools, in registration order, each with its served definition's example requests. */
export const DWIM_TOOLS: readonly AnyToolDefinition[] = (
  [...searchTools, ...editTools, ...unitTools, ...memoryTools, ...ROUTER_TOOLS] as AnyToolDefinition[]
).map((tool) => ({ ...tool, examples: servedExamples.get(tool.name) ?? tool.examples }));
