/**
 * fuzzy_search_content: `rg R | fzf --filter F` in one streaming pass, with misuse detection, at most one corrective
 * retry, and an explanation for every empty answer (docs/search.md). A call is planned once from its arguments and
 * flags (content-plan.ts), then scanned (content-scan.ts): the first scan, a literal rerun when ripgrep rejects the
 * regex, or the retry of a candidate correction when nothing matched; the answer is shaped last.
 */
import { type Correction, type DidYouMean, didYouMean } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { addContext, type ContentMatch, fitBudget, lineMatch, recordMatch } from "./answer-shape.js";
import { type Candidate, type CorrectionType, DEFAULT_PATTERN, didYouMeanLine } from "./candidates.js";
import { type ContentParams, type ContentPlan, planContent, type ScanQuery, TOOL } from "./content-plan.js";
import { type CallContext, scanQuery } from "./content-scan.js";
import { regexCertainty } from "./detect.js";
import { type Diagnostics, diagnose, explain } from "./diagnostics.js";
import type { SearchEnv } from "./env.js";
import { DEFAULT_SCHEME } from "./fzf/charclass.js";
import { QueryMatcher } from "./fzf/matcher.js";
import { SearchProgress } from "./progress.js";
import { checkPattern, firstErrorLines } from "./ripgrep.js";
import { Collector, type ScanResult } from "./scan.js";
import { droppedWarning, verifyMatches } from "./verify.js";

export type { ContentParams } from "./content-plan.js";

export type { SearchEnv } from "./env.js";

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

/** What the scans found: the collector answered from, the run it came from, and the correction applied, if any. */
interface Outcome {
  result: Collector;
  /** The run whose counts the answer reports. */
  run: ScanResult;
  /** The first scan, or the literal rerun that replaced it: what ripgrep reported, where the diagnostics start. */
  first: ScanResult;
  /** The query the diagnostics explain. */
  query: ScanQuery;
  did?: DidYouMeanSearch;
  /** ripgrep rejected the regex, and the literal rerun found nothing either: offered as a suggestion. */
  literal?: Candidate;
  regexRejected: boolean;
}

export async function searchContent(p: ContentParams, env: SearchEnv): Promise<ContentResult> {
  let matches = () => 0;
  const progress = new SearchProgress(env.progress, () => matches());
  progress.start();
  try {
    const plan = await planContent(p, env);
    const call: CallContext = { env, progress: progress.counts };
    const outcome = await runScans(plan, call, (count) => {
      matches = count;
    });
    return await answer(plan, call, outcome);
  } finally {
    progress.stop();
  }
}

const cancelled = (env: SearchEnv) => env.signal?.aborted === true;

function collectorFor(plan: ContentPlan, fuzzyFilter: string): Collector {
  return new Collector(new QueryMatcher(fuzzyFilter, DEFAULT_SCHEME, plan.caseMode), plan.offset + plan.limit);
}

/** The first scan, scoring the in-pass candidates beside the query; then a rerun or a retry when it calls for one. */
async function runScans(
  plan: ContentPlan,
  call: CallContext,
  reportMatches: (count: () => number) => void,
): Promise<Outcome> {
  const main = collectorFor(plan, plan.query.fuzzy_filter);
  reportMatches(() => main.count);
  const inPass = new Map(plan.candidates.filter((c) => c.sameRun).map((c) => [c, collectorFor(plan, c.fuzzy_filter)]));
  const first = await scanQuery(plan, call, plan.query, [main, ...inPass.values()]);
  // A cancelled call does no more work: no retry, no diagnostics; what was found is returned, marked.
  if (first.exitCode === 2 && first.lines === 0 && !first.timedOut && !cancelled(call.env)) {
    return rerunAsLiteral(plan, call, first);
  }
  const outcome: Outcome = { result: main, run: first, first, query: plan.query, regexRejected: false };
  if (plan.pcre) outcome.did = dym(plan.pcre, plan.original, 0, main.count);
  if (main.count > 0 || first.timedOut || cancelled(call.env)) return outcome;
  return retryCandidates(plan, call, outcome, inPass);
}

/** ripgrep rejected the regex: searched as a literal string when a retry is allowed, else the contract's error. */
async function rerunAsLiteral(plan: ContentPlan, call: CallContext, first: ScanResult): Promise<Outcome> {
  const { env } = call;
  const message = firstErrorLines(first.stderr);
  if (!/regex|parse|syntax|unclosed|unopened|repetition|escape/iu.test(message)) {
    throw new ToolError({
      error: `ripgrep failed: ${message.split("\n")[0]}`,
      error_type: "SEARCH_RG_FAILED",
      got: message,
      hints: [],
    });
  }
  const { query } = plan;
  const literal: Candidate = {
    correction_type: "regex_to_literal",
    confidence: 0.9,
    fuzzy_filter: query.fuzzy_filter,
    regex_pattern: query.regex_pattern,
    rg_flags: [...query.flags, "--fixed-strings"],
    sameRun: false,
    weak: false,
    message: `ripgrep rejected regex_pattern '${query.regex_pattern}'; searched it as a literal string (--fixed-strings).`,
  };
  if (!plan.autoRetry || literal.confidence < env.threshold || env.maxRetries < 1) {
    const flags = plan.params.rg_flags;
    throw new ToolError({
      error: `ripgrep rejected regex_pattern: ${message.split("\n").slice(-1)[0] || message}`,
      error_type: "SEARCH_INVALID_REGEX",
      parameter: "rg_flags",
      got: query.regex_pattern,
      expected: "a Rust regex",
      likely_fix:
        typeof flags === "string" || flags === undefined
          ? [flags ?? "", "--fixed-strings"].join(" ").trim()
          : [...flags, "--fixed-strings"],
      hints: ["Escape ( [ { with a backslash, or pass --fixed-strings to search the text literally", message],
    });
  }
  const col = collectorFor(plan, query.fuzzy_filter);
  const rerun: ScanQuery = { ...query, flags: literal.rg_flags };
  const second = await scanQuery(plan, call, rerun, [col]);
  const found = col.count > 0;
  return {
    result: col,
    run: second,
    first: second,
    query: rerun,
    did: found ? dym(literal, plan.original, 0, col.count) : undefined,
    literal: found ? undefined : literal,
    regexRejected: true,
  };
}

/**
 * Nothing matched: the first applicable candidate that finds something is the answer. Candidates of the filter alone
 * were scored in the first scan; each other one costs a scan, at most `maxRetries` of them.
 */
async function retryCandidates(
  plan: ContentPlan,
  call: CallContext,
  outcome: Outcome,
  inPass: ReadonlyMap<Candidate, Collector>,
): Promise<Outcome> {
  const { env } = call;
  let retries = env.maxRetries;
  for (const c of plan.candidates) {
    if (!plan.autoRetry || c.weak || c.confidence < env.threshold) continue;
    if (c.sameRun) {
      const col = inPass.get(c);
      if (col && col.count > 0) return { ...outcome, result: col, did: dym(c, plan.original, 0, col.count) };
      continue;
    }
    if (retries <= 0) continue;
    retries--;
    if (c.regex_pattern !== DEFAULT_PATTERN) {
      const valid = await checkPattern(env.rg.path, c.regex_pattern, c.rg_flags, env.cwd);
      if (!valid.valid) continue;
    }
    const col = collectorFor(plan, c.fuzzy_filter);
    const query = { fuzzy_filter: c.fuzzy_filter, regex_pattern: c.regex_pattern, flags: c.rg_flags };
    const run = await scanQuery(plan, call, query, [col]);
    if (col.count > 0) return { ...outcome, result: col, run, did: dym(c, plan.original, 0, col.count) };
  }
  return outcome;
}

/** The corrections made before the first scan lead did_you_mean, or make one of their own. */
function withPreCorrections(plan: ContentPlan, did: DidYouMeanSearch | undefined): DidYouMeanSearch | undefined {
  const pre = plan.preCorrections;
  if (pre.length === 0) return did;
  if (did) {
    did.corrections.unshift(...pre);
    return did;
  }
  return {
    ...didYouMean(
      pre,
      `Corrected ${pre.map((c) => `${c.parameter} ${c.original === "" ? "''" : c.original}→${c.corrected}`).join(", ")}`,
    ),
    correction_type: pre[0].correction_type as CorrectionType,
    confidence: pre[0].confidence,
    original: plan.original,
    applied: { ...plan.original, rg_flags: plan.flagArgv },
  };
}

/** The flags' warnings, then a ready call for each candidate not applied, then what ripgrep said. */
function warningsFor(plan: ContentPlan, outcome: Outcome, notApplied: readonly Candidate[]): string[] {
  const warnings = [...plan.flags.warnings];
  const found = outcome.result.count > 0;
  for (const c of notApplied) if (!c.weak && !(c.quiet && found)) warnings.push(didYouMeanLine(TOOL, c));
  const F = plan.original.fuzzy_filter;
  if (plan.candidates.length === 0 && !plan.pcre && regexCertainty(F) >= 0.8) {
    warnings.push(
      `fuzzy_filter '${F}' looks like a regex, which fzf reads literally: put it in regex_pattern and give fuzzy_filter a word expected on the line`,
    );
  }
  const { first } = outcome;
  if (first.exitCode === 2 && !outcome.regexRejected && first.stderr) {
    warnings.push(`ripgrep reported: ${firstErrorLines(first.stderr)}`);
  }
  return warnings;
}

/** The page: verified against the files beneath the roots, cut to its budget, with context and paging. */
async function answer(plan: ContentPlan, call: CallContext, outcome: Outcome): Promise<ContentResult> {
  const { env } = call;
  const did = withPreCorrections(plan, outcome.did);
  // Candidates not applied become warnings (with a ready call) and, on an empty answer, suggestions.
  const notApplied = [...(outcome.literal ? [outcome.literal] : []), ...plan.candidates].filter(
    (c) => !did || c.correction_type !== did.correction_type || c.fuzzy_filter !== did.applied.fuzzy_filter,
  );
  const warnings = warningsFor(plan, outcome, notApplied);
  const { result, run } = outcome;
  const total = result.count;
  const encoding = plan.flags.argv.find((a) => a.startsWith("--encoding="))?.slice("--encoding=".length);
  const verified = await verifyMatches(result.top.sorted().slice(plan.offset, plan.offset + plan.limit), {
    ...env,
    encoding,
    // A multiline record's lines after its first come from the verified read.
    keepLines: plan.contextLines > 0 || plan.multiline,
  });
  if (verified.dropped > 0) warnings.push(droppedWarning(verified.dropped));
  const matches: ContentMatch[] = verified.kept.map((h) =>
    h.endLine === undefined ? lineMatch(h) : recordMatch(h, verified.lines.get(h.file), plan.maxChars),
  );
  addContext(matches, plan.contextLines, verified.lines);
  const out: ContentResult = {
    matches,
    total_matches: total,
    returned: matches.length,
    offset: plan.offset,
    truncated: plan.offset + matches.length + verified.dropped < total,
    files_searched: run.filesSearched ?? run.filesWithLines,
    lines_scanned: run.lines,
  };
  if (out.truncated) out.next_offset = plan.offset + matches.length + verified.dropped;
  if (cancelled(env)) out.incomplete = "cancelled";
  else if (run.timedOut) out.incomplete = "timeout";
  else if (run.exitCode === 2) out.incomplete = "rg_error";
  if (run.timedOut && total === 0) {
    throw new ToolError({
      error: `Search timed out after ${env.timeoutMs} ms with no match found yet`,
      error_type: "SEARCH_TIMEOUT",
      parameter: "path",
      got: plan.params.path ?? ".",
      hints: ["Narrow path or add rg_flags such as -g '*.go'", "Raise DWIM_SEARCH_TIMEOUT_MS"],
    });
  }
  if (total === 0 && !cancelled(env)) {
    const suggestions = notApplied.map(suggestionOf);
    if (suggestions.length > 0) out.suggestions = suggestions;
    out.diagnostics = await diagnose(plan, call, outcome.query, outcome.first);
    out.hints = explain(out.diagnostics, outcome.query.fuzzy_filter);
  }
  if (warnings.length > 0) out.warnings = warnings;
  if (did) out.did_you_mean = did;
  return fitBudget(out, plan.maxChars);
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
