/**
 * A spinner on stderr for a call still running after about a second, on a terminal only: into a pipe or a file it
 * would be noise in someone's log. The tool's own progress messages (a search's files scanned and matches so far)
 * become its text. DWIM_PROGRESS_DELAY_MS sets the wait (0 shows it at once). Loaded only when stderr is a terminal.
 */
import yoctoSpinner from "yocto-spinner";
import type { ProgressUpdate } from "../core/tool.js";

export const PROGRESS_DELAY_MS = 1000;

/** The wait before the spinner shows: DWIM_PROGRESS_DELAY_MS when it is a number of milliseconds, else a second. */
export function progressDelay(env: Record<string, string | undefined> = process.env): number {
  const text = env.DWIM_PROGRESS_DELAY_MS?.trim();
  const ms = text ? Number(text) : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms : PROGRESS_DELAY_MS;
}

export interface CallProgress {
  /** The tool's progress (ToolContext.progress). */
  update(update: ProgressUpdate): void;
  /** Clears the spinner, if it showed, before the result is printed. */
  stop(): void;
}

/** Progress for one call labelled `label`, shown on `stream` (a terminal) once the call outlasts the delay. */
export function showProgress(label: string, stream: NodeJS.WriteStream = process.stderr): CallProgress {
  let text = `${label}…`;
  let spinner: ReturnType<typeof yoctoSpinner> | undefined;
  const timer = setTimeout(() => {
    spinner = yoctoSpinner({ text, stream }).start();
  }, progressDelay());
  timer.unref();
  return {
    update(update) {
      text = `${label}: ${update.message ?? `${update.progress}${update.total ? ` of ${update.total}` : ""}`}`;
      if (spinner) spinner.text = text;
    },
    stop() {
      clearTimeout(timer);
      spinner?.stop();
    },
  };
}
