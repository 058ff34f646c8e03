/**
 * An edit whose write fails part-way (ENOSPC injected at the write layer; EFBIG from a real
 * RLIMIT_FSIZE) leaves every file byte-identical, hard-linked files included, and no temp file behind. Before, a
 * hard-linked file was written in place: the write stopped part-way and the error still said "unchanged".
 */
import { spawnSync } from "node:child_process";
import { linkSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { realWriteIo, type WriteIo } from "../../src/core/files.js";
import { editFile } from "../../src/edit/edit.js";
import { contextFor, editConfig } from "../edit/helpers.js";
import { expectNoTempFiles, MAIN, sandbox, snapshot } from "./helpers.js";

/** Lets `budget` bytes through, then fails every write with ENOSPC, as a full disk does. */
function diskFullAfter(budget: number): WriteIo {
  let left = budget;
  return {
    write: async (fd, bytes, offset, length) => {
      if (left <= 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      const n = await realWriteIo.write(fd, bytes, offset, Math.min(length, left));
      left -= n;
      return n;
    },
  };
}

function bigFile(dir: string): string {
  const path = join(dir, "a.txt");
  writeFileSync(path, Array.from({ length: 3000 }, (_, i) => `line ${i + 1}\n`).join(""));
  linkSync(path, join(dir, "b.txt"));
  return path;
}

async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => expect.fail("expected the edit to fail"),
    (x) => x,
  );
  expect(isToolError(e)).toBe(true);
  return e.payload;
}

describe("disk full never truncates", () => {
  it("ENOSPC mid-write: the file and its hard link are byte-identical, the error says so truthfully", async () => {
    const { root } = sandbox("dwim-enospc-");
    bigFile(root);
    const before = snapshot(root);
    for (const budget of [0, 1, 4096, 20_000]) {
      const e = await failure(
        editFile({ path: "a.txt", old_str: "line 1500\n", new_str: "LINE 1500\n" }, contextFor(root), {
          config: editConfig(),
          io: diskFullAfter(budget),
        }),
      );
      expect(e.error_type).toBe("EDIT_WRITE_ERROR");
      expect(e.error).toMatch(/ENOSPC.*unchanged/u);
      expect(e.hints).toContain("The disk (or quota) is full");
      expect(snapshot(root)).toEqual(before);
      expect(statSync(join(root, "a.txt")).nlink).toBe(2);
    }
    expectNoTempFiles(root);
  });

  it("ENOSPC while creating or filling a file: no file, no partial file, no temp file", async () => {
    const { root } = sandbox("dwim-enospc-");
    writeFileSync(join(root, "empty.txt"), "");
    const before = snapshot(root);
    for (const path of ["new/deep/file.txt", "empty.txt"]) {
      const e = await failure(
        editFile({ path, old_str: "", new_str: "x".repeat(10_000) }, contextFor(root), {
          config: editConfig(),
          io: diskFullAfter(5000),
        }),
      );
      expect(e.error_type).toBe("EDIT_WRITE_ERROR");
    }
    // The missing parent directories were made before the write failed; no file is in them.
    const after = snapshot(root);
    expect(Object.keys(after).filter((k) => !k.endsWith("/"))).toEqual(Object.keys(before));
    expect(after["empty.txt"]).toBe("");
  });

  it("a real EFBIG (RLIMIT_FSIZE) in a separate dwim process leaves the hard-linked file intact", () => {
    const { root } = sandbox("dwim-efbig-");
    bigFile(root);
    const before = snapshot(root);
    const run = spawnSync(
      "prlimit",
      ["--fsize=8192", process.execPath, MAIN, "edit", "a.txt", "--old-str", "line 1500\n", "--new-str", "LINE 1500\n"],
      { cwd: root, encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: root, DWIM_LOG: "0" } },
    );
    expect(run.error).toBeUndefined();
    // Exit 1 with a structured error, not death by SIGXFSZ.
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toMatch(/EDIT_WRITE_ERROR.*EFBIG.*unchanged/u);
    expect(snapshot(root)).toEqual(before);
    expect(readFileSync(join(root, "b.txt"), "utf8").split("\n")).toHaveLength(3001);
  });

  it("a temp file left by a killed process is removed by the next edit of that file, others are kept", async () => {
    const { root } = sandbox("dwim-orphan-");
    writeFileSync(join(root, "a.txt"), "v = 1\n");
    writeFileSync(join(root, ".a.txt.dwim-0123456789ab.tmp"), "half a write");
    writeFileSync(join(root, ".b.txt.dwim-0123456789ab.tmp"), "another file's");
    writeFileSync(join(root, ".a.txt.dwim-mine.tmp"), "not ours");
    await editFile({ path: "a.txt", old_str: "v = 1", new_str: "v = 2" }, contextFor(root), {
      config: editConfig(),
    });
    expect(Object.keys(snapshot(root))).toEqual([".a.txt.dwim-mine.tmp", ".b.txt.dwim-0123456789ab.tmp", "a.txt"]);
  });
});
