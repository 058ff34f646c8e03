/** Writes: atomic replace, hard links split, a concurrent change refused, and the edge cases of writing. */
import { linkSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { realWriteIo, type WriteIo } from "../../src/core/files.js";
import { editFile } from "../../src/edit/edit.js";
import { sha256Hex } from "../../src/edit/text.js";
import { contextFor, editConfig, expectError, expectOk, runEdit, tempDir } from "./helpers.js";

describe("writing", () => {
  it("replaces atomically and leaves no temp file", async () => {
    const o = await runEdit("a = 1\n", { old_str: "a = 1", new_str: "a = 2" });
    expect(expectOk(o).atomic).toBe(true);
    expect(readdirSync(o.dir)).toEqual(["f.txt"]);
  });

  it("replaces a hard-linked file by rename: the edited name changes, the other link keeps the old content", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a.txt"), "v = 1\n");
    linkSync(join(dir, "a.txt"), join(dir, "b.txt"));
    const out = await editFile({ path: "a.txt", old_str: "v = 1", new_str: "v = 22" }, contextFor(dir), {
      config: editConfig(),
    });
    expect(out).toMatchObject({ atomic: true, hard_links_split: 1 });
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("v = 22\n");
    expect(readFileSync(join(dir, "b.txt"), "utf8")).toBe("v = 1\n");
    expect(statSync(join(dir, "b.txt")).nlink).toBe(1);
  });

  it("refuses to rename over a file another writer (taking no lock) changed during the write", async () => {
    const dir = tempDir();
    const path = join(dir, "c.txt");
    writeFileSync(path, "one\n");
    const io: WriteIo = {
      write: async (fd, bytes, offset, length) => {
        writeFileSync(path, "changed meanwhile\n");
        return realWriteIo.write(fd, bytes, offset, length);
      },
    };
    const e = await editFile({ path: "c.txt", old_str: "one", new_str: "two" }, contextFor(dir), {
      config: editConfig(),
      io,
    }).catch((x) => x);
    expect(isToolError(e) && e.errorType).toBe("EDIT_FILE_CHANGED");
    expect(e.payload.current_sha256).toBe(sha256Hex(Buffer.from("changed meanwhile\n")));
    expect(readFileSync(path, "utf8")).toBe("changed meanwhile\n");
    expect(readdirSync(dir)).toEqual(["c.txt"]);
  });
});

describe("edge cases of writing", () => {
  it("multi-line old_str and new_str", async () => {
    const o = await runEdit("a\nb\nc\nd\n", { old_str: "b\nc", new_str: "B\nC\nC2" });
    expectOk(o);
    expect(o.after).toBe("a\nB\nC\nC2\nd\n");
  });

  it("very long strings", async () => {
    const body = Array.from({ length: 3000 }, (_, i) => `line ${i} = ${i * 7};`).join("\n");
    const o = await runEdit(`${body}\n`, { old_str: body, new_str: body.replace("line 1500 =", "line 1500 :=") });
    expect(expectOk(o).strategy).toBe("exact");
    expect(o.after).toContain("line 1500 := 10500;");
    const dedented = await runEdit(
      `${body
        .split("\n")
        .map((l) => `    ${l}`)
        .join("\n")}\n`,
      { old_str: body, new_str: body.replace("line 1500 =", "line 1500 :=") },
    );
    expect(expectOk(dedented).strategy).toBe("canonical");
    expect(dedented.after).toContain("    line 1500 := 10500;");
  });

  it("an empty file: nothing to find, creation fills it", async () => {
    const miss = await runEdit("", { old_str: "x", new_str: "y" });
    expectError(miss, "EDIT_NO_OCCURRENCE_FOUND");
    const fill = await runEdit("", { old_str: "", new_str: "hello\n" });
    expectOk(fill);
    expect(fill.after).toBe("hello\n");
  });

  it("uncorrectable old_str: EDIT_NO_OCCURRENCE_FOUND with candidates", async () => {
    const o = await runEdit("function alpha() {\n  return 1;\n}\n", {
      old_str: "function alpha() {\n  return 7;\n}",
      new_str: "function alpha() {\n  return 8;\n}",
    });
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect((e.candidates as Array<{ start_line: number; end_line: number }>)[0]).toMatchObject({
      start_line: 1,
      end_line: 3,
    });
  });

  it("a correction that yields two matches is a mismatch", async () => {
    const o = await runEdit("    go()\n\tgo()\n", { old_str: "go ( )", new_str: "stop()" });
    const e = expectError(o, "EDIT_EXPECTED_OCCURRENCE_MISMATCH");
    expect(e.occurrences).toHaveLength(2);
  });

  it("replace_all replaces every exact occurrence and never corrects", async () => {
    const o = await runEdit("x = 1\nx = 1\n", { old_str: "x = 1", new_str: "x = 2", replace_all: true });
    expect(expectOk(o).replacements).toBe(2);
    const none = await runEdit("x  =  1\n", { old_str: "x = 1", new_str: "x = 2", replace_all: true });
    expectError(none, "EDIT_NO_OCCURRENCE_FOUND");
  });

  it("invalid paths: empty, NUL, directory", async () => {
    for (const path of ["", "a\0b", "."]) {
      const e = await editFile({ path, old_str: "a", new_str: "b" }, contextFor(tempDir()), {
        config: editConfig(),
      }).catch((x) => x);
      expect(isToolError(e) && e.errorType).toBe("EDIT_INVALID_PATH");
    }
  });
});

describe("debug log", () => {
  it("writes one JSON record per stage to stderr when DWIM_DEBUG includes edit", async () => {
    const lines: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      const o = await runEdit("  a = 1\n", { old_str: "a  =  1", new_str: "a = 2" }, { env: { DWIM_DEBUG: "edit" } });
      expectOk(o);
    } finally {
      process.stderr.write = original;
    }
    const stages = lines.map((l) => JSON.parse(l) as { tool: string; stage: string }).map((r) => r.stage);
    expect(stages[0]).toBe("exact");
    expect(stages).toContain("canonical");
    expect(stages[stages.length - 1]).toBe("write");
  });
});

describe("error size", () => {
  it("keeps a no-match error with candidates within 2 KB", async () => {
    const block = (k: number) =>
      Array.from({ length: 12 }, (_, i) => `    const value_${k}_${i} = compute("${"x".repeat(40)}", ${i});`).join(
        "\n",
      );
    const content = `${[block(1), block(2), block(3)].join("\n\n")}\n`;
    const o = await runEdit(content, { old_str: block(2).replaceAll("compute", "calc"), new_str: "gone" });
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect((e.candidates as unknown[]).length).toBeGreaterThan(0);
    expect(Buffer.byteLength(JSON.stringify(e))).toBeLessThanOrEqual(2048);
  });
});
