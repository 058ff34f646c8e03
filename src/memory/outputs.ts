/** What the memory tools return on success: their MCP output schemas. */
import * as z from "zod";

const id = z.number().int().positive();
const ids = z.array(id);
const category = z.string().describe("decision, pattern, warning or learning");
const hit = {
  id,
  category,
  tags: z.array(z.string()),
  file_path: z.string().nullable(),
  worked: z.boolean().nullable(),
  score: z.number(),
  created_at: z.string(),
};
const incomplete = z
  .literal("timeout")
  .optional()
  .describe("A search step ran past [memory] query_timeout_ms: the results are what the other steps found");
const retrieval = z.looseObject({ lexical: z.boolean(), vector: z.boolean(), degraded: z.string().optional() });

export const rememberOutput = (): z.ZodRawShape => ({
  id,
  category,
  tags: z.array(z.string()),
  inferred_tags: z.array(z.string()),
  related: z.array(z.looseObject({ id, kind: z.string(), content: z.string() })),
  superseded: ids.optional(),
});

export const rememberBatchOutput = (): z.ZodRawShape => ({
  ids,
  count: z.number().int().min(0),
  items: z.array(z.looseObject({ id, tags: z.array(z.string()), inferred_tags: z.array(z.string()) })),
});

export const recallOutput = (): z.ZodRawShape => ({
  results: z.array(
    z.looseObject({
      ...hit,
      content: z.string(),
      rationale: z.string().optional(),
      outcome: z.string().optional(),
      happened_at: z.string().optional(),
      pinned: z.boolean().optional(),
      superseded_by: id.optional(),
      archived: z.boolean().optional(),
      why: z.record(z.string(), z.number()).optional(),
    }),
  ),
  abstained: z.boolean().describe("Nothing in memory is about the topic"),
  note: z.string().optional().describe("Set when the project has no memory yet"),
  retrieval,
  incomplete,
});

export const searchMemoriesOutput = (): z.ZodRawShape => ({
  results: z.array(
    z.looseObject({
      ...hit,
      snippet: z.string(),
      match: z
        .enum(["all_words", "some_words", "meaning"])
        .optional()
        .describe("For a plain query: it holds every word, some of them, or is close in meaning"),
    }),
  ),
  total_candidates: z.number().int().min(0),
  broadened: z
    .literal(true)
    .optional()
    .describe("A plain query's page was filled past the memories holding every word (see note and match)"),
  note: z.string().optional(),
  next_offset: z.number().int().min(0).optional(),
  query_sanitized: z.boolean().optional(),
  retrieval,
  incomplete,
});

export const recordOutcomeOutput = (): z.ZodRawShape => ({
  id,
  worked: z.boolean(),
  outcome: z.string().nullable(),
  events: z.number().int().min(0),
  hints: z.array(z.string()).optional(),
  suggested_warning: z.looseObject({ category: z.string(), content: z.string() }).optional(),
});

export const forgetOutput = (): z.ZodRawShape => ({
  archived: ids.optional(),
  newly_archived: z.number().int().min(0).optional(),
  already_archived: ids.optional(),
  note: z.string().optional(),
  purged: ids.optional(),
  count: z.number().int().min(0).optional(),
});
