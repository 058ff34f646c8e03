/** One ripgrep pass scored by several queries at once: the original and the in-pass candidate corrections. */
import { Field, type QueryMatcher } from "./fzf/matcher.js";
import { displayPath } from "./paths.js";
import { type RgRunResult, runRipgrep } from "./ripgrep.js";
import { TopK } from "./topk.js";

export interface Hit {
  file: string;
  line: number;
  content: string;
  score: number;
  /** fzf's length tiebreak: the trimmed length of `path:line:content`. */
  length: number;
  contentStart: number;
  /** A multiline record's match: the line of its last matched character (`line` is its first's). */
  endLine?: number;
}

/** Order: score ↓, length ↑, path ↑, line ↑ (deterministic, unlike rg's thread order). */
export function compareHits(a: Hit, b: Hit): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.length !== b.length) return a.length - b.length;
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}

export class Collector {
  count = 0;
  readonly top: TopK<Hit>;
  /** The line being scored, reused for every line (no allocation per line) by `canRank`. */
  private readonly probe: Hit = { file: "", line: 0, content: "", score: 0, length: 0, contentStart: -1 };
  private readonly beatsWorst: (worst: Hit) => boolean;
  /**
   * Whether a line of `probe`'s place with score `bound` would enter the top k (set the place with `at`). Bound
   * methods, not closures per collector: V8 keeps a hot function's optimised code only while the function lives.
   */
  readonly canRank: (bound: number) => boolean;

  constructor(
    readonly matcher: QueryMatcher,
    k: number,
  ) {
    this.top = new TopK(k, compareHits);
    this.beatsWorst = this.probeBeats.bind(this);
    this.canRank = this.ranks.bind(this);
  }

  private probeBeats(worst: Hit): boolean {
    return compareHits(this.probe, worst) < 0;
  }

  private ranks(bound: number): boolean {
    this.probe.score = bound;
    return this.top.admits(this.beatsWorst);
  }

  /** Places the probe at a line: what `canRank` compares by after the score (length, path, line). */
  at(file: string, line: number, length: number): void {
    this.probe.file = file;
    this.probe.line = line;
    this.probe.length = length;
  }
}

/** Per-set counts for the zero-result diagnostics. */
export class SetCounter {
  readonly perSet: number[];
  readonly dropOne: number[];

  constructor(readonly matcher: QueryMatcher) {
    this.perSet = matcher.sets.map(() => 0);
    this.dropOne = matcher.sets.map(() => 0);
  }

  add(fields: readonly Field[]): void {
    const ok = this.matcher.matchEachSet(fields);
    let failed = 0;
    let failedAt = -1;
    ok.forEach((v, i) => {
      if (v) this.perSet[i]++;
      else {
        failed++;
        failedAt = i;
      }
    });
    if (failed === 1) this.dropOne[failedAt]++;
  }
}

/** What every scan (rg lines, listed files read here, multiline) needs. */
export interface ScanBase {
  rg: string;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  contentOnly: boolean;
  collectors: Collector[];
  counter?: SetCounter;
  /** Stop at the first line any collector accepts (the hidden/ignored probe). */
  stopAtFirst?: boolean;
  /** Counts files as they are scanned, for progress notifications. */
  progress?: { files: number; total?: number };
  /** The allowed roots: ripgrep's runs that open files are watched for FIFOs swapped in (fifo-watch.ts). */
  roots?: readonly string[];
}

export interface ScanOptions extends ScanBase {
  args: string[];
}

export interface ScanResult extends RgRunResult {
  /** Lines the fuzzy filter checked (after ripgrep's regex and prefilter). */
  lines: number;
  /** From `--stats` or the file listing, when known. */
  filesSearched?: number;
  filesWithLines: number;
}

/** Scores one line for every collector and feeds the counter; false when the scan should stop (`stopAtFirst`). */
export function scoreLine(
  o: ScanBase,
  path: string,
  pathField: Field,
  line: number,
  content: string,
  contentField: Field = new Field(content),
): boolean {
  const fields = o.contentOnly ? [contentField] : [pathField, contentField];
  let accepted = false;
  const length = path.length + String(line).length + 2 + content.trimEnd().length;
  for (const c of o.collectors) {
    // Once the best k are in, a line stops being scored when even the highest score it could still reach would not
    // rank; it is only counted.
    c.at(path, line, length);
    const m = c.top.full ? c.matcher.matchRanked(fields, c.canRank) : c.matcher.match(fields);
    if (!m) continue;
    accepted = true;
    c.count++;
    if (m === "unranked") continue;
    const score = m.score;
    if (c.canRank(score)) c.top.push({ file: path, line, content, score, length, contentStart: m.contentStart });
  }
  o.counter?.add(fields);
  return !(o.stopAtFirst && accepted);
}

/** Splits ripgrep's `path\0line:content` records (`--null --line-number`) and scores each line. */
export class RecordScorer {
  lines = 0;
  files = 0;
  filesSearched: number | undefined;
  private rawPath = "";
  private path = "";
  private pathField = new Field("");
  private skipping = false;

  /** Whether a file's lines are scored elsewhere (read in full), by raw path; asked once per file. */
  skip: ((rawPath: string) => boolean) | undefined;
  /** Raw paths whose lines were left out by `skip`. */
  readonly skipped = new Set<string>();

  /** `take` bound once: a method outlives the scan, so V8 keeps its optimised code from one search to the next. */
  readonly onRecord: (record: string) => boolean;

  /** `halt`, when given, is marked stopped when a line stops the scan (`stopAtFirst`). */
  constructor(
    private readonly o: ScanBase,
    private readonly halt?: { stopped: boolean },
  ) {
    this.onRecord = this.take.bind(this);
  }

  /** false when the scan should stop. */
  private take(record: string): boolean {
    const nul = record.indexOf("\0");
    if (nul < 0) {
      const m = STATS_FILES.exec(record.trim());
      if (m) this.filesSearched = Number(m[1]);
      return true;
    }
    // Consecutive records of one file share the path: compare in place rather than slicing it from every record.
    const same = nul === this.rawPath.length && record.startsWith(this.rawPath);
    const p = same ? this.rawPath : record.slice(0, nul);
    if (!same) {
      this.rawPath = p;
      this.path = displayPath(p);
      this.pathField = new Field(this.path);
      this.skipping = this.skip?.(p) ?? false;
      if (this.skipping) this.skipped.add(p);
      else {
        this.files++;
        if (this.o.progress) this.o.progress.files++;
      }
    }
    if (this.skipping) return true;
    const colon = record.indexOf(":", nul + 1);
    if (colon < 0) return true;
    const line = Number(record.slice(nul + 1, colon));
    let content = record.slice(colon + 1);
    if (content.endsWith("\r")) content = content.slice(0, -1);
    this.lines++;
    const go = scoreLine(this.o, this.path, this.pathField, line, content);
    if (!go && this.halt) this.halt.stopped = true;
    return go;
  }
}

const STATS_FILES = /^(\d+) files searched$/u;

/** Runs ripgrep with `args` and scores each line it prints. */
export async function scanLines(o: ScanOptions): Promise<ScanResult> {
  const scorer = new RecordScorer(o);
  const run = await runRipgrep({
    rg: o.rg,
    args: o.args,
    cwd: o.cwd,
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    separator: "\n",
    onRecord: scorer.onRecord,
    roots: o.roots,
  });
  return { ...run, lines: scorer.lines, filesSearched: scorer.filesSearched, filesWithLines: scorer.files };
}
