/**
 * Vitest global setup: every test run gets its own temporary directory (TMPDIR, which `os.tmpdir()` and the
 * processes the tests spawn read), removed when the run ends, so the many fixture trees the tests create never pile
 * up in the machine's /tmp.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const scratch = mkdtempSync(join(tmpdir(), "dwim-test-run-"));
  process.env.TMPDIR = scratch;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  };
}
