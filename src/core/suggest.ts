/**
 * The name matcher behind every did-you-mean in dwim: given an input and the names it could have meant, decide the
 * tier (auto, likely_fix, hints, none). Auto-correction needs a unique best candidate within a small edit budget,
 * confirmed by max(ratio, Jaro-Winkler), inside one namespace, and not blocked by the caller.
 */

import {
  FAR,
  type ScopedInput,
  type Spelling,
  scoreCandidates,
  sharesTokens,
  type TargetScore,
} from "./candidate-scores.js";
import {
  editBudget,
  NAMESPACE_SEPARATORS,
  operationGuard,
  opOf,
  splitNamespace,
  uniqueNamespaceFix,
} from "./namespaces.js";
import { nameKey, normalize, singularize, tokens } from "./similarity.js";

export { differingParts, editBudget, splitNamespace } from "./namespaces.js";

export type Tier = "auto" | "likely_fix" | "hints" | "none";
export type MatchKind = "exact" | "normalization" | "alias" | "typo" | "namespace_completion" | "token";
export type BlockedReason = "destructive" | "namespace" | "operation" | "short_input" | "disabled" | "confidence";

/** A name an input may resolve to, with the other spellings (aliases) that collapse to it. */
export interface CandidateSpec {
  target: string;
  aliases?: readonly string[];
  /** Auto-correction into this target is never allowed; a fix becomes a likely_fix. */
  destructive?: boolean;
}

export interface ScoredCandidate {
  target: string;
  /** The spelling (target or alias) that scored best. */
  spelling: string;
  distance: number;
  confidence: number;
}

export interface SuggestMatch extends ScoredCandidate {
  kind: MatchKind;
}

export interface Suggestion {
  input: string;
  tier: Tier;
  /** Set for the auto and likely_fix tiers. */
  match?: SuggestMatch;
  /** The target to apply: set for the likely_fix tier (and equal to match.target for auto). */
  likely_fix?: string;
  hints: string[];
  /** Best-scored candidates, most similar first (at most maxHints + 1). */
  candidates: ScoredCandidate[];
  /** Why a confident fix was not auto-applied. */
  blocked_reason?: BlockedReason;
}

export interface SuggestThresholds {
  /** Confirmation score needed for auto-correction. */
  autoThreshold: number;
  /** Confirmation score needed for a likely_fix. */
  likelyFixThreshold: number;
  /** Ratio above which a candidate is worth a hint. */
  hintThreshold: number;
  maxHints: number;
}

export interface SuggestOptions extends Partial<SuggestThresholds> {
  /** false: never auto-correct (the best becomes a likely_fix). */
  allowAuto?: boolean;
  /** Token-subset matching for parameter names (`path` → `file_path` as a likely_fix). */
  tokenMatch?: boolean;
  /** Split `a__b`, `a.b`, `a/b`, `a:b` into namespace and operation and never auto-correct across namespaces. */
  namespaces?: boolean;
}

export const DEFAULT_THRESHOLDS: SuggestThresholds = {
  autoThreshold: 0.8,
  likelyFixThreshold: 0.7,
  hintThreshold: 0.6,
  maxHints: 3,
};

/** Ratio a two-edit fix needs besides the confirmation score (measured in bench/typos: garbage 3.3 % → 0.5 %). */
const DOUBLE_EDIT_RATIO = 0.75;

/** Inputs this short need a two-edit lead over the runner-up (bench/typos: precision 99.42 % → 99.55 %). */
const SHORT_INPUT = 3;

/** Precomputed candidate set: build once per registry, query many times. */
export class NameIndex {
  readonly specs: readonly CandidateSpec[] = [];
  private readonly spellings: Spelling[] = [];
  private readonly namespaces: Set<string> = new Set();
  /** Lookups for the exact and normalisation tiers: first spelling (in order) by text, norm and key. */
  private readonly byText = new Map<string, Spelling>();
  private readonly byNorm = new Map<string, Spelling[]>();
  private readonly byKey = new Map<string, Spelling[]>();

  constructor(
    candidates: ReadonlyArray<string | CandidateSpec>,
    from?: { specs: readonly CandidateSpec[]; spellings: readonly Spelling[] },
  ) {
    if (from) {
      // A subset of another index (see subset): its spellings are already normalised.
      this.specs = from.specs;
      for (const s of from.spellings) this.add(s);
      return;
    }
    const specs: CandidateSpec[] = [];
    const seen = new Map<string, number>();
    for (const c of candidates) {
      const spec = typeof c === "string" ? { target: c } : c;
      const existing = seen.get(spec.target);
      if (existing !== undefined) {
        // Deduplicate by target: merge aliases.
        const prev = specs[existing];
        specs[existing] = { ...prev, aliases: [...(prev.aliases ?? []), ...(spec.aliases ?? [])] };
        continue;
      }
      seen.set(spec.target, specs.length);
      specs.push(spec);
    }
    this.specs = specs;
    specs.forEach((spec, index) => {
      for (const text of [spec.target, ...(spec.aliases ?? [])]) {
        const norm = normalize(text);
        const { namespace, operation } = splitNamespace(norm);
        this.add({ target: index, text, norm, key: nameKey(text), namespace, operation });
      }
    });
  }

  private add(spelling: Spelling): void {
    this.spellings.push(spelling);
    if (spelling.namespace) this.namespaces.add(spelling.namespace);
    if (!this.byText.has(spelling.text)) this.byText.set(spelling.text, spelling);
    pushTo(this.byNorm, spelling.norm, spelling);
    if (spelling.key !== "") pushTo(this.byKey, spelling.key, spelling);
  }

  /** Number of spellings a query scans: the work of one suggest is proportional to it. */
  get size(): number {
    return this.spellings.length;
  }

  /**
   * The same targets restricted to the aliases `keep` admits, without normalising anything again (cheap enough to
   * build per query shape): a target keeps its own spelling only when one of its aliases is kept, and with
   * `distinct` only the first alias of each normalised form per target is kept.
   */
  subset(keep: (text: string, target: string) => boolean, distinct = false): NameIndex {
    const kept: Spelling[] = [];
    const seen = new Set<string>();
    let i = 0;
    while (i < this.spellings.length) {
      // The spellings of one target are contiguous, its own text (the target) first.
      const target = this.spellings[i].target;
      const own = this.spellings[i];
      const aliases: Spelling[] = [];
      for (i++; i < this.spellings.length && this.spellings[i].target === target; i++) {
        const s = this.spellings[i];
        if (!keep(s.text, this.specs[target].target)) continue;
        if (distinct) {
          const k = `${target}\u0000${s.norm}`;
          if (seen.has(k)) continue;
          seen.add(k);
        }
        aliases.push(s);
      }
      if (aliases.length > 0) kept.push(own, ...aliases);
    }
    return new NameIndex([], { specs: this.specs, spellings: kept });
  }

  suggest(input: string, options: SuggestOptions = {}): Suggestion {
    return suggestFromIndex(this, input, options);
  }

  /** @internal The spelling equal to `text`, first in order. */
  spellingOf(text: string): Spelling | undefined {
    return this.byText.get(text);
  }

  /** @internal Spellings equal after normalisation: how many targets, and the first spelling in order. */
  normalMatches(norm: string, key: string): { targets: number; first?: Spelling } {
    const found = [...(this.byNorm.get(norm) ?? []), ...(key === "" ? [] : (this.byKey.get(key) ?? []))];
    if (found.length === 0) return { targets: 0 };
    const first = found.reduce((a, b) => (this.spellings.indexOf(b) < this.spellings.indexOf(a) ? b : a));
    return { targets: new Set(found.map((f) => f.target)).size, first };
  }

  /** @internal */
  get allSpellings(): readonly Spelling[] {
    return this.spellings;
  }

  /** @internal */
  get knownNamespaces(): ReadonlySet<string> {
    return this.namespaces;
  }
}

/** One-shot form of NameIndex.suggest. */
export function suggest(
  input: string,
  candidates: ReadonlyArray<string | CandidateSpec>,
  options: SuggestOptions = {},
): Suggestion {
  return new NameIndex(candidates).suggest(input, options);
}

function suggestFromIndex(index: NameIndex, input: string, options: SuggestOptions): Suggestion {
  const t: SuggestThresholds = { ...DEFAULT_THRESHOLDS, ...definedOnly(options) };
  if (index.specs.length === 0 || input.trim() === "") return { input, tier: "none", hints: [], candidates: [] };
  const norm = normalize(input);
  const direct = directMatch(index, input, norm);
  if (direct) return direct;

  const scoped = scopeInput(index, input, norm, options, t);
  const ranked = [...scoreCandidates(index.allSpellings, scoped, t.hintThreshold, t.maxHints).values()].sort(
    (a, b) => a.distance - b.distance || b.confidence - a.confidence || a.index - b.index,
  );
  const typo = typoFix(index, scoped, ranked, options, t);
  const tokenFix = !typo.fix && options.tokenMatch ? tokenSubsetFix(index, input, ranked, t) : undefined;
  const { tier, match, blocked } = fixTier(index, scoped, typo, tokenFix, options, t);
  const hints = hintTargets(index, scoped, ranked, match, t);

  const scored = (s: TargetScore): ScoredCandidate => scoredCandidate(index, s);
  const suggestion: Suggestion = {
    input,
    tier: tier === "none" && hints.length > 0 ? "hints" : tier,
    hints,
    candidates: ranked
      .filter((s) => s.distance <= scoped.budget + 1 || s.similarity >= t.hintThreshold)
      .slice(0, t.maxHints + 1)
      .map(scored),
  };
  if (match) {
    suggestion.match = match;
    suggestion.likely_fix = match.target;
  }
  if (blocked && tier !== "auto") suggestion.blocked_reason = blocked;
  // A typo blocked only by the operation guard (`fuzzy_search_dirs`) still names its target first among the hints.
  const guarded = typo.best && index.specs[typo.best.index].target;
  if (blocked === "operation" && !match && guarded && !hints.includes(guarded)) {
    suggestion.hints = [guarded, ...hints].slice(0, t.maxHints);
    suggestion.tier = "hints";
  }
  if (!match && ranked.some((s) => s.crossesNamespace && s.distance <= scoped.budget)) {
    suggestion.blocked_reason = "namespace";
  }
  return suggestion;
}

/**
 * Tiers exact and alias (the spelling as written, case-sensitive), then normalization (case, separators, camelCase,
 * simple plurals), the latter only when one target alone matches.
 */
function directMatch(index: NameIndex, input: string, norm: string): Suggestion | undefined {
  const exact = index.spellingOf(input);
  if (exact) {
    const spec = index.specs[exact.target];
    return resolved(input, spec.target, exact.text, exact.text === spec.target ? "exact" : "alias", 1, 0);
  }
  const normal = index.normalMatches(norm, nameKey(input));
  if (normal.targets !== 1) return undefined;
  const s = normal.first as Spelling;
  const spec = index.specs[s.target];
  return resolved(input, spec.target, s.text, s.text === spec.target ? "normalization" : "alias", 1, 0);
}

/** The input split into namespace and operation, scoped to the known namespace it names (as written or corrected). */
function scopeInput(
  index: NameIndex,
  input: string,
  norm: string,
  options: SuggestOptions,
  t: SuggestThresholds,
): ScopedInput {
  const namespacesOff = options.namespaces === false;
  const { namespace, operation } = namespacesOff ? { namespace: "", operation: norm } : splitNamespace(norm);
  const { scope, corrected } = namespaceScope(index.knownNamespaces, namespace, t.autoThreshold);
  return {
    input,
    norm,
    namespace,
    operation,
    scope,
    namespaceCorrected: corrected,
    budget: editBudget(operation.length),
    namespacesOff,
    tokenMatch: options.tokenMatch === true,
  };
}

/**
 * The known namespace an input's namespace means: itself; else the one namespace it is the tail of
 * (`AuditRecordsApi.get…` for `audit_records_api.AuditRecordsApi.get…`); else a unique typo fix of it.
 */
function namespaceScope(
  known: ReadonlySet<string>,
  namespace: string,
  threshold: number,
): { scope?: string; corrected: boolean } {
  if (!namespace) return { corrected: false };
  if (known.has(namespace)) return { scope: namespace, corrected: false };
  const tails = [...known].filter((ns) => NAMESPACE_SEPARATORS.some((sep) => ns.endsWith(sep + namespace)));
  if (tails.length === 1) return { scope: tails[0], corrected: true };
  const fix = uniqueNamespaceFix(namespace, [...known], threshold);
  return fix === undefined ? { corrected: false } : { scope: fix, corrected: true };
}

interface TypoDecision {
  /** The best candidate inside the input's namespace. */
  best?: TargetScore;
  fix?: { score: TargetScore; kind: MatchKind };
  /** Set when the unique best failed the operation guard (no fix). */
  blocked?: BlockedReason;
  /** The operation guard passed only loosely (`set`/`get`): a likely_fix, never auto. */
  looseOperation: boolean;
}

/** Tier typo: a unique best within the edit budget, confirmed, that passes the operation guard. */
function typoFix(
  index: NameIndex,
  scoped: ScopedInput,
  ranked: readonly TargetScore[],
  options: SuggestOptions,
  t: SuggestThresholds,
): TypoDecision {
  const inScope = ranked.filter((s) => !s.crossesNamespace);
  const best = inScope[0];
  if (!best) return { looseOperation: false };
  const budget = scoped.budget;
  // The budget of the shorter side: a 3-letter target tolerates one edit (`rohmk` is not `ohm`). Two edits also need
  // ratio >= DOUBLE_EDIT_RATIO: Jaro-Winkler alone, inflated by a shared prefix, would fix `purple` as `purge`.
  const fixBudget = Math.min(budget, editBudget(opOf(normalize(best.spelling)).length));
  const doubleEditConfirmed = best.distance < 2 || best.similarity >= DOUBLE_EDIT_RATIO;
  // An edit is a third of a 3-letter input: there the best must lead the runner-up by two edits, not one.
  const runnerUp = inScope.find((c) => c.index !== best.index)?.distance ?? FAR;
  const shortClear = scoped.operation.length > SHORT_INPUT || best.distance === 0 || runnerUp >= best.distance + 2;
  if (best.distance > fixBudget || !doubleEditConfirmed || (budget === 0 && !best.completesNamespace)) {
    return { best, looseOperation: false };
  }
  const unique = inScope.filter((s) => s.distance === best.distance).length === 1;
  const guard =
    best.distance === 0
      ? "strict"
      : operationGuard(opOf(scoped.operation), opOf(normalize(best.spelling)), t.autoThreshold);
  const guarded = guard !== "fail";
  // Parameter names: an input that only adds words to the target (`line_start` → `start`) is a guess, not a typo.
  const addsWords = options.tokenMatch === true && addsTokens(scoped.input, index.specs[best.index].target);
  if (unique && best.confidence >= t.likelyFixThreshold && guarded && !addsWords && shortClear) {
    const kind: MatchKind = best.completesNamespace ? "namespace_completion" : "typo";
    return { best, fix: { score: best, kind }, looseOperation: guard === "loose" };
  }
  return unique && !guarded ? { best, blocked: "operation", looseOperation: false } : { best, looseOperation: false };
}

/** Tier token (parameter names): `path` → `file_path`, the one target whose words strictly include the input's. */
function tokenSubsetFix(
  index: NameIndex,
  input: string,
  ranked: readonly TargetScore[],
  t: SuggestThresholds,
): TargetScore | undefined {
  const inputTokens = new Set(tokens(input).map(singularize));
  if (inputTokens.size === 0) return undefined;
  const supersets: number[] = [];
  index.specs.forEach((spec, i) => {
    const targetTokens = new Set(tokens(spec.target).map(singularize));
    if (targetTokens.size > inputTokens.size && [...inputTokens].every((tok) => targetTokens.has(tok))) {
      supersets.push(i);
    }
  });
  if (supersets.length !== 1) return undefined;
  const i = supersets[0];
  return (
    ranked.find((s) => s.index === i) ?? {
      index: i,
      distance: FAR,
      confidence: t.likelyFixThreshold,
      similarity: 0,
      spelling: index.specs[i].target,
      crossesNamespace: false,
      completesNamespace: false,
    }
  );
}

/**
 * Auto or likely_fix for a fix: auto only when confident, on a strictly guarded operation, allowed, into a target that
 * is not destructive, from an input of 3 characters or more. A token fix is always a likely_fix.
 */
function fixTier(
  index: NameIndex,
  scoped: ScopedInput,
  typo: TypoDecision,
  tokenFix: TargetScore | undefined,
  options: SuggestOptions,
  t: SuggestThresholds,
): { tier: Tier; match?: SuggestMatch; blocked?: BlockedReason } {
  if (typo.fix) {
    const s = typo.fix.score;
    let blocked: BlockedReason | undefined;
    if (s.confidence < t.autoThreshold) blocked = "confidence";
    else if (typo.looseOperation) blocked = "operation";
    else if (options.allowAuto === false) blocked = "disabled";
    else if (index.specs[s.index].destructive) blocked = "destructive";
    else if (scoped.operation.length < 3) blocked = "short_input";
    return {
      tier: blocked ? "likely_fix" : "auto",
      match: { ...scoredCandidate(index, s), kind: typo.fix.kind },
      blocked,
    };
  }
  if (tokenFix) {
    const match: SuggestMatch = {
      ...scoredCandidate(index, tokenFix),
      confidence: t.likelyFixThreshold,
      kind: "token",
    };
    return { tier: "likely_fix", match, blocked: "confidence" };
  }
  return { tier: "none", blocked: typo.blocked };
}

/** Hints: near or similar candidates, most similar first, without the fix itself; for parameters, word overlaps. */
function hintTargets(
  index: NameIndex,
  scoped: ScopedInput,
  ranked: readonly TargetScore[],
  match: SuggestMatch | undefined,
  t: SuggestThresholds,
): string[] {
  const specs = index.specs;
  const hints: string[] = [];
  for (const s of ranked) {
    if (hints.length >= t.maxHints) break;
    const target = specs[s.index].target;
    if (match && target === match.target) continue;
    const near = s.distance <= scoped.budget + 1 && scoped.budget > 0;
    const similar = s.similarity >= t.hintThreshold;
    const tokenShared = scoped.tokenMatch && sharesTokens(scoped.input, target);
    if (near || similar || tokenShared || (s.crossesNamespace && s.distance === 0)) hints.push(target);
  }
  if (scoped.tokenMatch && hints.length < t.maxHints) {
    // Input with extra words (`file_path` → `path`): the shorter target is only a hint.
    const inputTokens = new Set(tokens(scoped.input).map(singularize));
    for (const spec of specs) {
      if (hints.length >= t.maxHints) break;
      if (hints.includes(spec.target) || spec.target === match?.target) continue;
      const targetTokens = tokens(spec.target).map(singularize);
      if (targetTokens.length > 0 && targetTokens.every((tok) => inputTokens.has(tok))) hints.push(spec.target);
    }
  }
  return hints;
}

function scoredCandidate(index: NameIndex, s: TargetScore): ScoredCandidate {
  return {
    target: index.specs[s.index].target,
    spelling: s.spelling,
    distance: s.distance,
    confidence: round3(s.confidence),
  };
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function resolved(
  input: string,
  target: string,
  spelling: string,
  kind: MatchKind,
  confidence: number,
  distance: number,
): Suggestion {
  const match: SuggestMatch = { target, spelling, distance, confidence, kind };
  return { input, tier: "auto", match, likely_fix: target, hints: [], candidates: [match] };
}

/** The target's words are a strict subset of the input's. */
function addsTokens(input: string, target: string): boolean {
  const inputTokens = new Set(tokens(input).map(singularize));
  const targetTokens = new Set(tokens(target).map(singularize));
  return targetTokens.size < inputTokens.size && [...targetTokens].every((t) => inputTokens.has(t));
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
