/** The conformance cases of edit_file and read_file, the negatives included (numbered in the order they were written). */
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { editFile } from "../../src/edit/edit.js";
import { contextFor, correctionTypes, editConfig, expectError, expectOk, runEdit, tempDir } from "./helpers.js";

describe("exact and lossless repairs (cases 1–12)", () => {
  it("1: exact replacement, no did_you_mean", async () => {
    const o = await runEdit("a = 1\nb = 2\n", { old_str: "b = 2", new_str: "b = 3" });
    const out = expectOk(o);
    expect(o.after).toBe("a = 1\nb = 3\n");
    expect(out.strategy).toBe("exact");
    expect(out.did_you_mean).toBeUndefined();
    expect(out.line_ranges).toEqual([{ start_line: 2, end_line: 2 }]);
  });

  it("2: an over-escaped old_str is unescaped, new_str untouched", async () => {
    const o = await runEdit('print("Hello\nWorld")\n', {
      old_str: 'print(\\"Hello\\nWorld\\")',
      new_str: 'print("Hello New World")',
    });
    const out = expectOk(o);
    expect(o.after).toBe('print("Hello New World")\n');
    expect(out.strategy).toBe("repair");
    expect(correctionTypes(out, "old_str")).toEqual(["unescape"]);
    expect(correctionTypes(out, "new_str")).toEqual([]);
  });

  it("3: both strings over-escaped: both unescaped one level", async () => {
    const o = await runEdit('printf("a\\n");\n', {
      old_str: 'printf(\\"a\\\\n\\");',
      new_str: 'printf(\\"b\\\\n\\");',
    });
    expectOk(o);
    expect(o.after).toBe('printf("b\\n");\n');
  });

  it("4: exact old_str: new_str escapes are written verbatim", async () => {
    const o = await runEdit('printf("a\\n");\n', { old_str: 'printf("a\\n");', new_str: 'printf("a\\n\\n");' });
    expect(expectOk(o).strategy).toBe("exact");
    expect(o.after).toBe('printf("a\\n\\n");\n');
  });

  it("5: LaTeX and Windows paths stay intact", async () => {
    const tex = await runEdit("\\title{Old}\n", { old_str: "\\title{Old}", new_str: "\\title{New}" });
    expect(expectOk(tex).strategy).toBe("exact");
    expect(tex.after).toBe("\\title{New}\n");
    const win = await runEdit("dir=C:\\new\\table\n", {
      old_str: "dir=C:\\new\\table",
      new_str: "dir=C:\\new\\tables",
    });
    expectOk(win);
    expect(win.after).toBe("dir=C:\\new\\tables\n");
    expect(win.after).not.toContain("\t");
  });

  it("6: unescaping that yields two matches is a mismatch, file unchanged", async () => {
    const content = 's = "q"\ns = "q"\n';
    const o = await runEdit(content, { old_str: 's = \\"q\\"', new_str: "s = 1" });
    const e = expectError(o, "EDIT_EXPECTED_OCCURRENCE_MISMATCH");
    expect(e.occurrences).toEqual([
      { start_line: 1, end_line: 1 },
      { start_line: 2, end_line: 2 },
    ]);
    expect(e.error).toContain("unescape");
    expect(o.after).toBe(content);
  });

  it("7: R7, expected_replacements counted on the corrected old_str", async () => {
    const o = await runEdit('x("a")\ny\nx("a")\n', {
      old_str: 'x(\\"a\\")',
      new_str: 'x(\\"b\\")',
      expected_replacements: 2,
    });
    expect(expectOk(o).replacements).toBe(2);
    expect(o.after).toBe('x("b")\ny\nx("b")\n');
  });

  it("8: read_file line-number prefixes stripped from both strings", async () => {
    const lines = Array.from({ length: 9 }, (_, i) => `l${i + 1}`);
    const content = `${lines.join("\n")}\n    return a\n}\n`;
    const o = await runEdit(content, {
      old_str: "    10\t    return a\n    11\t}",
      new_str: "    10\t    return b\n    11\t}",
    });
    const out = expectOk(o);
    expect(correctionTypes(out)).toContain("line_number_prefix");
    expect(o.after).toBe(`${lines.join("\n")}\n    return b\n}\n`);
  });

  it("9: a file that itself starts lines with numbers and TABs matches exactly", async () => {
    const o = await runEdit("1\tone\n2\ttwo\n", { old_str: "1\tone", new_str: "1\tuno" });
    expect(expectOk(o).strategy).toBe("exact");
    expect(o.after).toBe("1\tuno\n2\ttwo\n");
  });

  it("10: Markdown fences stripped", async () => {
    const o = await runEdit("x = 1\n", { old_str: "```py\nx = 1\n```", new_str: "```py\nx = 2\n```" });
    expect(correctionTypes(expectOk(o))).toContain("code_fence");
    expect(o.after).toBe("x = 2\n");
  });

  it("11: outer blank lines dropped", async () => {
    const o = await runEdit("a\nb\n", { old_str: "\n\nb\n\n", new_str: "\n\nc\n\n" });
    expect(correctionTypes(expectOk(o))).toContain("outer_whitespace");
    expect(o.after).toBe("a\nc\n");
  });

  it("12: HTML entities decoded", async () => {
    const o = await runEdit("if (a < b) {\n", { old_str: "if (a &lt; b) {", new_str: "if (a &lt;= b) {" });
    expect(correctionTypes(expectOk(o))).toContain("html_entity");
    expect(o.after).toBe("if (a <= b) {\n");
  });
});

describe("canonical matching and transplant (cases 13–22)", () => {
  it("13: L1 trailing whitespace kept on untouched characters", async () => {
    const o = await runEdit("foo()   \nbar()\n", { old_str: "foo()\nbar()", new_str: "foo(1)\nbar()" });
    const out = expectOk(o);
    expect(out.strategy).toBe("canonical");
    expect(correctionTypes(out, "old_str")).toContain("trailing_whitespace");
    expect(o.after).toBe("foo(1)   \nbar()\n");
  });

  it("14: L2 indentation drift, new lines at the file's depth", async () => {
    const o = await runEdit("class A:\n    def f(self):\n        return 1\n", {
      old_str: "def f(self):\n    return 1",
      new_str: "def f(self):\n    x = 2\n    return x",
    });
    expect(correctionTypes(expectOk(o), "old_str")).toContain("indentation");
    expect(o.after).toBe("class A:\n    def f(self):\n        x = 2\n        return x\n");
  });

  it("15: 2-space agent unit rendered in the file's 4-space unit, depth kept", async () => {
    const o = await runEdit("    if x:\n        a()\n", { old_str: "if x:\n  a()", new_str: "if x:\n  a()\n  b()" });
    expectOk(o);
    expect(o.after).toBe("    if x:\n        a()\n        b()\n");
  });

  it("16: spaces from the agent, tabs in the file", async () => {
    const o = await runEdit("func f() {\n\tif x {\n\t\ta()\n\t}\n}\n", {
      old_str: "    if x {\n        a()\n    }",
      new_str: "    if x {\n        a()\n        b()\n    }",
    });
    expectOk(o);
    expect(o.after).toBe("func f() {\n\tif x {\n\t\ta()\n\t\tb()\n\t}\n}\n");
  });

  it("17: CRLF files edited exactly, EOLs kept (also mixed)", async () => {
    const a = await runEdit("a\r\nb\r\n", { old_str: "a\nb", new_str: "a\nc" });
    expect(expectOk(a).strategy).toBe("exact");
    expect(a.after).toBe("a\r\nc\r\n");
    const b = await runEdit("a\r\nb\nc\r\n", { old_str: "b", new_str: "B\nB2" });
    expect(expectOk(b).strategy).toBe("exact");
    expect(b.after).toBe("a\r\nB\r\nB2\nc\r\n");
  });

  it("18: BOM kept; no final newline added", async () => {
    const a = await runEdit("\uFEFFx = 1\n", { old_str: "x = 1", new_str: "x = 2" });
    expectOk(a);
    expect(readFileSync(a.path)).toEqual(Buffer.from("\uFEFFx = 2\n", "utf8"));
    const b = await runEdit("a\nb", { old_str: "b", new_str: "c" });
    expectOk(b);
    expect(b.after).toBe("a\nc");
  });

  it("19: L3 Unicode fold keeps the file's curly apostrophe", async () => {
    const o = await runEdit('m = "Don’t panic"\n', { old_str: 'm = "Don\'t panic"', new_str: 'm = "Don\'t panic!"' });
    expect(correctionTypes(expectOk(o), "old_str")).toContain("unicode_fold");
    expect(o.after).toBe('m = "Don’t panic!"\n');
  });

  it("20: L4 intra-line whitespace kept where untouched", async () => {
    const o = await runEdit("x  =  f(a,  b)\n", { old_str: "x = f(a, b)", new_str: "x = f(a, c)" });
    expect(correctionTypes(expectOk(o), "old_str")).toContain("whitespace_collapse");
    expect(o.after).toBe("x  =  f(a,  c)\n");
  });

  it("21: a space between two words is never invented", async () => {
    const o = await runEdit("foobar()\n", { old_str: "foo bar()", new_str: "baz()" });
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(o.after).toBe("foobar()\n");
    const c = (e.candidates as Array<{ start_line: number; differences: string[] }>)[0];
    expect(c.start_line).toBe(1);
    expect(c.differences).toEqual(["whitespace"]);
  });

  it("22: old_str in the other quote style: new_str takes the file's quote style", async () => {
    const o = await runEdit('const API_URL = "https://old.api/v1"; // Note…\n', {
      old_str: "const API_URL = 'https://old.api/v1';",
      new_str: "const API_URL = 'https://new.api/v2';",
    });
    const out = expectOk(o);
    expect(correctionTypes(out, "old_str")).toContain("quote_style");
    expect(correctionTypes(out, "new_str")).toEqual(["transplant"]);
    expect(o.after).toBe('const API_URL = "https://new.api/v2"; // Note…\n');
  });
});

describe("fuzzy candidates and refusals (cases 23–26)", () => {
  const file23 = 'const API_URL = "https://old.api/v1" // Note…\n';
  const args23 = {
    old_str: "const API_URL = 'https://old.api/v1';",
    new_str: "const API_URL = 'https://new.api/v2';",
  };

  it("23: quotes plus a missing semicolon: likely_fix by default", async () => {
    const o = await runEdit(file23, args23);
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(e.likely_fix).toEqual({
      old_str: 'const API_URL = "https://old.api/v1"',
      new_str: 'const API_URL = "https://new.api/v2"',
    });
    expect(o.after).toBe(file23);
  });

  it("23: applied under fuzzy_policy = apply", async () => {
    const o = await runEdit(file23, args23, { config: editConfig({ fuzzy_policy: "apply" }) });
    const out = expectOk(o);
    expect(out.strategy).toBe("fuzzy");
    expect(o.after).toBe('const API_URL = "https://new.api/v2" // Note…\n');
  });

  it("24: a content difference is never applied (y := 99 is not y := 2)", async () => {
    const content = "func g() {\n\ty := 2\n\treturn y\n}\n";
    const o = await runEdit(
      content,
      { old_str: "func g() {\n\ty := 99\n\treturn y\n}", new_str: "func g() {\n\ty := 100\n\treturn y\n}" },
      { config: editConfig({ fuzzy_policy: "apply" }) },
    );
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(o.after).toBe(content);
    expect(e.likely_fix).toBeUndefined();
    const c = (e.candidates as Array<{ start_line: number; end_line: number; differences: string[] }>)[0];
    expect([c.start_line, c.end_line]).toEqual([1, 4]);
    expect(c.differences).toEqual(["content"]);
  });

  it("25: an elided middle (`...`) is never applied", async () => {
    const body = Array.from({ length: 28 }, (_, i) => `    v${i} = compute(${i})`);
    const content = `def big():\n${body.join("\n")}\n    return v27\n`;
    const old = `def big():\n${body.slice(0, 3).join("\n")}\n    ...\n${body.slice(25).join("\n")}\n    return v27`;
    const o = await runEdit(
      content,
      { old_str: old, new_str: old.replace("return v27", "return v0") },
      { config: editConfig({ fuzzy_policy: "apply" }) },
    );
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(o.after).toBe(content);
    expect(e.likely_fix).toBeUndefined();
    // The head and tail are found: the candidate spans the whole function, and the hint says why it failed.
    expect((e.candidates as Array<{ start_line: number; end_line: number }>)[0]).toMatchObject({
      start_line: 1,
      end_line: 30,
    });
    expect(e.hints[0]).toMatch(/'\.\.\.'/u);
  });

  it("26: a missing backslash is escaping, never applied", async () => {
    const o = await runEdit(
      "s = 'it\\'s'\n",
      { old_str: "s = 'it's'", new_str: "s = 'its'" },
      {
        config: editConfig({ fuzzy_policy: "apply" }),
      },
    );
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(o.after).toBe("s = 'it\\'s'\n");
    expect((e.candidates as Array<{ differences: string[] }>)[0].differences).toEqual(["escaping"]);
    expect(e.likely_fix).toBeUndefined();
  });
});

describe("occurrence counts and diagnostics (cases 27–32)", () => {
  it("27: two identical function tails: both ranges, hints quote each signature", async () => {
    const content = "func a() error {\n\treturn nil\n}\n\nfunc b() error {\n\treturn nil\n}\n";
    const o = await runEdit(content, { old_str: "\treturn nil\n}", new_str: "\treturn err\n}" });
    const e = expectError(o, "EDIT_EXPECTED_OCCURRENCE_MISMATCH");
    expect(e.occurrences).toEqual([
      { start_line: 2, end_line: 3 },
      { start_line: 6, end_line: 7 },
    ]);
    expect(e.hints.join("\n")).toContain("func a() error {");
    expect(e.hints.join("\n")).toContain("func b() error {");
  });

  it("28: mismatch after outer_whitespace", async () => {
    const o = await runEdit("\tx = 1\n\n        x = 1\n", { old_str: "x = 1 ", new_str: "x = 2" });
    const e = expectError(o, "EDIT_EXPECTED_OCCURRENCE_MISMATCH");
    expect(e.occurrences).toEqual([
      { start_line: 1, end_line: 1 },
      { start_line: 3, end_line: 3 },
    ]);
  });

  it("29: expected_replacements 2 replaces both; 3 is a mismatch with got 2", async () => {
    const two = await runEdit("a\nb\na\n", { old_str: "a", new_str: "c", expected_replacements: 2 });
    expectOk(two);
    expect(two.after).toBe("c\nb\nc\n");
    const three = await runEdit("a\nb\na\n", { old_str: "a", new_str: "c", expected_replacements: 3 });
    const e = expectError(three, "EDIT_EXPECTED_OCCURRENCE_MISMATCH");
    expect(e.got).toBe("2");
    expect(e.likely_fix).toBeUndefined();
    expect(three.after).toBe("a\nb\na\n");
  });

  it("30: omission placeholder refused; Python's Ellipsis is not one", async () => {
    const p = await runEdit("def f():\n    return 1\n", {
      old_str: "def f():\n    return 1",
      new_str: "def f():\n    # ... existing code ...\n    return 2",
    });
    expectError(p, "EDIT_OMISSION_PLACEHOLDER");
    const e = await runEdit("def f(): pass\n", { old_str: "def f(): pass", new_str: "def f(): ..." });
    expectOk(e);
    expect(e.after).toBe("def f(): ...\n");
  });

  it("31: already applied", async () => {
    const o = await runEdit("a\nb = 3\n", { old_str: "b = 2", new_str: "b = 3" });
    const e = expectError(o, "EDIT_ALREADY_APPLIED");
    expect(e.occurrences).toEqual([{ start_line: 2, end_line: 2 }]);
  });

  it("32: `$&` and `$$` are written verbatim", async () => {
    const o = await runEdit("p = 0\n", { old_str: "p = 0", new_str: 'p = "$&$$"' });
    expectOk(o);
    expect(o.after).toBe('p = "$&$$"\n');
  });
});

describe("files, paths and safety (cases 33–37)", () => {
  it("33: create absent (with parents), write a 0-byte file, refuse a non-empty one", async () => {
    const dir = tempDir();
    const ctx = contextFor(dir);
    const deps = { config: editConfig() };
    const created = await editFile({ path: "sub/dir/new.txt", old_str: "", new_str: "x\n" }, ctx, deps);
    expect(created.created).toBe(true);
    expect(readFileSync(join(dir, "sub/dir/new.txt"), "utf8")).toBe("x\n");
    writeFileSync(join(dir, "empty.txt"), "");
    const filled = await editFile({ path: "empty.txt", old_str: "", new_str: "x\n" }, ctx, deps);
    expect(filled.created).toBeUndefined();
    expect(readFileSync(join(dir, "empty.txt"), "utf8")).toBe("x\n");
    const refused = await editFile({ path: "empty.txt", old_str: "", new_str: "y\n" }, ctx, deps).catch((e) => e);
    expect(isToolError(refused) && refused.errorType).toBe("ATTEMPT_TO_CREATE_EXISTING_FILE");
    expect(readFileSync(join(dir, "empty.txt"), "utf8")).toBe("x\n");
  });

  it("34: a missing file gets likely_fix.path to its one close sibling, nothing written", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "helpers.ts"), "export const a = 1;\n");
    const e = await editFile({ path: "helper.ts", old_str: "a = 1", new_str: "a = 2" }, contextFor(dir), {
      config: editConfig(),
    }).catch((x) => x);
    expect(isToolError(e) && e.errorType).toBe("EDIT_FILE_NOT_FOUND");
    expect(e.payload.likely_fix).toEqual({ path: "helpers.ts" });
    expect(readFileSync(join(dir, "helpers.ts"), "utf8")).toBe("export const a = 1;\n");
  });

  it("34b: the core matcher decides: a case slip is a likely_fix, two equally close siblings only hints", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "Config.ts"), "x\n");
    writeFileSync(join(dir, "parse.ts"), "x\n");
    writeFileSync(join(dir, "parser.ts"), "x\n");
    const ctx = contextFor(dir);
    const deps = { config: editConfig() };
    const caseSlip = await editFile({ path: "config.ts", old_str: "x", new_str: "y" }, ctx, deps).catch((x) => x);
    expect(caseSlip.payload.likely_fix).toEqual({ path: "Config.ts" });
    const two = await editFile({ path: "parsed.ts", old_str: "x", new_str: "y" }, ctx, deps).catch((x) => x);
    expect(two.payload.likely_fix).toBeUndefined();
    expect(two.payload.hints.join(" ")).toMatch(/parse\.ts.*parser\.ts|parser\.ts.*parse\.ts/u);
  });

  it("35: outside the root and symlink escapes are denied", async () => {
    const dir = tempDir();
    const root = join(dir, "r");
    mkdirSync(root);
    writeFileSync(join(dir, "x"), "secret\n");
    symlinkSync(join(dir, "x"), join(root, "l"));
    const ctx = contextFor(root);
    for (const path of ["../x", "l", join(root, "l")]) {
      const e = await editFile({ path, old_str: "secret", new_str: "public" }, ctx, { config: editConfig() }).catch(
        (x) => x,
      );
      expect(isToolError(e) && e.errorType).toBe("EDIT_PATH_DENIED");
    }
    expect(readFileSync(join(dir, "x"), "utf8")).toBe("secret\n");
  });

  it("35: a symlink inside the root is followed and stays a symlink", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "target.txt"), "v = 1\n");
    symlinkSync(join(dir, "target.txt"), join(dir, "link.txt"));
    await editFile({ path: "link.txt", old_str: "v = 1", new_str: "v = 2" }, contextFor(dir), {
      config: editConfig(),
    });
    expect(readFileSync(join(dir, "target.txt"), "utf8")).toBe("v = 2\n");
    expect(statSync(join(dir, "link.txt")).isFile()).toBe(true);
    expect(readFileSync(join(dir, "link.txt"), "utf8")).toBe("v = 2\n");
  });

  it("36: stale expected_hash refused with current_sha256; dry_run writes nothing; old == new", async () => {
    const stale = await runEdit("a = 1\n", { old_str: "a = 1", new_str: "a = 2", expected_hash: "0".repeat(64) });
    const e = expectError(stale, "EDIT_FILE_CHANGED");
    expect(e.current_sha256).toMatch(/^[0-9a-f]{64}$/u);
    expect(stale.after).toBe("a = 1\n");

    const dir = tempDir();
    const path = join(dir, "f.txt");
    writeFileSync(path, "a = 1\n");
    const before = statSync(path).mtimeMs;
    const dry = await editFile({ path: "f.txt", old_str: "a = 1", new_str: "a = 2", dry_run: true }, contextFor(dir), {
      config: editConfig(),
    });
    expect(dry.dry_run).toBe(true);
    expect(String(dry.diff)).toContain("+a = 2");
    expect(readFileSync(path, "utf8")).toBe("a = 1\n");
    expect(statSync(path).mtimeMs).toBe(before);

    const same = await runEdit("a = 1\n", { old_str: "a = 1", new_str: "a = 1" });
    expectError(same, "EDIT_NO_CHANGE");
  });

  it("37: binary files refused; 40 lines of garbage in 1 MiB give no candidates, fast", async () => {
    const bin = await runEdit(Buffer.from([0x61, 0x00, 0x62, 0x0a]), { old_str: "a", new_str: "b" });
    expectError(bin, "EDIT_FILE_READ_ERROR");
    const words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"];
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < 1 << 20; i++) {
      const line = `const ${words[i % 8]}${i} = ${words[(i * 3) % 8]}(${i}, "${words[(i * 5) % 8]}");`;
      lines.push(line);
      size += line.length + 1;
    }
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const garbage = Array.from({ length: 40 }, () =>
      Array.from({ length: 30 }, () => String.fromCharCode(0x4e00 + (rnd() % 2000))).join(""),
    ).join("\n");
    const t0 = performance.now();
    const o = await runEdit(`${lines.join("\n")}\n`, { old_str: garbage, new_str: "x" });
    const ms = performance.now() - t0;
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(e.candidates).toEqual([]);
    expect(ms).toBeLessThan(1500);
  });

  it("keeps the file mode", async () => {
    const dir = tempDir();
    const path = join(dir, "run.sh");
    writeFileSync(path, "echo 1\n");
    chmodSync(path, 0o750);
    await editFile({ path: "run.sh", old_str: "echo 1", new_str: "echo 2" }, contextFor(dir), {
      config: editConfig(),
    });
    expect(statSync(path).mode & 0o777).toBe(0o750);
  });
});
