/**
 * The plan of one fuzzy_search_content call, built once from its arguments and flags before anything runs (as ripgrep
 * turns its arguments into a plan, then searches): the checked arguments, the resolved target, the parsed flags and
 * what they corrected, the query the first scan runs (with PCRE2 switched on, or the look-ahead's words moved, when
 * the regex needs it) and the candidate corrections a retry may run. Bad arguments fail here, before any scan.
 */
import type { Correction } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { checkFuzzyFilter, checkRegexPattern } from "./arguments.js";
import { type Candidate, contentCandidates, DEFAULT_PATTERN, didYouMeanLine } from "./candidates.js";
import { needsPcre2 } from "./detect.js";
import type { SearchEnv } from "./env.js";
import { DEFAULT_FLAG_LIMITS, type FlagsInput, type ParsedFlags, parseRgFlagsFor, withGlob } from "./flags.js";
import type { CaseMode } from "./fzf/pattern.js";
import { pathGlobCorrections, resolveSearchPathOrGlob } from "./paths.js";

export const TOOL = "fuzzy_search_content";

export interface ContentParams {
  fuzzy_filter: string;
  path?: string;
  regex_pattern?: string;
  hidden?: boolean;
  limit?: number;
  offset?: number;
  rg_flags?: FlagsInput;
  multiline?: boolean;
  content_only?: boolean;
  context_lines?: number;
  max_chars?: number;
  auto_retry?: boolean;
  case?: CaseMode;
}

/** What one scan runs: ripgrep's regex and flags, and the fzf query that scores the lines they select. */
export interface ScanQuery {
  fuzzy_filter: string;
  regex_pattern: string;
  flags: string[];
}

export interface ContentPlan {
  params: ContentParams;
  /** One deadline for the whole call: retries and diagnostics share what the first scan left. */
  deadline: number;
  /** The path ripgrep is given. */
  target: string;
  hidden: boolean;
  caseMode: CaseMode;
  limit: number;
  offset: number;
  contentOnly: boolean;
  multiline: boolean;
  contextLines: number;
  maxChars: number;
  autoRetry: boolean;
  flags: ParsedFlags;
  /** The parsed flags without `--hidden` (`hidden` says it). */
  flagArgv: string[];
  /** The call as written, for did_you_mean. */
  original: { fuzzy_filter: string; regex_pattern: string; rg_flags: FlagsInput };
  /** Corrections applied before the first scan: a glob `path`, mistyped flags, file types, grep's flags. */
  preCorrections: Correction[];
  /** The first scan's query. */
  query: ScanQuery;
  /** The engine switch applied before the first scan, when the regex needs PCRE2. */
  pcre?: Candidate;
  /** Corrections a retry may apply when the first scan finds nothing (none after an engine switch). */
  candidates: Candidate[];
}

/** Checks the arguments and builds the plan; throws the contract's error for an argument no scan could run. */
export async function planContent(p: ContentParams, env: SearchEnv): Promise<ContentPlan> {
  const deadline = Date.now() + env.timeoutMs;
  const F = p.fuzzy_filter;
  checkFuzzyFilter(F, "Give one or more words to look for; use regex_pattern for a regex");
  const R = p.regex_pattern === undefined || p.regex_pattern === "" ? DEFAULT_PATTERN : p.regex_pattern;
  checkRegexPattern(R);
  const { target, fromGlob } = resolveSearchPathOrGlob(p.path ?? ".", env.roots, env.cwd);
  const flagsInput = fromGlob ? withGlob(p.rg_flags ?? "", fromGlob.glob) : (p.rg_flags ?? "");
  const flags = await parseRgFlagsFor(env.rg.path, env.cwd, flagsInput, false, {
    ...DEFAULT_FLAG_LIMITS,
    maxFilesize: env.maxFilesize,
  });
  const flagArgv = flags.argv.filter((a) => a !== "--hidden");
  const autoRetry = p.auto_retry ?? env.autoRetry;
  const pcre = needsPcre2(R) && !flags.pcre2 ? engineSwitch(F, R, flagArgv, env, autoRetry) : undefined;
  return {
    params: p,
    deadline,
    target: target.argument,
    hidden: (p.hidden ?? false) || flags.hidden,
    caseMode: p.case ?? "smart",
    limit: p.limit ?? 20,
    offset: p.offset ?? 0,
    contentOnly: p.content_only ?? false,
    multiline: p.multiline ?? false,
    contextLines: Math.min(10, p.context_lines ?? flags.context ?? 0),
    maxChars: p.max_chars ?? env.maxChars,
    autoRetry,
    flags,
    flagArgv,
    original: { fuzzy_filter: F, regex_pattern: R, rg_flags: p.rg_flags ?? "" },
    preCorrections: [
      ...(fromGlob ? pathGlobCorrections(p.path ?? ".", p.rg_flags ?? "", fromGlob) : []),
      ...flags.corrections.map((c) => ({
        parameter: "rg_flags",
        original: c.original,
        corrected: c.corrected,
        correction_type: c.correction_type,
        confidence: c.confidence,
      })),
    ],
    query: pcre
      ? { fuzzy_filter: pcre.fuzzy_filter, regex_pattern: pcre.regex_pattern, flags: pcre.rg_flags }
      : { fuzzy_filter: F, regex_pattern: R, flags: flagArgv },
    pcre,
    candidates: pcre ? [] : contentCandidates(F, R, flagArgv),
  };
}

/**
 * Look-around or a backreference would fail in ripgrep's default engine: the engine is switched before running
 * (never after), or, without PCRE2, the look-ahead's words move to the filter. Refused when no retry is allowed.
 */
function engineSwitch(F: string, R: string, flagArgv: string[], env: SearchEnv, autoRetry: boolean): Candidate {
  let candidate: Candidate;
  if (env.rg.pcre2) {
    candidate = {
      correction_type: "enable_pcre2",
      confidence: 0.95,
      fuzzy_filter: F,
      regex_pattern: R,
      rg_flags: [...flagArgv, "--pcre2"],
      sameRun: false,
      weak: false,
      message: "regex_pattern uses look-around or a backreference; enabled ripgrep's PCRE2 engine.",
    };
  } else {
    const words = [...R.matchAll(/\(\?=\.\*([\p{L}\p{N}_]{2,})\)/gu)].map((m) => `'${m[1]}`);
    candidate = {
      correction_type: "pattern_to_fuzzy",
      confidence: 0.9,
      fuzzy_filter: [F, ...words].join(" "),
      regex_pattern: DEFAULT_PATTERN,
      rg_flags: flagArgv,
      sameRun: false,
      weak: false,
      message: "regex_pattern uses look-around, which this ripgrep cannot run; moved its words to fuzzy_filter.",
    };
  }
  if (!autoRetry || candidate.confidence < env.threshold) {
    throw new ToolError({
      error: "regex_pattern uses look-around or a backreference, which ripgrep's default engine rejects",
      error_type: "SEARCH_INVALID_REGEX",
      parameter: "rg_flags",
      got: R,
      likely_fix: candidate.regex_pattern === R ? candidate.rg_flags : undefined,
      hints: [didYouMeanLine(TOOL, candidate)],
    });
  }
  return candidate;
}
