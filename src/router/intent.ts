/**
 * Intent scoring (spec §4.3): a field-weighted BM25 index over the registry (names ×3, aliases ×3, keywords ×2,
 * parameter names ×1, description ×1) and four signals in [0, 1] combined with the configured weights, plus the
 * keyword boost, identifier and intent overrides. Deterministic; no model. Built once per registry and config.
 */
import { singularize } from "../core/similarity.js";
import type { ConfigIntent, RouterSettings } from "./config.js";
import type { RouterRegistry, RouterTool } from "./registry.js";
import { resolveDirect } from "./resolve.js";
import { chunksOf, MAX_QUERY_CHARS, segmentsOf, splitToolNamespace, termsOf } from "./text.js";

const K1 = 1.2;
const B = 0.75;
const FIELD_WEIGHTS = { name: 3, alias: 3, keyword: 2, parameter: 1, description: 1 } as const;
/** Floors set by the overrides (§4.3.5). */
const IDENTIFIER_FLOOR = 0.95;
const INTENT_FLOOR = 0.9;
/**
 * Weight of an out-of-vocabulary query term, as a share of the rarest term's idf (lexical) and of one term (keyword):
 * 1, as the spec says, so off-topic queries sink. Lower values (0.75, 0.5) were measured on the bench: they leave
 * MetaTool ranking unchanged and let more off-domain asks through (R4), so unknown words count in full.
 */
export const OOV_WEIGHT = 1;

export interface Breakdown {
  exact: number;
  alias: number;
  /** Priority of the intent pattern that matched, 0 when none. */
  intent: number;
  lexical: number;
  keyword: number;
  description: number;
  name: number;
  boost: number;
}

export interface ScoredTool {
  tool: RouterTool;
  score: number;
  breakdown: Breakdown;
}

interface ToolDoc {
  tool: RouterTool;
  tf: Map<string, number>;
  length: number;
  keywords: Set<string>;
  extra: Set<string>;
  descriptionTerms: Set<string>;
  /** Adjacent description term pairs, in either order (pairKey). */
  descriptionPairs: Set<string>;
}

export class IntentIndex {
  private readonly docs: ToolDoc[];
  private readonly postings = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();
  private readonly avgLength: number;
  private readonly maxIdf: number;

  constructor(
    private readonly registry: RouterRegistry,
    private readonly settings: RouterSettings,
    private readonly intents: readonly ConfigIntent[],
  ) {
    this.docs = registry.tools.map((tool) => buildDoc(tool));
    this.docs.forEach((doc, i) => {
      for (const term of doc.tf.keys()) {
        const list = this.postings.get(term);
        if (list) list.push(i);
        else this.postings.set(term, [i]);
      }
    });
    const n = this.docs.length;
    for (const [term, list] of this.postings) {
      this.idf.set(term, Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5)));
    }
    this.maxIdf = n === 0 ? 1 : Math.log(1 + (n - 1 + 0.5) / 1.5);
    this.avgLength = n === 0 ? 1 : this.docs.reduce((s, d) => s + d.length, 0) / n;
  }

  /**
   * Tools with a non-zero score, best first (ties keep registration order), at most `limit`. Signals are summed in
   * flat arrays; breakdown objects are made only for the tools returned.
   */
  rank(rawQuery: string, limit = Number.POSITIVE_INFINITY): ScoredTool[] {
    const query = rawQuery.slice(0, MAX_QUERY_CHARS);
    const chunks = chunksOf(query);
    const words = chunks.filter((c) => !c.value);
    const ordered = words.flatMap((c) => termsOf(c.text));
    const terms = [...new Set(ordered)];
    const n = this.docs.length;
    const lexical = new Float64Array(n);
    const keyword = new Float64Array(n);
    const description = new Float64Array(n);
    const boost = new Float64Array(n);
    const name = new Uint8Array(n);
    const exact = new Uint8Array(n);
    const alias = new Uint8Array(n);
    const touched: number[] = [];
    const seen = new Uint8Array(n);
    const touch = (i: number) => {
      if (!seen[i]) {
        seen[i] = 1;
        touched.push(i);
      }
    };

    if (terms.length > 0) {
      const known = terms.filter((t) => this.idf.has(t)).length;
      const totalIdf = terms.reduce((sum, t) => sum + (this.idf.get(t) ?? OOV_WEIGHT * this.maxIdf), 0);
      const termMass = known + OOV_WEIGHT * (terms.length - known);
      const pairs: string[] = [];
      for (let i = 0; i + 1 < ordered.length; i++) {
        const p = pairKey(ordered[i], ordered[i + 1]);
        if (ordered[i] !== ordered[i + 1] && !pairs.includes(p)) pairs.push(p);
      }
      const avg = this.avgLength;
      for (const t of terms) {
        const postings = this.postings.get(t);
        if (!postings) continue;
        const idf = this.idf.get(t) ?? 0;
        for (const i of postings) {
          touch(i);
          const doc = this.docs[i];
          const tf = doc.tf.get(t) as number;
          lexical[i] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / avg));
          if (doc.keywords.has(t)) keyword[i] += 1;
          if (doc.extra.has(t)) boost[i] = doc.tool.boost;
        }
      }
      for (const i of touched) {
        const doc = this.docs[i];
        lexical[i] = Math.min(1, lexical[i] / totalIdf);
        // A tool without curated keywords (a proxied server's) lets the lexical signal stand in for them, so that the
        // lack of curation does not cap its score below the suggest threshold.
        keyword[i] = doc.keywords.size === 0 ? lexical[i] : Math.min(1, keyword[i] / termMass);
        if (pairs.length > 0) {
          let adjacent = 0;
          for (const p of pairs) if (doc.descriptionPairs.has(p)) adjacent++;
          description[i] = adjacent / pairs.length;
        } else description[i] = doc.descriptionTerms.has(terms[0]) ? 1 : 0;
      }
    }

    // Name signal and identifier override: a word, or up to three joined, naming a tool through tiers 1–4.
    const wordSegments = words.map((c) => segmentsOf(c.text).map(singularize));
    const whole = words.length === 1 && chunks.length === 1;
    for (let w = 0; w < words.length; w++) {
      for (let k = 1; k <= 3 && w + k <= words.length; k++) {
        const key = wordSegments
          .slice(w, w + k)
          .flat()
          .join("_");
        const direct = k === 1 ? this.direct(words[w].text, key) : this.direct(undefined, key);
        if (!direct) continue;
        // A plain word names a tool only as written: `cats` in a sentence is not the alias `cat`.
        if (k === 1 && !words[w].identifier && !whole) {
          const literal = words[w].text.toLowerCase();
          if (direct.tool.name !== literal && !direct.tool.aliases.includes(literal)) continue;
        }
        const i = direct.tool.index;
        touch(i);
        name[i] = 1;
        if ((k === 1 && words[w].identifier) || whole) {
          if (direct.tier === "alias") alias[i] = 1;
          else exact[i] = 1;
        }
      }
    }

    const intent = this.intents.find((it) => it.regex.test(query));
    const intentTool = intent ? this.registry.byName.get(intent.tool) : undefined;
    if (intentTool) touch(intentTool.index);

    const w = this.settings.weights;
    const score = new Float64Array(n);
    const ranked: number[] = [];
    for (const i of touched) {
      let s = clamp01(
        w.lexical * lexical[i] + w.keyword * keyword[i] + w.description * description[i] + w.name * name[i] + boost[i],
      );
      if (exact[i] || alias[i]) s = Math.max(s, IDENTIFIER_FLOOR);
      if (intentTool && intentTool.index === i) s = Math.max(s, INTENT_FLOOR);
      score[i] = round3(s);
      if (score[i] > 0) ranked.push(i);
    }
    // The intent's tool goes first among equals: intents are checked first (D8).
    const isIntent = (i: number) => (intentTool?.index === i ? 1 : 0);
    ranked.sort((a, b) => score[b] - score[a] || isIntent(b) - isIntent(a) || a - b);
    return ranked.slice(0, limit).map((i) => ({
      tool: this.docs[i].tool,
      score: score[i],
      breakdown: {
        exact: exact[i],
        alias: alias[i],
        intent: isIntent(i) ? (intent as ConfigIntent).priority : 0,
        lexical: round3(lexical[i]),
        keyword: round3(keyword[i]),
        description: round3(description[i]),
        name: name[i],
        boost: round3(boost[i]),
      },
    }));
  }

  /** Tiers 1–4 of §4.2 for a query word (`text`) or joined words, by their precomputed key. */
  private direct(
    text: string | undefined,
    key: string,
  ): { tool: RouterTool; tier: "exact" | "normalized" | "alias" } | undefined {
    if (text !== undefined) {
      if (text.includes("__")) {
        const own = splitToolNamespace(text, this.settings.namespaces);
        if (own.kind === "own" || own.kind === "typo") return resolveDirect(this.registry, own.operation);
      }
      const exact = this.registry.byName.get(text);
      if (exact) return { tool: exact, tier: "exact" };
    }
    if (key === "") return undefined;
    const named = this.registry.byNorm.get(key);
    if (named) return { tool: named, tier: "normalized" };
    const aliased = this.registry.byAliasNorm.get(key);
    if (aliased) return { tool: aliased, tier: "alias" };
    return undefined;
  }
}

function buildDoc(tool: RouterTool): ToolDoc {
  const tf = new Map<string, number>();
  let length = 0;
  const add = (terms: readonly string[], weight: number) => {
    for (const t of terms) {
      tf.set(t, (tf.get(t) ?? 0) + weight);
      length += weight;
    }
  };
  add(termsOf(tool.segments.join(" ")), FIELD_WEIGHTS.name);
  for (const a of tool.aliases) add(termsOf(segmentsOf(a).join(" ")), FIELD_WEIGHTS.alias);
  const keywordTerms = tool.keywords.flatMap((k) => termsOf(k));
  add(keywordTerms, FIELD_WEIGHTS.keyword);
  add(
    tool.params.flatMap((p) => termsOf(segmentsOf(p.name).join(" "))),
    FIELD_WEIGHTS.parameter,
  );
  const description = termsOf(tool.description);
  add(description, FIELD_WEIGHTS.description);
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < description.length; i++) pairs.add(pairKey(description[i], description[i + 1]));
  const keywords = new Set(keywordTerms);
  return {
    tool,
    tf,
    length,
    keywords,
    extra: new Set(tool.extraKeywords.flatMap((k) => termsOf(k))),
    descriptionTerms: new Set(description),
    descriptionPairs: pairs,
  };
}

/** Adjacent terms in either order. */
function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
