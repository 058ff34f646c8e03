/** What read_file and edit_file return on success: their MCP output schemas. */
import * as z from "zod";

const line = z.number().int().min(0);
const sha256 = z.string().describe("Hex sha256 of the file's bytes");
const eol = z.enum(["lf", "crlf", "mixed", "none"]);

export const readOutput = (): z.ZodRawShape => ({
  path: z.string(),
  content: z.string().describe("The lines, numbered unless line_numbers is false"),
  start_line: line,
  end_line: line,
  total_lines: line,
  has_more: z.boolean(),
  next_offset: line.optional(),
  truncated_lines: z.array(line).optional().describe("Lines cut to the display width"),
  sha256,
  eol,
  bom: z.boolean(),
  final_newline: z.boolean(),
});

export const editOutput = (): z.ZodRawShape => ({
  path: z.string(),
  replacements: z.number().int().min(0),
  strategy: z.string().describe("exact, or the correction that found old_str"),
  line_ranges: z.array(z.looseObject({ start_line: line, end_line: line })),
  diff: z.string().describe("Unified diff of the change"),
  snippet: z.string(),
  sha256_before: sha256.nullable(),
  sha256_after: sha256,
  eol,
  atomic: z.boolean().describe("Written by rename (false: written in place to keep a hard link)"),
  created: z.boolean().optional(),
  dry_run: z.boolean().optional(),
});
