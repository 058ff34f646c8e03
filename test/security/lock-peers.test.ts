/**
 * The edit lock is advisory (README.md, "Security model"): it delays edits, it never misdirects them. A writer checks
 * that the lock still names it right before its rename, so one whose lock was taken over writes nothing. A peer that
 * holds `.<name>.dwim-lock` (any live process named in its record) delays edits of that file, each giving up after
 * about 10 s with the file as it was; once that holder is gone, the next edit takes the lock at once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { realWriteIo, type WriteIo } from "../../src/core/files.js";
import { processStart } from "../../src/core/lock.js";
import { editFile } from "../../src/edit/edit.js";
import { contextFor, editConfig } from "../edit/helpers.js";
import { sandbox } from "./helpers.js";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => expect.fail("expected the edit to be refused"),
    (x: unknown) => x,
  );
  if (!isToolError(e)) throw e;
  return e.payload;
}

describe("the lock delays, never misdirects", () => {
  it("a writer whose lock was taken over while it wrote its temp file renames nothing", async () => {
    const { root } = sandbox("dwim-lock-");
    writeFileSync(join(root, "f.txt"), "v = 1\n");
    const lockOwner = join(root, ".f.txt.dwim-lock", "owner");
    let takenOver = false;
    // Another process takes the lock over (as it would from a holder it judged gone) while the temp file is written.
    const io: WriteIo = {
      write: async (fd, bytes, offset, length) => {
        if (!takenOver) {
          writeFileSync(lockOwner, JSON.stringify({ pid: 1, host: hostname(), token: "the-other-writer" }));
          takenOver = true;
        }
        return realWriteIo.write(fd, bytes, offset, length);
      },
    };
    const e = await failure(
      editFile({ path: "f.txt", old_str: "v = 1", new_str: "v = 2" }, contextFor(root), { config: editConfig(), io }),
    );
    expect(takenOver).toBe(true);
    expect(e.error_type).toBe("EDIT_FILE_CHANGED");
    expect(e.error).toContain("nothing was written");
    expect(readFileSync(join(root, "f.txt"), "utf8")).toBe("v = 1\n");
    // The other writer's lock is left to it; no temp file is left behind.
    expect(readdirSync(root).sort()).toEqual([".f.txt.dwim-lock", "f.txt"]);
  });

  it("a live peer holding .<name>.dwim-lock: the edit waits about 10 s and is refused; once it is gone, at once", async () => {
    const { root } = sandbox("dwim-lock-");
    writeFileSync(join(root, "f.txt"), "v = 1\n");
    const peer = spawn("sleep", ["120"], { stdio: "ignore" });
    children.push(peer);
    const pid = peer.pid as number;
    mkdirSync(join(root, ".f.txt.dwim-lock"));
    writeFileSync(
      join(root, ".f.txt.dwim-lock", "owner"),
      JSON.stringify({ pid, start: processStart(pid), host: hostname(), token: "peer" }),
    );
    const edit = () =>
      editFile({ path: "f.txt", old_str: "v = 1", new_str: "v = 2" }, contextFor(root), { config: editConfig() });

    const started = Date.now();
    const e = await failure(edit());
    const waited = Date.now() - started;
    expect(e.error_type).toBe("EDIT_WRITE_ERROR");
    expect(e.error).toContain("is locked by another edit that has not finished; nothing was written");
    expect(waited).toBeGreaterThanOrEqual(9_500);
    expect(waited).toBeLessThan(20_000);
    expect(readFileSync(join(root, "f.txt"), "utf8")).toBe("v = 1\n");

    const exited = new Promise((ok) => peer.on("exit", ok));
    peer.kill("SIGKILL");
    await exited;
    const again = Date.now();
    await edit();
    expect(Date.now() - again).toBeLessThan(5_000);
    expect(readFileSync(join(root, "f.txt"), "utf8")).toBe("v = 2\n");
  }, 60_000);
});
