/** read_file: format, ranges, limits, refusals, and the round trip into edit_file (P3). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { editFile } from "../../src/edit/edit.js";
import { readFile } from "../../src/edit/read.js";
import { contextFor, editConfig, tempDir } from "./helpers.js";

const MAX = 10 * 1024 * 1024;

function setup(content: string | Buffer, name = "f.txt") {
  const dir = tempDir();
  writeFileSync(join(dir, name), content);
  return { dir, ctx: contextFor(dir), name };
}

describe("read_file", () => {
  it("prints numbered lines in the cat -n layout with metadata", async () => {
    const { ctx } = setup("alpha\r\nbeta\r\n");
    const r = await readFile({ path: "f.txt" }, ctx, MAX);
    expect(r.content).toBe("     1\talpha\n     2\tbeta");
    expect(r).toMatchObject({ start_line: 1, end_line: 2, total_lines: 2, has_more: false, eol: "crlf", bom: false });
    expect(r.final_newline).toBe(true);
    expect(r.sha256).toMatch(/^[0-9a-f]{64}$/u);
  });

  it("pages with offset and limit", async () => {
    const { ctx } = setup(Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join("\n"));
    const r = await readFile({ path: "f.txt", offset: 4, limit: 3 }, ctx, MAX);
    expect(r.content).toBe("     4\tl4\n     5\tl5\n     6\tl6");
    expect(r).toMatchObject({ has_more: true, next_offset: 7, total_lines: 10, final_newline: false });
    expect((await readFile({ path: "f.txt", line_numbers: false, offset: 10 }, ctx, MAX)).content).toBe("l10");
  });

  it("an offset past the end gets likely_fix.offset", async () => {
    const { ctx } = setup("a\nb\n");
    try {
      await readFile({ path: "f.txt", offset: 9, limit: 1 }, ctx, MAX);
      expect.fail("expected an error");
    } catch (e) {
      expect(isToolError(e) && e.payload.error_type).toBe("EDIT_INVALID_ARGUMENT");
      expect(isToolError(e) && e.payload.likely_fix).toEqual({ offset: 2 });
    }
  });

  it("cuts long lines and lists them; hides lone CRs", async () => {
    const { ctx } = setup(`${"x".repeat(2500)}\na\rb\n`);
    const r = await readFile({ path: "f.txt" }, ctx, MAX);
    expect(r.truncated_lines).toEqual([1]);
    expect(r.content.split("\n")[0].length).toBe(7 + 2000);
    expect(r.content.split("\n")[1]).toBe("     2\tab");
  });

  it("refuses binary files, directories and files over the size cap", async () => {
    const { ctx } = setup(Buffer.from([1, 2, 0, 3]));
    const codes = [
      () => readFile({ path: "f.txt" }, ctx, MAX),
      () => readFile({ path: "." }, ctx, MAX),
      () => readFile({ path: "f.txt" }, ctx, 2),
      () => readFile({ path: "missing.txt" }, ctx, MAX),
    ];
    const codes2 = await Promise.all(
      codes.map((f) =>
        f().then(
          () => "ok",
          (e) => (isToolError(e) ? e.errorType : String(e)),
        ),
      ),
    );
    expect(codes2).toEqual([
      "EDIT_FILE_READ_ERROR",
      "EDIT_INVALID_PATH",
      "EDIT_FILE_READ_ERROR",
      "EDIT_FILE_NOT_FOUND",
    ]);
  });

  it("an empty file has no lines", async () => {
    const { ctx } = setup("");
    expect(await readFile({ path: "f.txt" }, ctx, MAX)).toMatchObject({
      content: "",
      total_lines: 0,
      start_line: 0,
    });
  });

  it("its sha256 is accepted as expected_hash", async () => {
    const { ctx } = setup("a = 1\n");
    const r = await readFile({ path: "f.txt" }, ctx, MAX);
    const out = await editFile({ path: "f.txt", old_str: "a = 1", new_str: "a = 2", expected_hash: r.sha256 }, ctx, {
      config: editConfig(),
    });
    expect(out.sha256_before).toBe(r.sha256);
  });

  it("the session notices a file changed since its last read", async () => {
    const { ctx, dir } = setup("a = 1\nb = 2\n");
    await readFile({ path: "f.txt" }, ctx, MAX);
    writeFileSync(join(dir, "f.txt"), "a = 10\nb = 20\n");
    const e = await editFile({ path: "f.txt", old_str: "a = 1\nb = 2", new_str: "x" }, ctx, {
      config: editConfig(),
    }).catch((x) => x);
    expect(isToolError(e) && e.errorType).toBe("EDIT_CHANGED_SINCE_READ");
    expect(e.payload.current_lines).toEqual({ start_line: 1, end_line: 2 });
    expect(e.payload.detail).toMatch(/\n {5}1\ta = 10\n {5}2\tb = 20$/u);
  });

  it("a failure on a file changed elsewhere since the read says so", async () => {
    const { ctx, dir } = setup("a = 1\nb = 2\n");
    await readFile({ path: "f.txt" }, ctx, MAX);
    writeFileSync(join(dir, "f.txt"), "a = 1\nb = 2\nc = 3\n");
    const e = await editFile({ path: "f.txt", old_str: "zzz = 9", new_str: "x" }, ctx, {
      config: editConfig(),
    }).catch((x) => x);
    expect(isToolError(e) && e.errorType).toBe("EDIT_NO_OCCURRENCE_FOUND");
    expect(e.payload.hints[0]).toMatch(/changed since your last read_file/u);
  });
});

describe("P3: read_file lines pasted with their prefixes hit the line-number repair", () => {
  const line = fc.stringMatching(/^[a-z =(){};'"0-9]{1,30}$/u);
  it("for any file and any line range", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 2, maxLength: 30 }), fc.nat(), fc.nat(), async (lines, x, y) => {
        const content = `${lines.map((l, i) => `${l} // [${i}]`).join("\n")}\n`;
        const { ctx, dir } = setup(content);
        const from = (x % lines.length) + 1;
        const to = from + (y % Math.min(5, lines.length - from + 1));
        const shown = (await readFile({ path: "f.txt", offset: from, limit: to - from + 1 }, ctx, MAX)).content;
        const out = await editFile({ path: "f.txt", old_str: shown, new_str: "REPLACED" }, ctx, {
          config: editConfig(),
        });
        expect(out.did_you_mean?.corrections.map((c) => c.correction_type)).toContain("line_number_prefix");
        const expected = content.split("\n");
        expected.splice(from - 1, to - from + 1, "REPLACED");
        const { readFileSync } = await import("node:fs");
        expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe(expected.join("\n"));
      }),
      { numRuns: 60 },
    );
  });
});
