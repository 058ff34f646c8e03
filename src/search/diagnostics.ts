/**
 * Why an answer is empty (docs/search.md, "Corrections"): no files, no candidate lines, or which terms rejected every
 * line. The diagnostic scans run the call's plan, with the variants they need.
 */
import type { ContentPlan, ScanQuery } from "./content-plan.js";
import { type CallContext, scanQuery } from "./content-scan.js";
import { onlyFileSelection } from "./direct.js";
import type { SearchEnv } from "./env.js";
import { DEFAULT_SCHEME } from "./fzf/charclass.js";
import { QueryMatcher } from "./fzf/matcher.js";
import { describeSet } from "./fzf/pattern.js";
import { runRipgrep } from "./ripgrep.js";
import { Collector, type ScanResult, SetCounter } from "./scan.js";

export interface Diagnostics {
  reason: "no_files" | "no_candidate_lines" | "filter_rejected_all";
  per_term: Array<{ term: string; matched_lines: number }>;
  drop_one: Array<{ without: string; matched_lines: number }>;
  hidden_or_ignored_matches?: boolean;
}

/** Why `query` found nothing in `first`: no files, no candidate lines, or which terms rejected everything. */
export async function diagnose(
  plan: ContentPlan,
  call: CallContext,
  query: ScanQuery,
  first: ScanResult,
): Promise<Diagnostics> {
  const matcher = new QueryMatcher(query.fuzzy_filter, DEFAULT_SCHEME, plan.caseMode);
  let files = first.filesSearched ?? first.filesWithLines;
  if (first.filesSearched === undefined && first.lines === 0) {
    files = await countAnyFile(call.env, plan.hidden, plan.flagArgv, plan.target);
  }
  // A prefiltered scan sees only lines that could match: none seen says nothing about regex_pattern.
  const prefiltered = (first as { prefilter?: unknown }).prefilter !== undefined;
  const reason: Diagnostics["reason"] =
    files === 0 ? "no_files" : first.lines === 0 && !prefiltered ? "no_candidate_lines" : "filter_rejected_all";
  const d: Diagnostics = { reason, per_term: [], drop_one: [] };
  if (reason === "filter_rejected_all" && matcher.sets.length <= 8) {
    const counter = new SetCounter(matcher);
    await scanQuery(plan, call, query, [], { counter });
    d.per_term = matcher.sets.map((s, i) => ({ term: describeSet(s), matched_lines: counter.perSet[i] }));
    if (matcher.sets.length > 1)
      d.drop_one = matcher.sets.map((s, i) => ({ without: describeSet(s), matched_lines: counter.dropOne[i] }));
  }
  if (!(plan.hidden && plan.flags.noIgnore)) {
    const probe = new Collector(matcher, 1);
    const r = await scanQuery(plan, call, query, [probe], {
      hiddenOverride: true,
      noIgnore: true,
      stopAtFirst: true,
      timeoutMs: 1000,
    });
    d.hidden_or_ignored_matches = probe.count > 0 || (r.stoppedEarly && probe.count > 0);
  }
  return d;
}

export function explain(d: Diagnostics, F: string): string[] {
  const hints: string[] = [];
  if (d.reason === "no_files") hints.push("No files were searched: check path, rg_flags globs/types and .gitignore");
  else if (d.reason === "no_candidate_lines") hints.push("regex_pattern matched no line; fuzzy_filter never ran");
  for (let i = 0; i < d.per_term.length; i++) {
    const t = d.per_term[i];
    const without = d.drop_one[i];
    if (t.matched_lines === 0 || (without && without.matched_lines > 0)) {
      hints.push(
        `'${t.term}' matched ${t.matched_lines} lines${without ? `; without it, ${without.matched_lines} matches` : ""}`,
      );
    }
  }
  if (d.hidden_or_ignored_matches)
    hints.push("Matches exist only in hidden or ignored files: set hidden=true and rg_flags='--no-ignore'");
  if (hints.length === 0) hints.push(`No line matched every term of '${F}'`);
  return hints.slice(0, 5);
}

/** ripgrep printed no line: was any file searched at all? (stops at the first file listed) */
async function countAnyFile(
  env: SearchEnv,
  hidden: boolean,
  flags: readonly string[],
  target: string,
): Promise<number> {
  let n = 0;
  await runRipgrep({
    rg: env.rg.path,
    args: [
      "--no-config",
      "--no-require-git",
      "--files",
      "--null",
      ...(hidden ? ["--hidden"] : []),
      ...flags.filter((f) => onlyFileSelection([f])),
      "--",
      target,
    ],
    cwd: env.cwd,
    timeoutMs: 2000,
    roots: env.roots,
    separator: "\0",
    onRecord: (r) => {
      if (r !== "") n++;
      return n === 0;
    },
  });
  return n;
}
