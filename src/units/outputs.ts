/** What the unit tools return on success: their MCP output schemas. */
import * as z from "zod";

const warnings = z.array(z.string()).optional();

export const convertOutput = (): z.ZodRawShape => ({
  quantity: z.number(),
  unit: z.string(),
  unit_name: z.string(),
  dimension: z.string(),
  kind: z.string().optional(),
  factor: z.number().optional().describe("Multiplier from from_unit to to_unit (absent for affine and log scales)"),
  warnings,
});

export const computeOutput = (): z.ZodRawShape => ({
  quantity: z.number(),
  unit: z.string(),
  dimension: z.string(),
  steps: z.array(
    z.looseObject({
      step: z.literal("initial").optional(),
      index: z.number().int().min(0).optional(),
      factor: z.string().optional(),
      quantity: z.number(),
      unit: z.string(),
      dimension: z.string(),
      audit: z.string().optional(),
    }),
  ),
  warnings,
});

export const checkDimensionsOutput = (): z.ZodRawShape => ({
  compatible: z.boolean(),
  dimension_a: z.string(),
  dimension_b: z.string(),
  kind_a: z.string().optional(),
  kind_b: z.string().optional(),
  relation: z.string(),
  factor: z.number().optional(),
  reason: z.string().optional(),
  hints: z.array(z.string()).optional(),
});

export const listUnitsOutput = (): z.ZodRawShape => ({
  units: z.array(
    z.looseObject({
      name: z.string(),
      symbol: z.string().optional(),
      aliases: z.array(z.string()),
      dimension: z.string(),
      kind: z.string().optional(),
      scalable: z.boolean(),
      prefixes: z.string(),
      session: z.boolean().optional(),
    }),
  ),
  total: z.number().int().min(0),
  next_cursor: z.string().optional(),
});

export const listScalesOutput = (): z.ZodRawShape => ({
  scales: z.array(
    z.looseObject({
      name: z.string(),
      prefix: z.string(),
      factor: z.number(),
      base: z.number(),
      aliases: z.array(z.string()),
    }),
  ),
});

export const listDimensionsOutput = (): z.ZodRawShape => ({
  dimensions: z.array(
    z.looseObject({
      name: z.string(),
      aliases: z.array(z.string()),
      formula: z.string(),
      kinds: z.array(z.string()),
      example_units: z.array(z.string()),
    }),
  ),
});

export const definedOutput = (): z.ZodRawShape => ({
  defined: z.string(),
  hint: z.string(),
});

export const resetOutput = (): z.ZodRawShape => ({
  cleared: z.number().int().min(0).describe("Units and conversions removed"),
});
