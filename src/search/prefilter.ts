/**
 * A sound ripgrep prefilter derived from an fzf query: ripgrep scans for lines that could match, and only
 * those are scored in JavaScript. A content line can satisfy a term only if it contains the term's characters —
 * in order for a fuzzy term, consecutively for the others — compared the way the matcher compares them (smart case,
 * folded diacritics). The regex for a term accepts every line the matcher could accept (it may accept more):
 * each character becomes the class of every code unit the matcher would read as it, gaps are any bytes of the line
 * (invalid UTF-8 included, which `.` would not cross). A term that cannot be expressed that way — an inverse term,
 * a surrogate, U+FFFD (what invalid UTF-8 decodes to), a newline — is not prefiltered, nor is its set.
 *
 * Terms may also match a line's path: a file whose path satisfies the prefiltered set of a query is read in full
 * (see planPrefilter), so path-only matches are found without scanning every line of every file.
 */

import { MAX_SAMPLED_SETS, sampledShare, sampleMasks } from "./content-sample.js";
import { isWhitespaceCode } from "./fzf/charclass.js";
import { codesMatching } from "./fzf/forms.js";
import { Field, type QueryMatcher, termMatches } from "./fzf/matcher.js";
import type { Term, TermSet } from "./fzf/pattern.js";
import { PathGate } from "./path-gate.js";

/** Any bytes of the same line. */
const GAP = "[^\\n]*";
/** What the matcher trims around prefix, suffix and equal terms (isWhitespaceCode without the newline), as UTF-8. */
const SPACE = "(?-u:[\\t\\x0B\\x0C\\r ]|\\xC2[\\x85\\xA0])*";
/** A prefix of a term's characters is still necessary; longer terms only make a bigger regex. */
const MAX_TERM_CHARS = 32;
/** Beyond this the query is not worth compiling into one regex (ripgrep's size limits); scan unfiltered. */
const MAX_PATTERN_CHARS = 65_536;

const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, "0");
const byte = (b: number) => `\\x${hex(b, 2)}`;

/** A byte-mode class of `bytes` (sorted, distinct), runs written as ranges. */
function byteClass(bytes: readonly number[]): string {
  if (bytes.length === 1) return byte(bytes[0]);
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    let j = i;
    while (j + 1 < bytes.length && bytes[j + 1] === bytes[j] + 1) j++;
    out +=
      j - i >= 2
        ? `${byte(bytes[i])}-${byte(bytes[j])}`
        : bytes
            .slice(i, j + 1)
            .map(byte)
            .join("");
    i = j + 1;
  }
  return `[${out}]`;
}

/** UTF-8 bytes of a BMP code unit that is not a surrogate. */
function utf8(code: number): number[] {
  if (code < 0x80) return [code];
  if (code < 0x800) return [0xc0 | (code >> 6), 0x80 | (code & 0x3f)];
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
}

/**
 * The leading bytes of a character's UTF-8 form that identify its block: the lead byte of a two-byte character, the
 * first two bytes of a longer one. A line containing the character contains them.
 */
function utf8Lead(code: number): string {
  return utf8(code)
    .slice(0, code < 0x800 ? 1 : 2)
    .map(byte)
    .join("");
}

/**
 * Where a term's non-ASCII forms go (see charPattern), chosen for ripgrep's speed — both are sound. Inline forms keep
 * a line out unless it holds the term's characters, but every inline character is an alternation: ripgrep's scan
 * (CPU time, Go corpus) was up to 1.7x slower with them on fuzzy terms longer than this, and up to 2.4x on an
 * unanchored exact term made only of letters (`'ErrNotExist`), where the shared alternative leaves ripgrep the plain
 * literal to search for. On short fuzzy terms, anchored terms and terms with a character that has no other form
 * (`.`, `(`, a space) the inline form was the faster one. Re-measured once the characters after the first became
 * block classes (charPattern): inline forms for every fuzzy term were still slower over all Go queries (1.44x the
 * limit against 1.41x).
 */
export const MAX_INLINE_FUZZY_CHARS = 10;

/**
 * One character of a term as bytes. Its ASCII forms are one class. The non-ASCII characters the matcher also reads as
 * it (a folded diacritic, the Kelvin sign) are either inline or, when `wide` is given, left out and their UTF-8 leads
 * added to `wide`, which planPrefilter turns into one alternative accepting any line that contains one.
 *
 * Inline, a term's first character lists its forms exactly, grouped by leading bytes (`é`, `è` → `\xC3[\xA8\xA9]`),
 * when they are few (MAX_PREFILTER_LITERALS): they are the literals ripgrep's prefilter searches for, and exact
 * literals find fewer false starts. The characters after it, and a first character of many forms, accept any
 * character of the blocks their forms live in (`é`, `è`, `ǘ` → `[\xC3\xC7][\x80-\xBF]`): a looser but smaller
 * automaton, which ripgrep runs faster (scan time over all benchmark queries: Go 1.55x the limit with exact forms
 * everywhere, 1.41x this way; Rust 1.23x and 1.15x). Both accept every line the matcher could accept. A non-ASCII
 * character is its Unicode class.
 */
function charPattern(
  code: number,
  caseSensitive: boolean,
  normalize: boolean,
  exact: boolean,
  wide?: Set<string>,
): string {
  const codes = codesMatching(code, caseSensitive, normalize);
  if (code >= 0x80) return `(?u${caseSensitive ? "" : "i"}:[${codes.map((c) => `\\x{${hex(c, 1)}}`).join("")}])`;
  const ascii = byteClass(codes.filter((c) => c < 0x80));
  const forms = codes.filter((c) => c >= 0x80);
  if (forms.length === 0) return ascii;
  if (wide) {
    for (const c of forms) wide.add(utf8Lead(c));
    return ascii;
  }
  const literal = exact && codes.length <= MAX_PREFILTER_LITERALS;
  return `(?:${[ascii, ...(literal ? exactForms(forms) : blocksOf(forms))].join("|")})`;
}

/**
 * The most forms (ASCII ones included) a term's first character is written with exactly. ripgrep searches for the
 * literals a regex starts with before running its automaton; beyond about this many one- and two-byte literals the
 * search costs more than the automaton over every byte. Measured per first letter on Go (scan CPU, the query's other
 * characters alike): `m`, `w` (16 literals), `b`, `v`, `j`, `p`, `f`, `x`, `q` scan up to 1.8x faster written exactly;
 * `k` (18) and `y`, `z`, `h` (22-26) alike either way; `c`, `g`, `r`, `s`, `l` (21-30) up to 1.25x faster as blocks.
 * A case-sensitive capital has few forms (`T`: 4), and stays exact.
 */
const MAX_PREFILTER_LITERALS = 16;

/** The forms exactly, their last bytes grouped by leading bytes (`é`, `è` → `\xC3[\xA8\xA9]`). */
function exactForms(forms: readonly number[]): string[] {
  const byLead = new Map<string, number[]>();
  for (const c of forms) {
    const bytes = utf8(c);
    const lead = bytes.slice(0, -1).map(byte).join("");
    byLead.set(lead, [...(byLead.get(lead) ?? []), bytes[bytes.length - 1]]);
  }
  return [...byLead].map(([lead, tails]) => `${lead}${byteClass([...new Set(tails)].sort((a, b) => a - b))}`);
}

/** Any character of the blocks the forms live in: two-byte ones by lead byte, three-byte ones by their first two. */
function blocksOf(forms: readonly number[]): string[] {
  const two = new Set<number>();
  const three = new Map<number, Set<number>>();
  for (const c of forms) {
    const [b0, b1] = utf8(c);
    if (c < 0x800) two.add(b0);
    else three.set(b0, (three.get(b0) ?? new Set()).add(b1));
  }
  const sorted = (bytes: Set<number>) => byteClass([...bytes].sort((a, b) => a - b));
  return [
    ...(two.size > 0 ? [`${sorted(two)}${CONTINUATION}`] : []),
    ...[...three].map(([b0, seconds]) => `${byte(b0)}${sorted(seconds)}${CONTINUATION}`),
  ];
}

/** A UTF-8 continuation byte. */
const CONTINUATION = "[\\x80-\\xBF]";

function expressible(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 0xfffd || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return text.length > 0;
}

/** Whether a term leaves its characters' non-ASCII forms to the shared alternative (see MAX_INLINE_FUZZY_CHARS). */
function sharesWideForms(term: Term, head: string): boolean {
  if (term.type === "fuzzy") return head.length > MAX_INLINE_FUZZY_CHARS;
  if (term.type !== "exact" && term.type !== "exact_boundary") return false;
  // Inline, the first character's forms are the literals ripgrep's prefilter searches for: a capital in a
  // case-sensitive term is rare in code and prose, and inline beat the shared alternative there (Go, `'ErrNotExist`
  // 1.2x the limit against 2.2x); a lowercase start is common, and the shared alternative's plain literal wins
  // (`'return` 1.8x against 2.3x).
  const first = head.charCodeAt(0);
  if (term.caseSensitive && first >= 0x41 && first <= 0x5a) return false;
  for (let i = 0; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if (code >= 0x80 || codesMatching(code, term.caseSensitive, term.normalize).every((c) => c < 0x80)) return false;
  }
  return true;
}

/** A term's regex, and the UTF-8 leads of the non-ASCII characters it leaves to the shared alternative. */
export interface TermPattern {
  regex: string;
  wide: string[];
}

/** Any bytes of a record's path (a filter stage's input is `path\0line:content`). */
const PATH_GAP = "[^\\x00\\n]*";

/** How a term's regex is written: with its anchors or not, what its gaps cross, and where its accented forms go. */
interface TermShape {
  anchored: boolean;
  gap: string;
  /** Every non-ASCII form inline (a filter stage reads little, and inline forms keep out what cannot match). */
  inline: boolean;
}

/** A term's regex without its start anchor (`atStart` says it has one), or undefined when it cannot be written. */
function termBody(term: Term, shape: TermShape): { body: string; atStart: boolean; wide: string[] } | undefined {
  if (term.inverse || !expressible(term.text)) return undefined;
  const fuzzy = term.type === "fuzzy";
  const text = term.text;
  const head = text.slice(0, MAX_TERM_CHARS);
  const wide = !shape.inline && sharesWideForms(term, head) ? new Set<string>() : undefined;
  const chars = (t: string) =>
    `(?-u:${Array.from({ length: t.length }, (_, i) =>
      charPattern(t.charCodeAt(i), term.caseSensitive, term.normalize, i === 0, wide),
    ).join(fuzzy ? shape.gap : "")})`;
  let body: string;
  let atStart = false;
  switch (shape.anchored ? term.type : fuzzy ? "fuzzy" : "exact") {
    case "fuzzy":
    case "exact":
    case "exact_boundary":
      body = chars(head);
      break;
    case "prefix":
    case "equal": {
      // Equal is prefix and suffix at once; a truncated term keeps only the prefix half (both halves could overlap).
      const lead = isWhitespaceCode(text.charCodeAt(0)) ? "" : SPACE;
      const whole = term.type === "equal" && text.length <= MAX_TERM_CHARS;
      const trail = isWhitespaceCode(text.charCodeAt(text.length - 1)) ? "" : SPACE;
      body = `${lead}${chars(head)}${whole ? `${trail}$` : ""}`;
      atStart = true;
      break;
    }
    case "suffix": {
      const trail = isWhitespaceCode(text.charCodeAt(text.length - 1)) ? "" : SPACE;
      body = `${chars(text.slice(-MAX_TERM_CHARS))}${trail}$`;
      break;
    }
  }
  return { body, atStart, wide: wide ? [...wide] : [] };
}

/**
 * The regex a content line must match to satisfy `term` unless it contains one of the `wide` leads, or undefined
 * when the term cannot be prefiltered. It is written in ripgrep's byte mode (`(?-u:…)`); `anchored` false drops the
 * anchors of prefix, suffix and equal terms.
 */
export function termPattern(term: Term, anchored = true): TermPattern | undefined {
  const t = termBody(term, { anchored, gap: GAP, inline: false });
  return t && { regex: `${t.atStart ? "^" : ""}${t.body}`, wide: t.wide };
}

/**
 * The regex a filter stage keeps a record (`path\0line:content`) by when some term of `set` could match its path or
 * its content: on the path a term is unanchored and its gaps stay within the path; on the content it keeps its
 * anchors (the content starts after the line number). `contentOnly`: the content alone.
 */
export function stageRegex(set: TermSet, contentOnly: boolean): string | undefined {
  const content = set.map((t) => termBody(t, { anchored: true, gap: GAP, inline: true }));
  if (content.some((c) => c === undefined)) return undefined;
  const bodies = content.map((c) => (c?.atStart ? c.body : `${GAP}${c?.body}`));
  const inContent = `\\x00[0-9]*:(?:${bodies.join("|")})`;
  if (contentOnly) return `(?-u:${inContent})`;
  const path = set.map((t) => termBody(t, { anchored: false, gap: PATH_GAP, inline: true })?.body);
  return `(?-u:^${PATH_GAP}(?:${path.join("|")})|${inContent})`;
}

/** The regex alone (for tests and reports). */
export function termRegex(term: Term): string | undefined {
  return termPattern(term)?.regex;
}

/** How likely a line is to contain a term (a rough prior, only used to choose which set ripgrep scans for). */
function termSelectivity(term: Term): number {
  const n = Math.min(term.text.length, MAX_TERM_CHARS);
  const perChar = term.type === "fuzzy" ? 0.55 : 0.3;
  const anchored = term.type === "fuzzy" || term.type === "exact" || term.type === "exact_boundary" ? 1 : 0.3;
  return perChar ** n * anchored;
}

interface SetInfo {
  set: TermSet;
  anchored: boolean;
  built?: boolean;
  /** Alternation of the positive terms' regexes; undefined when one cannot be prefiltered or none is positive. */
  regex?: string;
  /** UTF-8 leads of the non-ASCII characters the terms leave to the shared alternative. */
  wide: string[];
  selectivity: number;
}

/** `build` false: only the selectivity, for a set too unselective to be scanned for (see `complete`). */
function setInfo(set: TermSet, anchored = true, build = true): SetInfo {
  const positive = set.filter((t) => !t.inverse);
  const info: SetInfo = {
    set,
    anchored,
    wide: [],
    selectivity: Math.min(
      1,
      positive.reduce((s, t) => s + termSelectivity(t), 0),
    ),
  };
  return build ? complete(info) : info;
}

/** Adds the regex (a long query builds it only for the sets worth weighing). */
function complete(info: SetInfo): SetInfo {
  if (info.built) return info;
  info.built = true;
  const patterns = info.set.map((t) => termPattern(t, info.anchored));
  // An inverse term accepts any line without its text: its set says nothing a regex could require.
  if (patterns.every((p) => p !== undefined)) {
    info.regex = patterns.map((p) => p?.regex).join("|");
    info.wide = patterns.flatMap((p) => p?.wide ?? []);
  }
  return info;
}

/** What a file's path means for one set of a query. */
const SetStatus = {
  /** A positive term matches the path: every line of the file satisfies the set. */
  Satisfied: 0,
  /** Only content can satisfy the set, and the set's regex says which lines may. */
  Required: 1,
  /** The set cannot be prefiltered (it has an inverse term, or a term no regex can express). */
  Open: 2,
  /** No line of the file can satisfy the set (only inverse terms, each present in the path). */
  Dead: 3,
} as const;
type SetStatus = (typeof SetStatus)[keyof typeof SetStatus];

function setStatus(info: SetInfo, path: Field | undefined, matcher: QueryMatcher): SetStatus {
  let inverseAbsent = false;
  let positive = false;
  for (const t of info.set) {
    const inPath = path !== undefined && termMatches(t, path, matcher.scheme);
    if (!t.inverse) {
      positive = true;
      if (inPath) return SetStatus.Satisfied;
    } else if (!inPath) inverseAbsent = true;
  }
  if (!positive && !inverseAbsent) return SetStatus.Dead;
  return info.regex === undefined ? SetStatus.Open : SetStatus.Required;
}

/** A query the scan serves: a collector needs lines matching every set, a counter lines matching any set. */
export interface Consumer {
  matcher: QueryMatcher;
  everySet: boolean;
}

interface Choice {
  consumer: Consumer;
  infos: SetInfo[];
  /** Indices of the sets ripgrep scans for. */
  option: number[];
}

export interface PrefilterPlan {
  /** The regex ripgrep scans the files for. */
  pattern: string;
  /**
   * Regexes for further ripgrep runs over the first one's output, one per other set of a single query: each record
   * (`path\0line:content`) must match every one. Terms are unanchored there, so a path that satisfies a set lets
   * its record through as a matching line would.
   */
  filters: string[];
  /** Sets ripgrep scans for, per consumer, in fzf syntax (for reports). */
  scanned: string[][];
  readonly choices: readonly Choice[];
}

/**
 * statuses[s][f]: what path f means for set s — for the sets that can matter: all of a counter's, and of a
 * collector's the built ones (weighed for the scan) and those without a positive term (which can rule a file out).
 */
function statusesOf(c: Consumer, infos: readonly SetInfo[], paths: readonly Field[] | undefined, count: number) {
  // Loops rather than callbacks: this runs once per listed path (see memoOf).
  const out: SetStatus[][] = [];
  for (const info of infos) {
    if (c.everySet && !info.built && info.set.some(isPositive)) {
      out.push(new Array<SetStatus>(count).fill(SetStatus.Open));
      continue;
    }
    if (!paths) {
      out.push(new Array<SetStatus>(count).fill(setStatus(info, undefined, c.matcher)));
      continue;
    }
    const row = new Array<SetStatus>(count);
    for (let f = 0; f < count; f++) row[f] = setStatus(info, paths[f], c.matcher);
    out.push(row);
  }
  return out;
}

const isPositive = (t: Term) => !t.inverse;

/** Files (indices into `statuses`' paths) whose lines ripgrep's scan for `option` would not cover. */
function uncoveredBy(c: Consumer, option: readonly number[], statuses: SetStatus[][], count: number): number[] {
  const out: number[] = [];
  for (let f = 0; f < count; f++) {
    let covered: boolean;
    if (c.everySet) {
      covered = false;
      for (const s of option) if (statuses[s][f] === SetStatus.Required) covered = true;
      for (const s of statuses) if (s[f] === SetStatus.Dead) covered = true;
    } else {
      covered = true;
      for (const s of statuses) if (s[f] !== SetStatus.Required && s[f] !== SetStatus.Dead) covered = false;
    }
    if (!covered) out.push(f);
  }
  return out;
}

/** Hint paths weighed per option at most: a sample guides the choice as well, and planning delays the scan. */
export const MAX_HINT_PATHS = 2_000;

/** The hint paths planPrefilter weighs of a listing: what is worth remembering of it for the next call. */
export function hintSample(paths: readonly string[]): readonly string[] {
  return everyNth(paths, MAX_HINT_PATHS);
}

/**
 * The share of the hinted files' lines that `files` (indices) hold: by their sizes when known, since sizes span orders
 * of magnitude (on Go, the 83 files whose path holds `write` as a subsequence are 1.5 % of the files and 12 % of the
 * lines: generated rewrite rules), else counting each file alike.
 */
function shareOf(files: readonly number[], sizes: HintSizes | undefined, count: number): number {
  if (!sizes || sizes.total === 0) return files.length / count;
  let held = 0;
  for (const f of files) held += sizes.bytes[f];
  return held / sizes.total;
}

interface HintSizes {
  bytes: readonly number[];
  total: number;
}

/** The sizes of the hint paths planPrefilter weighs (the same sample of both), when there is one per path. */
function hintSizes(hintBytes: readonly number[] | undefined, pathCount: number): HintSizes | undefined {
  if (hintBytes?.length !== pathCount) return undefined;
  const bytes = everyNth(hintBytes, MAX_HINT_PATHS);
  return { bytes, total: bytes.reduce((sum, b) => sum + b, 0) };
}

/** Every n-th item, n chosen to keep at most `max` (the same items of arrays of one length). */
function everyNth<T>(paths: readonly T[], max: number): readonly T[] {
  if (paths.length <= max) return paths;
  const stride = Math.ceil(paths.length / max);
  return paths.filter((_, i) => i % stride === 0);
}

/** Sets joined into one scan at most (ripgrep scans for any of them): pairs and triples of the most selective. */
const MAX_UNION = 3;
const UNION_CANDIDATES = 5;

/**
 * What ripgrep may scan for to serve a collector: one usable set (no inverse term, expressible), or — in a query of
 * up to 8 sets — a union of two or three of the most selective, which leaves fewer files to read in full (only those
 * whose path satisfies every set of the union) at the price of more lines.
 */
function everySetOptions(infos: readonly SetInfo[]): number[][] {
  // A long query: only its most selective sets are worth weighing.
  const usable = infos
    .map((_, i) => i)
    .filter((i) => infos[i].set.every((t) => !t.inverse))
    .sort((a, b) => infos[a].selectivity - infos[b].selectivity)
    .slice(0, MAX_OPTIONS)
    .filter((i) => complete(infos[i]).regex !== undefined);
  const options = usable.map((i) => [i]);
  if (infos.length > 8) return options;
  const top = usable.slice(0, UNION_CANDIDATES);
  const grow = (prefix: number[], from: number) => {
    for (let k = from; k < top.length; k++) {
      const option = [...prefix, top[k]];
      if (option.length > 1) options.push(option);
      if (option.length < MAX_UNION) grow(option, k + 1);
    }
  };
  grow([], 0);
  return options;
}

/**
 * What an option's scan costs ripgrep per line of the files, relative to running its automaton over every byte (1):
 * ripgrep first searches for the literals a regex starts with, when it has few (MAX_PREFILTER_LITERALS), and runs the
 * automaton from each; the scan then costs about SCAN_FLOOR of the full one, plus SCAN_PER_START for each line holding
 * a literal (measured on Go, fuzzy words whose first letter is written exactly: `json`, 1 % of lines hold a j, 0.36
 * of the scan without literals; `quote` 0.45; `window` 0.55; `mutex` 0.68; `field` (39 %) 0.86). A regex that starts
 * with an anchor, a shared alternative or a character of many forms has no such literals.
 */
const SCAN_FLOOR = 0.4;
const SCAN_PER_START = 1.2;

function scanCost(infos: readonly SetInfo[], option: readonly number[], lines: readonly Field[]): number {
  if (lines.length === 0) return 1;
  const starts: Array<{ code: number; caseSensitive: boolean }> = [];
  let literals = 0;
  for (const i of option) {
    for (const term of infos[i].set) {
      const start = literalStart(term);
      if (!start) return 1;
      literals += start.literals;
      starts.push({ code: start.code, caseSensitive: term.caseSensitive });
    }
  }
  if (literals > MAX_PREFILTER_LITERALS) return 1;
  let hits = 0;
  for (const line of lines) {
    for (const { code, caseSensitive } of starts) {
      if (line.comparable(caseSensitive, false).includes(String.fromCharCode(code))) {
        hits++;
        break;
      }
    }
  }
  return Math.min(1, SCAN_FLOOR + (SCAN_PER_START * hits) / lines.length);
}

/** The first character of a term's regex when ripgrep can search for its forms as literals (see charPattern). */
function literalStart(term: Term): { code: number; literals: number } | undefined {
  if (term.type === "prefix" || term.type === "equal" || !expressible(term.text)) return undefined;
  const text = term.type === "suffix" ? term.text.slice(-MAX_TERM_CHARS) : term.text.slice(0, MAX_TERM_CHARS);
  const code = text.charCodeAt(0);
  if (code >= 0x80 || sharesWideForms(term, text)) return undefined;
  const literals = codesMatching(code, term.caseSensitive, term.normalize).length;
  return literals <= MAX_PREFILTER_LITERALS ? { code, literals } : undefined;
}

/**
 * What a line costs beyond the scan, relative to the scan's cost per line without literals (about 105 ns of CPU on
 * Go): one ripgrep prints and each filter stage reads (300 ns printed, 400 ns per stage); one read here in full
 * (250-340 ns, the file's read and the byte checks before any line is scored).
 */
const LINE_OUT_COST = 8;
const LINE_READ_COST = 3;

/** The share of lines a union of sets selects: measured on the sample when there is one, else the priors summed. */
function unionShare(infos: readonly SetInfo[], option: readonly number[], masks: Uint32Array | undefined): number {
  if (masks && option.every((i) => i < MAX_SAMPLED_SETS)) {
    return sampledShare(
      masks,
      option.reduce((bits, i) => bits | (1 << i), 0),
    );
  }
  return Math.min(
    1,
    option.reduce((s, i) => s + infos[i].selectivity, 0),
  );
}

/**
 * Chooses, for each consumer, the set (or union of sets) whose regex ripgrep scans for, minimising the expected lines
 * handed on: the share of lines the regex selects in the files it covers plus every line of the files it does not
 * (read in full). How many lines a set selects is measured on `sampleLines` (lines of the same files, or none: then a
 * prior on term kind and length); how many lines the files it leaves uncovered hold, on `hintPaths` (a recent
 * listing of the same files, or none) weighed by `hintBytes` (their sizes, one per path) when given. All of these
 * only guide the choice, and only when there is one to make. Which files are read in full is
 * decided on the actual listing (readInFull). Undefined when some consumer cannot be prefiltered.
 */
export function planPrefilter(
  consumers: readonly Consumer[],
  hintPaths: readonly string[],
  contentOnly: boolean,
  sampleLines: readonly Field[] = [],
  hintBytes?: readonly number[],
): PrefilterPlan | undefined {
  const chosen = new Set<string>();
  const wide = new Set<string>();
  const choices: Choice[] = [];
  const hints = everyNth(hintPaths, MAX_HINT_PATHS);
  const sizes = hintSizes(hintBytes, hintPaths.length);
  let fields: Field[] | undefined;
  for (const c of consumers) {
    const infos = c.matcher.sets.map((set) => setInfo(set, true, !c.everySet || c.matcher.sets.length <= MAX_OPTIONS));
    if (infos.length === 0) return undefined;
    let options: number[][];
    let masks: Uint32Array | undefined;
    if (c.everySet) {
      if (infos.length > 1 && sampleLines.length > 0) {
        masks = sampleMasks(c.matcher.sets, sampleLines, c.matcher.scheme);
        infos.forEach((info, i) => {
          if (i < MAX_SAMPLED_SETS && info.set.every(isPositive))
            info.selectivity = sampledShare(masks as Uint32Array, 1 << i);
        });
      }
      options = everySetOptions(infos);
    } else {
      if (infos.some((info) => info.regex === undefined)) return undefined;
      options = [infos.map((_, i) => i)];
    }
    if (options.length === 0) return undefined;
    const weigh = options.length > 1 && hints.length > 0;
    if (weigh && !contentOnly) fields ??= hints.map((p) => new Field(p));
    const statuses = weigh ? statusesOf(c, infos, fields, hints.length) : [];
    let best: { option: number[]; cost: number } | undefined;
    for (const option of options) {
      const share = weigh ? shareOf(uncoveredBy(c, option, statuses, hints.length), sizes, hints.length) : 0;
      const cost =
        (c.everySet ? scanCost(infos, option, sampleLines) : 0) +
        LINE_OUT_COST * unionShare(infos, option, masks) * (1 - share) +
        LINE_READ_COST * share;
      if (!best || cost < best.cost) best = { option, cost };
    }
    if (!best) return undefined;
    for (const i of best.option) {
      chosen.add(infos[i].regex as string);
      for (const w of infos[i].wide) wide.add(w);
    }
    choices.push({ consumer: c, infos, option: best.option });
  }
  const pattern = withWide([...chosen], wide);
  if (pattern.length > MAX_PATTERN_CHARS) return undefined;
  return {
    pattern,
    filters: filterStages(choices, contentOnly),
    scanned: choices.map((ch) => ch.option.map((i) => ch.infos[i].set.map((t) => t.raw).join(" | "))),
    choices,
  };
}

/**
 * Whether the listed file at `path` (as shown) is read in full: some consumer's scanned sets do not cover it. The path
 * alone decides, so each listed path and each of ripgrep's lines is decided as it arrives.
 */
export function readInFull(plan: PrefilterPlan, path: string, contentOnly: boolean): boolean {
  const memo = memoOf(plan);
  // Without a path, or with one no term can match, every check against it is false: one answer serves them all.
  if (contentOnly) {
    memo.contentOnly ??= decide(plan, undefined);
    return memo.contentOnly;
  }
  if (!memo.gate.mayMatch(path)) {
    memo.unmatchedPath ??= decide(plan, new PathTerms(path));
    return memo.unmatchedPath;
  }
  return decide(plan, new PathTerms(path));
}

/** A character class of `code` as a JS regex (no u flag) reads it: either case for a letter of a case-blind term. */
function asciiClass(code: number, caseSensitive: boolean): string {
  const hex2 = (c: number) => `\\x${hex(c, 2)}`;
  if (!caseSensitive && code >= 0x61 && code <= 0x7a) return `${hex2(code)}${hex2(code - 0x20)}`;
  return hex2(code);
}

/**
 * A JS regex (flag g) over listed paths joined by NUL that finds, within every path readInFull could answer true for,
 * a match: the path is not ASCII, or it holds the characters of a term of one scanned set in order (what any term
 * type needs on an ASCII path; white space is left out, as the matcher trims it). Undefined when that cannot be
 * written (several consumers, a counter, a term outside ASCII or of white space only): decide each path then.
 */
export function pathFinder(plan: PrefilterPlan): RegExp | undefined {
  if (plan.choices.length !== 1 || !plan.choices[0].consumer.everySet) return undefined;
  const { infos, option } = plan.choices[0];
  // One scanned set is enough (every one must hold); the one whose shortest term is longest finds the fewest paths.
  let best: TermSet | undefined;
  let bestLength = -1;
  for (const i of option) {
    const set = infos[i].set;
    if (set.some((t) => t.inverse || !isAsciiText(t.text))) return undefined;
    const shortest = Math.min(...set.map((t) => requiredCodes(t).length));
    if (shortest === 0) return undefined;
    if (shortest > bestLength) {
      bestLength = shortest;
      best = set;
    }
  }
  if (!best) return undefined;
  const alternatives = best.map((t) =>
    requiredCodes(t)
      .map((c, k) => {
        const cls = asciiClass(c, t.caseSensitive);
        return k === 0 ? `[${cls}]` : `[^\\x00${cls}]*[${cls}]`;
      })
      .join(""),
  );
  const source = `${alternatives.join("|")}|[^\\x00-\\x7f]`;
  // A set of many terms can still make too large a regex: then each path is decided on its own.
  if (source.length > MAX_PATTERN_CHARS) return undefined;
  try {
    return new RegExp(source, "g");
  } catch {
    return undefined;
  }
}

/**
 * A term's characters a path must hold, in order (white space is trimmed or compared loosely by the matcher): its
 * first MAX_TERM_CHARS, still a necessary condition, so a long term never makes a regex past V8's limits.
 */
function requiredCodes(t: Term): number[] {
  const codes: number[] = [];
  for (let i = 0; i < t.text.length && codes.length < MAX_TERM_CHARS; i++)
    if (!isWhitespaceCode(t.text.charCodeAt(i))) codes.push(t.text.charCodeAt(i));
  return codes;
}

function isAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * What uncoveredBy and setStatus decide, for one path and without their tables: this runs for every listed path and
 * every file in ripgrep's output (22,331 paths per search on the Rust corpus).
 */
function decide(plan: PrefilterPlan, path: PathTerms | undefined): boolean {
  // Loops rather than callbacks, as in statusesOf.
  for (const { consumer, infos, option } of plan.choices) {
    if (consumer.everySet) {
      // Covered when the path leaves some scanned set to the content (scanned sets have no inverse term), or when
      // a dead set rules every line out.
      let satisfied = true;
      for (let k = 0; k < option.length && satisfied; k++) satisfied = anyInPath(infos[option[k]].set, path, consumer);
      if (!satisfied) continue;
      let dead = false;
      for (let s = 0; s < infos.length && !dead; s++) dead = isDead(infos[s].set, path, consumer);
      if (!dead) return true;
    } else {
      // A counter needs every set's lines: covered only when each set is left to the content, or dead.
      for (const info of infos) {
        if (anyInPath(info.set, path, consumer)) return true;
        if (info.regex === undefined && !isDead(info.set, path, consumer)) return true;
      }
    }
  }
  return false;
}

/** Some positive term of `set` matches the path. */
function anyInPath(set: TermSet, path: PathTerms | undefined, c: Consumer): boolean {
  if (!path) return false;
  for (const t of set) if (!t.inverse && path.has(t, c)) return true;
  return false;
}

/** A set of inverse terms only, each in the path: no line of the file matches it. */
function isDead(set: TermSet, path: PathTerms | undefined, c: Consumer): boolean {
  if (!path) return false;
  for (const t of set) if (!t.inverse || !path.has(t, c)) return false;
  return true;
}

/** A path's matches of terms: fuzzy and exact terms of ASCII text on an ASCII path without folding or copying it. */
class PathTerms {
  private field?: Field;
  private readonly ascii: boolean;

  constructor(readonly path: string) {
    let ascii = true;
    for (let i = 0; i < path.length && ascii; i++) if (path.charCodeAt(i) >= 0x80) ascii = false;
    this.ascii = ascii;
  }

  has(t: Term, c: Consumer): boolean {
    if (this.ascii && (t.type === "fuzzy" || t.type === "exact")) {
      const fast = asciiMatch(this.path, t.text, t.caseSensitive, t.type === "fuzzy");
      if (fast !== undefined) return fast;
    }
    this.field ??= new Field(this.path);
    return termMatches(t, this.field, c.matcher.scheme);
  }
}

/**
 * Whether an ASCII text holds `term` (its characters in order, or together): what termMatches answers there, since
 * an ASCII character lower-cases to ASCII and folds to itself. Undefined when the term is not ASCII.
 */
function asciiMatch(text: string, term: string, caseSensitive: boolean, fuzzy: boolean): boolean | undefined {
  for (let j = 0; j < term.length; j++) if (term.charCodeAt(j) >= 0x80) return undefined;
  // A case-insensitive term is lower case already: the text's capitals are lowered to meet it.
  const fold = caseSensitive ? 0 : 0x20;
  if (fuzzy) {
    let k = 0;
    for (let i = 0; i < text.length && k < term.length; i++) {
      const c = text.charCodeAt(i);
      if ((c >= 0x41 && c <= 0x5a ? c | fold : c) === term.charCodeAt(k)) k++;
    }
    return k === term.length;
  }
  for (let i = 0; i + term.length <= text.length; i++) {
    let j = 0;
    for (; j < term.length; j++) {
      const c = text.charCodeAt(i + j);
      if ((c >= 0x41 && c <= 0x5a ? c | fold : c) !== term.charCodeAt(j)) break;
    }
    if (j === term.length) return true;
  }
  return false;
}

interface PlanMemo {
  /** Every term readInFull may check against a path. */
  gate: PathGate;
  contentOnly?: boolean;
  /** The answer for a path that no term can match. */
  unmatchedPath?: boolean;
}

const memos = new WeakMap<PrefilterPlan, PlanMemo>();

function memoOf(plan: PrefilterPlan): PlanMemo {
  let memo = memos.get(plan);
  if (!memo) {
    memo = { gate: new PathGate(plan.choices.flatMap((ch) => ch.infos.flatMap((info) => info.set))) };
    memos.set(plan, memo);
  }
  return memo;
}

/** Any line with a character that could stand for an ASCII one a term left out: byte literals keep the scan fast. */
function withWide(regexes: string[], wide: ReadonlySet<string>): string {
  return [...regexes, ...(wide.size > 0 ? [`(?-u:${[...wide].sort().join("|")})`] : [])].join("|");
}

/** Sets weighed as what ripgrep scans the files for. */
const MAX_OPTIONS = 16;

/** At most this many ripgrep runs filter the first one's output. */
const MAX_FILTER_STAGES = 3;

/**
 * The sets of a lone query (no in-pass candidates, no counter) that ripgrep's scan does not ensure, most selective
 * first: each a filter over the first run's records, kept when a term could match their path or their content
 * (stageRegex). A union's own sets are among them (a line may hold only one of its sets); sets with an inverse term
 * are left to the matcher.
 */
function filterStages(choices: readonly Choice[], contentOnly: boolean): string[] {
  if (choices.length !== 1 || !choices[0].consumer.everySet) return [];
  const { infos, option } = choices[0];
  return infos
    .filter((info, i) => (option.length > 1 || !option.includes(i)) && info.set.every(isPositive))
    .sort((a, b) => a.selectivity - b.selectivity)
    .slice(0, MAX_FILTER_STAGES)
    .map((info) => stageRegex(info.set, contentOnly))
    .filter((regex): regex is string => regex !== undefined && regex.length <= MAX_PATTERN_CHARS);
}
