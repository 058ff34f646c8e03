/**
 * fzf's extended-search syntax (fzf `src/pattern.go` parseTerms): space-separated terms are ANDed, a lone `|` joins
 * neighbours into an OR set, `'x` exact, `'x'` exact on word boundaries, `^x` prefix, `x$` suffix, `^x$` equal,
 * `!x` inverse exact, `!'x` inverse fuzzy, `\ ` a literal space. Smart case per term; diacritics folded when the term
 * has none.
 */
import { foldString, lowerSameLength } from "./charclass.js";

type TermType = "fuzzy" | "exact" | "exact_boundary" | "prefix" | "suffix" | "equal";
export type CaseMode = "smart" | "ignore" | "respect";

export interface Term {
  type: TermType;
  inverse: boolean;
  /** Text as matched: lower-cased unless case-sensitive, folded when `normalize`. */
  text: string;
  /** The token as typed (for diagnostics). */
  raw: string;
  caseSensitive: boolean;
  normalize: boolean;
}

/** Terms joined by ` | `: a set matches when any of its terms matches. */
export type TermSet = Term[];

/** fzf trims leading spaces and unescaped trailing spaces. */
function trimQuery(query: string): string {
  let s = query.replace(/^ +/u, "");
  while (s.endsWith(" ") && !s.endsWith("\\ ")) s = s.slice(0, -1);
  return s;
}

export function parseQuery(query: string, caseMode: CaseMode = "smart"): TermSet[] {
  const str = trimQuery(query).replaceAll("\\ ", "\t");
  const tokens = str.split(/ +/u);
  const sets: TermSet[] = [];
  let set: TermSet = [];
  let switchSet = false;
  let afterBar = false;
  for (const token of tokens) {
    let type: TermType = "fuzzy";
    let inverse = false;
    let text = token.replaceAll("\t", " ");
    const raw = text;
    const lower = lowerSameLength(text);
    const caseSensitive = caseMode === "respect" || (caseMode === "smart" && text !== lower);
    const normalize = foldString(lower) === lower;
    if (!caseSensitive) text = lower;
    if (set.length > 0 && !afterBar && text === "|") {
      switchSet = false;
      afterBar = true;
      continue;
    }
    afterBar = false;
    if (text.startsWith("!")) {
      inverse = true;
      type = "exact";
      text = text.slice(1);
    }
    if (text !== "$" && text.endsWith("$")) {
      type = "suffix";
      text = text.slice(0, -1);
    }
    if (text.startsWith("'")) {
      if (!inverse) {
        type = "exact";
        if (text.length > 2 && text.endsWith("'")) {
          type = "exact_boundary";
          text = text.slice(0, -1);
        }
      } else type = "fuzzy";
      text = text.slice(1);
    } else if (text.startsWith("^")) {
      type = type === "suffix" ? "equal" : "prefix";
      text = text.slice(1);
    }
    if (text.length > 0) {
      if (switchSet) {
        sets.push(set);
        set = [];
      }
      set.push({ type, inverse, text: normalize ? foldString(text) : text, raw, caseSensitive, normalize });
      switchSet = true;
    }
  }
  if (set.length > 0) sets.push(set);
  return sets;
}

/** True when the query has at least one term that is not inverse (a query of only `!x` matches nearly everything). */
export function hasPositiveTerm(sets: readonly TermSet[]): boolean {
  return sets.some((s) => s.some((t) => !t.inverse));
}

/** The query written back in fzf syntax, one set per group. */
export function describeSet(set: TermSet): string {
  return set.map((t) => t.raw).join(" | ");
}
