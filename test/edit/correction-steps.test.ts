/** The correction steps one by one: unescaping, the lossless repairs, canonical forms, merges, differences, splicing and the diff. */
import { describe, expect, it } from "vitest";
import { canonicalize, foldUnicode, invariantRuns } from "../../src/edit/correct/canonical.js";
import { classifyDifferences } from "../../src/edit/correct/differences.js";
import { parseProposal } from "../../src/edit/correct/llm.js";
import {
  decodeHtmlEntities,
  repairCombinations,
  stripCodeFence,
  stripLineNumbers,
  unescapeOnce,
} from "../../src/edit/correct/repairs.js";
import { detectUnit, merge3 } from "../../src/edit/correct/transplant.js";
import { newPlaceholder } from "../../src/edit/diagnostics.js";
import { SpanList, spliceSpans } from "../../src/edit/spans.js";
import { decodeFile } from "../../src/edit/text.js";
import { editDiff } from "../../src/edit/unified.js";

describe("unescapeOnce (one level, as Go's strconv.Unquote)", () => {
  it.each([
    ["\\n", "\n"],
    ["\\t", "\t"],
    ['\\"', '"'],
    ["\\\\", "\\"],
    ["\\r", "\r"],
    ["\\'", "'"],
    ["\\`", "`"],
    ['a\\nb "c" \\"d\\"', 'a\nb "c" "d"'],
    ["no escapes here", "no escapes here"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(unescapeOnce(input)).toBe(expected);
  });

  it("consumes each backslash pair once: one level only", () => {
    expect(unescapeOnce("\\\\n")).toBe("\\n");
    expect(unescapeOnce("\\\\\\n")).toBe("\\\n");
  });

  it("never touches \\ + newline, \\$, \\u, \\x or a lone trailing backslash", () => {
    for (const s of ["a\\\nb", "\\$HOME", "\\u00e9", "\\x41", "end\\"]) expect(unescapeOnce(s)).toBe(s);
  });

  it("reads \\uXXXX and \\u{…} with the unicode set, one level, alone or with the classic escapes", () => {
    const both = { classic: true, unicode: true };
    expect(unescapeOnce("\\u20AC \\u{1F600} \\uD83D\\uDE00", both)).toBe("€ 😀 😀");
    expect(unescapeOnce("\\u20AC\\n", { unicode: true })).toBe("€\\n");
    expect(unescapeOnce("\\\\u20AC", both)).toBe("\\u20AC");
    expect(unescapeOnce("\\\\u20AC", { unicode: true })).toBe("\\\\u20AC");
    for (const s of ["\\u20A", "\\u{110000}", "\\u{}", "\\uZZZZ"]) expect(unescapeOnce(s, both)).toBe(s);
  });
});

describe("lossless repairs", () => {
  it("strips the three line-number styles, consecutive numbers required for old_str", () => {
    expect(stripLineNumbers("    10\ta\n    11\tb", true)).toBe("a\nb");
    expect(stripLineNumbers("  7→x\n  8→y", true)).toBe("x\ny");
    expect(stripLineNumbers("3 | p\n4 | q", true)).toBe("p\nq");
    expect(stripLineNumbers("    10\ta\n    12\tb", true)).toBeUndefined();
    expect(stripLineNumbers("    10\ta\n    12\tb", false)).toBe("a\nb");
    expect(stripLineNumbers("a\n    11\tb", true)).toBeUndefined();
    expect(stripLineNumbers("    10\ta\n    11\n    12\tc", true)).toBe("a\n\nc");
  });

  it("strips a whole-string fence, with an optional file-name line", () => {
    expect(stripCodeFence("```ts\nconst a = 1;\n```")).toBe("const a = 1;");
    expect(stripCodeFence("src/a.ts\n```ts\nconst a = 1;\n```\n")).toBe("const a = 1;");
    expect(stripCodeFence("text ```x``` more")).toBeUndefined();
  });

  it("decodes only the five entities, one pass", () => {
    expect(decodeHtmlEntities("&lt;a&gt; &amp;amp; &quot;&#39; &nbsp;")).toBe("<a> &amp; \"' &nbsp;");
  });

  it("orders combinations smallest first", () => {
    const combos = repairCombinations('    1\t\\"x\\"\n    2\ty').map((c) => c.map((s) => s.type).join("+"));
    expect(combos[0]).toBe("line_number_prefix");
    expect(combos).toContain("line_number_prefix+unescape");
    expect(combos.indexOf("line_number_prefix+unescape")).toBeGreaterThan(combos.indexOf("unescape"));
  });
});

describe("canonical forms", () => {
  it("maps every canonical character back to its source", () => {
    const src = "  x  =  f(a,  b)   \n\n\tif (y) {\n";
    const c = canonicalize(src, 4);
    expect(c.s).toBe("x=f(a,b)\nif(y){\n");
    for (let i = 0; i < c.s.length; i++) {
      if (c.s[i] !== " " && c.s[i] !== "\n") expect(src[c.map[i]]).toBe(c.s[i]);
    }
  });

  it("keeps one space between words and never invents one", () => {
    expect(canonicalize("foo   bar()", 4).s).toBe("foo bar()");
    expect(canonicalize("foobar()", 4).s).toBe("foobar()");
  });

  it("folds typographic characters at L3 and unifies quotes at L5", () => {
    expect(foldUnicode("“a” – ‘b’ …\u00a0c")).toBe("\"a\" - 'b' ... c");
    expect(canonicalize("x = 'a' + `b`", 5).s).toBe('x="a"+"b"');
  });

  it("invariant runs are the words no level may change", () => {
    expect(invariantRuns('const API_URL = "https://x.io/v1";')).toEqual(["API_URL", "const", "https"]);
  });
});

describe("three-way merge", () => {
  it("takes theirs' change and keeps ours' differences elsewhere", () => {
    const r = merge3("x = f(a, b)", "x  =  f(a,  b)", "x = f(a, c)");
    expect(r).toEqual({ ok: true, text: "x  =  f(a,  c)" });
  });

  it("conflicts when both change the same characters differently", () => {
    expect(merge3("a = 'x'", 'a = "y"', "a = 'z'").ok).toBe(false);
  });

  it("accepts identical changes on both sides", () => {
    expect(merge3("a = 'x'", 'a = "x"', 'a = "x";')).toEqual({ ok: true, text: 'a = "x";' });
  });
});

describe("indent unit detection", () => {
  it("finds tabs, 2 and 4 spaces, ignoring JSDoc's one-space lines", () => {
    expect(detectUnit(["f() {", "\tx", "\t\ty"])).toBe("\t");
    expect(detectUnit(["a:", "  b:", "    c"])).toBe(2);
    expect(detectUnit(["/**", " * doc", " */", "function f() {", "    x();", "    if (y) {", "        z();"])).toBe(4);
  });
});

describe("differences", () => {
  it.each([
    ["  a()", "    a()", ["indentation"]],
    ["\ta()", "    a()", ["indentation", "tabs_spaces"]],
    ["a()", "a()   ", ["trailing_whitespace"]],
    ["f(a, b)", "f(a,  b)", ["whitespace"]],
    ["x = 'a'", 'x = "a"', ["quotes"]],
    ["Don't", "Don’t", ["unicode"]],
    ["a;", "a", ["punctuation"]],
    ["'it's'", "'it\\'s'", ["escaping"]],
    ["y := 99", "y := 2", ["content"]],
    ["    10\ta = 1", "a = 1", ["line_numbers"]],
    ["a\n\nb", "a\nb", ["blank_lines"]],
  ])("%j vs %j → %j", (old, text, expected) => {
    expect(classifyDifferences(old, text)).toEqual(expected);
  });
});

describe("placeholders", () => {
  it("finds comment-only omission lines that old_str lacks", () => {
    expect(newPlaceholder("a", "a\n// ... rest of the code ...")).toBe("// ... rest of the code ...");
    expect(newPlaceholder("a", "a\n    # … existing methods …")).toBeDefined();
    expect(newPlaceholder("// ... rest of the code ...", "b\n// ... rest of the code ...")).toBeUndefined();
    expect(newPlaceholder("a", "a\n    ...")).toBeUndefined();
    expect(newPlaceholder("a", "// existing code is fine")).toBeUndefined();
  });
});

describe("decoding and splicing", () => {
  it("reports EOL style, BOM and final newline", () => {
    const f = decodeFile(Buffer.from("\uFEFFa\r\nb\nc", "utf8"), "x");
    expect([f.bom, f.eol, f.finalNewline, f.lf]).toEqual([true, "mixed", false, "a\nb\nc"]);
    expect(decodeFile(Buffer.from("a\r\nb\r\nc\n"), "x").dominantEol).toBe("\r\n");
  });

  it("splices by index in the original text", async () => {
    const f = decodeFile(Buffer.from("a\r\nb\r\nc\r\n"), "x");
    const { text } = await spliceSpans(f, SpanList.of([{ start: 2, end: 4, text: "X\nY\n" }]));
    expect(text).toBe("a\r\nX\r\nY\r\nc\r\n");
  });

  it("refuses invalid UTF-8 and NUL bytes", () => {
    expect(() => decodeFile(Buffer.from([0xc3, 0x28]), "x")).toThrow(/UTF-8/u);
    expect(() => decodeFile(Buffer.from("a\0b"), "x")).toThrow(/binary/u);
  });
});

describe("misc", () => {
  it("parses a proposal in a fence, rejects anything else", () => {
    expect(parseProposal('```json\n{"old_str":"a","new_str":"b"}\n```')).toEqual({ old_str: "a", new_str: "b" });
    expect(parseProposal("{}")).toBeUndefined();
    expect(parseProposal("nope")).toBeUndefined();
  });

  it("renders a unified diff with context and cuts it at the limit", async () => {
    const d = await editDiff("f", "a\nb\nc\n", "a\nB\nc\n", SpanList.of([{ start: 2, end: 3, text: "B" }]));
    expect(d).toBe("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    const starts = Int32Array.from({ length: 3000 }, (_, i) => 2 * i);
    const big = await editDiff("f", "x\n".repeat(3000), "y\n".repeat(3000), SpanList.uniform(starts, 1, "y"), 4096);
    expect(Buffer.byteLength(big)).toBeLessThanOrEqual(4096);
    expect(big).toContain("(diff cut at 4096 bytes)");
  });
});
