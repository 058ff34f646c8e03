/**
 * Standard output as a careful command writes it: a large answer waits for its reader (backpressure) rather than
 * piling up in memory, and a reader that goes away (`dwim memory export | head -c 300`) ends dwim quietly with exit
 * code 0, as it ends `cat`, instead of with a stack trace.
 */

/** Writes `text` to standard output; resolves once the stream can take more. */
export function writeOut(text: string): Promise<void> {
  if (process.stdout.write(text)) return Promise.resolve();
  return new Promise((resolve) => process.stdout.once("drain", () => resolve()));
}

/** A closed pipe on stdout or stderr ends the process with 0; any other stream error is still an error. */
export function endQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(0);
      throw e;
    });
  }
}
