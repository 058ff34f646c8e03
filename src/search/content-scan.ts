/**
 * Running one query of a content plan: which scan serves it (whole files for `multiline`, the listed files with the
 * query pushed down into ripgrep for the default pattern, else ripgrep's own lines) and ripgrep's arguments for it.
 * The first scan, the retries and the diagnostics all run through here, within the plan's deadline.
 */
import { DEFAULT_PATTERN } from "./candidates.js";
import type { ContentPlan, ScanQuery } from "./content-plan.js";
import { readsEveryLine } from "./direct.js";
import type { SearchEnv } from "./env.js";
import { scanMultiline } from "./multiline.js";
import { scanListedFiles } from "./pushdown.js";
import { LINE_ARGS } from "./ripgrep.js";
import { type Collector, type ScanResult, type SetCounter, scanLines } from "./scan.js";

/** What every scan of one call shares besides the plan: the environment and the progress counts. */
export interface CallContext {
  env: SearchEnv;
  /** Bumped by the scans: files scanned, and the files to scan once listed. */
  progress: { files: number; total?: number };
}

/** How a scan differs from the call's own: the diagnostics count terms, or probe hidden and ignored files. */
export interface ScanVariant {
  counter?: SetCounter;
  /** Search hidden files whatever the call asked (the hidden/ignored probe). */
  hiddenOverride?: boolean;
  noIgnore?: boolean;
  /** Stop at the first line any collector accepts. */
  stopAtFirst?: boolean;
  /** A shorter budget than what is left of the call's. */
  timeoutMs?: number;
}

/** The size cap ripgrep gets unless the call's flags already set one (capped by parseRgFlags). */
function sizeCap(flags: readonly string[], maxFilesize: number | undefined): string[] {
  if (maxFilesize === undefined || flags.some((f) => f.startsWith("--max-filesize="))) return [];
  return [`--max-filesize=${maxFilesize}`];
}

function rgArgs(query: ScanQuery, hidden: boolean, target: string, extra: readonly string[]): string[] {
  return [
    ...LINE_ARGS,
    ...(hidden ? ["--hidden"] : []),
    ...query.flags,
    ...extra,
    "-e",
    query.regex_pattern,
    "--",
    target,
  ];
}

/** One record per file: list the files the regex matches, then score each whole file. */
function multilineArgs(args: string[]): string[] {
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

/** Scans the plan's target for `query`, scoring what it selects into `collectors`. */
export function scanQuery(
  plan: ContentPlan,
  call: CallContext,
  query: ScanQuery,
  collectors: Collector[],
  variant: ScanVariant = {},
): Promise<ScanResult> {
  const { env } = call;
  const hidden = variant.hiddenOverride ?? plan.hidden;
  const limits = sizeCap(query.flags, env.maxFilesize);
  const args = rgArgs(query, hidden, plan.target, [...limits, ...(variant.noIgnore ? ["--no-ignore"] : [])]);
  const remaining = Math.max(1, plan.deadline - Date.now());
  const common = {
    rg: env.rg.path,
    cwd: env.cwd,
    timeoutMs: Math.min(variant.timeoutMs ?? remaining, remaining),
    signal: env.signal,
    contentOnly: plan.contentOnly,
    collectors,
    counter: variant.counter,
    stopAtFirst: variant.stopAtFirst,
    progress: call.progress,
    roots: env.roots,
  };
  if (plan.multiline) return scanMultiline({ ...common, args: multilineArgs(args) });
  if (query.regex_pattern === DEFAULT_PATTERN && readsEveryLine(query.flags)) {
    return scanListedFiles({
      ...common,
      flags: query.flags,
      // The listing leaves the size cap to the scan and to dwim's own reads (it would stat every file for it).
      maxFilesize: limits.length > 0 ? env.maxFilesize : undefined,
      listingCache: env.listingCache ?? true,
      hidden,
      noIgnore: variant.noIgnore,
      target: plan.target,
    });
  }
  return scanLines({ ...common, args });
}
