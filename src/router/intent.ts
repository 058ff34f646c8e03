/**
 * Intent scoring (docs/router.md, "analyze_intent"): a field-weighted BM25 index over the registry (names ×3, aliases
 * ×3, keywords ×2, parameter names ×1, description ×1) and four signals in [0, 1] combined with the configured weights,
 * plus the keyword boost, identifier and intent overrides; optionally fused with the semantic lane's similarities (a
 * linear blend, so the result stays a confidence the thresholds can read). Built once per registry and config.
 */
import { singularize } from "../core/similarity.js";
import { calibratedConfidence, type Evidence, FUSED_MODEL, LEXICAL_MODEL } from "./calibration.js";
import type { ConfigIntent, RouterSettings } from "./config.js";
import { documentedText, type RouterRegistry, type RouterTool } from "./registry.js";
import { namedCaseless, resolveDirect } from "./resolve.js";
import {
  chunksOf,
  MAX_QUERY_CHARS,
  type QueryChunk,
  segmentsOf,
  splitToolNamespace,
  stem,
  termsOf,
  wordsOf,
} from "./text.js";

const K1 = 1.2;
const B = 0.75;
const FIELD_WEIGHTS = { name: 3, alias: 3, keyword: 2, parameter: 1, description: 1 } as const;
/** Words requests begin with that are never a call of a tool so named: "find all files that mention kilograms". */
const NL_MARKERS: ReadonlySet<string> = new Set(["show", "find", "get", "list", "what", "how", "search", "run", "do"]);
/** Floors set by the overrides: an identifier naming a tool, a matching `[[intents]]` pattern. */
const IDENTIFIER_FLOOR = 0.95;
const INTENT_FLOOR = 0.9;
/**
 * Weight of an out-of-vocabulary query term, as a share of the rarest term's idf (lexical) and of one term (keyword):
 * 1, so off-topic queries sink. Lower values (0.75, 0.5) were measured on the bench: they leave
 * MetaTool ranking unchanged and let more off-domain asks through (abstention), so unknown words count in full.
 */
export const OOV_WEIGHT = 1;
/**
 * Credit for a query word that meets a tool only through its stem when the registry also has the word as written:
 * `times` reaches a tool saying `time` at half weight if another tool says `times`, so the two words stay apart
 * where the catalog distinguishes them, and merge where it does not.
 */
const STEM_ONLY_CREDIT = 0.5;
/** Signals and scores rise linearly to the knee, then approach 1 smoothly: no clipping, so strong matches never tie. */
const KNEE = 0.8;
const SOFT_SCALE = 0.136;

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
  /** Similarity from the semantic lane (model cosine, or character n-grams for non-ASCII queries); 0 when off. */
  semantic: number;
  /**
   * How clearly both lanes put this tool first: its relative margins over the runner-up in each lane, their geometric
   * mean weighted as the blend weighs the lanes; 0 unless both lanes rank it first (see `laneAgreement`).
   */
  agreement: number;
}

export interface ScoredTool {
  tool: RouterTool;
  /** Confidence: the calibrated probability that this is the right tool (see calibration.ts), after the lifts. */
  score: number;
  breakdown: Breakdown;
  /** What the calibration read. */
  evidence: Evidence;
}

interface ToolDoc {
  tool: RouterTool;
  tf: Map<string, number>;
  length: number;
  keywords: Set<string>;
  /**
   * Keywords of several words (`should use`, `how many`), as stems: evidence only as the whole phrase in the query.
   * Their words alone are common ("use", "many") and would point every request that has them at this tool.
   */
  keywordPhrases: string[][];
  extra: Set<string>;
  descriptionTerms: Set<string>;
  /** Adjacent description term pairs, in either order (pairKey). */
  descriptionPairs: Set<string>;
  /** Every word of the tool as written (before stemming). */
  surfaces: Set<string>;
  /**
   * Terms the tool has only as other names of itself (aliases, and keywords equal to one): like a name, such a term
   * counts only when the query has it as written (`cats` in a sentence is not the command `cat`).
   */
  namesOnly: Set<string>;
}

export interface SemanticInput {
  /** Per tool, in registry order, in [0, 1]. */
  scores: Float64Array;
  /** Share of the semantic lane in the fused score. */
  weight: number;
  /** Lift the tool both lanes rank first by their agreed margin (default); off gives the plain blend (bench). */
  agreement?: boolean;
  /** Report the calibrated probability as the score (default); off reports the fused score itself (bench). */
  calibrate?: boolean;
}

export class IntentIndex {
  private readonly docs: ToolDoc[];
  private readonly postings = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();
  private readonly avgLength: number;
  private readonly maxIdf: number;
  /** Words the registry uses as written: a stem-only match is discounted when the query's own word is among them. */
  private readonly surfaceVocab = new Set<string>();
  /** Keyword phrases by their first stem: which documents hold them. */
  private readonly phrasesByFirst = new Map<string, Array<{ doc: number; stems: string[] }>>();

  constructor(
    private readonly registry: RouterRegistry,
    private readonly settings: RouterSettings,
    private readonly intents: readonly ConfigIntent[],
  ) {
    this.docs = registry.tools.map((tool) => buildDoc(tool));
    for (const doc of this.docs) for (const w of doc.surfaces) this.surfaceVocab.add(w);
    this.docs.forEach((doc, i) => {
      for (const stems of doc.keywordPhrases) {
        const list = this.phrasesByFirst.get(stems[0]) ?? [];
        list.push({ doc: i, stems });
        this.phrasesByFirst.set(stems[0], list);
      }
    });
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
   * Tools with a non-zero score, best first, at most `limit`. Ties are broken by the semantic similarity, then the
   * lexical evidence, then the name: never by registration order. Signals are summed in flat arrays; breakdown
   * objects are made only for the tools returned.
   */
  rank(
    rawQuery: string,
    limit = Number.POSITIVE_INFINITY,
    semantic?: SemanticInput,
    among?: ReadonlySet<number>,
  ): ScoredTool[] {
    const query = parseQuery(rawQuery, (word) => this.idf.has(stem(word)));
    const signals = new Signals(this.docs.length);
    if (query.terms.length > 0) this.addLexicalSignals(query, signals);
    this.addNameSignals(query, signals);
    const intent = this.intents.find((it) => it.regex.test(query.text));
    const intended = intent ? this.registry.byName.get(intent.tool) : undefined;
    const intentTool = intended && (!among || among.has(intended.index)) ? intended : undefined;
    if (intentTool) signals.touch(intentTool.index);
    const scope = this.holdersOfForeignName(query, signals, among, intentTool?.index);
    const fused = this.fuse(signals, intentTool?.index, semantic, scope);
    const isIntent = (i: number) => (intentTool?.index === i ? 1 : 0);
    const semOf = (i: number) => semantic?.scores[i] ?? 0;
    const { score, lexScore, agreed } = fused;
    const lexical = signals.lexical;
    // A configured intent first, then a tool the query names outright (`skeleton src/main.py` is skeleton, however
    // strongly skeleton_extract matches its words), then the evidence.
    const named = (i: number) => signals.exact[i] | signals.alias[i];
    const order = (a: number, b: number) =>
      isIntent(b) - isIntent(a) ||
      named(b) - named(a) ||
      score[b] - score[a] ||
      semOf(b) - semOf(a) ||
      lexScore[b] - lexScore[a] ||
      lexical[b] - lexical[a] ||
      compareNames(this.docs[a].tool.name, this.docs[b].tool.name);
    const calibrate = semantic?.calibrate !== false;
    const model = semantic ? FUSED_MODEL : LEXICAL_MODEL;
    const leads = leadsOf(fused.lexScore, signals.touched, semantic?.scores, scope);
    const chosen = firstInOrder(fused.ranked, limit, order);
    let ceiling = 1;
    return chosen.map((i) => {
      const tools = scope?.size ?? this.docs.length;
      const evidence = evidenceOf(i, fused.lexScore, signals, semantic?.scores, leads, tools, query.terms.length);
      let confidence = score[i];
      if (calibrate) {
        // The lifts keep their floors; otherwise the probability, never above that of a tool ranked before it.
        confidence = calibratedConfidence(evidence, model);
        if (signals.exact[i] || signals.alias[i]) confidence = Math.max(confidence, IDENTIFIER_FLOOR);
        if (isIntent(i)) confidence = Math.max(confidence, INTENT_FLOOR);
        confidence = Math.min(confidence, ceiling);
        ceiling = confidence;
      }
      return {
        tool: this.docs[i].tool,
        score: round3(confidence),
        breakdown: {
          exact: signals.exact[i],
          alias: signals.alias[i],
          intent: isIntent(i) ? (intent as ConfigIntent).priority : 0,
          lexical: round3(softClip(lexical[i])),
          keyword: round3(softClip(signals.keyword[i])),
          description: round3(signals.description[i]),
          name: signals.name[i],
          boost: round3(signals.boost[i]),
          semantic: round3(semOf(i)),
          agreement: agreed?.index === i ? round3(agreed.margin) : 0,
        },
        evidence,
      };
    });
  }

  /**
   * Field-weighted BM25 over the query's terms, as a share of their summed idf (out-of-vocabulary terms at the maximum
   * idf, so off-topic queries sink); the share of query terms that are keywords (whole keyword phrases included); the
   * share of query bigrams adjacent in the description; the keyword boost of configured extra keywords.
   */
  private addLexicalSignals(query: ParsedQuery, signals: Signals): void {
    const { terms, ordered } = query;
    const known = terms.filter((t) => this.idf.has(t)).length;
    const totalIdf = terms.reduce((sum, t) => sum + (this.idf.get(t) ?? OOV_WEIGHT * this.maxIdf), 0);
    const termMass = known + OOV_WEIGHT * (terms.length - known);
    const { lexical, keyword, description, boost, coverage } = signals;
    for (const t of terms) {
      const postings = this.postings.get(t);
      if (!postings) continue;
      const idf = this.idf.get(t) ?? 0;
      const written = query.formsOf.get(t) ?? [];
      const forms = written.filter((w) => this.surfaceVocab.has(w));
      for (const i of postings) {
        const doc = this.docs[i];
        if (doc.namesOnly.has(t) && !written.some((w) => doc.surfaces.has(w))) continue;
        signals.touch(i);
        const tf = doc.tf.get(t) as number;
        const credit = forms.length > 0 && !forms.some((w) => doc.surfaces.has(w)) ? STEM_ONLY_CREDIT : 1;
        lexical[i] += (credit * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / this.avgLength));
        coverage[i] += credit * idf;
        signals.matched[i]++;
        if (doc.keywords.has(t)) keyword[i] += credit;
        if (doc.extra.has(t)) boost[i] = doc.tool.boost;
      }
    }
    this.addKeywordPhrases(query, signals);
    const pairs: string[] = [];
    for (let i = 0; i + 1 < ordered.length; i++) {
      const p = pairKey(ordered[i], ordered[i + 1]);
      if (ordered[i] !== ordered[i + 1] && !pairs.includes(p)) pairs.push(p);
    }
    for (const i of signals.touched) {
      const doc = this.docs[i];
      // Unclipped: BM25's saturation lets a strong match exceed 1 here; only the final score is bounded (softClip).
      lexical[i] = lexical[i] / totalIdf;
      coverage[i] = coverage[i] / totalIdf;
      // A tool without curated keywords (a proxied server's) lets the lexical signal stand in for them, so that the
      // lack of curation does not cap its score below the suggest threshold.
      keyword[i] =
        doc.keywords.size === 0 && doc.keywordPhrases.length === 0 ? lexical[i] : Math.min(1, keyword[i] / termMass);
      if (pairs.length > 0) {
        let adjacent = 0;
        for (const p of pairs) if (doc.descriptionPairs.has(p)) adjacent++;
        description[i] = adjacent / pairs.length;
      } else description[i] = doc.descriptionTerms.has(terms[0]) ? 1 : 0;
    }
  }

  /**
   * A query that is one identifier naming no tool here (`create_pull_request`, `web_search`) is the name of another
   * server's tool: only tools that have every word of it remain candidates. A tool sharing one of its words ("create",
   * "search") does something else, and matching it would answer a call meant elsewhere. A typo of a name here is
   * resolve_tool's to correct, before ranking.
   */
  private holdersOfForeignName(
    query: ParsedQuery,
    signals: Signals,
    among: ReadonlySet<number> | undefined,
    intentIndex: number | undefined,
  ): ReadonlySet<number> | undefined {
    if (query.chunks.length !== 1 || !query.chunks[0].identifier || query.terms.length === 0) return among;
    if (signals.exact.some((x) => x === 1) || signals.alias.some((x) => x === 1)) return among;
    // A configured intent is the user's own rule and stays a candidate.
    const holders = new Set<number>(intentIndex === undefined ? [] : [intentIndex]);
    for (const i of this.postings.get(query.terms[0]) ?? []) {
      if (among && !among.has(i)) continue;
      if (query.terms.every((t) => this.docs[i].tf.has(t))) holders.add(i);
    }
    return holders;
  }

  /** Keyword phrases, matched whole on the query's words (stop words included), count a keyword hit per word. */
  private addKeywordPhrases(query: ParsedQuery, signals: Signals): void {
    if (this.phrasesByFirst.size === 0) return;
    const all = query.words.flatMap((c) => segmentsOf(c.text)).map(stem);
    for (let k = 0; k < all.length; k++) {
      for (const { doc, stems } of this.phrasesByFirst.get(all[k]) ?? []) {
        if (stems.every((st, j) => all[k + j] === st)) {
          signals.touch(doc);
          signals.keyword[doc] += stems.length;
        }
      }
    }
  }

  /**
   * Name signal and identifier override: a word, or up to three joined, naming a tool through tiers 1–4. A word
   * written as an identifier (or the whole query) sets the exact or alias flag that lifts the tool to the floor.
   */
  private addNameSignals(query: ParsedQuery, signals: Signals): void {
    // A query of one chunk is read as a name even when written like a value (`SKELETON`).
    const whole = query.chunks.length === 1;
    const words = whole ? query.chunks : query.words;
    const spelledSegments = words.map((c) => segmentsOf(c.text));
    const wordSegments = spelledSegments.map((segs) => segs.map(singularize));
    for (let w = 0; w < words.length; w++) {
      for (let k = 1; k <= 3 && w + k <= words.length; k++) {
        const key = wordSegments
          .slice(w, w + k)
          .flat()
          .join("_");
        const spelled = spelledSegments
          .slice(w, w + k)
          .flat()
          .join("_");
        const direct = this.direct(k === 1 ? words[w].text : undefined, key, spelled);
        if (!direct) continue;
        const literal = words[w].text.toLowerCase();
        const asWritten = direct.tool.name.toLowerCase() === literal;
        // A plain word names a tool only as written: `cats` in a sentence is not the alias `cat`.
        if (k === 1 && !words[w].identifier && !whole && !asWritten && !direct.tool.aliases.includes(literal)) continue;
        const i = direct.tool.index;
        signals.touch(i);
        signals.name[i] = 1;
        // A tool's own name as the request's first word is a command (`skeleton src/main.py`, `add 5 and 9`) when
        // what follows are its arguments (values, identifiers, stop words), unless it is one of the verbs requests
        // begin with (`find all files that…` is no call of a tool named find). Followed by words of a sentence, a
        // name that is an everyday verb is that verb: "add a reaction to that message" is no call of a tool `add`.
        const command =
          k === 1 &&
          w === 0 &&
          asWritten &&
          query.words[0] === query.chunks[0] &&
          !NL_MARKERS.has(literal) &&
          query.words.slice(1).every((c) => c.identifier || wordsOf(c.text).length === 0);
        if ((k === 1 && words[w].identifier) || whole || command) {
          if (direct.tier === "alias") signals.alias[i] = 1;
          else signals.exact[i] = 1;
        }
      }
    }
  }

  /**
   * The final score of every touched tool: the weighted lexical signals (soft-clipped), blended with the semantic lane,
   * lifted by the lanes' agreement, then floored by the identifier and intent overrides. Intents are checked first (as
   * configured intents come before everything else): the intent's tool is lifted to at least the best other score and
   * goes first among equals.
   */
  private fuse(
    signals: Signals,
    intentIndex: number | undefined,
    semantic: SemanticInput | undefined,
    among: ReadonlySet<number> | undefined,
  ): FusedScores {
    const n = this.docs.length;
    const w = this.settings.weights;
    const sem = semantic?.scores;
    const semWeight = sem ? semantic.weight : 0;
    if (sem) for (let i = 0; i < n; i++) if (sem[i] > 0) signals.touch(i);
    const { touched, lexical, keyword, description, name, boost } = signals;
    const lexScore = new Float64Array(n);
    const score = new Float64Array(n);
    const ranked: number[] = [];
    for (const i of touched) {
      lexScore[i] = softClip(
        w.lexical * lexical[i] + w.keyword * keyword[i] + w.description * description[i] + w.name * name[i] + boost[i],
      );
    }
    const agreed = sem && semantic.agreement !== false ? laneAgreement(lexScore, touched, sem, semWeight) : undefined;
    for (const i of touched) {
      let s = sem ? (1 - semWeight) * lexScore[i] + semWeight * sem[i] : lexScore[i];
      if (agreed && agreed.index === i) s = agreementLift(s, agreed.margin);
      if (signals.exact[i] || signals.alias[i]) s = Math.max(s, IDENTIFIER_FLOOR);
      if (intentIndex === i) s = Math.max(s, INTENT_FLOOR);
      score[i] = s;
      if (round3(s) > 0 && (!among || among.has(i))) ranked.push(i);
    }
    if (intentIndex !== undefined && score[intentIndex] > 0) {
      for (const i of ranked) score[intentIndex] = Math.max(score[intentIndex], score[i]);
    }
    return { score, lexScore, ranked, agreed };
  }

  /**
   * The exact, normalized and alias tiers of resolve_tool for a query word (`text`) or joined words, by their
   * precomputed key.
   */
  private direct(
    text: string | undefined,
    key: string,
    spelled: string,
  ): { tool: RouterTool; tier: "exact" | "normalized" | "alias" } | undefined {
    if (text !== undefined) {
      if (text.includes("__")) {
        const own = splitToolNamespace(text, this.settings.namespaces);
        if (own.kind === "own" || own.kind === "typo") return resolveDirect(this.registry, own.operation);
      }
      const exact = this.registry.byName.get(text);
      if (exact) return { tool: exact, tier: "exact" };
      const caseless = namedCaseless(this.registry, text);
      if (caseless) return { tool: caseless, tier: "normalized" };
    }
    if (key === "") return undefined;
    const named = this.registry.bySpelling.get(spelled) ?? this.registry.byNorm.get(key);
    if (named) return { tool: named, tier: "normalized" };
    const aliased = this.registry.byAliasNorm.get(key);
    if (aliased) return { tool: aliased, tier: "alias" };
    return undefined;
  }
}

interface ParsedQuery {
  /** The query as matched by intents: cut to MAX_QUERY_CHARS. */
  text: string;
  chunks: QueryChunk[];
  /** Chunks that are words (not values). */
  words: QueryChunk[];
  /** Stems of the words, stop words out, in query order (for bigrams). */
  ordered: string[];
  /** The distinct stems. */
  terms: string[];
  /** Query words per term, as written. */
  formsOf: Map<string, string[]>;
}

/**
 * A word written in capitals (TODO, PDF, SI) is read as a literal value, unless the catalog has it as a word: then it
 * names what the request is about as much as in lower case.
 */
const CAPITALS = /^\p{Lu}{2,}$/u;

function parseQuery(rawQuery: string, known: (word: string) => boolean): ParsedQuery {
  const text = rawQuery.slice(0, MAX_QUERY_CHARS);
  const chunks = chunksOf(text);
  const words = chunks.filter((c) => !c.value || (CAPITALS.test(c.text) && known(c.text.toLowerCase())));
  const written = words.flatMap((c) => wordsOf(c.text));
  const ordered = written.map(stem);
  const formsOf = new Map<string, string[]>();
  written.forEach((w, k) => {
    const list = formsOf.get(ordered[k]);
    if (list) list.push(w);
    else formsOf.set(ordered[k], [w]);
  });
  return { text, chunks, words, ordered, terms: [...new Set(ordered)], formsOf };
}

/** Per-tool signals of one query, in flat arrays, and the tools any evidence touched (in the order touched). */
class Signals {
  readonly lexical: Float64Array;
  readonly keyword: Float64Array;
  readonly description: Float64Array;
  readonly boost: Float64Array;
  /**
   * Share of the query's idf mass among the terms the tool has at all, each term once whatever its fields and tf:
   * how much of the request the tool accounts for (BM25's field weights and saturation let one word it repeats in
   * its name, aliases, keywords and description outweigh the rest of the request in `lexical`).
   */
  readonly coverage: Float64Array;
  readonly name: Uint8Array;
  readonly exact: Uint8Array;
  readonly alias: Uint8Array;
  readonly touched: number[] = [];
  /** Distinct query terms the tool has at all (however weighted): one shared word is weak evidence anywhere. */
  readonly matched: Float64Array;
  private readonly seen: Uint8Array;

  constructor(n: number) {
    this.lexical = new Float64Array(n);
    this.keyword = new Float64Array(n);
    this.description = new Float64Array(n);
    this.boost = new Float64Array(n);
    this.coverage = new Float64Array(n);
    this.matched = new Float64Array(n);
    this.name = new Uint8Array(n);
    this.exact = new Uint8Array(n);
    this.alias = new Uint8Array(n);
    this.seen = new Uint8Array(n);
  }

  touch(i: number): void {
    if (!this.seen[i]) {
      this.seen[i] = 1;
      this.touched.push(i);
    }
  }
}

interface FusedScores {
  score: Float64Array;
  /** The lexical lane's own score (weighted signals, soft-clipped). */
  lexScore: Float64Array;
  /** Tools whose score rounds above 0. */
  ranked: number[];
  agreed: { index: number; margin: number } | undefined;
}

function buildDoc(tool: RouterTool): ToolDoc {
  const tf = new Map<string, number>();
  const surfaces = new Set<string>();
  let length = 0;
  /** Adds a field's words (as written, to `surfaces`) and their stems (to tf); returns the stems. */
  const add = (text: string, weight: number): string[] => {
    const terms: string[] = [];
    for (const w of wordsOf(text)) {
      surfaces.add(w);
      const t = stem(w);
      terms.push(t);
      tf.set(t, (tf.get(t) ?? 0) + weight);
      length += weight;
    }
    return terms;
  };
  add(tool.segments.join(" "), FIELD_WEIGHTS.name);
  const aliasTerms = tool.aliases.flatMap((a) => add(segmentsOf(a).join(" "), FIELD_WEIGHTS.alias));
  // Stop words count in a phrase ("which tool"), so a phrase is its segments, stemmed.
  const phrases = tool.keywords.map((k) => segmentsOf(k).map(stem)).filter((stems) => stems.length > 1);
  const single = tool.keywords.filter((k) => segmentsOf(k).length <= 1);
  // A keyword that is one of the tool's other names (`cat` of read_file) is a name, as the aliases are.
  const nameKeywords = single
    .filter((k) => tool.aliases.includes(k.toLowerCase()))
    .flatMap((k) => wordsOf(k).map(stem));
  const keywordTerms = single.flatMap((k) => add(k, FIELD_WEIGHTS.keyword));
  const before = new Set(tf.keys());
  for (const p of tool.params) add(segmentsOf(p.name).join(" "), FIELD_WEIGHTS.parameter);
  const description = add(documentedText(tool), FIELD_WEIGHTS.description);
  const nameSegments = new Set(tool.segments.map(stem));
  const otherwise = new Set([
    ...nameSegments,
    ...keywordTerms.filter((t) => !nameKeywords.includes(t)),
    ...[...tf.keys()].filter((t) => !before.has(t)),
    ...description,
  ]);
  const namesOnly = new Set([...aliasTerms, ...nameKeywords].filter((t) => !otherwise.has(t)));
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < description.length; i++) pairs.add(pairKey(description[i], description[i + 1]));
  const keywords = new Set(keywordTerms);
  return {
    tool,
    tf,
    length,
    keywords,
    keywordPhrases: phrases,
    extra: new Set(tool.extraKeywords.flatMap((k) => termsOf(k))),
    descriptionTerms: new Set(description),
    descriptionPairs: pairs,
    surfaces,
    namesOnly,
  };
}

/**
 * The tool both lanes rank first, and by how much: in each lane the relative margin (best − runner-up) / best, and
 * their geometric mean weighted as the blend weighs the lanes (`semanticWeight` for the semantic lane). Undefined when
 * the lanes disagree on the top tool, either lane ties at the top, or either has no evidence. Lexical scores exist
 * only for `touched` tools (the others are 0).
 *
 * A product, so both lanes must separate the tool: one lane's lone hit over a flat other lane ("a joke about cats"
 * meeting the alias `cat`) earns next to nothing. The weaker lane's margin alone (the earlier rule) was almost always
 * the semantic lane's, whose cosines are compressed (a right answer near 0.5, its runner-up just below), so a clear
 * lexical lead added nothing; the weighted geometric mean lets both count and separates right from wrong answers
 * better on MetaTool and on the held-out catalog alike (bench/router).
 */
export function laneAgreement(
  lexical: Float64Array,
  touched: readonly number[],
  semantic: Float64Array,
  semanticWeight: number,
): { index: number; margin: number } | undefined {
  const lex = topTwo(lexical, touched);
  const sem = topTwo(semantic);
  if (lex.best < 0 || lex.best !== sem.best) return undefined;
  const w = Math.max(0, Math.min(1, semanticWeight));
  const margin = lex.margin ** (1 - w) * sem.margin ** w;
  return margin > 0 ? { index: lex.best, margin } : undefined;
}

interface Leads {
  lexical: { best: number; first: number; second: number };
  semantic: { best: number; first: number; second: number };
}

/** The two best scores of each lane, from which every tool's lead is read. */
function leadsOf(
  lexScore: Float64Array,
  touched: readonly number[],
  sem: Float64Array | undefined,
  among: ReadonlySet<number> | undefined,
): Leads {
  const inScope = among ? touched.filter((i) => among.has(i)) : touched;
  return {
    lexical: topTwoValues(lexScore, inScope),
    semantic: sem ? topTwoValues(sem, among && [...among]) : { best: -1, first: 0, second: 0 },
  };
}

/** The calibration's view of tool i: each lane's score and its lead over the best other tool in that lane. */
function evidenceOf(
  i: number,
  lexScore: Float64Array,
  signals: Signals,
  sem: Float64Array | undefined,
  leads: Leads,
  tools: number,
  terms: number,
): Evidence {
  const lexical = lexScore[i];
  const semantic = sem?.[i] ?? 0;
  const rival = (top: Leads["lexical"]) => (top.best === i ? top.second : top.first);
  return {
    lexical,
    coverage: Math.min(1, signals.coverage[i]),
    semantic,
    lexicalLead: lexical - rival(leads.lexical),
    semanticLead: semantic - rival(leads.semantic),
    tools,
    matched: signals.matched[i],
    terms,
  };
}

/** Index of the unique maximum (-1 when the maximum is 0 or shared) and its relative margin over the runner-up. */
function topTwo(xs: Float64Array, indices?: readonly number[]): { best: number; margin: number } {
  const { best, first, second } = topTwoValues(xs, indices);
  if (best < 0 || first <= 0 || second >= first) return { best: -1, margin: 0 };
  return { best, margin: (first - second) / first };
}

/** The largest value (its index; -1 when none is positive) and the runner-up value, over `indices` or all. */
function topTwoValues(xs: Float64Array, indices?: readonly number[]): { best: number; first: number; second: number } {
  let best = -1;
  let first = 0;
  let second = 0;
  const visit = (i: number) => {
    const x = xs[i];
    if (x > first) {
      second = first;
      first = x;
      best = i;
    } else if (x > second) second = x;
  };
  if (indices) for (const i of indices) visit(i);
  else for (let i = 0; i < xs.length; i++) visit(i);
  return { best, first, second };
}

/**
 * Confidence of the tool both lanes rank first: the fused score s moved geometrically toward 1 by the lanes' agreed
 * margin g ∈ [0, 1], s^(1 − g). The raw fused score is compressed (sentence-encoder cosines of a right answer sit near
 * 0.5), so alone it says little about whether the top tool is right; two independent lanes each separating the same
 * tool from every other does. g = 0 leaves s unchanged (no agreement, or a tie in either lane); g → 1 (one tool alone
 * has any evidence in both lanes) approaches 1. Geometric, so weak absolute evidence stays weak: s = 0.2 needs
 * g ≥ 0.57 to reach 0.5. No constant is fitted: the margin is a ratio of the lanes' own scores.
 */
export function agreementLift(score: number, margin: number): number {
  if (score <= 0) return 0;
  const g = Math.max(0, Math.min(1, margin));
  return score ** (1 - g);
}

/** Adjacent terms in either order. */
function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

/**
 * Identity up to KNEE, then a smooth, strictly increasing approach to 1 (about 0.98 at 1): where clipping at 1 made
 * every strong match tie, the order of the raw values is kept.
 */
function softClip(x: number): number {
  if (!Number.isFinite(x) || x <= 0) return 0;
  if (x <= KNEE) return x;
  return KNEE + (1 - KNEE) * Math.tanh((x - KNEE) / SOFT_SCALE);
}

/**
 * The first `limit` items in `order`, sorted: a full sort when most are wanted, else one pass keeping a small sorted
 * list (analyze_intent wants 2–10 of up to thousands of tools, every one of which the semantic lane scores).
 */
export function firstInOrder(items: number[], limit: number, order: (a: number, b: number) => number): number[] {
  if (limit <= 0) return [];
  if (!(limit < items.length / 4)) return items.sort(order).slice(0, limit);
  const best: number[] = [];
  for (const x of items) {
    if (best.length === limit && order(x, best[limit - 1]) >= 0) continue;
    let k = best.length === limit ? limit - 1 : best.length;
    while (k > 0 && order(x, best[k - 1]) < 0) {
      best[k] = best[k - 1];
      k--;
    }
    best[k] = x;
  }
  return best;
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
