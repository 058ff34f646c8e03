/**
 * Rewrites that turn a misused filter into a valid fzf query. Every rewrite aims at a superset of the
 * lines the regex meant: separators (`.*`, `\s+`, classes) split terms, literal runs of two or more characters become
 * exact terms, optional characters are dropped from a fuzzy term, anchors go to the first/last term. Look-around is
 * never generated.
 */
import { parseRegex, type RegexToken } from "./regex-scan.js";

export interface Conversion {
  query: string;
  /** false when the rewrite can miss lines the regex matched (multi-term alternatives). */
  superset: boolean;
}

interface Run {
  text: string;
  fuzzy: boolean;
  anchoredStart: boolean;
  anchoredEnd: boolean;
}

/**
 * fzf reads a term's first and last characters as operators (fzf `parseTerms`): a leading `!` inverts it, a leading
 * `'` makes it exact, a leading `^` anchors it, a trailing `$` anchors it and a trailing `'` asks for word boundaries.
 * fzf has no escape for them, so a literal run never keeps one where fzf would read it: the character is dropped,
 * which leaves a shorter literal and so still a superset of the lines the regex matched.
 */
function stripOperatorChars(text: string, run: Run): string {
  // After `^` (or the `'` written before an exact term) fzf reads no further prefix operator.
  const head = !run.anchoredStart && (run.fuzzy || run.anchoredEnd) ? /^[!'^\s]+/u : undefined;
  const tail = run.anchoredEnd ? undefined : run.fuzzy || run.anchoredStart ? /[$\s]+$/u : /[$'\s]+$/u;
  let s = text;
  if (head) s = s.replace(head, "");
  if (tail) s = s.replace(tail, "");
  return s;
}

/** One fzf term from a literal run, or undefined when too short to be worth a term. */
function termOf(run: Run): string | undefined {
  // Words and the whitespace between them, kept as written: `a  b` must not become `a b`.
  const pieces = run.text.split(/(\s+)/u).filter((w) => w !== "");
  const isWord = (w: string) => /[\p{L}\p{N}_]/u.test(w);
  // Words with no letter or digit at the ends of a run (`: fix`) carry no search value.
  while (pieces.length > 0 && !isWord(pieces[0]) && !run.anchoredStart) pieces.shift();
  while (pieces.length > 0 && !isWord(pieces[pieces.length - 1]) && !run.anchoredEnd) pieces.pop();
  const text = stripOperatorChars(pieces.join(""), run);
  if (text.length < 2) return undefined;
  const escaped = text.replaceAll(" ", "\\ ");
  if (run.anchoredStart || run.anchoredEnd)
    return `${run.anchoredStart ? "^" : ""}${escaped}${run.anchoredEnd ? "$" : ""}`;
  return run.fuzzy ? escaped : `'${escaped}`;
}

interface Converted {
  /** AND-ed parts; each part is one term or an OR group `a | b`. */
  parts: string[];
  superset: boolean;
}

function convertSequence(tokens: readonly RegexToken[]): Converted {
  const parts: string[] = [];
  let superset = true;
  let run: Run = { text: "", fuzzy: false, anchoredStart: false, anchoredEnd: false };
  let atStart = true;
  let pendingStart = false;
  const flush = () => {
    const t = termOf(run);
    if (t) parts.push(t);
    run = { text: "", fuzzy: false, anchoredStart: false, anchoredEnd: false };
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    switch (t.kind) {
      case "literal": {
        if (t.text === "\t") {
          // fzf reads a tab in a query as a space (its placeholder for `\ `), so a tab separates terms instead.
          flush();
          pendingStart = false;
          if (next?.kind === "quantifier") i++;
          break;
        }
        if (next?.kind === "quantifier") {
          if (next.optional) {
            // `colou?r`: drop the optional character and keep a fuzzy term, which matches both spellings.
            run.fuzzy = true;
            i++;
            break;
          }
          i++;
        }
        if (run.text === "" && pendingStart) run.anchoredStart = true;
        pendingStart = false;
        run.text += t.text;
        break;
      }
      case "anchor_start":
        if (atStart) pendingStart = true;
        break;
      case "anchor_end":
        if (i === tokens.length - 1 && run.text !== "") run.anchoredEnd = true;
        flush();
        break;
      case "group": {
        flush();
        pendingStart = false;
        if (next?.kind === "quantifier" && next.optional) {
          i++;
          break;
        }
        if (t.lookaround === "ahead") {
          const inner = convertSequence(t.alternatives.length === 1 ? t.alternatives[0] : []);
          parts.push(...inner.parts);
        } else if (t.lookaround === "") {
          const alts = t.alternatives.map((a) => convertSequence(a));
          if (alts.length === 1) parts.push(...alts[0].parts);
          else {
            const heads = alts.map((a) => a.parts[0]);
            if (heads.every((h) => h !== undefined && !h.includes(" | "))) {
              if (alts.some((a) => a.parts.length > 1)) superset = false;
              parts.push(heads.join(" | "));
            } else superset = false;
          }
          if (alts.some((a) => !a.superset)) superset = false;
        }
        if (next?.kind === "quantifier") i++;
        break;
      }
      default:
        // `.`, classes, `\w`, `\b`, quantifiers after them, backreferences: term separators.
        flush();
        pendingStart = false;
        if (next?.kind === "quantifier") i++;
    }
    atStart = false;
  }
  flush();
  return { parts, superset };
}

/** Regex → fzf query (`def test_.*seer.*credit` → `'def\ test_ 'seer 'credit`). */
export function regexToFuzzy(regex: string): Conversion {
  const alternatives = parseRegex(regex);
  const converted = alternatives.map((a) => convertSequence(a));
  if (converted.length === 1) return { query: converted[0].parts.join(" "), superset: converted[0].superset };
  // Top-level alternatives: single-term ones become an fzf OR; multi-term ones keep their first term (lossy).
  const heads = converted.map((c) => c.parts[0]).filter((h): h is string => h !== undefined && !h.includes(" | "));
  const superset = converted.every((c) => c.parts.length === 1 && c.superset) && heads.length === converted.length;
  return { query: heads.join(" | "), superset };
}

const PLAIN_WORD = /^[\p{L}\p{N}_.:/-]+$/u;

/** `TODO|FIXME|BUG` or `(TODO|FIXME)` → `TODO | FIXME | BUG`, terms as typed; undefined for anything else. */
export function alternationToOr(f: string): string | undefined {
  const body = f.startsWith("(") && f.endsWith(")") ? f.slice(1, -1) : f;
  if (!body.includes("|") || body.includes("||")) return undefined;
  const alts = body.split("|");
  if (alts.length < 2 || !alts.every((a) => PLAIN_WORD.test(a))) return undefined;
  return alts.join(" | ");
}

/** `\bparse\b` → `'parse'`; undefined for anything else. */
export function wordBoundaryToExact(f: string): string | undefined {
  const m = /^\\b([\p{L}\p{N}_]{2,})\\b$/u.exec(f);
  return m ? `'${m[1]}'` : undefined;
}

/**
 * `"parse config" loader` → `'parse\ config loader`: fzf has no double quotes, and reads `"parse` and `config"` as two
 * fuzzy terms with the quote in them; its exact phrase is `'` with the spaces escaped. Undefined without a quoted
 * phrase of plain words, whitespace around it (every `"` paired).
 */
export function quotedToExact(f: string): string | undefined {
  // Only whole groups of plain words: `printf("%d\n")` and `Sprintf("%s")` are code, searched as written.
  const group = /(^|\s)"([\p{L}\p{N}_.-]+(?:\s+[\p{L}\p{N}_.-]+)*)"(?=\s|$)/gu;
  if ((f.match(/"/gu) ?? []).length % 2 !== 0 || !group.test(f)) return undefined;
  return f.replace(group, (_, before: string, phrase: string) => `${before}'${phrase.replace(/\s+/gu, "\\ ")}`);
}

/**
 * `/parse_\w+/i`, a JavaScript or Perl regex literal: the pattern between the slashes (`\/` unescaped) and the flags
 * that matter to ripgrep (`i` → `--ignore-case`); undefined for anything else, or flags no regex literal has.
 */
export function regexLiteral(r: string): { pattern: string; flags: string[] } | undefined {
  const m = /^\/(.+)\/([a-z]*)$/su.exec(r.trim());
  if (!m || !/^[gimsuyx]*$/u.test(m[2])) return undefined;
  const pattern = m[1].replace(/\\\//gu, "/");
  return { pattern, flags: m[2].includes("i") ? ["--ignore-case"] : [] };
}

/** Brace groups may nest this deep and expand to this many globs; a glob beyond either is not converted. */
export const MAX_GLOB_BRACE_DEPTH = 8;
export const MAX_GLOB_ALTERNATIVES = 64;

/**
 * `a{b,c{d,e}}` → `ab`, `acd`, `ace`, iteratively (no recursion to overflow), or undefined when the braces nest
 * deeper or expand to more globs than the limits allow. An unclosed brace is a literal.
 */
export function expandBraces(glob: string): string[] | undefined {
  interface Group {
    done: string[];
    current: string[];
  }
  const stack: Group[] = [{ done: [], current: [""] }];
  let literal = "";
  const flush = () => {
    if (literal === "") return;
    const top = stack[stack.length - 1];
    top.current = top.current.map((s) => s + literal);
    literal = "";
  };
  for (const ch of glob) {
    if (ch === "{") {
      flush();
      if (stack.length > MAX_GLOB_BRACE_DEPTH) return undefined;
      stack.push({ done: [], current: [""] });
    } else if (ch === "," && stack.length > 1) {
      flush();
      const top = stack[stack.length - 1];
      top.done.push(...top.current);
      top.current = [""];
      if (top.done.length > MAX_GLOB_ALTERNATIVES) return undefined;
    } else if (ch === "}" && stack.length > 1) {
      flush();
      const group = stack.pop() as Group;
      const options = [...group.done, ...group.current];
      const parent = stack[stack.length - 1];
      if (parent.current.length * options.length > MAX_GLOB_ALTERNATIVES) return undefined;
      parent.current = parent.current.flatMap((p) => options.map((o) => p + o));
    } else literal += ch;
  }
  flush();
  if (stack.length > 1) return [glob];
  return stack[0].current;
}

/** Glob → fzf path query: `*.ts` → `.ts$`, `*.{ts,tsx}` → `.ts$ | .tsx$`, `src/**\/*.go` → `^src/ .go$`. */
export function globToFuzzy(glob: string): Conversion {
  const g = glob.trim().replaceAll("**/", "*").replaceAll("/**", "/*");
  const expanded = expandBraces(g);
  if (!expanded) return { query: "", superset: false };
  if (expanded.length > 1) {
    const split = expanded.map((e) => simpleGlobToFuzzy(e).query.split(" "));
    // One shared prefix term plus an OR of the differing suffixes when the options differ only at the end.
    const prefix = split[0].slice(0, -1);
    const sameHead = split.every((s) => s.slice(0, -1).join(" ") === prefix.join(" "));
    if (sameHead)
      return { query: [...prefix, split.map((s) => s[s.length - 1]).join(" | ")].join(" ").trim(), superset: true };
    return { query: split.map((s) => s[s.length - 1]).join(" | "), superset: false };
  }
  return simpleGlobToFuzzy(expanded[0]);
}

function simpleGlobToFuzzy(g: string): Conversion {
  const pieces = g.split(/[*?]+/u);
  // `test_*.py` matches a base name anywhere; only a glob with a directory is anchored at the path's start.
  const anchored = g.includes("/");
  const terms: string[] = [];
  pieces.forEach((piece, i) => {
    if (piece === "") return;
    const escaped = piece.replaceAll(" ", "\\ ");
    const first = i === 0;
    const last = i === pieces.length - 1;
    if (first && last) terms.push(anchored ? `^${escaped}$` : `${escaped}$`);
    else if (first) terms.push(anchored ? `^${escaped}` : `'${escaped}`);
    else if (last) terms.push(`${escaped}$`);
    else if (piece.length >= 2) terms.push(`'${escaped}`);
  });
  return { query: terms.join(" "), superset: true };
}
