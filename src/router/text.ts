/**
 * Text handling of the router (docs/router.md, "analyze_intent" and "resolve_tool"): identifier segments and norms,
 * own-namespace stripping, and the query/document terms of intent scoring (stop words removed, light stemming, a small
 * word-forms table).
 */
import { confirmScore, osa, singularize, tokens } from "../core/similarity.js";
import { FUNCTION_WORDS } from "../core/stopwords.js";
import { editBudget } from "../core/suggest.js";

const ASCII = /^[\x00-\x7f]*$/u;

/**
 * Words of an identifier or phrase: split on non-alphanumerics, camelCase and letter/digit boundaries, lower-cased.
 * The core's `tokens`, with a fast path for ASCII text (the Unicode-property regexes dominate index builds).
 */
export function segmentsOf(text: string): string[] {
  if (!ASCII.test(text)) return tokens(text);
  const found = text.match(ASCII_SEGMENT);
  if (!found) return [];
  for (let i = 0; i < found.length; i++) found[i] = found[i].toLowerCase();
  return found;
}

/**
 * One pass over ASCII text: an upper-case run not followed by a lower-case letter (HTTP in HTTPServer), a word with at
 * most one leading capital, or a digit run. Equal to the core's splitting (property-tested), without its four rewrites.
 */
const ASCII_SEGMENT = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/gu;

/** The comparison key of a tool name: segments singularised and joined by `_` (`FuzzySearchFiles` → fuzzy_search_file). */
export function normOf(name: string): string {
  return segmentsOf(name).map(singularize).join("_");
}

/** Namespace separators an agent or host puts between a server name and a tool name. */
const NAMESPACE_PATTERN = /^(.*?)(__|\.|\/|:)([\s\S]*)$/u;

export interface NamespaceSplit {
  /** The namespace as written (`mcp__github`), empty when there is none. */
  namespace: string;
  /** The rest: the tool name proper. */
  operation: string;
  /** `own`: ours (stripped); `typo`: ours within the typo budget (namespace_completion); `foreign`: another server. */
  kind: "none" | "own" | "typo" | "foreign";
}

/**
 * Splits a leading namespace off a tool name: `mcp__dwim__read_file`, `dwim.read_file`, `dwim/x`, `dwim:x`. The
 * `mcp__` prefix hosts add is ignored; a namespace within the typo budget of one of `own` counts as own.
 */
export function splitToolNamespace(input: string, own: readonly string[]): NamespaceSplit {
  let rest = input.trim();
  let hadMcp = false;
  if (/^mcp__/iu.test(rest)) {
    rest = rest.slice(5);
    hadMcp = true;
  }
  const m = NAMESPACE_PATTERN.exec(rest);
  if (!m || m[1] === "" || m[3] === "") {
    return hadMcp
      ? { namespace: "mcp", operation: rest, kind: "foreign" }
      : { namespace: "", operation: input.trim(), kind: "none" };
  }
  const namespace = m[1].toLowerCase();
  const operation = m[3];
  if (own.includes(namespace)) return { namespace, operation, kind: "own" };
  for (const name of own) {
    const budget = editBudget(name.length);
    if (budget > 0 && osa(namespace, name, budget) <= budget && confirmScore(namespace, name) >= 0.8) {
      return { namespace, operation, kind: "typo" };
    }
  }
  return { namespace, operation, kind: "foreign" };
}

/** Function words that relate a task's objects: kept in requests (see REQUEST_STOP_WORDS). */
const RELATION_WORDS: ReadonlySet<string> = new Set(
  "while after again because before between both more most only other same such".split(" "),
);

/**
 * Words of a request that name no tool: the function words of any text (src/core/stopwords.ts) and the filler of
 * asking for something ("please help me get", "I want to make"), less the words that relate things (before, between,
 * more, same, ...): a text search can drop them, but in a request they say what the task does to its object
 * ("compare two files for the same lines", "events before Friday"). NL markers (show, find, list, ...) are kept: they
 * are verbs of tools.
 */
const REQUEST_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    ...FUNCTION_WORDS,
    ...(
      "whom am shall may might must please all every yes out let like want need help give tell get got make go one " +
      "thing something"
    ).split(" "),
  ].filter((w) => !RELATION_WORDS.has(w)),
);

/** Irregular forms the suffix stripper cannot join (conversion ↔ convert, decision ↔ decide). */
const WORD_FORMS: Readonly<Record<string, string>> = {
  conversion: "convert",
  conversions: "convert",
  converter: "convert",
  converting: "convert",
  converted: "convert",
  computation: "compute",
  calculation: "compute",
  calculate: "compute",
  calculating: "compute",
  calc: "compute",
  dosage: "dose",
  dosages: "dose",
  doses: "dose",
  decision: "decide",
  decisions: "decide",
  decided: "decide",
  deciding: "decide",
  memory: "memory",
  memories: "memory",
  memorize: "remember",
  remembering: "remember",
  remembered: "remember",
  dimension: "dimension",
  dimensional: "dimension",
  capability: "capability",
  capabilities: "capability",
  analysis: "analyze",
  analyse: "analyze",
  analysing: "analyze",
  analyzing: "analyze",
  modification: "modify",
  modified: "modify",
  modifies: "modify",
  replacement: "replace",
  definition: "define",
  defined: "define",
  resolution: "resolve",
  measurement: "measure",
  measures: "measure",
  searching: "search",
  searches: "search",
  searched: "search",
  stored: "store",
  storing: "store",
  wrote: "write",
  written: "write",
  writing: "write",
  saved: "save",
  units: "unit",
  existing: "exist",
  exists: "exist",
};

const stems = new Map<string, string>();
const MAX_CACHED_STEMS = 100_000;

/** Light stemmer: the word-forms table, singular, then one common suffix (min stem 3), then a final `e`. Memoised. */
export function stem(word: string): string {
  const cached = stems.get(word);
  if (cached !== undefined) return cached;
  const s = stemUncached(word);
  if (stems.size < MAX_CACHED_STEMS) stems.set(word, s);
  return s;
}

function stemUncached(word: string): string {
  const w = word.toLowerCase();
  // Table forms go through the same rules, so `decided` → decide → decid meets `decide` → decid.
  const base = Object.hasOwn(WORD_FORMS, w) ? WORD_FORMS[w] : w;
  let s = singularize(base);
  // -ied is -y plus -ed (applied, copied): cut to the -y, which the rules below then treat as the bare verb.
  if (s.endsWith("ied") && s.length - 3 >= 3) s = `${s.slice(0, -3)}y`;
  for (const suffix of ["ations", "ation", "ings", "ing", "ions", "ion", "ers", "er", "ed", "ly"]) {
    if (s.endsWith(suffix) && s.length - suffix.length >= 3) {
      s = s.slice(0, -suffix.length);
      // What is left may be a verb in -ly (multiplying → multiply): cut as the bare verb is, so its forms meet.
      if (suffix !== "ly" && s.endsWith("ly") && s.length - 2 >= 3) s = s.slice(0, -2);
      break;
    }
  }
  if (s.length > 3 && s.endsWith("e")) s = s.slice(0, -1);
  // A doubled final consonant left where a suffix beginning with a vowel was cut (mapping → mapp, quizzes → quizz):
  // undouble. Not where the word itself ends so (watt, watts): watts would meet water (wat-er).
  const cutBeforeVowel = base.startsWith(s) && /[aeiouy]/u.test(base.charAt(s.length));
  if (cutBeforeVowel && s.length > 3 && /([b-df-hj-np-tv-z])\1$/u.test(s) && !s.endsWith("ll") && !s.endsWith("ss")) {
    s = s.slice(0, -1);
  }
  return s;
}

/** Words of a text as written (lower-cased segments), stop words out. Keeps order. */
export function wordsOf(text: string): string[] {
  return segmentsOf(text.replace(CONTRACTION_TAIL, "$1")).filter((t) => !REQUEST_STOP_WORDS.has(t));
}

/**
 * The tail of a contraction or possessive after its apostrophe ("what's", "tool's", "don't", "we'll", "I’m"): no word
 * of its own, where splitting at the apostrophe would make it one (`s`, `t`). Only there: `t_k` keeps its `t`.
 */
const CONTRACTION_TAIL = /(\p{L})['’](?:s|t|d|ll|re|ve|m)(?!\p{L})/giu;

/** Terms of a document or query text: segments, stop words out, stemmed. Keeps order (for bigrams). */
export function termsOf(text: string): string[] {
  return wordsOf(text).map(stem);
}

/** Queries are cut before any matching (docs/router.md, "analyze_intent"). */
export const MAX_QUERY_CHARS = 500;

export interface QueryChunk {
  text: string;
  /** A value rather than a word: number, path, file name, quoted or all-caps literal. Not a routing term. */
  value: boolean;
  /** Written like an identifier: separators between letters or camelCase (`read_file`, `listUnits`). */
  identifier: boolean;
}

/** Whitespace chunks of a query, each classified as word, value or identifier. */
export function chunksOf(query: string): QueryChunk[] {
  const out: QueryChunk[] = [];
  for (const raw of query.slice(0, MAX_QUERY_CHARS).split(/\s+/u)) {
    const text = raw.replace(/^[("'`[{<]+|[)"'`\]}>,;!?]+$|[.:]+$/gu, "");
    if (text === "") continue;
    const quoted = /^["'`]/u.test(raw);
    const value =
      quoted || /\p{N}/u.test(text) || /[./\\@=:#$%*]/u.test(text) || (/^\p{Lu}{2,}$/u.test(text) && text.length <= 12);
    const identifier = !value && (/\p{L}[_-]+\p{L}/u.test(text) || /\p{Ll}\p{Lu}/u.test(text));
    out.push({ text, value, identifier });
  }
  return out;
}
