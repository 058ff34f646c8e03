/**
 * What links can and cannot do (README "Security model"): a symlink inside the roots is followed and stays a
 * symlink; one leading out, or pointing nowhere, is refused; a hard link to an outside file can be read and searched
 * (it is the same file) but an edit replaces only the name inside the roots, so the outside file keeps its content.
 * The roots are the boundary: everything inside is readable, and a root itself is trusted by its path.
 */
import { linkSync, lstatSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { editFile } from "../../src/edit/edit.js";
import { readFile } from "../../src/edit/read.js";
import { searchContent } from "../../src/search/content.js";
import { contextFor, editConfig } from "../edit/helpers.js";
import { envFor } from "../search/fixture.js";
import { sandbox, snapshot } from "./helpers.js";

const config = { config: editConfig() };

async function errorType(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => "ok",
    (e) => (isToolError(e) ? e.errorType : String(e)),
  );
}

describe("links", () => {
  it("a symlink inside the roots is followed for reads and edits and stays a symlink", async () => {
    const { root } = sandbox("dwim-links-");
    mkdirSync(join(root, "real"));
    writeFileSync(join(root, "real/a.txt"), "x = 1\n");
    symlinkSync("real/a.txt", join(root, "alias.txt"));
    symlinkSync("real", join(root, "dir-alias"));
    const ctx = contextFor(root);
    expect((await readFile({ path: "alias.txt" }, ctx, 1e6)).content).toBe("     1\tx = 1");
    await editFile({ path: "alias.txt", old_str: "x = 1", new_str: "x = 2" }, ctx, config);
    await editFile({ path: "dir-alias/a.txt", old_str: "x = 2", new_str: "x = 3" }, ctx, config);
    expect(lstatSync(join(root, "alias.txt")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(root, "real/a.txt"), "utf8")).toBe("x = 3\n");
  });

  it("symlinks leading out of the roots, or nowhere, are refused for reads, edits and creation", async () => {
    const { root, outside } = sandbox("dwim-links-");
    writeFileSync(join(outside, "secret.txt"), "s = 1\n");
    symlinkSync(join(outside, "secret.txt"), join(root, "out.txt"));
    symlinkSync(outside, join(root, "out-dir"));
    symlinkSync(join(outside, "missing.txt"), join(root, "dangling-out.txt"));
    symlinkSync("nowhere.txt", join(root, "dangling-in.txt"));
    symlinkSync(join(outside, "no-dir"), join(root, "ghost-dir"));
    const before = snapshot(outside);
    const ctx = contextFor(root);
    expect(await errorType(readFile({ path: "out.txt" }, ctx, 1e6))).toBe("EDIT_PATH_DENIED");
    expect(await errorType(readFile({ path: "out-dir/secret.txt" }, ctx, 1e6))).toBe("EDIT_PATH_DENIED");
    expect(await errorType(editFile({ path: "out.txt", old_str: "s = 1", new_str: "s = 2" }, ctx, config))).toBe(
      "EDIT_PATH_DENIED",
    );
    expect(await errorType(editFile({ path: "out-dir/new.txt", old_str: "", new_str: "x" }, ctx, config))).toBe(
      "EDIT_PATH_DENIED",
    );
    expect(await errorType(editFile({ path: "dangling-out.txt", old_str: "", new_str: "x" }, ctx, config))).toBe(
      "EDIT_PATH_DENIED",
    );
    expect(await errorType(editFile({ path: "ghost-dir/new.txt", old_str: "", new_str: "x" }, ctx, config))).toBe(
      "EDIT_PATH_DENIED",
    );
    expect(await errorType(editFile({ path: "dangling-in.txt", old_str: "", new_str: "x" }, ctx, config))).toBe(
      "EDIT_INVALID_PATH",
    );
    expect(snapshot(outside)).toEqual(before);
  });

  it("a hard link to an outside file: readable (same inode), but an edit leaves the outside file as it was", async () => {
    const { root, outside } = sandbox("dwim-links-");
    writeFileSync(join(outside, "o.txt"), "o = 1\n");
    linkSync(join(outside, "o.txt"), join(root, "h.txt"));
    const ctx = contextFor(root);
    expect((await readFile({ path: "h.txt" }, ctx, 1e6)).content).toBe("     1\to = 1");
    // The searches read it too: it is the same file.
    const found = await searchContent({ fuzzy_filter: "'o = 1" }, envFor(root));
    expect(found.matches.map((m) => [m.file, m.content])).toEqual([["h.txt", "o = 1"]]);
    const out = await editFile({ path: "h.txt", old_str: "o = 1", new_str: "o = 2" }, ctx, config);
    expect(out.hard_links_split).toBe(1);
    expect(readFileSync(join(root, "h.txt"), "utf8")).toBe("o = 2\n");
    expect(readFileSync(join(outside, "o.txt"), "utf8")).toBe("o = 1\n");
  });

  it("everything inside the roots is readable, secrets included; the roots themselves are trusted by path", async () => {
    const { base, root } = sandbox("dwim-links-");
    writeFileSync(join(root, ".env"), "API_KEY=s3cr3t\n");
    const ctx = contextFor(root);
    expect((await readFile({ path: ".env" }, ctx, 1e6)).content).toBe("     1\tAPI_KEY=s3cr3t");
    // A root directory replaced as a whole (moved away, another put in its place) is what dwim then serves.
    renameSync(root, join(base, "moved-away"));
    mkdirSync(root);
    writeFileSync(join(root, "other.txt"), "another tree\n");
    expect((await readFile({ path: "other.txt" }, ctx, 1e6)).content).toBe("     1\tanother tree");
    expect(await errorType(readFile({ path: ".env" }, ctx, 1e6))).toBe("EDIT_FILE_NOT_FOUND");
  });
});
