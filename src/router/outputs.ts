/** What the router's tools return on success: their MCP output schemas. */
import * as z from "zod";

const confidence = z.number().min(0).max(1);
const candidate = z.looseObject({ tool: z.string(), confidence });

export const analyzeIntentOutput = (): z.ZodRawShape => ({
  query: z.string(),
  matches: z.array(
    z.looseObject({
      tool: z.string(),
      confidence,
      tier: z.enum(["auto", "suggest"]),
      message: z.string(),
      callable: z.boolean(),
      breakdown: z.record(z.string(), z.number()).optional(),
    }),
  ),
  recommended: z.string().nullable(),
  message: z.string(),
  scoring: z.looseObject({}).optional().describe("Weights and thresholds in force"),
});

export const resolveToolOutput = (): z.ZodRawShape => ({
  input: z.string(),
  resolved: z.string().nullable(),
  confidence,
  tier: z.string().describe("exact, normalized, alias, auto, suggest or none"),
  is_exact: z.boolean(),
  message: z.string(),
  likely_fix: z.string().optional(),
  candidates: z.array(candidate),
  blocked_reason: z.string().optional(),
});

const configError = z.looseObject({
  source: z.string(),
  key: z.string(),
  message: z.string(),
  likely_fix: z.string().optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
});

export const listCapabilitiesOutput = (): z.ZodRawShape => ({
  tools: z.array(z.looseObject({ name: z.string() })).describe("This page; the fields depend on detail"),
  count: z.number().int().min(0).describe("Tools matching, over every page"),
  hint: z.string(),
  next_cursor: z.string().optional(),
  config_errors: z.array(configError).optional(),
});
