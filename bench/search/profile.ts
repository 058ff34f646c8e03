/**
 * `npm run bench -- search --profile`: where a query's time goes. For each query of the agents' sets, in one process
 * and interleaved (so each part sees the same machine load), the medians of:
 * - the limit (ripgrep alone with the query's subsequence regex, as in the main run);
 * - the scan: ripgrep with the pattern dwim's plan chooses, its output drained;
 * - the piped scan: the same through the plan's filter stages (what dwim's ripgrep side costs);
 * - the listing (`rg --files`, which dwim runs beside the scan unless it keeps one);
 * - dwim's whole search (listing kept, limit 20).
 * What dwim adds on top of the piped scan is its own work on the lines: reading files in full whose path satisfies
 * the scanned sets, and the fuzzy matching and scoring of every line handed on.
 */
import { spawn, spawnSync } from "node:child_process";
import { searchContent } from "../../src/search/content.js";
import { readSample } from "../../src/search/content-sample.js";
import { DEFAULT_SCHEME } from "../../src/search/fzf/charclass.js";
import { QueryMatcher } from "../../src/search/fzf/matcher.js";
import { displayPath } from "../../src/search/paths.js";
import { hintSample, planPrefilter, readInFull } from "../../src/search/prefilter.js";
import { filterStageArgs, LINE_ARGS } from "../../src/search/ripgrep.js";
import type { Row } from "../lib/report.js";
import type { Corpus } from "./corpora.js";
import { benchEnv } from "./env.js";
import { limitRegex } from "./limit.js";

const REPEAT = 3;

export interface QueryProfile {
  query: string;
  /** Sets the plan scans for (fzf syntax), and how many filter stages follow. */
  scanned: string;
  stages: number;
  limitMs: number;
  scanMs: number;
  pipedMs: number;
  listMs: number;
  oursMs: number;
  /** Lines ripgrep's scan prints, lines left after the stages, lines dwim scored, matches. */
  scanLines: number;
  pipedLines: number;
  linesScanned: number;
  matches: number;
  /** Listed files read in full because their path satisfies the scanned sets. */
  fullReads: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function countLines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** ripgrep, then each filter stage reading the previous one's output; resolves with the last output's line count. */
function pipeline(rg: string, cwd: string, first: string[], stages: string[][]): Promise<number> {
  return new Promise((resolve, reject) => {
    const procs = [spawn(rg, first, { cwd, stdio: ["ignore", "pipe", "ignore"] })];
    for (const args of stages) {
      const prev = procs[procs.length - 1];
      procs.push(spawn(rg, args, { cwd, stdio: [prev.stdout ?? "ignore", "pipe", "ignore"] }));
    }
    let lines = 0;
    const last = procs[procs.length - 1];
    last.stdout?.on("data", (b: Buffer) => {
      lines += countLines(b);
    });
    last.on("error", reject);
    last.on("close", () => resolve(lines));
  });
}

async function timed<T>(f: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const t0 = process.hrtime.bigint();
  const value = await f();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, value };
}

export async function profileQueries(c: Corpus, queries: readonly string[]): Promise<QueryProfile[]> {
  const env = benchEnv(c.cwd);
  const rg = env.rg.path;
  const glob = ["-g", c.glob];
  const listing = spawnSync(rg, ["--files", "--no-config", "--no-require-git", ...glob, c.path], {
    cwd: c.cwd,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  })
    .stdout.split("\n")
    .filter((p) => p !== "");
  const sample = readSample(hintSample(listing), c.cwd);
  const out: QueryProfile[] = [];
  for (const query of queries) {
    const matcher = new QueryMatcher(query, DEFAULT_SCHEME);
    const plan = planPrefilter([{ matcher, everySet: true }], listing.map(displayPath), false, sample);
    const scanArgs = [...LINE_ARGS, ...glob, "-e", plan?.pattern ?? ".", "--", c.path];
    const stages = (plan?.filters ?? []).map(filterStageArgs);
    const parts = { limit: [] as number[], scan: [] as number[], piped: [] as number[], list: [] as number[] };
    const ours: number[] = [];
    let scanLines = 0;
    let pipedLines = 0;
    let result: Awaited<ReturnType<typeof searchContent>> | undefined;
    for (let i = 0; i < REPEAT; i++) {
      const limit = limitRegex(query);
      parts.limit.push(
        (
          await timed(() =>
            pipeline(
              rg,
              c.cwd,
              ["--no-config", "-n", "--no-heading", "--no-require-git", ...glob, "-e", limit, c.path],
              [],
            ),
          )
        ).ms,
      );
      const scan = await timed(() => pipeline(rg, c.cwd, scanArgs, []));
      parts.scan.push(scan.ms);
      scanLines = scan.value;
      const piped = await timed(() => pipeline(rg, c.cwd, scanArgs, stages));
      parts.piped.push(piped.ms);
      pipedLines = piped.value;
      parts.list.push(
        (await timed(() => pipeline(rg, c.cwd, ["--files", "--no-config", "--no-require-git", ...glob, c.path], [])))
          .ms,
      );
      const run = await timed(() =>
        searchContent({ fuzzy_filter: query, path: c.path, rg_flags: glob, limit: 20 }, env),
      );
      ours.push(run.ms);
      result = run.value;
    }
    out.push({
      query,
      scanned: plan ? plan.scanned[0].join(" ∪ ") : "(not prefiltered)",
      stages: stages.length,
      limitMs: median(parts.limit),
      scanMs: median(parts.scan),
      pipedMs: median(parts.piped),
      listMs: median(parts.list),
      oursMs: median(ours),
      scanLines,
      pipedLines,
      linesScanned: result?.lines_scanned ?? 0,
      matches: result?.total_matches ?? 0,
      fullReads: plan ? listing.filter((p) => readInFull(plan, displayPath(p), false)).length : listing.length,
    });
  }
  return out;
}

/** Why a query costs what it costs beyond the limit (see docs/search.md, "Where the time goes"). */
export function queryClass(p: QueryProfile): string {
  const fromFullReads = p.linesScanned - p.pipedLines;
  if (fromFullReads > 20_000 && fromFullReads > p.pipedLines) return "files read in full (a term matches their path)";
  if (p.scanLines > 50_000) return "one set scanned, many lines printed";
  return "selective scan";
}

const x = (v: number) => `${v.toFixed(2)}x`;

/** One row per class: how many queries, the ratio to the limit, and its parts (each over the limit). */
export function profileRows(profiles: readonly QueryProfile[]): Row[] {
  const classes = new Map<string, QueryProfile[]>();
  for (const p of profiles) classes.set(queryClass(p), [...(classes.get(queryClass(p)) ?? []), p]);
  return [...classes].map(([name, ps]) => {
    const m = (f: (p: QueryProfile) => number) => median(ps.map(f));
    return {
      metric: `${name} (${ps.length})`,
      ours: [
        `dwim ${x(m((p) => p.oursMs / p.limitMs))}`,
        `scan ${x(m((p) => p.scanMs / p.limitMs))}`,
        `stages +${x(m((p) => Math.max(0, p.pipedMs - p.scanMs) / p.limitMs))}`,
        `dwim's own work +${x(m((p) => Math.max(0, p.oursMs - p.pipedMs) / p.limitMs))}`,
      ].join("; "),
      baseline: [
        `printed ${Math.round(m((p) => p.scanLines))}`,
        `after stages ${Math.round(m((p) => p.pipedLines))}`,
        `scored ${Math.round(m((p) => p.linesScanned))}`,
        `matches ${Math.round(m((p) => p.matches))}`,
        `read in full ${Math.round(m((p) => p.fullReads))} files`,
      ].join("; "),
    };
  });
}
