/**
 * Candidate corrections for a call: at most three, each a complete alternative call whose filter parses
 * as fzf with at least one positive term. Confidence = certainty of the misuse × 1.0 when the rewrite matches a
 * superset of the intended lines (0.7 when lossy).
 */
import {
  alternationToOr,
  globToFuzzy,
  quotedToExact,
  regexLiteral,
  regexToFuzzy,
  wordBoundaryToExact,
} from "./convert.js";
import { globCertainty, regexCertainty, regexEvidence, round2, wordsInPatternCertainty } from "./detect.js";
import { hasPositiveTerm, parseQuery } from "./fzf/pattern.js";

export const CORRECTION_TYPES = [
  "parameter_swap",
  "regex_to_fuzzy",
  "alternation_to_or",
  "word_boundary_to_exact",
  "pattern_to_fuzzy",
  "regex_to_literal",
  "enable_pcre2",
  "glob_to_fuzzy",
  "flag_typo",
  "file_type",
  "grep_flag",
  "path_glob",
  "regex_delimiters",
  "quoted_phrase",
] as const;
export type CorrectionType = (typeof CORRECTION_TYPES)[number];

export interface Candidate {
  correction_type: CorrectionType;
  confidence: number;
  fuzzy_filter: string;
  regex_pattern: string;
  rg_flags: string[];
  /** Same regex and flags as the original: scored in the same ripgrep pass. */
  sameRun: boolean;
  /** Only weak evidence: offered on an empty answer, never warned about. */
  weak: boolean;
  /**
   * Applied on an empty answer like any other, but never warned about when the call found something: the text as
   * written is as likely meant (`"use strict"` is a code literal as often as a phrase).
   */
  quiet?: boolean;
  message: string;
}

export const DEFAULT_PATTERN = ".";

function validQuery(q: string): boolean {
  return q.trim() !== "" && hasPositiveTerm(parseQuery(q));
}

export function contentCandidates(f: string, r: string, flags: readonly string[]): Candidate[] {
  const out: Candidate[] = [];
  const evidence = regexEvidence(f);
  const certF = regexCertainty(f);
  const weakOnly = evidence.length > 0 && evidence.every((e) => e.weak);
  const certR = r === DEFAULT_PATTERN ? 0 : wordsInPatternCertainty(r);
  const base = { regex_pattern: r, rg_flags: [...flags], sameRun: true, weak: weakOnly };
  if (certF > 0 && !weakOnly && certR > 0 && validQuery(r)) {
    out.push({
      ...base,
      correction_type: "parameter_swap",
      confidence: Math.min(0.99, round2(Math.min(certF, certR) + 0.1)),
      fuzzy_filter: r,
      regex_pattern: f,
      sameRun: false,
      message: "fuzzy_filter looked like a regex and regex_pattern like words; swapped them.",
    });
  }
  const rewrite = certF > 0 ? filterRewrite(f, certF, weakOnly, base) : undefined;
  if (rewrite) out.push(rewrite);
  if (certR > 0 && !(certF > 0 && !weakOnly)) {
    const words = r.trim();
    const merged = `${f.trim()} ${words}`;
    if (validQuery(merged)) {
      out.push({
        ...base,
        weak: false,
        correction_type: "pattern_to_fuzzy",
        confidence: certR,
        fuzzy_filter: merged,
        regex_pattern: DEFAULT_PATTERN,
        sameRun: false,
        message: `regex_pattern '${r}' looked like fuzzy words; moved them to fuzzy_filter.`,
      });
    }
  }
  out.push(...writtenAsLiterals(f, r, flags, base));
  // With words in regex_pattern, a swap beats any rewrite that keeps those words as the regex.
  const rank = (c: Candidate) => (c.correction_type === "parameter_swap" ? 1 : 0);
  return out.sort((a, b) => rank(b) - rank(a) || b.confidence - a.confidence).slice(0, 3);
}

/** What every candidate of one call shares unless it says otherwise. */
type CandidateBase = Pick<Candidate, "regex_pattern" | "rg_flags" | "sameRun" | "weak">;

/** A regex in fzf's filter, read as fzf: alternation as OR, word boundaries as 'word', else the regex's literals. */
function filterRewrite(f: string, certF: number, weakOnly: boolean, base: CandidateBase): Candidate | undefined {
  const alt = weakOnly ? undefined : alternationToOr(f);
  const boundary = weakOnly ? undefined : wordBoundaryToExact(f);
  if (alt && validQuery(alt)) {
    return {
      ...base,
      correction_type: "alternation_to_or",
      confidence: certF,
      fuzzy_filter: alt,
      message: `fuzzy_filter '${f}' used regex alternation; fzf's OR is ' | ' with spaces.`,
    };
  }
  if (boundary && validQuery(boundary)) {
    return {
      ...base,
      correction_type: "word_boundary_to_exact",
      confidence: certF,
      fuzzy_filter: boundary,
      message: `fuzzy_filter '${f}' used regex word boundaries; fzf's 'word' matches on word boundaries.`,
    };
  }
  const conv = regexToFuzzy(f);
  if (!validQuery(conv.query) || conv.query === f) return undefined;
  return {
    ...base,
    correction_type: "regex_to_fuzzy",
    confidence: round2(certF * (conv.superset ? 1 : 0.7)),
    fuzzy_filter: conv.query,
    message: `fuzzy_filter '${f}' looked like a regex; read it as the fzf query '${conv.query}'.`,
  };
}

/** A regex literal's slashes in regex_pattern, a double-quoted phrase in fuzzy_filter: applied, never warned about. */
function writtenAsLiterals(f: string, r: string, flags: readonly string[], base: CandidateBase): Candidate[] {
  const out: Candidate[] = [];
  const literal = r === DEFAULT_PATTERN ? undefined : regexLiteral(r);
  if (literal && literal.pattern !== r) {
    out.push({
      ...base,
      weak: false,
      correction_type: "regex_delimiters",
      confidence: 0.9,
      quiet: true,
      fuzzy_filter: f,
      regex_pattern: literal.pattern,
      rg_flags: [...flags, ...literal.flags.filter((x) => !flags.includes(x))],
      sameRun: false,
      message: `regex_pattern '${r}' was a regex literal; ripgrep takes the pattern alone${literal.flags.length > 0 ? ` (flags as ${literal.flags.join(" ")})` : ""}.`,
    });
  }
  const quoted = quotedToExact(f);
  if (quoted && validQuery(quoted)) {
    out.push({
      ...base,
      weak: false,
      correction_type: "quoted_phrase",
      confidence: 0.9,
      quiet: true,
      fuzzy_filter: quoted,
      message: `fuzzy_filter '${f}' quoted a phrase; fzf's exact phrase is '${quoted}'.`,
    });
  }
  return out;
}

export function filesCandidates(f: string): Candidate[] {
  const certGlob = globCertainty(f);
  const certRegex = certGlob > 0 ? 0 : regexCertainty(f);
  const cert = Math.max(certGlob, certRegex >= 0.8 ? certRegex : 0);
  if (cert === 0) return [];
  const conv = certGlob > 0 ? globToFuzzy(f) : regexToFuzzy(f);
  if (!validQuery(conv.query) || conv.query === f) return [];
  return [
    {
      correction_type: "glob_to_fuzzy",
      confidence: round2(cert * (conv.superset ? 1 : 0.7)),
      fuzzy_filter: conv.query,
      regex_pattern: DEFAULT_PATTERN,
      rg_flags: [],
      sameRun: true,
      weak: false,
      message: `fuzzy_filter '${f}' looked like a ${certGlob > 0 ? "glob" : "regex"}; read it as the fzf query '${conv.query}'.`,
    },
  ];
}

/** "Did you mean …?" line with a ready-to-paste call. */
export function didYouMeanLine(tool: string, c: Candidate): string {
  const args: Record<string, unknown> = { fuzzy_filter: c.fuzzy_filter };
  if (tool === "fuzzy_search_content") {
    args.regex_pattern = c.regex_pattern;
    if (c.rg_flags.length > 0) args.rg_flags = c.rg_flags;
  }
  const parts = Object.entries(args).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `Did you mean ${parts.join(", ")}? (${c.correction_type}, confidence ${c.confidence})`;
}
