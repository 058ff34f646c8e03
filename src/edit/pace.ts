/**
 * Cooperative pacing for the edit pipeline: long loops ask `tick()` every few thousand steps, and after SLICE_MS of
 * work it gives the event loop a turn, so other calls and sessions are answered while a large edit runs. It also
 * stops the work at the call's deadline or cancellation, before anything is written (docs/edit.md, "Bounded work").
 */
import { ToolError } from "../core/errors.js";

/** Longest stretch of work between two turns of the event loop. */
const SLICE_MS = 20;

export class Pacer {
  private last = performance.now();

  constructor(
    /** Absolute time (Date.now()) after which the work stops; Infinity for none. */
    private readonly deadline = Number.POSITIVE_INFINITY,
    private readonly signal?: AbortSignal,
  ) {}

  /** A pacer that never yields nor stops: pure callers (tests, benchmarks) that measure the work alone. */
  static readonly none = new Pacer();

  /** Gives the event loop a turn when this slice of work is used up; throws past the deadline or once cancelled. */
  async tick(): Promise<void> {
    if (this === Pacer.none || performance.now() - this.last < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.last = performance.now();
    this.check();
  }

  /** Throws when the call was cancelled or its time is up; the file is unchanged then. */
  check(): void {
    if (this.signal?.aborted) {
      throw new ToolError({
        error: "The edit was cancelled before it was written; the file is unchanged",
        error_type: "EDIT_WRITE_ERROR",
        hints: ["Retry the call if it was cancelled by a timeout"],
      });
    }
    if (Date.now() > this.deadline) {
      throw new ToolError({
        error:
          "The edit was stopped at its time limit ([limits] timeout_ms) before it was written; the file is unchanged",
        error_type: "EDIT_WRITE_ERROR",
        hints: [
          "Split the edit into smaller ones (fewer replacements, a shorter old_str), or raise [limits] timeout_ms",
        ],
      });
    }
  }
}
