/**
 * A few thousand lines of a listing's files, kept beside its path sample (pushdown.ts), to estimate what share of
 * lines each term set of a query selects: what planPrefilter weighs when it chooses what ripgrep scans for. A term's
 * length says little about that: on the Go corpus `json` is in 0.4 % of the lines as a subsequence, `sort` in 10 %,
 * `int` in 27 %. Only counts come out of the sample; a stale one can make the choice worse, never the answer wrong.
 */
import { readRegularFileSync } from "../core/files.js";
import type { Scheme } from "./fzf/charclass.js";
import { Field, termMatches } from "./fzf/matcher.js";
import type { TermSet } from "./fzf/pattern.js";
import { openablePath } from "./paths.js";

/** Files read for a sample, spread over the listing's path sample. */
const SAMPLE_FILES = 32;
/** Lines taken from each, spread over the file. */
const LINES_PER_FILE = 64;
/** Larger files are skipped: the sample is read on the event loop, before the scan starts. */
const MAX_SAMPLE_FILE_BYTES = 256 * 1024;

/** Lines of up to SAMPLE_FILES of `paths` (as ripgrep listed them, relative to `cwd`); files it cannot read are skipped. */
export function readSample(paths: readonly string[], cwd: string): Field[] {
  const lines: Field[] = [];
  const stride = Math.max(1, Math.floor(paths.length / SAMPLE_FILES));
  for (let i = 0; i < paths.length; i += stride) {
    let buf: Buffer;
    try {
      // Never blocks: a FIFO or device is refused unopened, as dwim's other reads of listed files.
      buf = readRegularFileSync(openablePath(paths[i], cwd), MAX_SAMPLE_FILE_BYTES);
    } catch {
      continue;
    }
    // ripgrep skips a file with a NUL byte: its lines are none of the scan's.
    if (buf.includes(0)) continue;
    const all = buf
      .toString("utf8")
      .split("\n")
      .map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l))
      .filter((l) => l !== "");
    const step = Math.max(1, all.length / LINES_PER_FILE);
    for (let j = 0; j < all.length; j += step) lines.push(new Field(all[Math.floor(j)]));
  }
  return lines;
}

/** The most sets a sample tells apart (a bit each); others are weighed by their prior. */
export const MAX_SAMPLED_SETS = 31;

/** For each sample line, bit s set when some positive term of `sets[s]` matches its content. */
export function sampleMasks(sets: readonly TermSet[], lines: readonly Field[], scheme: Scheme): Uint32Array {
  const masks = new Uint32Array(lines.length);
  const n = Math.min(sets.length, MAX_SAMPLED_SETS);
  for (let l = 0; l < lines.length; l++) {
    let mask = 0;
    for (let s = 0; s < n; s++) {
      for (const t of sets[s]) {
        if (!t.inverse && termMatches(t, lines[l], scheme)) {
          mask |= 1 << s;
          break;
        }
      }
    }
    masks[l] = mask;
  }
  return masks;
}

/** The share of sample lines some set of `bits` selects (smoothed: a set no sample line holds is rare, not absent). */
export function sampledShare(masks: Uint32Array, bits: number): number {
  let hits = 0;
  for (let l = 0; l < masks.length; l++) if ((masks[l] & bits) !== 0) hits++;
  return (hits + 0.5) / (masks.length + 1);
}
