/**
 * A child process that file modes bind. Tests of read-only files and databases need one; root passes every mode check
 * through its capabilities, so as root the child runs under setpriv(1) (util-linux) with those capabilities dropped
 * from its bounding set. It stays the same user, so it still reaches the clone and its node_modules wherever they
 * are (a clone inside a 0700 directory included), which a child run as another user (nobody) could not. As any other
 * user the modes already apply and the command runs as it is.
 */
import { spawnSync } from "node:child_process";

/** What lets root ignore a file's mode or owner: write any file, read any file, act as any file's owner, chown. */
const MODE_BYPASSING_CAPABILITIES = ["-dac_override", "-dac_read_search", "-fowner", "-chown"];

export const RUNNING_AS_ROOT = process.getuid?.() === 0;

/** `command args` as a process that file modes bind (see above); fails, never falls back, when setpriv is missing. */
export function modesApply(command: string, args: readonly string[]): { command: string; args: string[] } {
  if (!RUNNING_AS_ROOT) return { command, args: [...args] };
  const probe = spawnSync("setpriv", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      "These tests run as root and drop root's file-mode capabilities with setpriv(1), which is not installed: " +
        "install util-linux (apt-get install util-linux), or run the tests as a user other than root.",
    );
  }
  return {
    command: "setpriv",
    args: [`--bounding-set=${MODE_BYPASSING_CAPABILITIES.join(",")}`, "--", command, ...args],
  };
}
