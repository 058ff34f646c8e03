/** The edit toolset's definitions: the MCP tools, CLI subcommands (`dwim read`, `dwim edit`) and docs come from here. */
import * as z from "zod";
import { sectionOf } from "../core/config.js";
import { defineTool, type ToolOutput } from "../core/tool.js";
import { editSection } from "./config.js";
import { editFile } from "./edit.js";
import { editOutput, readOutput } from "./outputs.js";
import { DEFAULT_LIMIT, MAX_LIMIT, readFile } from "./read.js";

export const readFileTool = defineTool({
  name: "read_file",
  title: "Read a file",
  description: "Read a text file as numbered lines, with its sha256 for edit_file's expected_hash.",
  details:
    "Lines are laid out as `cat -n` prints them. Pasting them into edit_file's old_str works: the number prefixes " +
    "are recognised and stripped. path is relative to the working directory, or absolute inside an allowed root. " +
    `limit is ${DEFAULT_LIMIT} lines unless given, at most ${MAX_LIMIT}.`,
  examples: [
    "open src/index.ts",
    "show me the contents of the config file",
    "print lines 100 to 150 of server.py",
    "read the README",
    "what does utils.go contain",
    "view the whole of .env.example",
    "look at the file before changing it",
    "show me what's in the Makefile",
    "let me look at main.go",
    "display the contents of docker-compose.yml",
    "cat the log file",
  ],
  toolset: "edit",
  keywords: ["read", "open", "view", "show", "cat", "file", "lines", "contents"],
  aliases: ["cat", "view_file"],
  input: {
    path: z.string(),
    offset: z.number().int().min(1).optional().describe("First line, 1-based"),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe("Number of lines to show"),
    line_numbers: z.boolean().optional().describe("Prefix each line with its number and a TAB; default true"),
  },
  paramAliases: { file_path: "path", filepath: "path", file: "path" },
  advanced: ["line_numbers"],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { command: "read" },
  output: readOutput,
  handler: (args, ctx) => readFile(args, ctx, sectionOf(ctx.config, editSection).max_file_bytes),
  render: (output: ToolOutput) => String(output.content ?? ""),
});

export const editFileTool = defineTool({
  name: "edit_file",
  title: "Edit a file",
  description:
    "Replace old_str with new_str in a file. An almost-right old_str is corrected when the match is unique; " +
    "otherwise the error shows the closest text.",
  details:
    "One occurrence is replaced unless expected_replacements or replace_all says more. Almost right: over-escaped, re-indented, other quotes or line endings, pasted with read_file line numbers. A " +
    "correction is reported in did_you_mean; the error lists the closest text with its line ranges.",
  examples: [
    "change the port from 8080 to 3000 in server.js",
    "replace the old import with the new one in app.ts",
    "correct the misspelled word in the README",
    "modify the function so it returns null instead of throwing",
    "remove the debug print statement from main.py",
    "add a line to the gitignore for the build folder",
    "patch the default value in the settings file",
    "rename the function fetchData to loadData in api.ts",
    "fix the typo on line 12 of index.html",
    "set debug to false in config.py",
    "insert a comment above the main function",
  ],
  toolset: "edit",
  keywords: ["edit", "replace", "modify", "change", "write", "patch", "create", "str_replace", "file"],
  aliases: ["str_replace"],
  input: {
    path: z.string(),
    old_str: z.string().describe("Text to replace, copied from the file; empty to create a new file"),
    new_str: z.string(),
    expected_replacements: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("How many occurrences of old_str to replace; default 1. A different count is an error"),
    replace_all: z.boolean().optional().describe("Replace every exact occurrence (no corrections then)"),
    dry_run: z.boolean().optional().describe("Report the diff without writing"),
    expected_hash: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/u)
      .optional()
      .describe("sha256 of the file as read_file or edit_file last reported it; a changed file is refused"),
  },
  paramAliases: {
    file_path: "path",
    old_string: "old_str",
    oldText: "old_str",
    new_string: "new_str",
    newText: "new_str",
    allow_multiple: "replace_all",
  },
  noAutoCorrect: ["path"],
  advanced: ["expected_replacements", "dry_run", "expected_hash"],
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  cli: { command: "edit" },
  output: editOutput,
  handler: (args, ctx) => editFile(args, ctx, { config: sectionOf(ctx.config, editSection) }),
  render: (output: ToolOutput) => {
    const ranges = (output.line_ranges as Array<{ start_line: number; end_line: number }>) ?? [];
    const where = ranges.map((r) =>
      r.start_line === r.end_line ? `${r.start_line}` : `${r.start_line}-${r.end_line}`,
    );
    const head = `${output.dry_run ? "Would edit" : output.created ? "Created" : "Edited"} ${String(output.path)}: ${String(output.replacements)} replacement(s) at line(s) ${where.join(", ")} (${String(output.strategy)})`;
    return `${head}\n${String(output.diff ?? "")}`;
  },
});
