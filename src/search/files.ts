/** fuzzy_search_files: `rg --files | fzf --filter F` with fzf's path scheme; globs in F are read as fzf queries. */
import { didYouMean } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { readRegularFileSync } from "../core/files.js";
import { fitBudget } from "./answer-shape.js";
import { checkFuzzyFilter } from "./arguments.js";
import { type Candidate, didYouMeanLine, filesCandidates } from "./candidates.js";
import type { DidYouMeanSearch, Suggestion } from "./content.js";
import type { Diagnostics } from "./diagnostics.js";
import type { SearchEnv } from "./env.js";
import { type FlagsInput, type ParsedFlags, parseRgFlagsFor, withGlob } from "./flags.js";
import { PATH_SCHEME } from "./fzf/charclass.js";
import { Field, QueryMatcher } from "./fzf/matcher.js";
import { type CaseMode, describeSet } from "./fzf/pattern.js";
import { listOrReuse } from "./listing-cache.js";
import { MULTILINE_MAX_BYTES } from "./multiline.js";
import { displayPath, openablePath, type PathGlob, resolveSearchPathOrGlob } from "./paths.js";
import { SetCounter } from "./scan.js";
import { TopK } from "./topk.js";
import { droppedWarning, verifyPaths } from "./verify.js";

export interface FilesParams {
  fuzzy_filter: string;
  path?: string;
  hidden?: boolean;
  limit?: number;
  offset?: number;
  multiline?: boolean;
  rg_flags?: FlagsInput;
  max_chars?: number;
  auto_retry?: boolean;
  case?: CaseMode;
}

interface FileMatch {
  file: string;
  score: number;
}

export interface FilesResult {
  [key: string]: unknown;
  matches: FileMatch[];
  total_matches: number;
  returned: number;
  offset: number;
  next_offset?: number;
  truncated: boolean;
  files_searched: number;
  incomplete?: "timeout" | "rg_error" | "cancelled";
  warnings?: string[];
  suggestions?: Suggestion[];
  diagnostics?: Diagnostics;
  hints?: string[];
  did_you_mean?: DidYouMeanSearch;
}

const FILES_TOOL = "fuzzy_search_files";

function compareFiles(a: FileMatch & { length: number }, b: FileMatch & { length: number }): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.length !== b.length) return a.length - b.length;
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
}

/** The files under the target, as the tool shows them. */
async function listed(
  env: SearchEnv,
  argv: string[],
  hidden: boolean,
  target: string,
  noIgnore = false,
  timeoutMs = env.timeoutMs,
) {
  const { paths, run } = await listOrReuse(
    {
      rg: env.rg.path,
      cwd: env.cwd,
      timeoutMs,
      signal: env.signal,
      flags: argv,
      hidden,
      noIgnore,
      target,
      roots: env.roots,
    },
    env.listingCache !== false,
  );
  return { paths: paths.map(displayPath), run };
}

class FileCollector {
  count = 0;
  readonly top: TopK<FileMatch & { length: number }>;
  constructor(
    readonly matcher: QueryMatcher,
    k: number,
  ) {
    this.top = new TopK(k, compareFiles);
  }
}

function fieldsOf(path: string, multiline: boolean, cwd: string): Field[] | undefined {
  if (!multiline) return [new Field(path)];
  const abs = openablePath(path, cwd);
  try {
    return [new Field(path), new Field(readRegularFileSync(abs, MULTILINE_MAX_BYTES).toString("utf8"))];
  } catch {
    return undefined;
  }
}

function score(
  paths: readonly string[],
  collectors: FileCollector[],
  multiline: boolean,
  cwd: string,
  counter?: SetCounter,
): void {
  for (const path of paths) {
    const fields = fieldsOf(path, multiline, cwd);
    if (!fields) continue;
    for (const c of collectors) {
      const m = c.matcher.match(fields);
      if (!m) continue;
      c.count++;
      c.top.push({ file: path, score: m.score, length: path.length });
    }
    counter?.add(fields);
  }
}

/** A files call's checked arguments and parsed flags (built once, before the listing). */
interface FilesPlan {
  params: FilesParams;
  F: string;
  limit: number;
  offset: number;
  caseMode: CaseMode;
  multiline: boolean;
  autoRetry: boolean;
  target: string;
  fromGlob?: PathGlob;
  hidden: boolean;
  noIgnore: boolean;
  /** The parsed flags without `--hidden` (`hidden` says it). */
  argv: string[];
  flags: ParsedFlags;
  candidates: Candidate[];
}

async function planFiles(p: FilesParams, env: SearchEnv): Promise<FilesPlan> {
  checkFuzzyFilter(p.fuzzy_filter, "Give part of a file name, e.g. 'config .ts$'");
  const { target, fromGlob } = resolveSearchPathOrGlob(p.path ?? ".", env.roots, env.cwd);
  const flagsInput = fromGlob ? withGlob(p.rg_flags ?? "", fromGlob.glob) : (p.rg_flags ?? "");
  const flags = await parseRgFlagsFor(env.rg.path, env.cwd, flagsInput, true);
  return {
    params: p,
    F: p.fuzzy_filter,
    limit: p.limit ?? 20,
    offset: p.offset ?? 0,
    caseMode: p.case ?? "smart",
    multiline: p.multiline ?? false,
    autoRetry: p.auto_retry ?? env.autoRetry,
    target: target.argument,
    fromGlob,
    hidden: (p.hidden ?? false) || flags.hidden,
    noIgnore: flags.noIgnore,
    argv: flags.argv.filter((a) => a !== "--hidden"),
    flags,
    candidates: filesCandidates(p.fuzzy_filter),
  };
}

export async function searchFiles(p: FilesParams, env: SearchEnv): Promise<FilesResult> {
  const plan = await planFiles(p, env);
  const k = plan.offset + plan.limit;
  const main = new FileCollector(new QueryMatcher(plan.F, PATH_SCHEME, plan.caseMode), k);
  const inPass = plan.candidates.map((c) => ({
    c,
    col: new FileCollector(new QueryMatcher(c.fuzzy_filter, PATH_SCHEME, plan.caseMode), k),
  }));
  const { paths, run } = await listed(env, plan.argv, plan.hidden, plan.target);
  score(paths, [main, ...inPass.map((e) => e.col)], plan.multiline, env.cwd);
  const hit =
    main.count === 0 && plan.autoRetry
      ? inPass.find((e) => !e.c.weak && e.c.confidence >= env.threshold && e.col.count > 0)
      : undefined;
  const result = hit?.col ?? main;
  const did = hit ? appliedFilter(plan.F, hit.c, hit.col.count) : undefined;
  const notApplied = plan.candidates.filter((c) => !did || c.fuzzy_filter !== did.applied.fuzzy_filter);
  const warnings = filesWarnings(plan, notApplied);
  const verified = verifyPaths(
    result.top
      .sorted()
      .slice(plan.offset, plan.offset + plan.limit)
      .map(({ file, score }) => ({ file, score })),
    env,
  );
  const page = verified.kept;
  if (verified.dropped > 0) warnings.push(droppedWarning(verified.dropped));
  const out: FilesResult = {
    matches: page,
    total_matches: result.count,
    returned: page.length,
    offset: plan.offset,
    truncated: plan.offset + page.length + verified.dropped < result.count,
    files_searched: paths.length,
  };
  if (out.truncated) out.next_offset = plan.offset + page.length + verified.dropped;
  const cancelled = env.signal?.aborted === true;
  if (cancelled) out.incomplete = "cancelled";
  else if (run.timedOut) out.incomplete = "timeout";
  else if (run.exitCode === 2) {
    out.incomplete = "rg_error";
    warnings.push(`ripgrep reported: ${run.stderr.slice(0, 1024)}`);
  }
  if (run.timedOut && result.count === 0) {
    throw new ToolError({
      error: `Listing files timed out after ${env.timeoutMs} ms`,
      error_type: "SEARCH_TIMEOUT",
      parameter: "path",
      got: p.path ?? ".",
      hints: ["Narrow path"],
    });
  }
  if (result.count === 0 && !cancelled) await explainEmpty(plan, env, paths, notApplied, out);
  if (warnings.length > 0) out.warnings = warnings;
  if (did) out.did_you_mean = did;
  return fitBudget(out, p.max_chars ?? env.maxChars);
}

/** did_you_mean for a filter correction that found `found` files where the filter as written found none. */
function appliedFilter(F: string, c: Candidate, found: number): DidYouMeanSearch {
  return {
    ...didYouMean(
      [
        {
          parameter: "fuzzy_filter",
          original: F,
          corrected: c.fuzzy_filter,
          correction_type: c.correction_type,
          confidence: c.confidence,
        },
      ],
      c.message,
      { original_matches: 0, corrected_matches: found },
    ),
    correction_type: c.correction_type,
    confidence: c.confidence,
    original: { fuzzy_filter: F },
    applied: { fuzzy_filter: c.fuzzy_filter },
  };
}

/** The flags' warnings, a ready call per correction not applied, the flags and path read otherwise than written. */
function filesWarnings(plan: FilesPlan, notApplied: readonly Candidate[]): string[] {
  const warnings = [...plan.flags.warnings];
  for (const c of notApplied) if (!c.weak) warnings.push(didYouMeanLine(FILES_TOOL, c));
  for (const c of plan.flags.corrections) warnings.push(`rg flag ${c.original} read as ${c.corrected}`);
  if (plan.fromGlob) {
    const { directory, glob } = plan.fromGlob;
    warnings.push(`path '${plan.params.path}' is a glob: searched ${directory} with --glob=${glob}`);
  }
  return warnings;
}

/** Why no file matched (per term, and whether hidden or ignored files would), with the corrections not applied. */
async function explainEmpty(
  plan: FilesPlan,
  env: SearchEnv,
  paths: readonly string[],
  notApplied: readonly Candidate[],
  out: FilesResult,
): Promise<void> {
  const matcher = new QueryMatcher(plan.F, PATH_SCHEME, plan.caseMode);
  const d: Diagnostics = {
    reason: paths.length === 0 ? "no_files" : "filter_rejected_all",
    per_term: [],
    drop_one: [],
  };
  if (paths.length > 0 && matcher.sets.length <= 8) {
    const counter = new SetCounter(matcher);
    score(paths, [], plan.multiline, env.cwd, counter);
    d.per_term = matcher.sets.map((s, i) => ({ term: describeSet(s), matched_lines: counter.perSet[i] }));
    if (matcher.sets.length > 1)
      d.drop_one = matcher.sets.map((s, i) => ({ without: describeSet(s), matched_lines: counter.dropOne[i] }));
  }
  if (!(plan.hidden && plan.noIgnore)) {
    const all = await listed(env, plan.argv, true, plan.target, true, 1000);
    const probe = new FileCollector(matcher, 1);
    score(all.paths, [probe], plan.multiline, env.cwd);
    d.hidden_or_ignored_matches = probe.count > 0;
  }
  out.diagnostics = d;
  const hints: string[] = [];
  if (d.reason === "no_files") hints.push("No files under path (after .gitignore and rg_flags)");
  d.per_term.forEach((t, i) => {
    if (t.matched_lines === 0)
      hints.push(
        `'${t.term}' matched 0 files${d.drop_one[i] ? `; without it, ${d.drop_one[i].matched_lines} matches` : ""}`,
      );
  });
  if (d.hidden_or_ignored_matches)
    hints.push("Matches exist only in hidden or ignored files: set hidden=true and rg_flags='--no-ignore'");
  out.hints = hints.slice(0, 5);
  const suggestions = notApplied.map((c) => ({
    fuzzy_filter: c.fuzzy_filter,
    regex_pattern: c.regex_pattern,
    rg_flags: c.rg_flags,
    correction_type: c.correction_type,
    confidence: c.confidence,
  }));
  if (suggestions.length > 0) out.suggestions = suggestions;
}
