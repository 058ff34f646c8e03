/**
 * The work a refusal does to find suggestions, counted rather than timed so that its bound can be tested: a refusal
 * suggests for one atom (the first that does not read), and each suggestion is a fixed number of index queries (the
 * whole spelling, each prefix split, the qualified reading) plus at most MAX_FIT_EVALUATIONS evaluations of a repaired
 * expression. Queries never interleave (suggestion is synchronous), so one module-level meter serves every call.
 */
import type { NameIndex, Suggestion } from "../core/suggest.js";
import { PREFIX_BY_NAME } from "./prefixes.js";

export interface RefusalWork {
  /** Index queries (one scan of an index each). */
  queries: number;
  /** Spellings those queries scanned, summed. */
  spellingsScanned: number;
  /** Repaired expressions evaluated to test a candidate against the other endpoint. */
  evaluations: number;
}

/** Repaired expressions a refusal may evaluate; past it, no candidate becomes a fix (a tie might go unseen). */
export const MAX_FIT_EVALUATIONS = 24;

/**
 * Queries of one refusal at most: the field's qualified reading, then for the atom (and once more for a phrase read
 * as a whole) its whole spelling, its typo reading, its qualified reading, and each prefix name split three ways.
 */
export const MAX_REFUSAL_QUERIES = 1 + 2 * (3 + 3 * PREFIX_BY_NAME.length);

const meter: RefusalWork = { queries: 0, spellingsScanned: 0, evaluations: 0 };

export function resetRefusalWork(): void {
  meter.queries = 0;
  meter.spellingsScanned = 0;
  meter.evaluations = 0;
}

/** The work counted since the last reset. */
export function refusalWork(): RefusalWork {
  return { ...meter };
}

/** One suggestion query, counted. */
export function query(index: NameIndex, text: string): Suggestion {
  meter.queries++;
  meter.spellingsScanned += index.size;
  return index.suggest(text, { allowAuto: false });
}

/** Counts one evaluation; false once the refusal has used its allowance. */
export function chargeEvaluation(): boolean {
  meter.evaluations++;
  return meter.evaluations <= MAX_FIT_EVALUATIONS;
}

/** Whether the refusal ran out of evaluations (its fix, if any, is then withheld). */
export function evaluationsExhausted(): boolean {
  return meter.evaluations > MAX_FIT_EVALUATIONS;
}
