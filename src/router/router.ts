/**
 * The router: registry, intent index and name resolver for one tool set and one config, built once and cached by the
 * tools array and config object (the index is rebuilt only when either changes, never per call).
 */
import type { ConfigError, LoadedConfig } from "../core/config.js";
import type { AnyToolDefinition } from "../core/tool.js";
import { type RouterConfig, routerConfigFrom } from "./config.js";
import { type Breakdown, IntentIndex, type ScoredTool, type SemanticInput } from "./intent.js";
import { buildRegistry, type RouterRegistry } from "./registry.js";
import { type Resolution, resolveDirect, resolveToolName } from "./resolve.js";
import { SemanticLane, type SemanticState } from "./semantic.js";
import { MAX_QUERY_CHARS } from "./text.js";

type MatchTier = "auto" | "suggest";

export interface IntentMatch {
  tool: string;
  confidence: number;
  tier: MatchTier;
  message: string;
  breakdown?: Breakdown;
  callable: boolean;
}

export interface IntentAnalysis {
  query: string;
  matches: IntentMatch[];
  recommended: string | null;
  message: string;
  /** Weights and thresholds in force, so a breakdown can be read. */
  scoring?: {
    weights: RouterConfig["settings"]["weights"];
    auto_threshold: number;
    suggest_threshold: number;
    intent_margin: number;
    semantic_weight: number;
    semantic: SemanticState;
  };
}

const NO_EVIDENCE: Breakdown = {
  exact: 0,
  alias: 0,
  intent: 0,
  lexical: 0,
  keyword: 0,
  description: 0,
  name: 0,
  boost: 0,
  semantic: 0,
  agreement: 0,
};

/** A lift at or above this comes from an identifier, alias or intent: the lexical answer stands without the model. */
const FAST_PATH_FLOOR = 0.9;

export class Router {
  readonly registry: RouterRegistry;
  readonly config: RouterConfig;
  readonly semantic: SemanticLane;
  private built?: IntentIndex;

  constructor(
    tools: readonly AnyToolDefinition[],
    config: RouterConfig,
    source = "config",
    env: Record<string, string | undefined> = process.env,
  ) {
    this.config = config;
    this.registry = buildRegistry(tools, config, source);
    this.semantic = new SemanticLane(this.registry.tools, config.settings, env);
  }

  /** The intent index, built on first use: a call with an exact tool name never needs it (CLI cold start). */
  get index(): IntentIndex {
    this.built ??= new IntentIndex(this.registry, this.config.settings, this.config.intents);
    return this.built;
  }

  /** Config faults: load-time ones of the router's sections, then those found against the tool list. */
  get configErrors(): ConfigError[] {
    return [...this.config.errors, ...this.registry.errors];
  }

  resolve(name: string): Resolution {
    return resolveToolName(this.registry, name, {
      settings: this.config.settings,
      rank: (phrase) => this.index.rank(phrase, 3).map((s) => ({ tool: s.tool.name, confidence: s.score })),
    });
  }

  /** Lexical ranking of every tool (list_capabilities' order, resolve_tool's suggestions): never waits for a model. */
  rank(query: string): ScoredTool[] {
    return this.index.rank(query);
  }

  /** Fused ranking of every tool once the semantic lane is ready; lexical until then. */
  async rankFused(query: string, limit = Number.POSITIVE_INFINITY): Promise<ScoredTool[]> {
    const semantic = await this.semanticInput(query);
    return this.index.rank(query, limit, semantic);
  }

  /**
   * A search's ranking (the proxy's search_tools): the lexical lane first, and the sentence model only when the lexical
   * answer is not decisive. Decisive means what analyze_intent's auto tier means (a calibrated probability at or above
   * auto_threshold, leading the runner-up by intent_margin), or a tool the query names. A query embedding costs tens of
   * milliseconds and the lexical lane well under one; where the lexical lane is already sure of its first tool, the
   * model would reorder only the tail.
   */
  async rankForSearch(query: string, limit: number): Promise<{ ranked: ScoredTool[]; lane: "lexical" | "fused" }> {
    const lexical = this.index.rank(query, Math.max(2, limit));
    if (this.decisive(lexical)) return { ranked: lexical.slice(0, limit), lane: "lexical" };
    const semantic = await this.semanticInput(query);
    if (!semantic) return { ranked: lexical.slice(0, limit), lane: "lexical" };
    return { ranked: this.index.rank(query, limit, semantic), lane: "fused" };
  }

  /** The lexical answer stands alone: a named tool, or the auto tier's probability and margin. */
  private decisive(ranked: readonly ScoredTool[]): boolean {
    const [top, second] = ranked;
    if (!top) return false;
    if (top.breakdown.exact || top.breakdown.alias || top.breakdown.intent) return true;
    const s = this.config.settings;
    return top.score >= s.auto_threshold && top.score - (second?.score ?? 0) >= s.intent_margin - 1e-9;
  }

  /** analyze_intent from the lexical lane alone (synchronous). */
  analyze(query: string, topK = 3, includeBreakdown = true, availableTools?: readonly string[]): IntentAnalysis {
    const text = typeof query === "string" ? query : "";
    const among = this.toolsAmong(availableTools);
    const ranked = this.index.rank(text, Math.max(2, topK), undefined, among);
    return this.analysisOf(query, this.typoFirst(text, ranked, among) ?? ranked, topK, includeBreakdown);
  }

  /**
   * The registry indices of `available_tools` (each name as resolve_tool reads it without guessing: exact, case,
   * separators, alias); undefined when no list is given or it is empty, so an absent filter and `[]` mean the same.
   */
  private toolsAmong(names: readonly string[] | undefined): ReadonlySet<number> | undefined {
    if (!names || names.length === 0) return undefined;
    const among = new Set<number>();
    for (const name of names) {
      const found = resolveDirect(this.registry, name.trim());
      if (found) among.add(found.tool.index);
    }
    return among;
  }

  /**
   * A query that is one mistyped tool name (`convrt`, `fuzzy_search_contnt`) which resolve_tool would auto-correct:
   * that tool first at the resolution's confidence, the lexical ranking after it. Undefined otherwise. The typo
   * matcher is lexical, so this never waits for the model.
   */
  private typoFirst(text: string, lexical: ScoredTool[], among?: ReadonlySet<number>): ScoredTool[] | undefined {
    const word = text.trim();
    if (word === "" || /\s/u.test(word) || word.length > MAX_QUERY_CHARS) return undefined;
    const r = this.resolve(word);
    if (r.tier !== "auto" || r.resolved === null) return undefined;
    const tool = this.registry.byName.get(r.resolved);
    if (!tool || (among && !among.has(tool.index))) return undefined;
    const own = lexical.find((s) => s.tool === tool);
    const breakdown = own ? { ...own.breakdown, name: 1 } : { ...NO_EVIDENCE, name: 1 };
    const evidence = own?.evidence ?? {
      lexical: 0,
      coverage: 0,
      semantic: 0,
      lexicalLead: 0,
      semanticLead: 0,
      tools: 1,
      matched: 0,
      terms: 0,
    };
    const first: ScoredTool = { tool, score: Math.max(r.confidence, own?.score ?? 0), breakdown, evidence };
    return [first, ...lexical.filter((s) => s.tool !== tool && s.score < first.score)];
  }

  /**
   * analyze_intent: an identifier, alias or intent in the query answers at once from the lexical lane; anything else
   * waits for the semantic lane (at most `semantic_wait_ms`, the first time) and ranks by the fused score. The query is
   * embedded once. `availableTools` limits the answer to those tools (the others are not candidates at all).
   */
  async analyzeIntent(
    query: string,
    topK = 3,
    includeBreakdown = true,
    availableTools?: readonly string[],
  ): Promise<IntentAnalysis> {
    const text = typeof query === "string" ? query : "";
    const limit = Math.max(2, topK);
    const among = this.toolsAmong(availableTools);
    const lexical = this.index.rank(text, limit, undefined, among);
    const top = lexical[0];
    const lifted = top && (top.breakdown.exact || top.breakdown.alias || top.breakdown.intent);
    if (lifted && top.score >= FAST_PATH_FLOOR) return this.analysisOf(query, lexical, topK, includeBreakdown);
    const typo = this.typoFirst(text, lexical, among);
    if (typo) return this.analysisOf(query, typo, topK, includeBreakdown);
    const semantic = await this.semanticInput(text);
    const ranked = semantic ? this.index.rank(text, limit, semantic, among) : lexical;
    return this.analysisOf(query, ranked, topK, includeBreakdown);
  }

  private async semanticInput(query: string): Promise<SemanticInput | undefined> {
    const weight = this.config.settings.semantic_weight;
    if (weight === 0 || !(await this.semantic.ready(this.config.settings.semantic_wait_ms))) return undefined;
    const scores = await this.semantic.score(query.slice(0, MAX_QUERY_CHARS));
    return scores ? { scores, weight } : undefined;
  }

  private analysisOf(query: string, ranked: ScoredTool[], topK: number, includeBreakdown: boolean): IntentAnalysis {
    const s = this.config.settings;
    const top = ranked[0];
    const second = ranked[1]?.score ?? 0;
    const margin = top ? top.score - second : 0;
    const matches: IntentMatch[] = [];
    for (const [i, r] of ranked.entries()) {
      if (matches.length >= topK || r.score < s.suggest_threshold) break;
      const tier: MatchTier =
        i === 0 && r.score >= s.auto_threshold && margin >= s.intent_margin - 1e-9 ? "auto" : "suggest";
      const match: IntentMatch = {
        tool: r.tool.name,
        confidence: r.score,
        tier,
        message: tier === "auto" ? `Use '${r.tool.name}'` : `Did you mean '${r.tool.name}'?`,
        callable: r.tool.callable,
      };
      if (includeBreakdown) match.breakdown = r.breakdown;
      matches.push(match);
    }
    // A configured intent is the user's own routing rule: its tool is recommended whenever it comes first.
    const byIntent = top !== undefined && top.breakdown.intent > 0;
    const recommended =
      top && matches.length > 0 && (matches[0].tier === "auto" || byIntent || margin >= s.intent_margin - 1e-9)
        ? top.tool.name
        : null;
    const message =
      matches.length === 0
        ? "No matching tools found. Use list_capabilities to see every tool."
        : recommended
          ? `Recommended: ${recommended}${matches[0].tier === "auto" ? "" : " (check its description)"}`
          : `Several tools may fit: ${matches.map((m) => m.tool).join(", ")}`;
    const analysis: IntentAnalysis = { query, matches, recommended, message };
    if (includeBreakdown) {
      analysis.scoring = {
        weights: s.weights,
        auto_threshold: s.auto_threshold,
        suggest_threshold: s.suggest_threshold,
        intent_margin: s.intent_margin,
        semantic_weight: s.semantic_weight,
        semantic: this.semantic.status,
      };
    }
    return analysis;
  }
}

const cache = new WeakMap<readonly AnyToolDefinition[], WeakMap<LoadedConfig, Router>>();

/** The router of a tool set under a config, built on first use and reused for every later call. */
export function routerFor(tools: readonly AnyToolDefinition[], config: LoadedConfig): Router {
  let byConfig = cache.get(tools);
  if (!byConfig) {
    byConfig = new WeakMap();
    cache.set(tools, byConfig);
  }
  let router = byConfig.get(config);
  if (!router) {
    router = new Router(tools, routerConfigFrom(config), config.sources.at(-1) ?? "config");
    byConfig.set(config, router);
  }
  return router;
}
