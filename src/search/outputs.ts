/** What the search tools return on success: their MCP output schemas (see the result types in content.ts, files.ts). */
import * as z from "zod";

const count = z.number().int().min(0);

const suggestion = z.looseObject({
  fuzzy_filter: z.string(),
  regex_pattern: z.string(),
  rg_flags: z.array(z.string()),
  correction_type: z.string(),
  confidence: z.number(),
});

const diagnostics = z.looseObject({
  reason: z.string().describe("no_files, no_candidate_lines or filter_rejected_all"),
  per_term: z.array(z.looseObject({ term: z.string(), matched_lines: count })),
  drop_one: z.array(z.looseObject({ without: z.string(), matched_lines: count })),
  hidden_or_ignored_matches: z.boolean().optional(),
});

const page = {
  total_matches: count,
  returned: count,
  offset: count,
  next_offset: count.optional().describe("Pass as offset for the next page"),
  truncated: z.boolean().describe("The answer was cut to max_chars"),
  files_searched: count,
  incomplete: z.string().optional().describe("Why the results are partial: timeout, rg_error, budget"),
  warnings: z.array(z.string()).optional(),
  suggestions: z.array(suggestion).optional().describe("Corrections below the auto-retry confidence"),
  diagnostics: diagnostics.optional().describe("Why nothing matched"),
  hints: z.array(z.string()).optional(),
};

export const contentOutput = (): z.ZodRawShape => ({
  matches: z.array(
    z.looseObject({
      file: z.string(),
      line: z.number().int().min(1),
      end_line: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe("multiline: the line of the match's last character; content holds line..end_line"),
      content: z.string(),
      score: z.number(),
      before: z.array(z.string()).optional(),
      after: z.array(z.string()).optional(),
      truncated_line: z.boolean().optional(),
    }),
  ),
  ...page,
  lines_scanned: count,
});

export const filesOutput = (): z.ZodRawShape => ({
  matches: z.array(z.looseObject({ file: z.string(), score: z.number() })),
  ...page,
});
