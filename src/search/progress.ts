/**
 * Progress of a long search: when the caller can receive progress, a search still running after about a
 * second reports, about once a second, the files scanned so far and the matches found so far.
 */

import type { ProgressUpdate } from "../core/tool.js";

/** Where updates go: `progress` (files scanned) only ever increases; `total` is the number of files once listed. */
export type ProgressSink = (update: ProgressUpdate) => void;

const PROGRESS_DELAY_MS = 1000;
const PROGRESS_INTERVAL_MS = 1000;

export class SearchProgress {
  /** Bumped by the scans: files scanned, and the files to scan once listed. */
  readonly counts: { files: number; total?: number } = { files: 0 };
  private timer: NodeJS.Timeout | undefined;
  private sent = -1;

  constructor(
    private readonly sink: ProgressSink | undefined,
    private readonly matches: () => number,
  ) {}

  start(delayMs = PROGRESS_DELAY_MS, intervalMs = PROGRESS_INTERVAL_MS): void {
    if (!this.sink || this.timer) return;
    const tick = () => {
      this.send();
      this.timer = setTimeout(tick, intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, delayMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private send(): void {
    // The MCP progress value must increase with every notification: nothing is sent while it stands still.
    const progress = this.counts.files;
    if (progress <= this.sent) return;
    this.sent = progress;
    const total = this.counts.total;
    const files = total !== undefined ? `${progress} of ${total} files` : `${progress} files`;
    this.sink?.({ progress, total, message: `searching: ${files} scanned, ${this.matches()} matches so far` });
  }
}
