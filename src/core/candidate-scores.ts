/**
 * How close each candidate spelling is to one input, the measurements the suggestion tiers read (see suggest.ts): the
 * OSA distance within the edit budget, confirmed by max(ratio, Jaro-Winkler), and for candidates too far for a fix the
 * ratio alone, computed only while it can still earn a hint.
 */
import { couldReachRatio, jaroWinkler, osa, RatioBound, ratio, singularize, tokens } from "./similarity.js";

/** One spelling (a target's own name or an alias) of a target, normalised once when the index is built. */
export interface Spelling {
  target: number;
  text: string;
  norm: string;
  key: string;
  namespace: string;
  operation: string;
}

/** The best-scoring spelling of one target. */
export interface TargetScore {
  index: number;
  distance: number;
  confidence: number;
  /** ratio() alone, for the hint floor. */
  similarity: number;
  spelling: string;
  crossesNamespace: boolean;
  /** The match supplies or corrects a namespace (`get_monarchs` → `history.get_monarchs`). */
  completesNamespace: boolean;
}

/** An input as the tiers compare it: normalised, split from its namespace, with its edit budget. */
export interface ScopedInput {
  input: string;
  norm: string;
  /** The namespace the input names, empty when none (or when namespaces are off). */
  namespace: string;
  /** The operation part of the input (the whole norm when it names no namespace). */
  operation: string;
  /** The known namespace the input is scoped to, as written or corrected. */
  scope: string | undefined;
  /** The input's namespace was completed from its tail or corrected as a typo. */
  namespaceCorrected: boolean;
  /** Edits tolerated on the operation. */
  budget: number;
  namespacesOff: boolean;
  tokenMatch: boolean;
}

/** Distance recorded for candidates too far for an edit-based fix (kept only as hints). */
export const FAR = 99;

/**
 * Every target with a spelling near the input (within one edit past the budget, or sharing a word when token matching
 * is on), plus, when few are near, the far targets whose ratio still reaches the hint floor.
 */
export function scoreCandidates(
  spellings: readonly Spelling[],
  input: ScopedInput,
  hintThreshold: number,
  maxHints: number,
): Map<number, TargetScore> {
  const comparison = new Comparison(input);
  const scores = scoreNear(spellings, input, comparison);
  // Candidates too far for a fix can only be hints, ranked after every near one: they matter only when fewer than
  // maxHints + 1 targets are near.
  if (input.budget === 0 || scores.size <= maxHints) {
    const far: FarCandidate[] = [];
    for (const s of spellings) {
      if (scores.has(s.target)) continue;
      comparison.set(s);
      const { left, right, crosses } = comparison;
      if (!couldReachRatio(left, right, hintThreshold)) continue;
      const bound = RATIO_BOUND.upper(left, right);
      if (bound >= hintThreshold) far.push({ spelling: s, left, right, crosses, bound });
    }
    scoreFarCandidates(far, scores, input, hintThreshold, maxHints);
  }
  return scores;
}

/**
 * What a spelling is compared as for one input: operation against operation when either side has a namespace (and
 * whether the spelling lies outside the input's namespace), whole norms otherwise. One object per query, reset per
 * spelling, so the scan allocates nothing per spelling.
 */
class Comparison {
  left = "";
  right = "";
  crosses = false;

  constructor(private readonly input: ScopedInput) {}

  set(s: Spelling): void {
    const q = this.input;
    this.crosses = false;
    if (q.namespacesOff) {
      this.left = q.norm;
      this.right = s.norm;
    } else if (q.namespace) {
      // The input names a namespace: compare operations, and mark anything outside that namespace as crossing.
      this.left = q.operation;
      this.right = s.operation;
      this.crosses = q.scope === undefined || s.namespace !== q.scope;
    } else if (s.namespace) {
      // No namespace given: match operation suffixes (namespace completion).
      this.left = q.operation;
      this.right = s.operation;
    } else {
      this.left = q.norm;
      this.right = s.norm;
    }
  }
}

/** Targets within one edit past the budget (or sharing a word, for parameter names), by their best spelling. */
function scoreNear(
  spellings: readonly Spelling[],
  input: ScopedInput,
  comparison: Comparison,
): Map<number, TargetScore> {
  const scores = new Map<number, TargetScore>();
  const reach = input.budget + 1;
  for (const s of spellings) {
    comparison.set(s);
    const { left, right, crosses } = comparison;
    // Cheap filters first: OSA only for lengths within reach.
    let distance = FAR;
    if (Math.abs(left.length - right.length) <= reach) distance = osa(left, right, reach);
    let similarity: number;
    let confidence: number;
    if (distance <= reach) {
      similarity = ratio(left, right);
      confidence = Math.max(similarity, jaroWinkler(left, right));
    } else if (input.tokenMatch && sharesTokens(left, right)) {
      similarity = ratio(left, right);
      confidence = similarity;
      distance = FAR;
    } else continue;
    const prev = scores.get(s.target);
    if (
      !prev ||
      distance < prev.distance ||
      (distance === prev.distance && confidence > prev.confidence) ||
      (prev.crossesNamespace && !crosses)
    ) {
      scores.set(s.target, {
        index: s.target,
        distance,
        confidence,
        similarity,
        spelling: s.text,
        crossesNamespace: crosses,
        completesNamespace: completesNamespace(input, s, crosses),
      });
    }
  }
  return scores;
}

interface FarCandidate {
  spelling: Spelling;
  left: string;
  right: string;
  crosses: boolean;
  /** Upper bound of ratio(left, right). */
  bound: number;
}

/**
 * Exact ratios of candidates too far for a fix, only as many as can still reach the best maxHints + 1 far targets:
 * by bound, best first, stopping once no remaining bound can beat the last of them.
 */
function scoreFarCandidates(
  far: FarCandidate[],
  scores: Map<number, TargetScore>,
  input: ScopedInput,
  hintThreshold: number,
  maxHints: number,
): void {
  far.sort((a, b) => b.bound - a.bound || a.spelling.target - b.spelling.target);
  const keep = maxHints + 1;
  const best = new Map<number, number>();
  let floor = hintThreshold;
  // Bounded work: at most twice the slots are scored exactly, best bound first (far candidates are only hints).
  let evaluations = 0;
  for (const f of far) {
    if ((best.size >= keep && f.bound < floor) || evaluations >= 2 * keep) break;
    evaluations++;
    const prev = scores.get(f.spelling.target);
    if (prev && prev.distance < FAR) continue;
    const similarity = ratio(f.left, f.right);
    if (similarity < hintThreshold) continue;
    if (!prev || similarity > prev.confidence || (prev.crossesNamespace && !f.crosses)) {
      scores.set(f.spelling.target, {
        index: f.spelling.target,
        distance: FAR,
        confidence: similarity,
        similarity,
        spelling: f.spelling.text,
        crossesNamespace: f.crosses,
        completesNamespace: completesNamespace(input, f.spelling, f.crosses),
      });
    }
    best.set(f.spelling.target, Math.max(similarity, best.get(f.spelling.target) ?? 0));
    if (best.size >= keep) floor = [...best.values()].sort((x, y) => y - x)[keep - 1];
  }
}

function completesNamespace(input: ScopedInput, s: Spelling, crosses: boolean): boolean {
  return !crosses && (input.namespaceCorrected || (!input.namespace && s.namespace !== ""));
}

/** Words of `a` and `b` (singular) in common. */
export function sharesTokens(a: string, b: string): boolean {
  const ta = new Set(tokens(a).map(singularize));
  return tokens(b).some((tok) => ta.has(singularize(tok)));
}

/** One bound buffer for every query (queries never interleave: suggest is synchronous). */
const RATIO_BOUND = new RatioBound();
