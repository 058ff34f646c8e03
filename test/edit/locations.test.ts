/**
 * A path with a location after it, as compilers, test runners and editors print one (`app.ts:12:5`, `app.ts#L12`,
 * `app.ts(12,5)`): read_file's not-found error names the file and the line (likely_fix `{path, offset}`), edit_file's
 * names the file, and creating `app.ts:12` beside an existing app.ts is refused instead of making a stray file.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyLikelyFix } from "../../src/core/fix.js";
import { editFile } from "../../src/edit/edit.js";
import { readFile } from "../../src/edit/read.js";
import { rejectionOf } from "../helpers/errors.js";
import { contextFor, editConfig, tempDir } from "./helpers.js";

const MAX = 10 * 1024 * 1024;

function tree() {
  const dir = tempDir();
  writeFileSync(join(dir, "app.ts"), Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n"));
  return { dir, ctx: contextFor(dir) };
}

describe("a location after a file name", () => {
  it.each([
    ["app.ts:12", 12],
    ["app.ts:12:5", 12],
    ["app.ts#L12", 12],
    ["app.ts#L12-L15", 12],
    ["app.ts(12,5)", 12],
    ["./app.ts:3", 3],
  ])("read_file %s: likely_fix reads the file from that line", async (path, line) => {
    const { ctx } = tree();
    const e = await rejectionOf(readFile({ path }, ctx, MAX));
    const file = path.startsWith("./") ? "./app.ts" : "app.ts";
    expect(e.payload).toMatchObject({ error_type: "EDIT_FILE_NOT_FOUND", likely_fix: { path: file, offset: line } });
    const fixed = applyLikelyFix({ name: "read_file", arguments: { path } }, e.payload);
    const out = await readFile(fixed?.arguments as { path: string; offset: number }, ctx, MAX);
    expect(out.start_line).toBe(line);
    expect(out.content.split("\n")[0]).toBe(`${String(line).padStart(6)}\tline ${line}`);
  });

  it("edit_file app.ts:3:1: the fix names the file only (edit_file has no offset)", async () => {
    const { dir, ctx } = tree();
    const e = await rejectionOf(
      editFile({ path: "app.ts:3:1", old_str: "line 3", new_str: "third" }, ctx, { config: editConfig() }),
    );
    expect(e.payload).toMatchObject({ error_type: "EDIT_FILE_NOT_FOUND", likely_fix: { path: "app.ts" } });
    expect(readdirSync(dir)).toEqual(["app.ts"]);
  });

  it("creating app.ts:12 beside app.ts is refused, dry run or not, and nothing is written", async () => {
    const { dir, ctx } = tree();
    for (const dry_run of [false, true]) {
      const e = await rejectionOf(
        editFile({ path: "app.ts:12", old_str: "", new_str: "x\n", dry_run }, ctx, { config: editConfig() }),
      );
      expect(e.payload).toMatchObject({ error_type: "EDIT_INVALID_PATH", parameter: "path" });
    }
    expect(readdirSync(dir)).toEqual(["app.ts"]);
  });

  it("a name with a colon and no such base file is still created as asked", async () => {
    const { dir, ctx } = tree();
    await editFile({ path: "notes:12", old_str: "", new_str: "x\n" }, ctx, { config: editConfig() });
    expect(existsSync(join(dir, "notes:12"))).toBe(true);
  });

  it("for any line, the error's line is the one written", async () => {
    const { ctx } = tree();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000_000 }), fc.nat(999), async (line, col) => {
        const e = await rejectionOf(readFile({ path: `app.ts:${line}:${col}` }, ctx, MAX));
        expect(e.payload.likely_fix).toEqual({ path: "app.ts", offset: line });
      }),
      { numRuns: 50 },
    );
  });
});
