/**
 * Static misuse analysis, before anything runs: regex constructs in `fuzzy_filter`, plain words or fzf
 * operators in `regex_pattern`, globs in the files tool's filter. fzf's own operators and common code literals are
 * never evidence: mcp-personal's indicators flagged 17–28% of valid queries, this one is built to stay under 2%.
 */

export interface Evidence {
  construct: string;
  certainty: number;
  /** Weak evidence (`x?`, `a+b`) never flags on its own. */
  weak?: boolean;
}

const WORD = /[\p{L}\p{N}_]/u;
const isWord = (c: string | undefined): boolean => c !== undefined && WORD.test(c);

/** `C:\src\docs`, `\\server\share`, `src\utils\x.ts`: backslashes as path separators, not escapes. */
function looksLikeWindowsPath(s: string): boolean {
  if (/^[A-Za-z]:\\/u.test(s) || s.startsWith("\\\\")) return true;
  const slashes = s.match(/\\/gu)?.length ?? 0;
  if (slashes < 2 || /[\s*+?()[\]{}|^$]/u.test(s)) return false;
  // A segment after a backslash starts with a word character: `os\.path` is an escaped dot, not a folder.
  return /^[\w.-]+(\\[\w-][\w.-]*)+\\?$/u.test(s);
}

const ESCAPED_META = new Set([".", "(", ")", "[", "]", "{", "}", "|", "*", "+", "?"]);

/** Every regex construct found in a fuzzy filter, strongest first. */
export function regexEvidence(f: string): Evidence[] {
  const found = new Map<string, Evidence>();
  const add = (construct: string, certainty: number, weak = false) => {
    const prev = found.get(construct);
    if (!prev || prev.certainty < certainty) found.set(construct, { construct, certainty, weak });
  };
  if (looksLikeWindowsPath(f)) return [];
  const n = f.length;
  let groupDepth = 0;
  const groupHasBar: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const c = f[i];
    if (c === "\\") {
      const e = f[i + 1];
      if (e === undefined) break;
      if (e === "w" || e === "W" || e === "d" || e === "D" || e === "s" || e === "S") add("class_escape", 0.95);
      else if (e === "b" || e === "B") add("word_boundary", 0.95);
      else if (ESCAPED_META.has(e)) add("escaped_metachar", 0.8);
      // `\ ` (fzf's literal space), `\n`, `\t` and the rest are never evidence.
      i++;
      continue;
    }
    if (c === "(") {
      if (f[i + 1] === "?") add("group_syntax", 0.99);
      groupDepth++;
      groupHasBar.push(false);
      continue;
    }
    if (c === ")") {
      if (groupDepth > 0) {
        groupDepth--;
        if (groupHasBar.pop()) add("group_alternation", 0.95);
      }
      continue;
    }
    if (c === "|") {
      if (groupDepth > 0 && f[i + 1] !== "|" && f[i - 1] !== "|") groupHasBar[groupHasBar.length - 1] = true;
      else if (
        f[i + 1] !== "|" &&
        f[i - 1] !== "|" &&
        f[i - 1] !== undefined &&
        f[i + 1] !== undefined &&
        !/\s/u.test(f[i - 1]) &&
        !/\s/u.test(f[i + 1])
      ) {
        add("unspaced_alternation", 0.85);
      }
      continue;
    }
    if (c === "." && (f[i + 1] === "*" || f[i + 1] === "+")) {
      // `java.util.*`: a trailing `ident.*` is an import wildcard, not a regex.
      const trailingWildcard = f[i + 1] === "*" && i + 2 === n && isWord(f[i - 1]);
      if (!trailingWildcard) add("dot_star", 0.9);
      i++;
      continue;
    }
    if (c === "[") {
      const close = f.indexOf("]", i + 1);
      if (close > i) {
        const body = f.slice(i + 1, close);
        if (body.startsWith("^") || body.includes("\\") || /([a-z]-[a-z]|[A-Z]-[A-Z]|\d-\d)/u.test(body)) {
          add("character_class", 0.9);
        }
      }
      continue;
    }
    if (c === "{") {
      if (/^\{\d+(,\d*)?\}/u.test(f.slice(i)) && i > 0 && !/[\s{]/u.test(f[i - 1])) add("counted_repetition", 0.9);
      continue;
    }
    if (
      c === "?" &&
      isWord(f[i - 1]) &&
      f[i - 2] !== "\\" &&
      f[i + 1] !== "." &&
      f[i + 1] !== "?" &&
      f[i + 1] !== ":"
    ) {
      add("optional", 0.5, true);
      continue;
    }
    if (c === "+" && isWord(f[i - 1]) && f[i - 2] !== "\\" && isWord(f[i + 1])) add("plus", 0.45, true);
  }
  return [...found.values()].sort((a, b) => b.certainty - a.certainty);
}

/** Certainty that `f` is a regex: the strongest construct, +.05 per further distinct construct, at most .99. */
export function regexCertainty(f: string): number {
  return combine(regexEvidence(f));
}

function combine(evidence: readonly Evidence[]): number {
  if (evidence.length === 0) return 0;
  const strong = evidence.filter((e) => !e.weak);
  if (strong.length === 0) return Math.max(...evidence.map((e) => e.certainty));
  const max = Math.max(...strong.map((e) => e.certainty));
  return Math.min(0.99, round2(max + 0.05 * (evidence.length - 1)));
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

const REGEX_META = /[.*+?()[\]{}|^$\\]/u;
const IDENT = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

/** Certainty that a non-default `regex_pattern` holds fuzzy words (`user session`) or fzf operators (`'x !y`). */
export function wordsInPatternCertainty(r: string): number {
  const trimmed = r.trim();
  if (trimmed === "" || trimmed === ".") return 0;
  const tokens = trimmed.split(/\s+/u);
  const fzfOps =
    tokens.some((t) => /^!?'[\p{L}\p{N}_]/u.test(t) || /^![\p{L}\p{N}_]/u.test(t)) || / \| /u.test(trimmed);
  if (fzfOps && tokens.length >= 2) return 0.9;
  if (tokens.length >= 2 && !REGEX_META.test(trimmed) && tokens.every((t) => IDENT.test(t))) return 0.85;
  return 0;
}

/** Look-around or a backreference: ripgrep's default engine rejects it, PCRE2 accepts it. */
export function needsPcre2(r: string): boolean {
  return /\(\?(=|!|<=|<!)/u.test(r) || /(^|[^\\])\\[1-9]/u.test(r);
}

/** Certainty that the files tool's filter is a glob: `*.ts`, `**\/`, `{a,b}`. */
export function globCertainty(f: string): number {
  if (/\*\*\//u.test(f) || /\{[^{},\s]+(,[^{},\s]+)+\}/u.test(f)) return 0.95;
  // `*.ts`, `src/*`, `*test*`: a star that is not a regex `.*`.
  if (/(^|[^.\\])\*/u.test(f) && !/\s/u.test(f.trim())) return 0.95;
  return 0;
}
