/**
 * Runs dwim's fuzzy_search_content over a corpus in its own process (so its peak RSS is measured alone), the way a
 * server does: one process, many calls. In "timed" mode each query also runs the limit (ripgrep alone with the
 * query's subsequence regex, the same ripgrep binary) alternately with dwim, `repeat` times, so both see the same
 * machine load.
 * Input (argv[2]): JSON { mode: "timed" | "full", cwd, path, flags, repeat?, queries: [{ fuzzy_filter, regex_pattern?,
 * auto_retry?, limit_regex? }] }. Output: JSON on stdout.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { searchContent } from "../../src/search/content.js";
import { benchEnv } from "./env.js";

interface Job {
  mode: "timed" | "full";
  cwd: string;
  path: string;
  flags: string[];
  glob: string;
  repeat?: number;
  queries: Array<{ fuzzy_filter: string; regex_pattern?: string; auto_retry?: boolean; limit_regex?: string }>;
  /** false: a fresh `rg --files` listing at every call (`[search] listing_cache = false`). */
  listingCache?: boolean;
}

const job: Job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const env = benchEnv(job.cwd, job.listingCache ?? true);
const rg = env.rg;

/** ripgrep alone, its output read through a pipe (pointed at /dev/null it would stop at the first match). */
function limitMs(regex: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(
    rg.path,
    ["--no-config", "-n", "--no-heading", "--no-require-git", "-g", job.glob, "-e", regex, job.path],
    {
      cwd: job.cwd,
      maxBuffer: 1 << 30,
    },
  );
  if (r.status === 2) throw new Error(`limit regex rejected: ${regex}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const out: unknown[] = [];
for (const q of job.queries) {
  const limit = job.mode === "full" ? 10_000_000 : 20;
  const ms: number[] = [];
  const limits: number[] = [];
  let r: Awaited<ReturnType<typeof searchContent>> | undefined;
  for (let i = 0; i < (job.mode === "timed" ? (job.repeat ?? 1) : 1); i++) {
    if (job.mode === "timed" && q.limit_regex !== undefined) limits.push(limitMs(q.limit_regex));
    const t0 = process.hrtime.bigint();
    r = await searchContent({ ...q, path: job.path, rg_flags: job.flags, limit, auto_retry: q.auto_retry }, env);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  if (!r) continue;
  out.push({
    ms,
    limits,
    total: r.total_matches,
    keys: r.matches.map((m) => `${m.file}:${m.line}`),
    corrected: r.did_you_mean?.correction_type,
  });
}
process.stdout.write(JSON.stringify({ results: out, maxRssKb: process.resourceUsage().maxRSS }));
