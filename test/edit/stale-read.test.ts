/**
 * Stale reads: an edit is checked against the version of the file this session last saw (read_file's, or its own
 * last write). Lines someone else changed since are never overwritten unseen; unchanged lines still edit.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { toolset } from "../../src/edit/index.js";
import { sha256Hex } from "../../src/edit/text.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { tempDir } from "./helpers.js";

let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

const FILE = [
  "function total(items) {",
  "  let sum = 0;",
  "  for (const item of items) sum += item.price;",
  "  return sum;",
  "}",
  "",
  "function count(items) {",
  "  return items.length;",
  "}",
  "",
].join("\n");

interface Session {
  dir: string;
  path: string;
  call(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ isError?: boolean; out: Record<string, unknown>; text: string }>;
  /** Someone else (an editor, another agent) writes the file. */
  external(edit: (text: string) => string): string;
  text(): string;
}

async function session(content = FILE): Promise<Session> {
  const dir = tempDir();
  const path = join(dir, "f.js");
  writeFileSync(path, content);
  conn = await connectInMemory({ toolsets: [toolset], cwd: dir });
  const client = conn.client;
  return {
    dir,
    path,
    async call(name, args) {
      const r = await client.callTool({ name, arguments: { path: "f.js", ...args } });
      const text = (r.content as Array<{ text: string }>).map((c) => c.text).join("\n");
      return { isError: r.isError as boolean | undefined, out: r.structuredContent as Record<string, unknown>, text };
    },
    external(edit) {
      const next = edit(readFileSync(path, "utf8"));
      writeFileSync(path, next);
      return next;
    },
    text: () => readFileSync(path, "utf8"),
  };
}

describe("stale reads", () => {
  it("refuses an edit of lines changed since read_file, returning them as they are now, their range and the hash", async () => {
    const s = await session();
    await s.call("read_file", {});
    const theirs = s.external((t) => t.replace("sum += item.price;", "sum += item.price * item.qty;"));
    const r = await s.call("edit_file", {
      old_str: "  for (const item of items) sum += item.price;",
      new_str: "  for (const item of items) sum += item.cost;",
    });
    expect(r.isError).toBe(true);
    expect(r.out).toMatchObject({
      error_type: "EDIT_CHANGED_SINCE_READ",
      read_lines: { start_line: 3, end_line: 3 },
      current_lines: { start_line: 3, end_line: 3 },
      current_sha256: sha256Hex(Buffer.from(theirs)),
    });
    // The text reaches models whose client shows only an error's content (Claude Code), as read_file numbers it.
    expect(r.text).toContain("\n     3\t  for (const item of items) sum += item.price * item.qty;");
    expect(r.out.detail).toContain("     3\t  for (const item of items) sum += item.price * item.qty;");
    expect(s.text()).toBe(theirs);
  });

  it("refuses a fragment that still matches on a line someone else changed (a plain str_replace edits it)", async () => {
    const s = await session();
    await s.call("read_file", {});
    const theirs = s.external((t) => t.replace("return sum;", "return Math.round(sum);"));
    const r = await s.call("edit_file", { old_str: "return Math.round(", new_str: "return Math.floor(" });
    expect(r.out.error_type).toBe("EDIT_CHANGED_SINCE_READ");
    expect(r.text).toContain("return Math.round(sum);");
    expect(s.text()).toBe(theirs);
  });

  it("applies an edit whose lines are unchanged while other parts changed, keeping the other change", async () => {
    const s = await session();
    await s.call("read_file", {});
    const theirs = s.external(
      (t) => `// header added by someone else\n${t.replace("return items.length;", "return items.length | 0;")}`,
    );
    const r = await s.call("edit_file", { old_str: "  let sum = 0;", new_str: "  let sum = 0.0;" });
    expect(r.isError).toBeFalsy();
    expect(s.text()).toBe(theirs.replace("let sum = 0;", "let sum = 0.0;"));
  });

  it("tolerates a formatter's whitespace drift on the very lines edited", async () => {
    const s = await session();
    await s.call("read_file", {});
    const theirs = s.external((t) => t.replaceAll("\n  ", "\n    "));
    const r = await s.call("edit_file", { old_str: "  return sum;", new_str: "  return sum + 1;" });
    expect(r.isError).toBeFalsy();
    expect(s.text()).toBe(theirs.replace("    return sum;", "    return sum + 1;"));
  });

  it("edits the lines read when a formatter's drift makes them look like others at another indentation", async () => {
    // Exact and unique as read; after the re-indentation an indentation-blind match would also find line 9.
    const content = [
      "func serve() {",
      "\tif err != nil {",
      "\t\treturn err",
      "\t}",
      "}",
      "",
      "func loop() {",
      "\tfor {",
      "\t\tif err != nil {",
      "\t\t\treturn err",
      "\t\t}",
      "\t}",
      "}",
      "",
    ].join("\n");
    const s = await session(content);
    await s.call("read_file", {});
    const theirs = s.external((t) => t.replace(/^\t+/gmu, (tabs) => "  ".repeat(tabs.length)));
    const r = await s.call("edit_file", {
      old_str: "\tif err != nil {\n\t\treturn err",
      new_str: "\tif err != nil {\n\t\treturn wrap(err)",
    });
    expect(r.isError).toBeFalsy();
    expect(s.text()).toBe(
      theirs.replace("  if err != nil {\n    return err", "  if err != nil {\n    return wrap(err)"),
    );
    expect(s.text()).toContain("      return err\n");
  });

  it("refuses when the lines read were deleted, rather than editing a look-alike elsewhere", async () => {
    const content = `${FILE}function other(items) {\n\treturn sum;\n}\n`;
    const s = await session(content);
    await s.call("read_file", {});
    // total() is deleted; other() keeps a tab-indented `return sum;` that the indentation level would take.
    const theirs = s.external((t) => t.slice(t.indexOf("function count")));
    const r = await s.call("edit_file", { old_str: "  return sum;", new_str: "  return sum * 2;" });
    expect(r.out.error_type).toBe("EDIT_CHANGED_SINCE_READ");
    expect(r.out.error).toMatch(/removed/u);
    expect(s.text()).toBe(theirs);
  });

  it("refuses when the last lines read were deleted and a copy with trailing blanks follows them", async () => {
    // The copy differs only in trailing blanks, so a whitespace-blind diff could pair it with the lines read.
    const tail = "function last(items) {\n  return items.at(-1);\n}";
    const content = `${FILE}${tail}\n\n${tail.replaceAll("\n", "  \n")}  \n`;
    const s = await session(content);
    await s.call("read_file", {});
    const theirs = s.external((t) => t.replace(`${tail}\n\n`, ""));
    const r = await s.call("edit_file", { old_str: tail, new_str: tail.replace("at(-1)", "at(0)") });
    expect(r.out.error_type).toBe("EDIT_CHANGED_SINCE_READ");
    expect(r.out.error).toMatch(/removed/u);
    expect(s.text()).toBe(theirs);
  });

  it("shows the lines around a target partly removed, not only what is left of it", async () => {
    const content = [
      "const table = [",
      "  [1, 2],",
      "  [3, 4],",
      "  [3, 4],",
      "  [5, 6],",
      "];",
      "export default table;",
      "",
    ];
    const s = await session(content.join("\n"));
    await s.call("read_file", {});
    // Lines 2–3 go (and the last line changes): the remaining [3, 4] can be paired with the one read at line 3.
    const theirs = s.external((t) => t.replace("  [1, 2],\n  [3, 4],\n", "").replace("export default", "export"));
    const r = await s.call("edit_file", { old_str: "  [1, 2],\n  [3, 4],", new_str: "  [1, 2],\n  [3, 5]," });
    expect(r.out.error_type).toBe("EDIT_CHANGED_SINCE_READ");
    expect(r.out.error).toMatch(/removed/u);
    // Where the lines were: the line before them is shown, whichever copy of [3, 4] the diff kept.
    expect(r.text).toContain("     1\tconst table = [");
    expect(s.text()).toBe(theirs);
  });

  it("edits the occurrence that was read when someone else pasted a copy elsewhere", async () => {
    const s = await session();
    await s.call("read_file", {});
    const theirs = s.external((t) => `${t}function copy(items) {\n  let sum = 0;\n  return sum;\n}\n`);
    const r = await s.call("edit_file", { old_str: "  let sum = 0;", new_str: "  let sum = 1;" });
    expect(r.isError).toBeFalsy();
    expect(s.text()).toBe(theirs.replace("let sum = 0;", "let sum = 1;"));
    expect(s.text()).toContain("function copy(items) {\n  let sum = 0;");
  });

  it("refuses text that appeared since the read (a match on changed lines)", async () => {
    const s = await session();
    await s.call("read_file", {});
    const theirs = s.external((t) => t.replace("return items.length;", "return items.filter(Boolean).length;"));
    const r = await s.call("edit_file", { old_str: "items.filter(Boolean)", new_str: "items.filter(isValid)" });
    expect(r.out.error_type).toBe("EDIT_CHANGED_SINCE_READ");
    expect(r.out).not.toHaveProperty("read_lines");
    expect(s.text()).toBe(theirs);
  });

  it("counts the session's own edits as read: two edits in a row need no re-read", async () => {
    const s = await session();
    await s.call("read_file", {});
    expect((await s.call("edit_file", { old_str: "let sum = 0;", new_str: "let sum = 1;" })).isError).toBeFalsy();
    expect((await s.call("edit_file", { old_str: "let sum = 1;", new_str: "let sum = 2;" })).isError).toBeFalsy();
    expect(s.text()).toContain("let sum = 2;");
  });

  it("without a read through dwim, edits the current text; expected_hash is the explicit guard", async () => {
    const s = await session();
    const before = sha256Hex(Buffer.from(FILE));
    s.external((t) => t.replace("return sum;", "return sum ?? 0;"));
    const guarded = await s.call("edit_file", {
      old_str: "return sum ?? 0;",
      new_str: "return sum || 0;",
      expected_hash: before,
    });
    expect(guarded.out.error_type).toBe("EDIT_FILE_CHANGED");
    const plain = await s.call("edit_file", { old_str: "return sum ?? 0;", new_str: "return sum || 0;" });
    expect(plain.isError).toBeFalsy();
    expect(s.text()).toContain("return sum || 0;");
  });
});
