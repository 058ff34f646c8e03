/** The unit tools' error type enum and the constructor every unit error goes through (docs/units.md, Errors). */
import { ToolError } from "../core/errors.js";
import { MAX_UNIT_CHARS, tooLong } from "./tokenize.js";

export const UNIT_ERROR_TYPES = [
  "unknown_unit",
  "ambiguous_unit",
  "non_scalable_unit",
  "parse_error",
  "dimension_mismatch",
  "koq_mismatch",
  "no_conversion_path",
  "inconsistent_factor",
  "invalid_input",
  "unknown_dimension",
  "unknown_kind",
  "duplicate_definition",
  "computation_error",
] as const;
export type UnitErrorType = (typeof UNIT_ERROR_TYPES)[number];

/** Unit errors carry at most three hints (docs/units.md, Errors), specific ones first. */
export const MAX_UNIT_HINTS = 3;

export interface Where {
  /** JSON path of the field: `from_unit`, `factors[1].numerator`. */
  parameter: string;
  step?: number;
}

/**
 * A likely_fix that changes several arguments of the call at once (`{value: 5000, from_unit: "ft"}` for `5 kft`),
 * keyed by parameter and always holding the parameter at fault, so that `applyLikelyFix` applies it as it stands.
 */
export type ArgumentPatch = Record<string, unknown>;

export function unitError(
  type: UnitErrorType,
  error: string,
  where: Partial<Where>,
  fields: { got?: unknown; expected?: unknown; likely_fix?: unknown; hints?: string[]; [k: string]: unknown } = {},
): ToolError {
  const { hints, ...rest } = fields;
  return new ToolError({
    error,
    error_type: type,
    parameter: where.parameter,
    step: where.step,
    ...rest,
    hints: [...new Set(hints ?? [])].slice(0, MAX_UNIT_HINTS),
  });
}

export const stepText = (where: Partial<Where>) => (where.step !== undefined ? ` (step ${where.step})` : "");

/**
 * Names the unit tools match (kinds, dimensions, queries, context values) are as bounded as unit expressions: a
 * longer one cannot name anything, and matching it would only cost time.
 */
export function checkLength(text: string, parameter: string): void {
  if (!tooLong(text)) return;
  throw unitError(
    "invalid_input",
    `${parameter} is longer than ${MAX_UNIT_CHARS} characters`,
    { parameter },
    {
      hints: [`Names and units are at most ${MAX_UNIT_CHARS} characters`],
    },
  );
}
