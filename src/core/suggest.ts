/**
 * The name matcher behind every did-you-mean in dwim: given an input and the names it could have meant, decide the
 * tier (auto, likely_fix, hints, none). Auto-correction needs a unique best candidate within a small edit budget,
 * confirmed by max(ratio, Jaro-Winkler), inside one namespace, and not blocked by the caller.
 */
import {
  editBudget,
  NAMESPACE_SEPARATORS,
  operationGuard,
  opOf,
  splitNamespace,
  uniqueNamespaceFix,
} from "./namespaces.js";
import {
  couldReachRatio,
  jaroWinkler,
  nameKey,
  normalize,
  osa,
  RatioBound,
  ratio,
  singularize,
  tokens,
} from "./similarity.js";

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

interface Spelling {
  target: number;
  text: string;
  norm: string;
  key: string;
  namespace: string;
  operation: string;
}

interface TargetScore {
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
  const specs = index.specs;
  const spellings = index.allSpellings;
  const none: Suggestion = { input, tier: "none", hints: [], candidates: [] };
  if (specs.length === 0 || input.trim() === "") return none;

  // Tier: exact and alias (case-sensitive spelling).
  const exact = index.spellingOf(input);
  if (exact) {
    const spec = specs[exact.target];
    return resolved(input, spec.target, exact.text, exact.text === spec.target ? "exact" : "alias", 1, 0);
  }

  // Tier: normalization (case, separators, camelCase, simple plurals). Unique target only.
  const norm = normalize(input);
  const key = nameKey(input);
  const normal = index.normalMatches(norm, key);
  if (normal.targets === 1) {
    const s = normal.first as Spelling;
    const spec = specs[s.target];
    return resolved(input, spec.target, s.text, s.text === spec.target ? "normalization" : "alias", 1, 0);
  }

  // Namespace scoping.
  const { namespace: inputNs, operation: inputOp } =
    options.namespaces === false ? { namespace: "", operation: norm } : splitNamespace(norm);
  let scopeNs: string | undefined;
  let namespaceCorrected = false;
  if (inputNs) {
    if (index.knownNamespaces.has(inputNs)) scopeNs = inputNs;
    else {
      // A namespace given only by its tail (`AuditRecordsApi.get…` for `audit_records_api.AuditRecordsApi.get…`).
      const tails = [...index.knownNamespaces].filter((ns) =>
        NAMESPACE_SEPARATORS.some((sep) => ns.endsWith(sep + inputNs)),
      );
      if (tails.length === 1) {
        scopeNs = tails[0];
        namespaceCorrected = true;
      }
    }
    if (scopeNs === undefined && !index.knownNamespaces.has(inputNs)) {
      const nsFix = uniqueNamespaceFix(inputNs, [...index.knownNamespaces], t.autoThreshold);
      if (nsFix !== undefined) {
        scopeNs = nsFix;
        namespaceCorrected = true;
      }
    }
  }

  const budget = editBudget(inputOp.length);
  const scores = new Map<number, TargetScore>();
  // What a spelling is compared as: set by compare() (no allocation per spelling).
  let left = "";
  let right = "";
  let crosses = false;
  const compare = (s: Spelling): void => {
    crosses = false;
    if (options.namespaces === false) {
      left = norm;
      right = s.norm;
    } else if (inputNs) {
      // The input names a namespace: compare operations, and mark anything outside that namespace as crossing.
      left = inputOp;
      right = s.operation;
      crosses = scopeNs === undefined || s.namespace !== scopeNs;
    } else if (s.namespace) {
      // No namespace given: match operation suffixes (namespace completion).
      left = inputOp;
      right = s.operation;
    } else {
      left = norm;
      right = s.norm;
    }
  };
  for (const s of spellings) {
    compare(s);
    // Cheap filters first: OSA only for lengths within reach.
    let distance = FAR;
    if (Math.abs(left.length - right.length) <= budget + 1) distance = osa(left, right, budget + 1);
    let similarity: number;
    let confidence: number;
    if (distance <= budget + 1) {
      similarity = ratio(left, right);
      confidence = Math.max(similarity, jaroWinkler(left, right));
    } else if (options.tokenMatch && sharesTokens(left, right, options)) {
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
        completesNamespace: !crosses && (namespaceCorrected || (!inputNs && s.namespace !== "")),
      });
    }
  }

  // Candidates too far for a fix can only be hints, ranked after every near one: they matter only when fewer than
  // maxHints + 1 targets are near. Their exact ratios are then computed best bound first.
  if (budget === 0 || scores.size <= t.maxHints) {
    const far: FarCandidate[] = [];
    for (const s of spellings) {
      if (scores.has(s.target)) continue;
      compare(s);
      if (!couldReachRatio(left, right, t.hintThreshold)) continue;
      const bound = RATIO_BOUND.upper(left, right);
      if (bound >= t.hintThreshold) far.push({ spelling: s, left, right, crosses, bound });
    }
    scoreFarCandidates(far, scores, t, namespaceCorrected, inputNs);
  }

  const ranked = [...scores.values()].sort(
    (a, b) => a.distance - b.distance || b.confidence - a.confidence || a.index - b.index,
  );
  const scored = (s: TargetScore): ScoredCandidate => ({
    target: specs[s.index].target,
    spelling: s.spelling,
    distance: s.distance,
    confidence: round3(s.confidence),
  });

  // Tier: unique best within budget, confirmed.
  let fix: { score: TargetScore; kind: MatchKind } | undefined;
  let blocked: BlockedReason | undefined;
  let looseOperation = false;
  const inScope = ranked.filter((s) => !s.crossesNamespace);
  const best = inScope[0];
  // The budget of the shorter side: a 3-letter target tolerates one edit (`rohmk` is not `ohm`). Two edits also need
  // ratio >= DOUBLE_EDIT_RATIO: Jaro-Winkler alone, inflated by a shared prefix, would fix `purple` as `purge`.
  const fixBudget = best ? Math.min(budget, editBudget(opOf(normalize(best.spelling)).length)) : budget;
  const doubleEditConfirmed = !best || best.distance < 2 || best.similarity >= DOUBLE_EDIT_RATIO;
  // An edit is a third of a 3-letter input: there the best must lead the runner-up by two edits, not one.
  const runnerUp = inScope.find((c) => c.index !== best?.index)?.distance ?? FAR;
  const shortClear = !best || inputOp.length > SHORT_INPUT || best.distance === 0 || runnerUp >= best.distance + 2;
  if (best && best.distance <= fixBudget && doubleEditConfirmed && (budget > 0 || best.completesNamespace)) {
    const tied = inScope.filter((s) => s.distance === best.distance);
    const guard =
      best.distance === 0 ? "strict" : operationGuard(opOf(inputOp), opOf(normalize(best.spelling)), t.autoThreshold);
    const guarded = guard !== "fail";
    // Parameter names: an input that only adds words to the target (`line_start` → `start`) is a guess, not a typo.
    const addsWords = options.tokenMatch === true && addsTokens(input, specs[best.index].target);
    if (tied.length === 1 && best.confidence >= t.likelyFixThreshold && guarded && !addsWords && shortClear) {
      fix = { score: best, kind: best.completesNamespace ? "namespace_completion" : "typo" };
      looseOperation = guard === "loose";
    } else if (tied.length === 1 && !guarded) blocked = "operation";
  }

  // Token subset (parameter names): `path` → `file_path` is a likely_fix, never auto.
  let tokenFix: TargetScore | undefined;
  if (!fix && options.tokenMatch) {
    const inputTokens = new Set(tokens(input).map(singularize));
    const supersets = specs
      .map((spec, i) => ({ i, spec }))
      .filter(({ spec }) => {
        const targetTokens = new Set(tokens(spec.target).map(singularize));
        return (
          inputTokens.size > 0 &&
          targetTokens.size > inputTokens.size &&
          [...inputTokens].every((tok) => targetTokens.has(tok))
        );
      });
    if (supersets.length === 1) {
      const i = supersets[0].i;
      tokenFix = scores.get(i) ?? {
        index: i,
        distance: FAR,
        confidence: t.likelyFixThreshold,
        similarity: 0,
        spelling: specs[i].target,
        crossesNamespace: false,
        completesNamespace: false,
      };
    }
  }

  let tier: Tier = "none";
  let match: SuggestMatch | undefined;
  if (fix) {
    const s = fix.score;
    const spec = specs[s.index];
    const confident = s.confidence >= t.autoThreshold;
    if (!confident) blocked = "confidence";
    else if (looseOperation) blocked = "operation";
    else if (options.allowAuto === false) blocked = "disabled";
    else if (spec.destructive) blocked = "destructive";
    else if (inputOp.length < 3) blocked = "short_input";
    tier = blocked ? "likely_fix" : "auto";
    match = { ...scored(s), kind: fix.kind };
  } else if (tokenFix) {
    tier = "likely_fix";
    match = { ...scored(tokenFix), confidence: t.likelyFixThreshold, kind: "token" };
    blocked = "confidence";
  }

  // Hints: near candidates, most similar first, excluding the fix itself.
  const hintTargets: string[] = [];
  for (const s of ranked) {
    if (hintTargets.length >= t.maxHints) break;
    if (match && specs[s.index].target === match.target) continue;
    const near = s.distance <= budget + 1 && budget > 0;
    const similar = s.similarity >= t.hintThreshold;
    const tokenShared = options.tokenMatch === true && sharesTokens(input, specs[s.index].target, options);
    if (near || similar || tokenShared || (s.crossesNamespace && s.distance === 0)) {
      hintTargets.push(specs[s.index].target);
    }
  }
  if (options.tokenMatch && hintTargets.length < t.maxHints) {
    // Input with extra words (`file_path` → `path`): the shorter target is only a hint.
    const inputTokens = new Set(tokens(input).map(singularize));
    for (const spec of specs) {
      if (hintTargets.length >= t.maxHints) break;
      if (hintTargets.includes(spec.target) || spec.target === match?.target) continue;
      const targetTokens = tokens(spec.target).map(singularize);
      if (targetTokens.length > 0 && targetTokens.every((tok) => inputTokens.has(tok))) hintTargets.push(spec.target);
    }
  }
  if (tier === "none" && hintTargets.length > 0) tier = "hints";

  const suggestion: Suggestion = {
    input,
    tier,
    hints: hintTargets,
    candidates: ranked
      .filter((s) => s.distance <= budget + 1 || s.similarity >= t.hintThreshold)
      .slice(0, t.maxHints + 1)
      .map(scored),
  };
  if (match) {
    suggestion.match = match;
    suggestion.likely_fix = match.target;
  }
  if (blocked && tier !== "auto") suggestion.blocked_reason = blocked;
  if (blocked === "operation" && !match && !hintTargets.includes(specs[best!.index].target)) {
    suggestion.hints = [specs[best!.index].target, ...hintTargets].slice(0, t.maxHints);
    suggestion.tier = "hints";
  }
  if (!match && ranked.some((s) => s.crossesNamespace && s.distance <= budget)) suggestion.blocked_reason = "namespace";
  return suggestion;
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
  t: SuggestThresholds,
  namespaceCorrected: boolean,
  inputNs: string,
): void {
  far.sort((a, b) => b.bound - a.bound || a.spelling.target - b.spelling.target);
  const keep = t.maxHints + 1;
  const best = new Map<number, number>();
  let floor = t.hintThreshold;
  // Bounded work: at most twice the slots are scored exactly, best bound first (far candidates are only hints).
  let evaluations = 0;
  for (const f of far) {
    if ((best.size >= keep && f.bound < floor) || evaluations >= 2 * keep) break;
    evaluations++;
    const prev = scores.get(f.spelling.target);
    if (prev && prev.distance < FAR) continue;
    const similarity = ratio(f.left, f.right);
    if (similarity < t.hintThreshold) continue;
    if (!prev || similarity > prev.confidence || (prev.crossesNamespace && !f.crosses)) {
      scores.set(f.spelling.target, {
        index: f.spelling.target,
        distance: FAR,
        confidence: similarity,
        similarity,
        spelling: f.spelling.text,
        crossesNamespace: f.crosses,
        completesNamespace: !f.crosses && (namespaceCorrected || (!inputNs && f.spelling.namespace !== "")),
      });
    }
    best.set(f.spelling.target, Math.max(similarity, best.get(f.spelling.target) ?? 0));
    if (best.size >= keep) floor = [...best.values()].sort((x, y) => y - x)[keep - 1];
  }
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

function sharesTokens(a: string, b: string, options: SuggestOptions): boolean {
  if (!options.tokenMatch) return false;
  const ta = new Set(tokens(a).map(singularize));
  return tokens(b).some((tok) => ta.has(singularize(tok)));
}

/** One bound buffer for every query (queries never interleave: suggest is synchronous). */
const RATIO_BOUND = new RatioBound();

/** Distance recorded for candidates too far for an edit-based fix (kept only as hints). */
const FAR = 99;

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
