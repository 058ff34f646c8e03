/**
 * Matching a parsed query against a record of fields (a line's relative path, then its content), as
 * `fzf --filter --delimiter : --nth=1,3..` does: every term set must match; within a set the first term that matches
 * (trying the fields in order) gives the score; an inverse term matches when no field contains it.
 */
import {
  equalMatch,
  exactMatch,
  fuzzyMatchV2,
  fuzzyRange,
  type MatchResult,
  prefixMatch,
  suffixMatch,
} from "./algo.js";
import {
  BONUS_CONSECUTIVE,
  BONUS_FIRST_CHAR_MULTIPLIER,
  foldString,
  hasNonAscii,
  lowerSameLength,
  SCORE_GAP_START,
  SCORE_MATCH,
  type Scheme,
} from "./charclass.js";
import { type CaseMode, parseQuery, type Term, type TermSet } from "./pattern.js";

/** One field of a record with its comparison variants computed on demand. */
export class Field {
  private lower?: string;
  private folded?: string;
  private lowerFolded?: string;
  private ascii?: boolean;

  /** `known` carries variants already computed for a larger text this one is a slice of. */
  constructor(
    readonly text: string,
    known?: { lower?: string; ascii?: boolean },
  ) {
    if (known) {
      this.lower = known.lower;
      this.ascii = known.ascii;
    }
  }

  comparable(caseSensitive: boolean, normalize: boolean): string {
    if (normalize) {
      if (this.ascii === undefined) this.ascii = !hasNonAscii(this.text);
      if (this.ascii) normalize = false;
    }
    if (caseSensitive) {
      if (!normalize) return this.text;
      if (this.folded === undefined) this.folded = foldString(this.text);
      return this.folded;
    }
    if (this.lower === undefined) this.lower = lowerSameLength(this.text);
    if (!normalize) return this.lower;
    if (this.lowerFolded === undefined) this.lowerFolded = foldString(this.lower);
    return this.lowerFolded;
  }
}

function matchTerm(term: Term, field: Field, scheme: Scheme): MatchResult | null {
  const cmp = field.comparable(term.caseSensitive, term.normalize);
  const orig = field.text;
  switch (term.type) {
    case "fuzzy":
      return fuzzyMatchV2(orig, cmp, term.text, scheme);
    case "exact":
      return exactMatch(orig, cmp, term.text, scheme, false);
    case "exact_boundary":
      return exactMatch(orig, cmp, term.text, scheme, true);
    case "prefix":
      return prefixMatch(orig, cmp, term.text, scheme);
    case "suffix":
      return suffixMatch(orig, cmp, term.text, scheme);
    case "equal":
      return equalMatch(orig, cmp, term.text, scheme);
  }
}

/**
 * The highest score `term` can reach in any text: every character matched at the best bonus the scheme gives (the
 * first one's doubled), no gap; with word boundaries, fzf's boundary formula.
 */
function maxTermScore(term: Term, scheme: Scheme): number {
  const best = Math.max(...scheme.bonus, BONUS_CONSECUTIVE);
  const L = term.text.length;
  const white = scheme.bonusBoundaryWhite;
  switch (term.type) {
    case "exact_boundary":
      return best + SCORE_MATCH * L + white * (L + 1);
    case "equal":
      return (SCORE_MATCH + white) * L + (BONUS_FIRST_CHAR_MULTIPLIER - 1) * white;
    default:
      return (SCORE_MATCH + best) * L + (BONUS_FIRST_CHAR_MULTIPLIER - 1) * best;
  }
}

/** Whether `term` matches `field` at all (no score): what deciding on a file's path needs. */
export function termMatches(term: Term, field: Field, scheme: Scheme): boolean {
  const cmp = field.comparable(term.caseSensitive, term.normalize);
  switch (term.type) {
    case "fuzzy":
      return cmp.length >= term.text.length && fuzzyRange(cmp, term.text) !== undefined;
    case "exact":
      return cmp.includes(term.text);
    default:
      return matchTerm(term, field, scheme) !== null;
  }
}

export interface RecordMatch {
  score: number;
  /** Offset in the content field of the first matched character, or -1 when only the path matched. */
  contentStart: number;
  /**
   * The span of the content the match covers: from its earliest matched character to just past its last (terms match
   * in any order), or -1 and -1 when only the path matched.
   */
  contentFrom: number;
  contentTo: number;
}

/** A compiled query. `fields[0]` is the path; results for it are cached while consecutive records share it. */
export class QueryMatcher {
  readonly sets: TermSet[];
  private cachedPath: string | undefined;
  private pathResults: Array<MatchResult | null | undefined> = [];
  private readonly termCount: number;

  /** No record can score more (see maxTermScore). */
  readonly maxScore: number;

  constructor(
    readonly query: string,
    readonly scheme: Scheme,
    caseMode: CaseMode = "smart",
  ) {
    this.sets = parseQuery(query, caseMode);
    this.termCount = this.sets.reduce((n, s) => n + s.length, 0);
    this.setMax = this.sets.map((set) =>
      Math.max(0, ...set.filter((t) => !t.inverse).map((t) => maxTermScore(t, scheme))),
    );
    this.maxScore = this.setMax.reduce((a, b) => a + b, 0);
    this.termMax = this.sets.flatMap((set) => set.map((t) => (t.inverse ? 0 : maxTermScore(t, scheme))));
  }

  /** The highest score each set can add. */
  private readonly setMax: number[];
  /** The highest score each set can add to the record matchRanked is scoring (setBound). */
  private readonly bounds: number[] = [];
  /** maxTermScore of each term, in query order. */
  private readonly termMax: number[];

  /**
   * At most what set `s` adds to this record: a term that matches the path scores its path score (the path is tried
   * first); a fuzzy term whose characters do not occur together in the content pays at least one gap there, so it
   * scores below its maximum. A page full of lines at the maximum (`read line`: 20 of 373,314 matches) then rules
   * out without scoring every line that does not hold a term whole.
   */
  private setBound(s: number, base: number, fields: readonly Field[]): number {
    const set = this.sets[s];
    let bound = 0;
    for (let t = 0; t < set.length; t++) {
      const term = set[t];
      if (term.inverse) continue;
      const max = this.termMax[base + t];
      let b = max;
      if (fields.length > 1 && this.pathResult(base + t, term, fields[0]))
        b = (this.pathResult(base + t, term, fields[0]) as MatchResult).score;
      else if (
        term.type === "fuzzy" &&
        !fields[fields.length - 1].comparable(term.caseSensitive, term.normalize).includes(term.text)
      )
        b = max + SCORE_GAP_START;
      if (b > bound) bound = b;
      if (bound >= this.setMax[s]) break;
    }
    return bound;
  }

  get empty(): boolean {
    return this.sets.length === 0;
  }

  private pathResult(index: number, term: Term, path: Field): MatchResult | null {
    if (this.cachedPath !== path.text) {
      this.cachedPath = path.text;
      this.pathResults = new Array(this.termCount);
    }
    let r = this.pathResults[index];
    if (r === undefined) {
      r = matchTerm(term, path, this.scheme);
      this.pathResults[index] = r;
    }
    return r;
  }

  /** Matches one term against the fields in order: the first field that matches wins (fzf `iter`). */
  private termResult(index: number, term: Term, fields: readonly Field[]): { r: MatchResult; field: number } | null {
    for (let f = 0; f < fields.length; f++) {
      const r =
        f === 0 && fields.length > 1
          ? this.pathResult(index, term, fields[0])
          : matchTerm(term, fields[f], this.scheme);
      if (r) return { r, field: f };
    }
    return null;
  }

  /** Whether set `s` matches, with its score and content start. */
  private setResult(s: number, base: number, fields: readonly Field[]): RecordMatch | null {
    const set = this.sets[s];
    let matched: RecordMatch | null = null;
    for (let t = 0; t < set.length; t++) {
      const term = set[t];
      const hit = this.termResult(base + t, term, fields);
      if (hit) {
        if (term.inverse) continue;
        const inContent = hit.field === fields.length - 1;
        const start = inContent ? hit.r.start : -1;
        return { score: hit.r.score, contentStart: start, contentFrom: start, contentTo: inContent ? hit.r.end : -1 };
      }
      if (term.inverse) matched = { score: 0, contentStart: -1, contentFrom: -1, contentTo: -1 };
    }
    return matched;
  }

  /** Whether the record matches, without scoring it: what counting a record that cannot rank needs. */
  matches(fields: readonly Field[], fromSet = 0, fromBase = 0): boolean {
    let base = fromBase;
    for (let s = fromSet; s < this.sets.length; s++) {
      const set = this.sets[s];
      let ok = false;
      for (let t = 0; t < set.length && !ok; t++) {
        const term = set[t];
        let hit = false;
        for (let f = 0; f < fields.length && !hit; f++) {
          hit =
            f === 0 && fields.length > 1
              ? this.pathResult(base + t, term, fields[0]) !== null
              : termMatches(term, fields[f], this.scheme);
        }
        ok = hit !== term.inverse;
      }
      if (!ok) return false;
      base += set.length;
    }
    return true;
  }

  /**
   * match() for a ranking: scoring stops as soon as the score so far plus the most the remaining sets could add would
   * not rank (`canRank(bound)` false); the record is then only "unranked" (it matches) or null.
   */
  matchRanked(fields: readonly Field[], canRank: (bound: number) => boolean): RecordMatch | "unranked" | null {
    let score = 0;
    let contentStart = -1;
    let contentFrom = -1;
    let contentTo = -1;
    let base = 0;
    let rest = this.maxScore;
    if (canRank(rest)) {
      // Could rank at the scheme's best: bound each set on this record before scoring any (see setBound).
      rest = 0;
      for (let s = 0; s < this.sets.length; s++) {
        this.bounds[s] = this.setBound(s, base, fields);
        rest += this.bounds[s];
        base += this.sets[s].length;
      }
      base = 0;
    }
    for (let s = 0; s < this.sets.length; s++) {
      if (!canRank(score + rest)) return this.matches(fields, s, base) ? "unranked" : null;
      const r = this.setResult(s, base, fields);
      if (!r) return null;
      score += r.score;
      rest -= this.bounds[s];
      if (contentStart < 0 && r.contentStart >= 0) contentStart = r.contentStart;
      if (r.contentFrom >= 0 && (contentFrom < 0 || r.contentFrom < contentFrom)) contentFrom = r.contentFrom;
      if (r.contentTo > contentTo) contentTo = r.contentTo;
      base += this.sets[s].length;
    }
    return { score, contentStart, contentFrom, contentTo };
  }

  /** The record's score, or null when a set does not match. */
  match(fields: readonly Field[]): RecordMatch | null {
    let score = 0;
    let contentStart = -1;
    let contentFrom = -1;
    let contentTo = -1;
    let base = 0;
    for (let s = 0; s < this.sets.length; s++) {
      const r = this.setResult(s, base, fields);
      if (!r) return null;
      score += r.score;
      if (contentStart < 0 && r.contentStart >= 0) contentStart = r.contentStart;
      if (r.contentFrom >= 0 && (contentFrom < 0 || r.contentFrom < contentFrom)) contentFrom = r.contentFrom;
      if (r.contentTo > contentTo) contentTo = r.contentTo;
      base += this.sets[s].length;
    }
    return { score, contentStart, contentFrom, contentTo };
  }

  /**
   * Whether any line of an ASCII file could match, on its bytes: every set needs a term that matches the path or
   * whose characters occur (in order, for fuzzy terms) in the file; a set with an inverse or non-ASCII term cannot
   * rule a file out. Only for ASCII files: elsewhere a folded diacritic could stand for a term's ASCII character.
   */
  mayMatchBytes(path: Field, bytes: Buffer, contentOnly: boolean): boolean {
    let base = 0;
    for (const set of this.sets) {
      let possible = false;
      for (let t = 0; t < set.length && !possible; t++) {
        const term = set[t];
        if (term.inverse || !isAsciiText(term.text)) possible = true;
        else if (!contentOnly && this.pathResult(base + t, term, path)) possible = true;
        else possible = bytesMayContain(bytes, term.text, term.type === "fuzzy", term.caseSensitive);
      }
      if (!possible) return false;
      base += set.length;
    }
    return true;
  }

  private termBytes?: Array<Array<Uint8Array | null>>;

  /**
   * A line of an ASCII file, still as bytes [start, stop): false when no set can match (each set needs a term that
   * matches the path or whose characters occur in order in the line). Saves building a string for most lines.
   */
  mayMatchLineBytes(path: Field, bytes: Buffer, start: number, stop: number, contentOnly: boolean): boolean {
    if (!this.termBytes) {
      this.termBytes = this.sets.map((set) =>
        set.map((t) => (t.inverse || !isAsciiText(t.text) ? null : Uint8Array.from(t.text, (c) => c.charCodeAt(0)))),
      );
    }
    let base = 0;
    for (let s = 0; s < this.sets.length; s++) {
      const set = this.sets[s];
      const codes = this.termBytes[s];
      let possible = false;
      for (let t = 0; t < set.length && !possible; t++) {
        const term = set[t];
        const pattern = codes[t];
        if (pattern === null) possible = true;
        else if (!contentOnly && this.pathResult(base + t, term, path)) possible = true;
        else possible = inOrder(bytes, start, stop, pattern, term.caseSensitive);
      }
      if (!possible) return false;
      base += set.length;
    }
    return true;
  }

  /**
   * The score every line of a file scores when its path alone decides the query: each set's first term matches the
   * path (fzf tries the path first, and a set scores by its first term that matches) and no term is inverse; then no
   * line's content changes the score. undefined otherwise, or when only the content is matched.
   */
  pathDecidedScore(path: Field, contentOnly: boolean): number | undefined {
    if (contentOnly) return undefined;
    let score = 0;
    let base = 0;
    for (const set of this.sets) {
      if (set.some((t) => t.inverse)) return undefined;
      const r = this.pathResult(base, set[0], path);
      if (!r) return undefined;
      score += r.score;
      base += set.length;
    }
    return score;
  }

  /** Per-set outcome for diagnostics: which sets match this record (no early exit). */
  matchEachSet(fields: readonly Field[]): boolean[] {
    const out: boolean[] = [];
    let base = 0;
    for (let s = 0; s < this.sets.length; s++) {
      out.push(this.setResult(s, base, fields) !== null);
      base += this.sets[s].length;
    }
    return out;
  }
}

/** Convenience for tests and one-off checks: the score of `text` (content only) or null. */
export function scoreText(query: string, text: string, scheme: Scheme, caseMode: CaseMode = "smart"): number | null {
  const m = new QueryMatcher(query, scheme, caseMode).match([new Field(text)]);
  return m ? m.score : null;
}

function isAsciiText(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** First index ≥ from of `code` (either case when case-insensitive), or -1. */
function indexOfEitherCase(bytes: Buffer, code: number, from: number, caseSensitive: boolean): number {
  const a = bytes.indexOf(code, from);
  if (caseSensitive || code < 97 || code > 122) return a;
  const b = bytes.indexOf(code - 32, from);
  if (a < 0) return b;
  if (b < 0) return a;
  return Math.min(a, b);
}

/** Whether the ASCII `text` occurs in `bytes`: in order (fuzzy) or as a substring (others, case-insensitively too). */
function bytesMayContain(bytes: Buffer, text: string, fuzzy: boolean, caseSensitive: boolean): boolean {
  if (!fuzzy) {
    if (caseSensitive) return bytes.includes(text);
    // A case-insensitive substring: every character must at least occur in order.
  }
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const at = indexOfEitherCase(bytes, text.charCodeAt(i), from, caseSensitive);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

/** Whether the bytes of `pattern` occur in order within bytes[start, stop). */
function inOrder(bytes: Buffer, start: number, stop: number, pattern: Uint8Array, caseSensitive: boolean): boolean {
  let p = 0;
  let want = pattern[0];
  for (let i = start; i < stop; i++) {
    let b = bytes[i];
    if (!caseSensitive && b >= 65 && b <= 90) b += 32;
    if (b === want) {
      p++;
      if (p === pattern.length) return true;
      want = pattern[p];
    }
  }
  return false;
}
