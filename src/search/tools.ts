/** The MCP tool definitions of the search capability: thin handlers over searchContent / searchFiles. */
import * as z from "zod";
import { defineTool, type ToolContext, type ToolOutput } from "../core/tool.js";
import { logCorrection } from "./analytics.js";
import { searchSettings } from "./config.js";
import { searchContent } from "./content.js";
import type { SearchEnv } from "./env.js";
import { searchFiles } from "./files.js";
import { contentOutput, filesOutput } from "./outputs.js";
import { locateRipgrep } from "./ripgrep.js";

function envFor(ctx: ToolContext): SearchEnv {
  const s = searchSettings(ctx.config);
  return {
    rg: locateRipgrep(s.rgPath),
    cwd: ctx.cwd,
    roots: ctx.roots,
    timeoutMs: s.timeoutMs,
    autoRetry: s.autoRetry,
    threshold: s.threshold,
    maxRetries: s.maxRetries,
    maxChars: s.maxChars,
    maxFilesize: s.maxFilesize,
    listingCache: s.listingCache,
    signal: ctx.signal,
    progress: ctx.progress,
  };
}

/** What tools/list leaves out of fuzzy_filter's description (list_capabilities detail "full" shows it). */
const FUZZY_FILTER_DETAILS =
  'fuzzy_filter also takes \'word\' for a whole word; rg_flags also takes a list (["-t", "py"]) and only allow-listed flags; path (a file or directory) must be inside the allowed roots.';

const common = {
  fuzzy_filter: z.string().min(1).describe("fzf query: terms AND-ed, 'exact, ^prefix, suffix$, !not, a | b for OR"),
  path: z.string().default("."),
  hidden: z.boolean().default(false).describe("Include hidden files"),
  limit: z.number().int().min(1).max(1000).default(20),
  offset: z.number().int().min(0).default(0),
  max_chars: z.number().int().min(1000).max(1_000_000).optional().describe("Cap on the answer's size (default 20000)"),
  auto_retry: z
    .boolean()
    .optional()
    .describe("Retry once with a confident correction when nothing matched (default on)"),
  case: z.enum(["smart", "ignore", "respect"]).default("smart"),
};

const rgFlags = z
  .union([z.string(), z.array(z.string())])
  .default("")
  .describe("ripgrep flags: -g '*.go' -w");

function render(output: ToolOutput): string {
  const lines: string[] = [];
  const matches = (output.matches as Array<{ file: string; line?: number; content?: string }>) ?? [];
  for (const m of matches) lines.push(m.line === undefined ? m.file : `${m.file}:${m.line}: ${m.content ?? ""}`);
  lines.push(
    `${String(output.returned)} of ${String(output.total_matches)} matches${output.next_offset !== undefined ? ` (next offset ${String(output.next_offset)})` : ""}${output.incomplete ? ` [incomplete: ${String(output.incomplete)}]` : ""}`,
  );
  for (const w of (output.warnings as string[] | undefined) ?? []) lines.push(`warning: ${w}`);
  for (const h of (output.hints as string[] | undefined) ?? []) lines.push(`hint: ${h}`);
  return lines.join("\n");
}

function analytics(
  ctx: ToolContext,
  tool: string,
  args: Record<string, unknown>,
  out: ToolOutput,
  started: number,
): void {
  const file = searchSettings(ctx.config).analyticsLog;
  if (!file) return;
  const did = out.did_you_mean as
    | {
        applied?: Record<string, unknown>;
        correction_type?: string;
        confidence?: number;
        results_comparison?: { corrected_matches: number };
      }
    | undefined;
  const suggestion = (
    out.suggestions as Array<{ correction_type: string; confidence: number; fuzzy_filter: string }> | undefined
  )?.[0];
  logCorrection(file, {
    tool,
    original: {
      fuzzy_filter: String(args.fuzzy_filter),
      regex_pattern: args.regex_pattern as string | undefined,
      rg_flags: args.rg_flags,
    },
    corrected: did?.applied
      ? {
          fuzzy_filter: did.applied.fuzzy_filter,
          regex_pattern: did.applied.regex_pattern,
          rg_flags: did.applied.rg_flags,
        }
      : suggestion
        ? { fuzzy_filter: suggestion.fuzzy_filter }
        : undefined,
    correction_type: did?.correction_type ?? suggestion?.correction_type,
    confidence: did?.confidence ?? suggestion?.confidence,
    original_matches: did ? 0 : Number(out.total_matches ?? 0),
    corrected_matches: did?.results_comparison?.corrected_matches,
    accepted: did ? "auto" : suggestion ? "below_threshold" : "none",
    duration_ms: Date.now() - started,
  });
}

export const fuzzySearchContent = defineTool({
  name: "fuzzy_search_content",
  title: "Fuzzy search file contents",
  description:
    "Search the text inside files: lines matching an fzf query, optionally preselected by a ripgrep regex. " +
    'Example: {fuzzy_filter: "parse \'config !test", regex_pattern: "(fn|def) "}.',
  details:
    "Each term may match the file path or the line. A regex put in fuzzy_filter, or words put in regex_pattern, is " +
    "recognised: when nothing matched the call is retried once with the correction and did_you_mean says so. " +
    FUZZY_FILTER_DETAILS +
    " regex_pattern defaults to '.' (every non-empty line).",
  examples: [
    "find every call to parseConfig in the project",
    "grep the repository for TODO comments",
    "which files mention the environment variable DATABASE_URL",
    "search the code for where the timeout is set",
    "show me lines that contain the error message about permissions",
    "look for usages of the deprecated function across the codebase",
    "where is this string used in the source",
    "grep for handleRequest",
    "which files use the lodash debounce function",
    "look through the source code for SQL queries",
    "find the text 'deprecated' anywhere in the project",
  ],
  toolset: "search",
  keywords: [
    "grep",
    "ripgrep",
    "rg",
    "fzf",
    "search",
    "find text",
    "code search",
    "fuzzy",
    "text",
    "content",
    "lines",
    "mention",
    "occurrence",
    "todo",
  ],
  aliases: ["grep", "rg", "search_content", "search_text"],
  input: {
    ...common,
    regex_pattern: z.string().default(".").describe("Rust regex preselecting lines"),
    rg_flags: rgFlags,
    multiline: z
      .boolean()
      .default(false)
      .describe("Match whole files (path, then all content) instead of lines; returns the lines a match spans"),
    content_only: z.boolean().default(false).describe("Terms match the line only, not its path"),
    context_lines: z.number().int().min(0).max(10).default(0),
  },
  paramAliases: { query: "fuzzy_filter", filter: "fuzzy_filter", pattern: "regex_pattern", auto_correct: "auto_retry" },
  advanced: ["hidden", "offset", "max_chars", "auto_retry", "case", "multiline", "content_only", "context_lines"],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { command: "search", optionalPositional: ["path"] },
  render,
  output: contentOutput,
  handler: async (args, ctx) => {
    const started = Date.now();
    const out = await searchContent(args, envFor(ctx));
    analytics(ctx, "fuzzy_search_content", args, out, started);
    return out;
  },
});

export const fuzzySearchFiles = defineTool({
  name: "fuzzy_search_files",
  title: "Fuzzy find files",
  description:
    'Find files by path or name (not by their text) with an fzf query, honouring .gitignore. Example: {fuzzy_filter: "config .ts$ !test"}.',
  details:
    "Globs such as *.ts or src/**/*.go are read as the fzf query they mean (.ts$, ^src/ .go$). With multiline, terms " +
    "match file contents and paths are returned. " +
    FUZZY_FILTER_DETAILS,
  examples: [
    "find the file named docker-compose.yml",
    "list all the test files under src",
    "where is the README for the api package",
    "locate every typescript file with config in its name",
    "which folder holds the migration scripts",
    "is there a Dockerfile in this project",
    "show me the paths of all json files",
    "where is the package.json of the web app",
    "find all the yaml files",
    "what files are in the scripts folder",
    "look for a file whose name contains auth",
  ],
  toolset: "search",
  keywords: ["find", "files", "glob", "fzf", "fd", "locate", "file names", "fuzzy"],
  aliases: ["find_files", "glob", "search_files"],
  input: {
    ...common,
    multiline: z.boolean().default(false).describe("Match file contents (and path) instead of the path only"),
    rg_flags: rgFlags,
  },
  paramAliases: { query: "fuzzy_filter", filter: "fuzzy_filter", auto_correct: "auto_retry" },
  advanced: ["hidden", "offset", "max_chars", "auto_retry", "case", "multiline"],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { command: "files", optionalPositional: ["path"] },
  render,
  output: filesOutput,
  handler: async (args, ctx) => {
    const started = Date.now();
    const out = await searchFiles(args, envFor(ctx));
    analytics(ctx, "fuzzy_search_files", args, out, started);
    return out;
  },
});
