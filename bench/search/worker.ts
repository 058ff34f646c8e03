/**
 * Runs dwim's fuzzy_search_content over the corpus in its own process (so its peak RSS is measured alone).
 * Input (argv[2]): JSON { mode: "timed" | "full", cwd, path, flags, queries: [{ fuzzy_filter, regex_pattern?, auto_retry? }] }.
 * Output: JSON on stdout.
 */
import { readFileSync } from "node:fs";
import { searchContent } from "../../src/search/content.js";
import { locateRipgrep } from "../../src/search/ripgrep.js";

interface Job {
  mode: "timed" | "full";
  cwd: string;
  path: string;
  flags: string[];
  queries: Array<{ fuzzy_filter: string; regex_pattern?: string; auto_retry?: boolean }>;
}

const job: Job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const env = {
  rg: locateRipgrep(),
  cwd: job.cwd,
  roots: [job.cwd],
  timeoutMs: 120_000,
  autoRetry: true,
  threshold: 0.8,
  maxRetries: 1,
  maxChars: 1_000_000_000,
};
const out: unknown[] = [];
for (const q of job.queries) {
  const limit = job.mode === "full" ? 10_000_000 : 20;
  const t0 = process.hrtime.bigint();
  const r = await searchContent({ ...q, path: job.path, rg_flags: job.flags, limit, auto_retry: q.auto_retry }, env);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  out.push({
    ms,
    total: r.total_matches,
    keys: r.matches.map((m) => `${m.file}:${m.line}`),
    corrected: r.did_you_mean?.correction_type,
  });
}
process.stdout.write(JSON.stringify({ results: out, maxRssKb: process.resourceUsage().maxRSS }));
