/**
 * fuzzy_search_content: `rg R | fzf --filter F` in one streaming pass, with misuse detection, at most one corrective
 * retry, and an explanation for every empty answer (spec §4).
 */
import { type Correction, type DidYouMean, didYouMean } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { checkFuzzyFilter, checkRegexPattern } from "./arguments.js";
import {
  type Candidate,
  type CorrectionType,
  contentCandidates,
  DEFAULT_PATTERN,
  didYouMeanLine,
} from "./candidates.js";
import { needsPcre2, regexCertainty } from "./detect.js";
import { countAnyFile, type Diagnostics, diagnose, explain } from "./diagnostics.js";
import { readsEveryLine } from "./direct.js";
import { DEFAULT_FLAG_LIMITS, type FlagsInput, type ParsedFlags, parseRgFlagsFor, withGlob } from "./flags.js";
import { DEFAULT_SCHEME } from "./fzf/charclass.js";
import { QueryMatcher } from "./fzf/matcher.js";
import type { CaseMode } from "./fzf/pattern.js";
import { scanMultiline } from "./multiline.js";
import { addContext, type ContentMatch, cutLine, fitBudget } from "./output.js";
import { pathGlobCorrections, resolveSearchPathOrGlob } from "./paths.js";
import { type ProgressSink, SearchProgress } from "./progress.js";
import { scanListedFiles } from "./pushdown.js";
import { checkPattern, firstErrorLines, LINE_ARGS, type RipgrepInfo } from "./ripgrep.js";
import { Collector, type ScanResult, type SetCounter, scanLines } from "./scan.js";
import { droppedWarning, verifyMatches } from "./verify.js";

export type { Diagnostics } from "./diagnostics.js";

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

export interface SearchEnv {
  rg: RipgrepInfo;
  cwd: string;
  roots: readonly string[];
  timeoutMs: number;
  autoRetry: boolean;
  threshold: number;
  maxRetries: number;
  maxChars: number;
  /** Largest file searched, in bytes (`[search] max_filesize`); `rg_flags` may lower it. */
  maxFilesize?: number;
  /** Reuse file listings while their witness holds (`[search] listing_cache`, default true). */
  listingCache?: boolean;
  signal?: AbortSignal;
  /** Receives progress of searches that run longer than about a second. */
  progress?: ProgressSink;
}

export interface Suggestion {
  fuzzy_filter: string;
  regex_pattern: string;
  rg_flags: string[];
  correction_type: string;
  confidence: number;
}

export interface DidYouMeanSearch extends DidYouMean {
  correction_type: string;
  confidence: number;
  original: Record<string, unknown>;
  applied: Record<string, unknown>;
}

export interface ContentResult {
  [key: string]: unknown;
  matches: ContentMatch[];
  total_matches: number;
  returned: number;
  offset: number;
  next_offset?: number;
  truncated: boolean;
  files_searched: number;
  lines_scanned: number;
  incomplete?: "timeout" | "rg_error" | "budget" | "cancelled";
  warnings?: string[];
  suggestions?: Suggestion[];
  diagnostics?: Diagnostics;
  hints?: string[];
  did_you_mean?: DidYouMeanSearch;
}

export const TOOL = "fuzzy_search_content";

interface Plan {
  fuzzy_filter: string;
  regex_pattern: string;
  flags: string[];
}

function rgArgs(plan: Plan, hidden: boolean, target: string, extra: readonly string[] = []): string[] {
  return [
    ...LINE_ARGS,
    ...(hidden ? ["--hidden"] : []),
    ...plan.flags,
    ...extra,
    "-e",
    plan.regex_pattern,
    "--",
    target,
  ];
}

export async function searchContent(p: ContentParams, env: SearchEnv): Promise<ContentResult> {
  let matches = () => 0;
  const progress = new SearchProgress(env.progress, () => matches());
  progress.start();
  try {
    return await search(p, env, progress, (count) => {
      matches = count;
    });
  } finally {
    progress.stop();
  }
}

/** The size cap ripgrep gets unless the call's flags already set one (capped by parseRgFlags). */
function sizeCap(flags: readonly string[], maxFilesize: number | undefined): string[] {
  if (maxFilesize === undefined || flags.some((f) => f.startsWith("--max-filesize="))) return [];
  return [`--max-filesize=${maxFilesize}`];
}

async function search(
  p: ContentParams,
  env: SearchEnv,
  progress: SearchProgress,
  reportMatches: (count: () => number) => void,
): Promise<ContentResult> {
  // One deadline for the whole call: retries and diagnostics share what the first scan left.
  const deadline = Date.now() + env.timeoutMs;
  const F = p.fuzzy_filter;
  checkFuzzyFilter(F, "Give one or more words to look for; use regex_pattern for a regex");
  const R = p.regex_pattern === undefined || p.regex_pattern === "" ? DEFAULT_PATTERN : p.regex_pattern;
  checkRegexPattern(R);
  const limit = p.limit ?? 20;
  const offset = p.offset ?? 0;
  const caseMode = p.case ?? "smart";
  const { target, fromGlob } = resolveSearchPathOrGlob(p.path ?? ".", env.roots, env.cwd);
  const flagsInput = fromGlob ? withGlob(p.rg_flags ?? "", fromGlob.glob) : (p.rg_flags ?? "");
  const flags: ParsedFlags = await parseRgFlagsFor(env.rg.path, env.cwd, flagsInput, false, {
    ...DEFAULT_FLAG_LIMITS,
    maxFilesize: env.maxFilesize,
  });
  const hidden = (p.hidden ?? false) || flags.hidden;
  const contextLines = Math.min(10, p.context_lines ?? flags.context ?? 0);
  const maxChars = p.max_chars ?? env.maxChars;
  const autoRetry = p.auto_retry ?? env.autoRetry;
  const warnings = [...flags.warnings];
  const preCorrections: Correction[] = [
    ...(fromGlob ? pathGlobCorrections(p.path ?? ".", p.rg_flags ?? "", fromGlob) : []),
    ...flags.corrections.map((c) => ({
      parameter: "rg_flags",
      original: c.original,
      corrected: c.corrected,
      correction_type: c.correction_type,
      confidence: c.confidence,
    })),
  ];
  const flagArgv = flags.argv.filter((a) => a !== "--hidden");
  let plan: Plan = { fuzzy_filter: F, regex_pattern: R, flags: flagArgv };
  const original = { fuzzy_filter: F, regex_pattern: R, rg_flags: p.rg_flags ?? "" };

  // Look-around or a backreference would fail in the default engine: switch engines before running (never after).
  let pcreCandidate: Candidate | undefined;
  if (needsPcre2(R) && !flags.pcre2) {
    if (env.rg.pcre2) {
      pcreCandidate = {
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
      pcreCandidate = {
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
    if (!autoRetry || pcreCandidate.confidence < env.threshold) {
      throw new ToolError({
        error: "regex_pattern uses look-around or a backreference, which ripgrep's default engine rejects",
        error_type: "SEARCH_INVALID_REGEX",
        parameter: "rg_flags",
        got: R,
        likely_fix: pcreCandidate.regex_pattern === R ? pcreCandidate.rg_flags : undefined,
        hints: [didYouMeanLine(TOOL, pcreCandidate)],
      });
    }
    plan = {
      fuzzy_filter: pcreCandidate.fuzzy_filter,
      regex_pattern: pcreCandidate.regex_pattern,
      flags: pcreCandidate.rg_flags,
    };
  }

  const candidates = pcreCandidate ? [] : contentCandidates(F, R, flagArgv);
  const k = offset + limit;
  const main = new Collector(new QueryMatcher(plan.fuzzy_filter, DEFAULT_SCHEME, caseMode), k);
  reportMatches(() => main.count);
  const inPass = candidates
    .filter((c) => c.sameRun)
    .map((c) => ({ c, col: new Collector(new QueryMatcher(c.fuzzy_filter, DEFAULT_SCHEME, caseMode), k) }));
  const contentOnly = p.content_only ?? false;
  const multiline = p.multiline ?? false;

  const scan = (
    pl: Plan,
    collectors: Collector[],
    extra: Partial<{
      counter: SetCounter;
      hiddenOverride: boolean;
      noIgnore: boolean;
      stopAtFirst: boolean;
      timeoutMs: number;
    }> = {},
  ) => {
    const limits = sizeCap(pl.flags, env.maxFilesize);
    const args = rgArgs(pl, extra.hiddenOverride ?? hidden, target.argument, [
      ...limits,
      ...(extra.noIgnore ? ["--no-ignore"] : []),
    ]);
    const remaining = Math.max(1, deadline - Date.now());
    const common = {
      rg: env.rg.path,
      cwd: env.cwd,
      timeoutMs: Math.min(extra.timeoutMs ?? remaining, remaining),
      signal: env.signal,
      contentOnly,
      collectors,
      counter: extra.counter,
      stopAtFirst: extra.stopAtFirst,
      progress: progress.counts,
    };
    if (multiline) return scanMultiline({ ...common, args: multilineArgs(args) });
    if (pl.regex_pattern === DEFAULT_PATTERN && readsEveryLine(pl.flags)) {
      return scanListedFiles({
        ...common,
        flags: pl.flags,
        // The listing leaves the size cap to the scan and to dwim's own reads (it would stat every file for it).
        maxFilesize: limits.length > 0 ? env.maxFilesize : undefined,
        listingCache: env.listingCache ?? true,
        hidden: extra.hiddenOverride ?? hidden,
        noIgnore: extra.noIgnore,
        target: target.argument,
      });
    }
    return scanLines({ ...common, args });
  };

  let first = await scan(plan, [main, ...inPass.map((x) => x.col)]);
  // A cancelled call does no more work: no retry, no diagnostics; what was found is returned, marked.
  const cancelled = () => env.signal?.aborted === true;
  const regexError = first.exitCode === 2 && first.lines === 0 && !first.timedOut && !cancelled();
  let did: DidYouMeanSearch | undefined;
  let result = main;
  let usedRun: ScanResult = first;
  let literalSuggestion: Candidate | undefined;
  if (regexError) {
    const message = firstErrorLines(first.stderr);
    if (!/regex|parse|syntax|unclosed|unopened|repetition|escape/iu.test(message)) {
      throw new ToolError({
        error: `ripgrep failed: ${message.split("\n")[0]}`,
        error_type: "SEARCH_RG_FAILED",
        got: message,
        hints: [],
      });
    }
    const literal: Candidate = {
      correction_type: "regex_to_literal",
      confidence: 0.9,
      fuzzy_filter: plan.fuzzy_filter,
      regex_pattern: plan.regex_pattern,
      rg_flags: [...plan.flags, "--fixed-strings"],
      sameRun: false,
      weak: false,
      message: `ripgrep rejected regex_pattern '${plan.regex_pattern}'; searched it as a literal string (--fixed-strings).`,
    };
    if (!autoRetry || literal.confidence < env.threshold || env.maxRetries < 1) {
      throw new ToolError({
        error: `ripgrep rejected regex_pattern: ${message.split("\n").slice(-1)[0] || message}`,
        error_type: "SEARCH_INVALID_REGEX",
        parameter: "rg_flags",
        got: plan.regex_pattern,
        expected: "a Rust regex",
        likely_fix:
          typeof p.rg_flags === "string" || p.rg_flags === undefined
            ? [p.rg_flags ?? "", "--fixed-strings"].join(" ").trim()
            : [...p.rg_flags, "--fixed-strings"],
        hints: ["Escape ( [ { with a backslash, or pass --fixed-strings to search the text literally", message],
      });
    }
    const col = new Collector(new QueryMatcher(plan.fuzzy_filter, DEFAULT_SCHEME, caseMode), k);
    const second = await scan({ ...plan, flags: literal.rg_flags }, [col]);
    if (col.count > 0) did = dym(literal, original, 0, col.count);
    else literalSuggestion = literal;
    result = col;
    usedRun = second;
    first = second;
  } else if (pcreCandidate) {
    did = dym(pcreCandidate, original, 0, main.count);
  }

  const applicable = (c: Candidate) => autoRetry && !c.weak && c.confidence >= env.threshold;
  if (!regexError && main.count === 0 && !first.timedOut && !cancelled()) {
    let retries = env.maxRetries;
    for (const c of candidates) {
      if (!applicable(c)) continue;
      if (c.sameRun) {
        const col = inPass.find((x) => x.c === c)?.col;
        if (col && col.count > 0) {
          did = dym(c, original, 0, col.count);
          result = col;
          break;
        }
        continue;
      }
      if (retries <= 0) continue;
      retries--;
      if (c.regex_pattern !== DEFAULT_PATTERN) {
        const valid = await checkPattern(env.rg.path, c.regex_pattern, c.rg_flags, env.cwd);
        if (!valid.valid) continue;
      }
      const col = new Collector(new QueryMatcher(c.fuzzy_filter, DEFAULT_SCHEME, caseMode), k);
      const run = await scan({ fuzzy_filter: c.fuzzy_filter, regex_pattern: c.regex_pattern, flags: c.rg_flags }, [
        col,
      ]);
      if (col.count > 0) {
        did = dym(c, original, 0, col.count);
        result = col;
        usedRun = run;
        break;
      }
    }
  }
  if (did && preCorrections.length > 0) did.corrections.unshift(...preCorrections);
  else if (!did && preCorrections.length > 0) {
    did = {
      ...didYouMean(
        preCorrections,
        `Corrected ${preCorrections.map((c) => `${c.parameter} ${c.original === "" ? "''" : c.original}→${c.corrected}`).join(", ")}`,
      ),
      correction_type: preCorrections[0].correction_type as CorrectionType,
      confidence: preCorrections[0].confidence,
      original,
      applied: { ...original, rg_flags: flagArgv },
    };
  }

  // Candidates not applied become warnings (with a ready call) and, on an empty answer, suggestions.
  const notApplied = [...(literalSuggestion ? [literalSuggestion] : []), ...candidates].filter(
    (c) => !did || c.correction_type !== did.correction_type || c.fuzzy_filter !== did.applied.fuzzy_filter,
  );
  const total = result.count;
  for (const c of notApplied) if (!c.weak && !(c.quiet && result.count > 0)) warnings.push(didYouMeanLine(TOOL, c));
  if (candidates.length === 0 && !pcreCandidate && regexCertainty(F) >= 0.8) {
    warnings.push(
      `fuzzy_filter '${F}' looks like a regex, which fzf reads literally: put it in regex_pattern and give fuzzy_filter a word expected on the line`,
    );
  }
  if (first.exitCode === 2 && !regexError && first.stderr)
    warnings.push(`ripgrep reported: ${firstErrorLines(first.stderr)}`);

  const encoding = flags.argv.find((a) => a.startsWith("--encoding="))?.slice("--encoding=".length);
  const verified = await verifyMatches(result.top.sorted().slice(offset, offset + limit), {
    ...env,
    encoding,
    keepLines: contextLines > 0,
  });
  if (verified.dropped > 0) warnings.push(droppedWarning(verified.dropped));
  const matches: ContentMatch[] = verified.kept.map((h) => {
    const cut = cutLine(h.content, h.contentStart);
    const m: ContentMatch = { file: h.file, line: h.line, content: cut.text, score: h.score };
    if (cut.cut) m.truncated_line = true;
    return m;
  });
  addContext(matches, contextLines, verified.lines);
  const out: ContentResult = {
    matches,
    total_matches: total,
    returned: matches.length,
    offset,
    truncated: offset + matches.length + verified.dropped < total,
    files_searched: usedRun.filesSearched ?? usedRun.filesWithLines,
    lines_scanned: usedRun.lines,
  };
  if (out.truncated) out.next_offset = offset + matches.length + verified.dropped;
  if (cancelled()) out.incomplete = "cancelled";
  else if (usedRun.timedOut) out.incomplete = "timeout";
  else if (usedRun.exitCode === 2) out.incomplete = "rg_error";
  if (usedRun.timedOut && total === 0) {
    throw new ToolError({
      error: `Search timed out after ${env.timeoutMs} ms with no match found yet`,
      error_type: "SEARCH_TIMEOUT",
      parameter: "path",
      got: p.path ?? ".",
      hints: ["Narrow path or add rg_flags such as -g '*.go'", "Raise DWIM_SEARCH_TIMEOUT_MS"],
    });
  }
  if (total === 0 && !cancelled()) {
    const suggestions = notApplied.map(suggestionOf);
    if (suggestions.length > 0) out.suggestions = suggestions;
    out.diagnostics = await diagnose(
      literalSuggestion ? { ...plan, flags: literalSuggestion.rg_flags } : plan,
      first,
      hidden,
      flags,
      scan,
      caseMode,
      () => countAnyFile(env, hidden, flagArgv, target.argument),
    );
    out.hints = explain(out.diagnostics, plan.fuzzy_filter);
  }
  if (warnings.length > 0) out.warnings = warnings;
  if (did) out.did_you_mean = did;
  return fitBudget(out, maxChars);
}

function multilineArgs(args: string[]): string[] {
  // One record per file: list the files the regex matches, then score each whole file.
  const perLine = new Set([
    "--line-number",
    "--with-filename",
    "--no-heading",
    "--max-columns=4096",
    "--max-columns-preview",
    "--stats",
  ]);
  const out = args.filter((a) => !perLine.has(a));
  out.splice(out.indexOf("--null") + 1, 0, "--files-with-matches");
  return out;
}

function suggestionOf(c: Candidate): Suggestion {
  return {
    fuzzy_filter: c.fuzzy_filter,
    regex_pattern: c.regex_pattern,
    rg_flags: c.rg_flags,
    correction_type: c.correction_type,
    confidence: c.confidence,
  };
}

function dym(c: Candidate, original: Record<string, unknown>, before: number, after: number): DidYouMeanSearch {
  const applied = { fuzzy_filter: c.fuzzy_filter, regex_pattern: c.regex_pattern, rg_flags: c.rg_flags };
  const corrections: Correction[] = [];
  if (c.fuzzy_filter !== original.fuzzy_filter) {
    corrections.push({
      parameter: "fuzzy_filter",
      original: original.fuzzy_filter,
      corrected: c.fuzzy_filter,
      correction_type: c.correction_type,
      confidence: c.confidence,
    });
  }
  if (c.regex_pattern !== original.regex_pattern) {
    corrections.push({
      parameter: "regex_pattern",
      original: original.regex_pattern,
      corrected: c.regex_pattern,
      correction_type: c.correction_type,
      confidence: c.confidence,
    });
  }
  if (
    JSON.stringify(c.rg_flags) !== JSON.stringify(original.rg_flags) &&
    c.correction_type !== "parameter_swap" &&
    c.correction_type !== "regex_to_fuzzy" &&
    c.correction_type !== "alternation_to_or" &&
    c.correction_type !== "word_boundary_to_exact"
  ) {
    corrections.push({
      parameter: "rg_flags",
      original: original.rg_flags,
      corrected: c.rg_flags,
      correction_type: c.correction_type,
      confidence: c.confidence,
    });
  }
  return {
    ...didYouMean(corrections, c.message, { original_matches: before, corrected_matches: after }),
    correction_type: c.correction_type,
    confidence: c.confidence,
    original,
    applied,
  };
}
