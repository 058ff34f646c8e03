/** The success half of the recovery contract: what a corrected call reports in `did_you_mean`. */
import * as z from "zod";

export interface Correction {
  /** Argument key, or `name` for the tool name. */
  parameter: string;
  original: unknown;
  corrected: unknown;
  /** `normalization`, `alias`, `typo`, `namespace_completion`, or a tool's own type (`parameter_swap`, ...). */
  correction_type: string;
  confidence: number;
}

export interface ResultsComparison {
  original_matches: number;
  corrected_matches: number;
}

export interface DidYouMean {
  corrected: true;
  message: string;
  corrections: Correction[];
  results_comparison?: ResultsComparison;
}

/** Corrections within one call multiply their confidences. */
export function combinedConfidence(corrections: readonly Correction[]): number {
  return corrections.reduce((p, c) => p * c.confidence, 1);
}

export function describeCorrection(c: Correction): string {
  if (c.parameter === "name") return `called '${String(c.corrected)}' for '${String(c.original)}'`;
  if (c.original === c.parameter || c.correction_type === "parameter_rename") {
    return `renamed ${String(c.original)}→${String(c.corrected)}`;
  }
  return `${c.parameter} '${short(c.original)}' read as '${short(c.corrected)}'`;
}

function short(v: unknown): string {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

export function didYouMean(
  corrections: readonly Correction[],
  message?: string,
  results_comparison?: ResultsComparison,
): DidYouMean {
  const dym: DidYouMean = {
    corrected: true,
    message: message ?? capitalize(corrections.map(describeCorrection).join("; ")),
    corrections: [...corrections],
  };
  if (results_comparison) dym.results_comparison = results_comparison;
  return dym;
}

/** Puts earlier corrections (router: name, parameter keys) in front of a tool's own. */
export function mergeDidYouMean(
  first: readonly Correction[],
  existing: DidYouMean | undefined,
): DidYouMean | undefined {
  if (first.length === 0) return existing;
  if (!existing) return didYouMean(first);
  const corrections = [...first, ...existing.corrections];
  const message = `${capitalize(first.map(describeCorrection).join("; "))}; ${existing.message}`;
  return { ...existing, message, corrections };
}

function capitalize(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

/** did_you_mean as the output schemas declare it (open objects: a tool may add its own fields). */
export const correctionSchema = z.looseObject({
  parameter: z.string(),
  original: z.unknown().optional(),
  corrected: z.unknown().optional(),
  correction_type: z.string(),
  confidence: z.number(),
});

export const didYouMeanSchema = z.looseObject({
  corrected: z.literal(true),
  message: z.string(),
  corrections: z.array(correctionSchema),
  results_comparison: z.looseObject({ original_matches: z.number(), corrected_matches: z.number() }).optional(),
});
