/**
 * How paths are opened beneath the roots (README.md, "Security model"; docs/edit.md, "Opening and writing safely"),
 * each step shown deterministically where test/security/race.test.ts shows the whole under a live swap: on Linux a
 * path is opened one directory at a time from the root's descriptor, by `openat` through `/proc/self/fd`; once a
 * directory is open, every later step (read, temp file, lock, rename) goes through its descriptor, so swapping its
 * path for a symlink afterwards sends nothing outside; a leaf is opened with O_NOFOLLOW and O_NONBLOCK; and
 * read_file and edit_file read off the event loop.
 */
import { execFileSync } from "node:child_process";
import { closeSync, readdirSync, readFileSync, readlinkSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locate, openRegularAt, PathAccessError } from "../../src/core/beneath.js";
import { readOpenFile, replaceAt, withFileLock } from "../../src/core/files.js";
import { editFile } from "../../src/edit/edit.js";
import { readFile } from "../../src/edit/read.js";
import { contextFor, editConfig } from "../edit/helpers.js";
import { sandbox, snapshot } from "./helpers.js";

/** `root/d/f.txt` (inside) and `outside/f.txt`, the same name beyond the roots. */
function tree() {
  const box = sandbox("dwim-opens-");
  execFileSync("mkdir", ["-p", join(box.root, "d", "e")]);
  writeFileSync(join(box.root, "d", "e", "f.txt"), "INSIDE\n");
  writeFileSync(join(box.outside, "f.txt"), "OUTSIDE\n");
  return box;
}

describe("opening beneath the roots", () => {
  it("goes one directory at a time from the root's descriptor, through /proc/self/fd (openat) on Linux", () => {
    const { root } = tree();
    const located = locate("d/e/f.txt", [root], root, { open: true });
    try {
      expect(process.platform).toBe("linux");
      expect(located.dir.at("f.txt")).toBe(`/proc/self/fd/${located.dir.fd}/f.txt`);
      // The descriptor's real path, as the kernel records it, is the directory inside the root.
      expect(readlinkSync(`/proc/self/fd/${located.dir.fd}`)).toBe(join(root, "d", "e"));
      expect(readlinkSync(`/proc/self/fd/${located.file?.fd}`)).toBe(join(root, "d", "e", "f.txt"));
    } finally {
      located.dir.close();
    }
  });

  it("acts through the verified directory's descriptor: a swap of its path afterwards leads nowhere outside", async () => {
    const { root, outside } = tree();
    const before = snapshot(outside);
    const located = locate("d/e/f.txt", [root], root);
    // A peer moves the directory away and puts a symlink to the outside in its place.
    renameSync(join(root, "d", "e"), join(root, "d", "moved"));
    symlinkSync(outside, join(root, "d", "e"));
    try {
      expect(readFileSync(located.dir.at("f.txt"), "utf8")).toBe("INSIDE\n");
      // The lock, the temp file and the rename all land in the directory that was verified.
      await withFileLock(located.dir, "f.txt", async () => {
        const stat = located.stat ?? expect.fail("the target was not found");
        await replaceAt(located.dir, "f.txt", Buffer.from("EDITED\n"), stat);
      });
    } finally {
      located.dir.close();
    }
    expect(readFileSync(join(root, "d", "moved", "f.txt"), "utf8")).toBe("EDITED\n");
    expect(snapshot(outside)).toEqual(before);
    expect(readdirSync(join(root, "d", "moved"))).toEqual(["f.txt"]);
  });

  it("never follows a symlink put in place of a checked name (O_NOFOLLOW): the open says it raced", () => {
    const { root, outside } = tree();
    const located = locate("d/e/f.txt", [root], root);
    try {
      renameSync(join(root, "d", "e", "f.txt"), join(root, "d", "e", "old.txt"));
      symlinkSync(join(outside, "f.txt"), join(root, "d", "e", "f.txt"));
      expect(openRegularAt(located.dir, "f.txt")).toBe("raced");
    } finally {
      located.dir.close();
    }
  });

  it("never blocks on a FIFO put in place of a checked name (O_NONBLOCK): refused at once, unread", () => {
    const { root } = tree();
    const located = locate("d/e/f.txt", [root], root);
    try {
      renameSync(join(root, "d", "e", "f.txt"), join(root, "d", "e", "old.txt"));
      execFileSync("mkfifo", [join(root, "d", "e", "f.txt")]);
      const started = Date.now();
      let error: unknown;
      try {
        openRegularAt(located.dir, "f.txt");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PathAccessError);
      expect((error as PathAccessError).detail.kind).toBe("FIFO (named pipe)");
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      located.dir.close();
    }
  });
});

describe("read_file and edit_file read off the event loop", () => {
  it("their read (readOpenFile) lets a callback queued before it run before it is done, and is capped", async () => {
    const { root } = sandbox("dwim-opens-");
    writeFileSync(join(root, "big.txt"), "0123456789abcdef\n".repeat(500_000));
    const located = locate("big.txt", [root], root, { open: true });
    const file = located.file ?? expect.fail("the file was not opened");
    try {
      const order: string[] = [];
      setImmediate(() => order.push("other work"));
      const bytes = await readOpenFile(file.fd, file.stat.size, 64 * 1024 * 1024, located.absolute);
      order.push("read done");
      expect(bytes.length).toBe(8_500_000);
      // A read on the event loop would finish first: the queued callback could only run after it.
      expect(order).toEqual(["other work", "read done"]);
      // A file over the cap is refused before it is read.
      await expect(readOpenFile(file.fd, file.stat.size, 1024, located.absolute)).rejects.toMatchObject({
        reason: "too_large",
      });
    } finally {
      closeSync(file.fd);
      located.dir.close();
    }
    // read_file and edit_file read through it.
    const ctx = contextFor(root);
    expect((await readFile({ path: "big.txt", limit: 1 }, ctx, 64 * 1024 * 1024)).content).toBe(
      "     1\t0123456789abcdef",
    );
    const edit = editFile({ path: "big.txt", old_str: "x", new_str: "y" }, ctx, {
      config: editConfig({ max_file_bytes: 1024 }),
    });
    await expect(edit).rejects.toMatchObject({
      payload: { error_type: "EDIT_FILE_READ_ERROR", expected: "<= 1024 bytes" },
    });
  });
});
