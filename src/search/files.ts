/** fuzzy_search_files: `rg --files | fzf --filter F` with fzf's path scheme; globs in F are read as fzf queries. */
import { isAbsolute, join } from "node:path";
import { didYouMean } from "../core/corrections.js";
import { ToolError } from "../core/errors.js";
import { readRegularFileSync } from "../core/files.js";
import { checkFuzzyFilter } from "./arguments.js";
import { type Candidate, didYouMeanLine, filesCandidates } from "./candidates.js";
import type { Diagnostics, DidYouMeanSearch, SearchEnv, Suggestion } from "./content.js";
import { type FlagsInput, parseRgFlagsFor, withGlob } from "./flags.js";
import { PATH_SCHEME } from "./fzf/charclass.js";
import { Field, QueryMatcher } from "./fzf/matcher.js";
import { type CaseMode, describeSet } from "./fzf/pattern.js";
import { listOrReuse } from "./listing-cache.js";
import { MULTILINE_MAX_BYTES } from "./multiline.js";
import { fitBudget } from "./output.js";
import { displayPath, resolveSearchPathOrGlob } from "./paths.js";
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

export interface FileMatch {
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

export const FILES_TOOL = "fuzzy_search_files";

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
    { rg: env.rg.path, cwd: env.cwd, timeoutMs, signal: env.signal, flags: argv, hidden, noIgnore, target },
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
  const abs = isAbsolute(path) ? path : join(cwd, path);
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

export async function searchFiles(p: FilesParams, env: SearchEnv): Promise<FilesResult> {
  const F = p.fuzzy_filter;
  checkFuzzyFilter(F, "Give part of a file name, e.g. 'config .ts$'");
  const limit = p.limit ?? 20;
  const offset = p.offset ?? 0;
  const caseMode = p.case ?? "smart";
  const multiline = p.multiline ?? false;
  const autoRetry = p.auto_retry ?? env.autoRetry;
  const { target, fromGlob } = resolveSearchPathOrGlob(p.path ?? ".", env.roots, env.cwd);
  const flagsInput = fromGlob ? withGlob(p.rg_flags ?? "", fromGlob.glob) : (p.rg_flags ?? "");
  const flags = await parseRgFlagsFor(env.rg.path, env.cwd, flagsInput, true);
  const hidden = (p.hidden ?? false) || flags.hidden;
  const argv = flags.argv.filter((a) => a !== "--hidden");
  const warnings = [...flags.warnings];
  const k = offset + limit;
  const main = new FileCollector(new QueryMatcher(F, PATH_SCHEME, caseMode), k);
  const candidates = filesCandidates(F);
  const extra = candidates.map((c) => ({
    c,
    col: new FileCollector(new QueryMatcher(c.fuzzy_filter, PATH_SCHEME, caseMode), k),
  }));
  const { paths, run } = await listed(env, argv, hidden, target.argument);
  score(paths, [main, ...extra.map((e) => e.col)], multiline, env.cwd);

  let result = main;
  let did: DidYouMeanSearch | undefined;
  const original = { fuzzy_filter: F };
  if (main.count === 0 && autoRetry) {
    const hit = extra.find((e) => !e.c.weak && e.c.confidence >= env.threshold && e.col.count > 0);
    if (hit) {
      result = hit.col;
      did = {
        ...didYouMean(
          [
            {
              parameter: "fuzzy_filter",
              original: F,
              corrected: hit.c.fuzzy_filter,
              correction_type: hit.c.correction_type,
              confidence: hit.c.confidence,
            },
          ],
          hit.c.message,
          { original_matches: 0, corrected_matches: hit.col.count },
        ),
        correction_type: hit.c.correction_type,
        confidence: hit.c.confidence,
        original,
        applied: { fuzzy_filter: hit.c.fuzzy_filter },
      };
    }
  }
  const notApplied: Candidate[] = candidates.filter((c) => !did || c.fuzzy_filter !== did.applied.fuzzy_filter);
  for (const c of notApplied) if (!c.weak) warnings.push(didYouMeanLine(FILES_TOOL, c));
  for (const c of flags.corrections) warnings.push(`rg flag ${c.original} read as ${c.corrected}`);
  if (fromGlob) {
    warnings.push(`path '${p.path}' is a glob: searched ${fromGlob.directory} with --glob=${fromGlob.glob}`);
  }

  const verified = verifyPaths(
    result.top
      .sorted()
      .slice(offset, offset + limit)
      .map(({ file, score }) => ({ file, score })),
    env,
  );
  const page = verified.kept;
  if (verified.dropped > 0) warnings.push(droppedWarning(verified.dropped));
  const out: FilesResult = {
    matches: page,
    total_matches: result.count,
    returned: page.length,
    offset,
    truncated: offset + page.length + verified.dropped < result.count,
    files_searched: paths.length,
  };
  if (out.truncated) out.next_offset = offset + page.length + verified.dropped;
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
  if (result.count === 0 && !cancelled) {
    const matcher = new QueryMatcher(F, PATH_SCHEME, caseMode);
    const d: Diagnostics = {
      reason: paths.length === 0 ? "no_files" : "filter_rejected_all",
      per_term: [],
      drop_one: [],
    };
    if (paths.length > 0 && matcher.sets.length <= 8) {
      const counter = new SetCounter(matcher);
      score(paths, [], multiline, env.cwd, counter);
      d.per_term = matcher.sets.map((s, i) => ({ term: describeSet(s), matched_lines: counter.perSet[i] }));
      if (matcher.sets.length > 1)
        d.drop_one = matcher.sets.map((s, i) => ({ without: describeSet(s), matched_lines: counter.dropOne[i] }));
    }
    if (!(hidden && flags.noIgnore)) {
      const all = await listed(env, argv, true, target.argument, true, 1000);
      const probe = new FileCollector(matcher, 1);
      score(all.paths, [probe], multiline, env.cwd);
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
  if (warnings.length > 0) out.warnings = warnings;
  if (did) out.did_you_mean = did;
  return fitBudget(out, p.max_chars ?? env.maxChars);
}
