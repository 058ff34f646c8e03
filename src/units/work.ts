/**
 * The work a refusal does to find suggestions, counted rather than timed so that its bound can be tested: a refusal
 * suggests for one atom (the first that does not read), and each suggestion is a fixed number of index queries (the
 * whole spelling, each prefix split, the qualified reading) plus at most MAX_FIT_EVALUATIONS evaluations of a repaired
 * expression. Each refusal carries its own meter, passed down to what it calls; the last one started stays readable
 * for the tests and the benchmark (refusalWork), and decides nothing.
 */
import type { NameIndex, Suggestion } from "../core/suggest.js";
import { PREFIX_BY_NAME } from "./prefixes.js";

/** Repaired expressions a refusal may evaluate; past it, no candidate becomes a fix (a tie might go unseen). */
export const MAX_FIT_EVALUATIONS = 24;

/**
 * Queries of one refusal at most: the field's qualified reading, then for the atom (and once more for a phrase read
 * as a whole) its whole spelling, its typo reading, its qualified reading, and each prefix name split three ways.
 */
export const MAX_REFUSAL_QUERIES = 1 + 2 * (3 + 3 * PREFIX_BY_NAME.length);

export interface RefusalWork {
  /** Index queries (one scan of an index each). */
  queries: number;
  /** Spellings those queries scanned, summed. */
  spellingsScanned: number;
  /** Repaired expressions evaluated to test a candidate against the other endpoint. */
  evaluations: number;
}

/** One refusal's meter. */
export class RefusalMeter implements RefusalWork {
  queries = 0;
  spellingsScanned = 0;
  evaluations = 0;

  /** One suggestion query, counted. */
  query(index: NameIndex, text: string): Suggestion {
    this.queries++;
    this.spellingsScanned += index.size;
    return index.suggest(text, { allowAuto: false });
  }

  /** Counts one evaluation; false once the refusal has used its allowance. */
  chargeEvaluation(): boolean {
    this.evaluations++;
    return this.evaluations <= MAX_FIT_EVALUATIONS;
  }

  /** Whether the refusal ran out of evaluations (its fix, if any, is then withheld). */
  get exhausted(): boolean {
    return this.evaluations > MAX_FIT_EVALUATIONS;
  }
}

let last = new RefusalMeter();

/** A new refusal's meter, which refusalWork then reports. */
export function startRefusal(): RefusalMeter {
  last = new RefusalMeter();
  return last;
}

/** Forgets the last refusal's count (before a call whose work is to be read). */
export function resetRefusalWork(): void {
  last = new RefusalMeter();
}

/** The work of the last refusal started (for tests and the benchmark). */
export function refusalWork(): RefusalWork {
  return { queries: last.queries, spellingsScanned: last.spellingsScanned, evaluations: last.evaluations };
}
