/**
 * The default-pattern scan with the fuzzy query pushed down into ripgrep: derive from the query a regex that
 * every line able to match must contain (prefilter.ts), let ripgrep scan for it — and pipe its lines through one more
 * ripgrep run per other term set — and score only the lines that come out. At the same time ripgrep lists the files
 * (the path pass): a file whose path already satisfies what ripgrep scans for may match on lines that do not contain
 * it, so it is read in full here, and its lines in ripgrep's output are left out. A query that cannot be prefiltered
 * soundly is scored on every line of every listed file.
 */
import { type DirectOptions, listOptions, type ReadOptions, type ReadResult, readFiles } from "./direct.js";
import { listingKey } from "./listing.js";
import { listOrReuse } from "./listing-cache.js";
import { displayPath } from "./paths.js";
import { type Consumer, type PrefilterPlan, pathFinder, planPrefilter, readInFull } from "./prefilter.js";
import { linesOf, RecentListings } from "./recent-listings.js";
import { filterStageArgs, LINE_ARGS, type RgRunResult, runRipgrep } from "./ripgrep.js";
import { RecordScorer, type ScanResult } from "./scan.js";

export interface PrefilteredResult extends ScanResult {
  /** The sets ripgrep scanned for, per query (absent when the scan was not prefiltered). */
  prefilter?: string[][];
}

/** ripgrep rejected a regex we generated (size limits): never the caller's fault; scan without it. */
const GENERATED_REGEX_FAILED = /regex|size limit|compil/iu;

/** Samples of the recent listings, to plan the next scan of the same files before its own listing is in. */
const recentListings = new RecentListings();

/** Aborts when `outer` does (cancellation) or when `stop()` is called (the scan ended early). */
function stoppable(outer?: AbortSignal): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    stop: () => {
      outer?.removeEventListener("abort", onAbort);
      controller.abort();
    },
  };
}

/** Scores the default pattern's lines of the listed files, prefiltered by ripgrep unless `o.prefilter` is false. */
export async function scanListedFiles(o: DirectOptions): Promise<PrefilteredResult> {
  const run: ListedRun = { o, readOptions: { ...o, deadline: Date.now() + o.timeoutMs, halt: { stopped: false } } };
  const key = listingKey(listOptions(o));
  const consumers: Consumer[] = [
    ...o.collectors.map((c) => ({ matcher: c.matcher, everySet: true })),
    ...(o.counter ? [{ matcher: o.counter.matcher, everySet: false }] : []),
  ];
  const recent = recentListings.get(key);
  const plan =
    o.prefilter === false
      ? undefined
      : planPrefilter(
          consumers,
          (recent?.paths ?? []).map(displayPath),
          o.contentOnly,
          consumers.length === 1 && consumers[0].matcher.sets.length > 1 ? linesOf(recent, o.cwd) : [],
          recent?.bytes,
        );
  return plan ? scanPrefiltered(run, plan, key) : scanEveryLine(run, key);
}

/** One listed scan: its options, and the reading options (deadline, halt) its reads share. */
interface ListedRun {
  o: DirectOptions;
  readOptions: ReadOptions;
}

/** No sound prefilter: every line of every listed file is scored. */
async function scanEveryLine({ o, readOptions }: ListedRun, key: string): Promise<PrefilteredResult> {
  const list = await listOrReuse(listOptions(o), o.listingCache !== false);
  if (o.progress) o.progress.total = list.paths.length;
  recentListings.remember(key, list.paths, o.cwd);
  const read = list.run.timedOut || list.run.aborted ? [] : [await readFiles(list.paths, readOptions)];
  return combine(list.run, read, list.paths.length);
}

/**
 * ripgrep scans for the plan's pattern (and its filter stages) while the files are listed beside it; files whose path
 * satisfies what it scans for are read in full here, and their lines in its output skipped.
 */
async function scanPrefiltered(run: ListedRun, plan: PrefilterPlan, key: string): Promise<PrefilteredResult> {
  const { o, readOptions } = run;
  // Whether a file is read in full depends on its path alone: each of ripgrep's lines is kept or left out as it comes,
  // so none waits for the listing (memory stays bounded however many lines get through the prefilter).
  const scorer = new RecordScorer(o, readOptions.halt);
  scorer.skip = (raw) => readInFull(plan, displayPath(raw), o.contentOnly);
  const rg = stoppable(o.signal);
  const scanned = startScan(run, plan, scorer, rg.signal);
  // Spawning blocks this thread for a few milliseconds: the scan, which takes longer, starts first. The listing is the
  // one kept from an earlier call while its witness holds (listing-cache.ts); else it walks on one thread beside the
  // scan, leaving the cores to it (a caller's --threads, later, still wins).
  // Which listed files are read in full is decided as their paths arrive: decided after the listing, it kept this
  // thread from draining the scan's output for 10 ms on 22,000 paths (the Rust corpus), and the scan waited.
  const fullReads = new FullReads(plan, o.contentOnly);
  const listing = listOptions(o);
  let list: Awaited<ReturnType<typeof listOrReuse>>;
  try {
    list = await listOrReuse(
      {
        ...listing,
        flags: ["--threads=1", ...listing.flags],
        onPath: fullReads.consider.bind(fullReads),
        onPaths: fullReads.considerAll.bind(fullReads),
      },
      o.listingCache !== false,
    );
  } catch (e) {
    // Neither run may be left to reject unobserved: a failure of one stops the other before it is reported.
    rg.stop();
    await scanned;
    throw e;
  }
  recentListings.remember(key, list.paths, o.cwd);
  if (o.progress) o.progress.total = list.paths.length;
  const full = fullReads.paths;
  if (list.run.timedOut || list.run.aborted) {
    full.length = 0;
    rg.stop();
  }
  const reading = readFiles(full, readOptions).then((r) => {
    if (r.stoppedEarly) rg.stop();
    return r;
  });
  const [outcome, read] = await Promise.all([scanned, reading]);
  if (!outcome.run) throw outcome.error;
  return finishPrefiltered(run, plan, { scan: outcome.run, scorer, list, full, read });
}

/** The scan's run, settled either way (a failure is kept to be thrown once the listing's side is done). */
function startScan(
  { o, readOptions }: ListedRun,
  plan: PrefilterPlan,
  scorer: RecordScorer,
  signal: AbortSignal,
): Promise<{ run: RgRunResult | undefined; error: unknown }> {
  return runRipgrep({
    rg: o.rg,
    args: [
      ...LINE_ARGS,
      ...(o.hidden ? ["--hidden"] : []),
      ...(o.noIgnore ? ["--no-ignore"] : []),
      ...o.flags,
      ...(o.maxFilesize !== undefined ? [`--max-filesize=${o.maxFilesize}`] : []),
      "-e",
      plan.pattern,
      "--",
      o.target,
    ],
    pipeThrough: plan.filters.map(filterStageArgs),
    cwd: o.cwd,
    timeoutMs: Math.max(1, readOptions.deadline - Date.now()),
    signal,
    separator: "\n",
    onRecord: scorer.onRecord,
    roots: o.roots,
  }).then(
    (r) => ({ run: r, error: undefined }),
    (e: unknown) => ({ run: undefined, error: e }),
  );
}

/** What the scan and the listing's side gave: ripgrep's run and lines, the listing, the files read in full. */
interface PrefilteredParts {
  scan: RgRunResult;
  scorer: RecordScorer;
  list: { paths: readonly string[]; run: RgRunResult };
  full: string[];
  read: ReadResult;
}

/**
 * Reads the files ripgrep printed lines of but the listing missed (created between the two walks), and reads every
 * listed file here when ripgrep rejected the generated pattern.
 */
async function finishPrefiltered(
  { o, readOptions }: ListedRun,
  plan: PrefilterPlan,
  { scan, scorer, list, full, read }: PrefilteredParts,
): Promise<PrefilteredResult> {
  const fullSet = new Set(full);
  const missed = [...scorer.skipped].filter((p) => !fullSet.has(p));
  const reads = [read, ...(missed.length > 0 ? [await readFiles(missed, readOptions)] : [])];
  const cancelled = o.signal?.aborted ?? false;
  const fromRipgrep: ReadResult = {
    lines: scorer.lines,
    files: scorer.files,
    timedOut: scan.timedOut,
    aborted: scan.aborted && cancelled,
    stoppedEarly: readOptions.halt.stopped || scan.stoppedEarly,
    exitCode: scan.exitCode === 2 ? 2 : 0,
    stderr: scan.stderr,
  };
  const paths = list.paths;
  if (scan.exitCode === 2 && scorer.lines === 0 && GENERATED_REGEX_FAILED.test(scan.stderr)) {
    const rest = await readFiles(
      paths.filter((p) => !fullSet.has(p)),
      readOptions,
    );
    return combine(list.run, [...reads, rest], paths.length);
  }
  return { ...combine(list.run, [fromRipgrep, ...reads], paths.length), prefilter: plan.scanned };
}

/** The listed files read in full, chosen as their paths arrive (a method, not a closure per call: see ripgrep.ts). */
class FullReads {
  readonly paths: string[] = [];

  constructor(
    private readonly plan: PrefilterPlan,
    private readonly contentOnly: boolean,
  ) {}

  consider(raw: string): void {
    if (readInFull(this.plan, displayPath(raw), this.contentOnly)) this.paths.push(raw);
  }

  /**
   * A kept listing, all at once: one native pass over its joined paths (pathFinder) leaves only the paths that could
   * be read in full to decide one by one (on the Rust corpus, 22,331 paths: about 35 ms decided one by one).
   */
  considerAll(raws: readonly string[]): void {
    const finder = this.contentOnly ? undefined : pathFinder(this.plan);
    if (!finder) {
      for (const raw of raws) this.consider(raw);
      return;
    }
    const joined = raws.join("\0");
    finder.lastIndex = 0;
    for (let m = finder.exec(joined); m !== null; m = finder.exec(joined)) {
      const start = joined.lastIndexOf("\0", m.index) + 1;
      let end = joined.indexOf("\0", m.index);
      if (end < 0) end = joined.length;
      this.consider(joined.slice(start, end));
      // The next search starts at the next path: each path is decided once.
      finder.lastIndex = end + 1;
    }
  }
}

function combine(list: RgRunResult, parts: ReadResult[], listed: number): ScanResult {
  const any = (f: (r: ReadResult) => boolean) => parts.some(f);
  const stderr = [list.stderr, ...parts.map((p) => p.stderr)].filter((s) => s !== "").join("\n");
  return {
    exitCode: list.exitCode === 2 || any((r) => r.exitCode === 2) ? 2 : list.exitCode,
    stderr,
    timedOut: list.timedOut || any((r) => r.timedOut),
    aborted: list.aborted || any((r) => r.aborted),
    stoppedEarly: any((r) => r.stoppedEarly),
    lines: parts.reduce((n, r) => n + r.lines, 0),
    filesSearched: listed,
    filesWithLines: parts.reduce((n, r) => n + r.files, 0),
  };
}
