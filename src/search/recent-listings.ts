/**
 * Samples of recent listings, only to choose what ripgrep scans for before this call's own listing is in (both run
 * at once): paths, the sizes of their files, and lines of a few of them (content-sample.ts). A stale entry can make
 * the choice worse, never the answer wrong. Only the sample planning weighs is kept: a whole listing held from call
 * to call (22,331 paths on the Rust corpus) outlived the young generation, and the garbage collector copied and
 * marked it on every call.
 */
import { stat } from "node:fs/promises";
import { readSample } from "./content-sample.js";
import type { Field } from "./fzf/matcher.js";
import { openablePath } from "./paths.js";
import { hintSample } from "./prefilter.js";

export interface RecentListing {
  /** A sample of the listing's paths (hintSample), as ripgrep listed them. */
  readonly paths: readonly string[];
  /** Their files' sizes, one per path, measured on the thread pool after the listing; absent until then. */
  bytes?: readonly number[];
  /** Lines of a few of the files, read on first need (linesOf). */
  lines?: Field[];
  /** When the lines were read (they are read again after SAMPLE_TTL_MS). */
  linesAt?: number;
  /** Resolves once `bytes` is set. */
  measured?: Promise<void>;
}

const RECENT_LISTINGS = 4;
const SAMPLE_TTL_MS = 60_000;

/** The last few listings' samples, by listing key, least recently used first out. */
export class RecentListings {
  private readonly entries = new Map<string, RecentListing>();

  get(key: string): RecentListing | undefined {
    return this.entries.get(key);
  }

  /**
   * Keeps the sample of a listing just made or reused. The same sample as before keeps its entry, sizes and lines
   * (the sizes may still be on their way: a new entry would lose them); a new one is measured in the background.
   */
  remember(key: string, paths: readonly string[], cwd: string): RecentListing {
    const hints = hintSample(paths);
    const before = this.entries.get(key);
    this.entries.delete(key);
    let entry = before;
    if (!entry || !samePaths(entry.paths, hints)) {
      entry = { paths: hints, lines: before?.lines, linesAt: before?.linesAt };
      entry.measured = measureSizes(entry, cwd);
    }
    this.entries.set(key, entry);
    while (this.entries.size > RECENT_LISTINGS) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }
}

/** The sample lines of a recent listing, read on first need (about a millisecond: a few dozen small files). */
export function linesOf(recent: RecentListing | undefined, cwd: string): Field[] {
  if (!recent) return [];
  const now = Date.now();
  if (!recent.lines || now - (recent.linesAt ?? 0) > SAMPLE_TTL_MS) {
    recent.lines = readSample(recent.paths, cwd);
    recent.linesAt = now;
  }
  return recent.lines;
}

function samePaths(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

/** A file that cannot be stat'ed weighs nothing. */
async function measureSizes(entry: RecentListing, cwd: string): Promise<void> {
  entry.bytes = await Promise.all(
    entry.paths.map((p) =>
      stat(openablePath(p, cwd)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
}
