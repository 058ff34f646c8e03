/**
 * Tool-name resolution (docs/router.md, "resolve_tool"): exact → foreign namespace (never crossed) → normalized → alias
 * → typo through the core matcher with the operation guard → likely_fix → suggestions → none. Used by `resolve_tool`
 * and the middleware; intents never take part, so a regex cannot redirect a call.
 */
import { confirmScore, osa, ratio, singularize } from "../core/similarity.js";
import { differingParts, editBudget, NameIndex } from "../core/suggest.js";
import type { RouterSettings } from "./config.js";
import { commonCharacters, letterCounts, type RouterRegistry, type RouterTool } from "./registry.js";
import { normOf, segmentsOf, splitToolNamespace } from "./text.js";

type ResolveTier = "exact" | "normalized" | "alias" | "auto" | "suggest" | "none";
type NameCorrectionType = "normalization" | "alias" | "typo" | "namespace_completion";
type ResolveBlockedReason = "destructive" | "namespace" | "operation" | "disabled";

interface ToolCandidate {
  tool: string;
  confidence: number;
}

export interface Resolution {
  input: string;
  /** The tool the input names, for tiers exact, normalized, alias and auto. */
  resolved: string | null;
  confidence: number;
  tier: ResolveTier;
  is_exact: boolean;
  message: string;
  /** A fix not applied (destructive target, confidence below auto, auto-correction off, a unique segment match). */
  likely_fix?: string;
  candidates: ToolCandidate[];
  blocked_reason?: ResolveBlockedReason;
  /** How the name was corrected, when it was. */
  correction_type?: NameCorrectionType;
  /** Human hints for an error (at most 3). */
  hints: string[];
}

/** Ranks tools for a phrase (analyze_intent), used as the last source of suggestions. */
type PhraseRanker = (phrase: string) => ToolCandidate[];

export interface ResolveOptions {
  settings: RouterSettings;
  /** Confirmation score a typo needs before it is even a likely_fix. */
  confirmThreshold?: number;
  rank?: PhraseRanker;
}

const MAX_SUGGESTIONS = 3;
const HINT_RATIO = 0.6;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The operation guard: drop the segments the two names share at the start and the end; what remains must
 * be within the typo budget and confirmed (`dirs`/`files` fails, `contnt`/`content` passes).
 */
export function operationGuard(input: string, candidate: string): boolean {
  const [partA, partB] = differingParts(segmentsOf(input).join("_"), segmentsOf(candidate).join("_"));
  // Separators do not count: `fuzzysearch` against `fuzzy_search` differs in nothing.
  const restA = partA.replaceAll("_", "");
  const restB = partB.replaceAll("_", "");
  if (restA === restB) return true;
  const budget = editBudget(restB.length);
  if (budget === 0) return false;
  return osa(restA, restB, budget) <= budget && confirmScore(restA, restB) >= 0.8;
}

function result(
  input: string,
  tier: ResolveTier,
  tool: RouterTool | undefined,
  extra: Partial<Resolution>,
): Resolution {
  return {
    input,
    resolved: tool && tier !== "suggest" && tier !== "none" ? tool.name : null,
    confidence: 0,
    tier,
    is_exact: tier === "exact",
    message: "",
    candidates: [],
    hints: [],
    ...extra,
  };
}

function resolvedTo(
  input: string,
  tool: RouterTool,
  tier: "exact" | "normalized" | "alias",
  correction: NameCorrectionType | undefined,
): Resolution {
  const how = tier === "exact" ? "exact match" : tier === "alias" ? "alias" : "same name, normalised";
  return result(input, tier, tool, {
    confidence: 1,
    correction_type: correction,
    message: tier === "exact" ? `'${tool.name}' is a tool` : `'${input}' is '${tool.name}' (${how})`,
    candidates: [{ tool: tool.name, confidence: 1 }],
  });
}

const caselessNames = new WeakMap<RouterRegistry, Map<string, RouterTool | null>>();

/** The one tool whose name equals `name` up to case (null in the map when two names differ only by case). */
export function namedCaseless(registry: RouterRegistry, name: string): RouterTool | undefined {
  let names = caselessNames.get(registry);
  if (!names) {
    names = new Map();
    for (const t of registry.tools) {
      const key = t.name.toLowerCase();
      names.set(key, names.has(key) ? null : t);
    }
    caselessNames.set(registry, names);
  }
  return names.get(name.toLowerCase()) ?? undefined;
}

/** Tiers 1–4 only (exact, normalized, alias) for an already namespace-free name: undefined when none applies. */
export function resolveDirect(
  registry: RouterRegistry,
  name: string,
): { tool: RouterTool; tier: "exact" | "normalized" | "alias" } | undefined {
  const exact = registry.byName.get(name);
  if (exact) return { tool: exact, tier: "exact" };
  // Case alone never makes another name: `SKELETON`, `SkElEtOn` (whose camelCase split would give other words).
  const caseless = namedCaseless(registry, name);
  if (caseless) return { tool: caseless, tier: "normalized" };
  const norm = normOf(name);
  if (norm === "") return undefined;
  const named = registry.bySpelling.get(segmentsOf(name).join("_")) ?? registry.byNorm.get(norm);
  if (named) return { tool: named, tier: "normalized" };
  const aliased = registry.byAliasNorm.get(norm);
  if (aliased) return { tool: aliased, tier: "alias" };
  return undefined;
}

export function resolveToolName(registry: RouterRegistry, rawInput: string, options: ResolveOptions): Resolution {
  const input = typeof rawInput === "string" ? rawInput.slice(0, 200) : String(rawInput);
  const trimmed = input.trim();
  if (trimmed === "" || registry.tools.length === 0) {
    return result(input, "none", undefined, { message: noneMessage(input) });
  }
  const exact = registry.byName.get(trimmed);
  if (exact)
    return resolvedTo(
      input,
      exact,
      trimmed === input ? "exact" : "normalized",
      trimmed === input ? undefined : "normalization",
    );

  const ns = splitToolNamespace(trimmed, options.settings.namespaces);
  // A namespace that tool names here carry themselves (`github__create_issue` behind a gateway) is matched whole.
  const inRegistry = ns.kind === "foreign" && nearNamespace(ns.namespace, registry.namespaces);
  if (ns.kind === "foreign" && !inRegistry) {
    const same = resolveDirect(registry, ns.operation);
    const hints = same
      ? [`'${same.tool.name}' is the tool of that name here (namespace dwim); call it by that name`]
      : [];
    return result(input, "none", undefined, {
      blocked_reason: "namespace",
      message: `'${trimmed}' belongs to another server (namespace '${ns.namespace}'); dwim never calls across namespaces`,
      hints,
    });
  }
  const op = inRegistry ? trimmed.replace(/^mcp__/iu, "") : ns.operation;
  const nsCorrected = ns.kind === "typo";

  const direct = resolveDirect(registry, op);
  if (direct) {
    if (nsCorrected) return autoOrBlocked(input, direct.tool, 1, "namespace_completion", options);
    const tier = direct.tier === "exact" ? (ns.kind === "own" ? "normalized" : "exact") : direct.tier;
    const correction: NameCorrectionType | undefined =
      tier === "exact" ? undefined : tier === "alias" ? "alias" : "normalization";
    return resolvedTo(input, direct.tool, tier, correction);
  }

  const spelled = segmentsOf(op).join("_");
  const confirm = options.confirmThreshold ?? 0.8;
  const s = candidateIndex(registry, spelled).suggest(spelled, {
    autoThreshold: options.settings.auto_threshold,
    likelyFixThreshold: confirm,
    hintThreshold: HINT_RATIO,
    maxHints: 10,
    namespaces: false,
  });
  const budget = editBudget(spelled.length);
  let guardFailed = false;
  let fix: { tool: RouterTool; confidence: number; auto: boolean } | undefined;
  if (s.match && s.match.kind !== "token") {
    const tool = registry.byName.get(s.match.target);
    if (tool && operationGuard(spelled, s.match.spelling)) {
      fix = { tool, confidence: s.match.confidence, auto: s.tier === "auto" };
    } else guardFailed = true;
  }
  if (fix?.auto)
    return autoOrBlocked(input, fix.tool, fix.confidence, nsCorrected ? "namespace_completion" : "typo", options);

  // Suggestions, in order: near spellings, whole-segment matches, then intent ranking.
  const suggestions: ToolCandidate[] = [];
  const add = (tool: string, confidence: number) => {
    if (suggestions.length >= MAX_SUGGESTIONS || suggestions.some((c) => c.tool === tool)) return;
    if (fix && fix.tool.name === tool) return;
    suggestions.push({ tool, confidence: round3(confidence) });
  };
  for (const c of s.candidates) {
    const near = budget > 0 && c.distance <= budget + 1;
    const similar = ratio(spelled, normOf(c.spelling)) >= HINT_RATIO && operationGuard(spelled, c.spelling);
    if (near || similar) {
      add(c.target, c.confidence);
      if (!operationGuard(spelled, c.spelling) && suggestions.length === 1) guardFailed = true;
    }
  }
  let segmentFix: RouterTool | undefined;
  const inputSegments = segmentsOf(op).map(singularize);
  if (inputSegments.length === 1) {
    const word = inputSegments[0];
    const owners = registry.bySegment.get(word) ?? [];
    if (owners.length === 1 && !fix) segmentFix = owners[0];
    else for (const t of owners) add(t.name, 0.5);
    // A typo of a whole word of some names (`todoo` for the `todo` of todo_list): those tools are hints.
    if (owners.length === 0) for (const t of segmentTypoOwners(registry, word)) add(t.name, 0.5);
  }
  if (options.rank && !fix && !segmentFix) {
    // Ranked as the name it is (segments joined by `_`): a tool sharing only some of its words is no hint for it.
    for (const c of options.rank(segmentsOf(op).join("_"))) {
      if (c.confidence >= options.settings.suggest_threshold) add(c.tool, c.confidence);
    }
  }

  if (fix || segmentFix) {
    const tool = (fix?.tool ?? segmentFix) as RouterTool;
    const confidence = fix ? fix.confidence : 0.7;
    const destructive = tool.annotations.destructiveHint === true;
    const blocked: ResolveBlockedReason | undefined = destructive ? "destructive" : undefined;
    return result(input, "suggest", tool, {
      confidence: round3(confidence),
      likely_fix: tool.name,
      blocked_reason: blocked,
      correction_type: fix ? (nsCorrected ? "namespace_completion" : "typo") : undefined,
      candidates: [{ tool: tool.name, confidence: round3(confidence) }, ...suggestions].slice(0, MAX_SUGGESTIONS),
      message: destructive
        ? `Did you mean '${tool.name}'? It is destructive, so it is not called on a guess: re-issue the call with that name`
        : `Did you mean '${tool.name}'?`,
      hints: suggestions.map((c) => `Did you mean '${c.tool}'?`),
    });
  }
  if (suggestions.length > 0) {
    return result(input, "suggest", undefined, {
      confidence: suggestions[0].confidence,
      candidates: suggestions,
      blocked_reason: guardFailed ? "operation" : undefined,
      message: `Did you mean ${suggestions.map((c) => `'${c.tool}'`).join(" or ")}?`,
      hints: suggestions.map((c) => `Did you mean '${c.tool}'?`),
    });
  }
  return result(input, "none", undefined, {
    message: noneMessage(trimmed),
    blocked_reason: guardFailed ? "operation" : undefined,
  });
}

const segmentIndexes = new WeakMap<RouterRegistry, NameIndex>();

/** The tools owning the one name word the core matcher would correct `word` to (auto or likely_fix tier). */
function segmentTypoOwners(registry: RouterRegistry, word: string): RouterTool[] {
  let index = segmentIndexes.get(registry);
  if (!index) {
    index = new NameIndex([...registry.bySegment.keys()]);
    segmentIndexes.set(registry, index);
  }
  const s = index.suggest(word, { allowAuto: false, namespaces: false });
  return s.likely_fix === undefined ? [] : (registry.bySegment.get(s.likely_fix) ?? []);
}

function noneMessage(input: string): string {
  return `No tool matches '${input}'. Use list_capabilities to see every tool, or analyze_intent to describe the task`;
}

/** A typo or namespace fix: auto unless the target is destructive or auto-correction is off. */
function autoOrBlocked(
  input: string,
  tool: RouterTool,
  confidence: number,
  correction: NameCorrectionType,
  options: ResolveOptions,
): Resolution {
  const conf = round3(confidence);
  const destructive = tool.annotations.destructiveHint === true;
  if (!destructive && options.settings.auto_correct) {
    return result(input, "auto", tool, {
      confidence: conf,
      correction_type: correction,
      message: `'${input}' read as '${tool.name}' (auto-corrected)`,
      candidates: [{ tool: tool.name, confidence: conf }],
    });
  }
  return result(input, "suggest", tool, {
    confidence: conf,
    likely_fix: tool.name,
    correction_type: correction,
    blocked_reason: destructive ? "destructive" : "disabled",
    candidates: [{ tool: tool.name, confidence: conf }],
    message: destructive
      ? `Did you mean '${tool.name}'? It is destructive, so it is not called on a guess: re-issue the call with that name`
      : `Did you mean '${tool.name}'? (auto-correction is off)`,
  });
}

/** The namespace itself, or a typo of it: one nearest namespace alone, within the typo budget and confirmed. */
function nearNamespace(namespace: string, known: ReadonlySet<string>): boolean {
  if (known.has(namespace)) return true;
  const budget = editBudget(namespace.length);
  if (budget === 0) return false;
  let best: string | undefined;
  let bestDistance = budget + 1;
  let tied = false;
  for (const k of known) {
    const d = osa(namespace, k, budget);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
      tied = false;
    } else if (d === bestDistance) tied = true;
  }
  return best !== undefined && !tied && confirmScore(namespace, best) >= 0.8;
}

/**
 * The core matcher over the spellings that could matter for `input`: within one edit beyond the budget, or whose
 * letters could still reach the hint ratio. The others could be neither a fix nor a hint, so leaving them out
 * changes no answer and keeps a query over 1,000 tools cheap.
 */
function candidateIndex(registry: RouterRegistry, input: string): NameIndex {
  const reach = editBudget(input.length) + 1;
  const counts = letterCounts(input);
  const specs = new Map<RouterTool, { target: string; aliases: string[]; destructive: boolean }>();
  for (const s of registry.spellings) {
    const total = s.norm.length + input.length;
    const near = Math.abs(s.norm.length - input.length) <= reach && osa(input, s.norm, reach) <= reach;
    if (!near && (2 * commonCharacters(counts, s.counts)) / total < HINT_RATIO) continue;
    let spec = specs.get(s.tool);
    if (!spec) {
      spec = { target: s.tool.name, aliases: [], destructive: s.tool.annotations.destructiveHint === true };
      specs.set(s.tool, spec);
    }
    // The joined form is what the input is compared with; the declared name stays the target.
    spec.aliases.push(s.norm);
  }
  // Registration order is kept, so ties break as they would over the whole registry.
  return new NameIndex([...specs.values()].sort((a, b) => order(registry, a.target) - order(registry, b.target)));
}

function order(registry: RouterRegistry, name: string): number {
  return registry.byName.get(name)?.index ?? 0;
}
