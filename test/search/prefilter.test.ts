/**
 * The ripgrep prefilter: every line the fzf matcher accepts must get through ripgrep, and a search with the
 * prefilter must answer exactly as one that scores every line — on generated trees and queries.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { searchContent } from "../../src/search/content.js";
import { DEFAULT_SCHEME } from "../../src/search/fzf/charclass.js";
import { ASCII_PREIMAGE_RANGES, codesMatching, scanPreimages } from "../../src/search/fzf/forms.js";
import { Field, QueryMatcher, termMatches } from "../../src/search/fzf/matcher.js";
import { parseQuery } from "../../src/search/fzf/pattern.js";
import { PathGate } from "../../src/search/path-gate.js";
import {
  MAX_HINT_PATHS,
  MAX_INLINE_FUZZY_CHARS,
  planPrefilter,
  readInFull,
  termPattern,
  termRegex,
} from "../../src/search/prefilter.js";
import { locateRipgrep } from "../../src/search/ripgrep.js";
import { envFor } from "./fixture.js";

const rg = locateRipgrep().path;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), "dwim-prefilter-")));
  dirs.push(d);
  return d;
}

function writeTree(files: Record<string, string | Buffer>): string {
  const root = tempDir();
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  }
  return root;
}

/** Line numbers (1-based) ripgrep prints for `pattern` in `file`. */
function rgLines(file: string, pattern: string): number[] {
  const r = spawnSync(rg, ["--no-config", "-n", "--no-heading", "--no-filename", "-e", pattern, "--", file], {
    encoding: "utf8",
  });
  expect(r.status === 0 || r.status === 1, r.stderr).toBe(true);
  return r.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => Number(l.slice(0, l.indexOf(":"))));
}

const plan = (query: string) =>
  planPrefilter([{ matcher: new QueryMatcher(query, DEFAULT_SCHEME), everySet: true }], [], true);

describe("term regexes", () => {
  it("fuzzy terms allow any bytes between characters; smart case picks the ASCII forms", () => {
    // `'ab`: an exact term of letters only leaves the accented forms to one shared alternative (its literal stays).
    expect(termPattern(parseQuery("'ab")[0][0])).toEqual({
      regex: "(?-u:[\\x41\\x61][\\x42\\x62])",
      wide: [
        "\\xC3",
        "\\xC4",
        "\\xC7",
        "\\xC8",
        "\\xC9",
        "\\xCD",
        "\\xE1\\xB8",
        "\\xE1\\xBA",
        "\\xE2\\x84",
        "\\xE2\\xB1",
        "\\xC6",
      ],
    });
    expect(termPattern(parseQuery("'aB")[0][0])?.regex).toBe("(?-u:\\x61\\x42)");
    // A case-sensitive term that starts with a capital keeps its forms inline: the first character's are exact.
    const capital = termPattern(parseQuery("'Ab")[0][0]);
    expect(capital?.wide).toEqual([]);
    expect(capital?.regex).toMatch(/^\(\?-u:\(\?:\\x41\|\\xC3\[\\x80-\\x85\]\|/u);
  });
  it("short fuzzy terms and terms with a character of one form carry the accented forms inline", () => {
    // à-å and À-Å are \xC3\x80-\x85 and \xC3\xA0-\xA5: the first character's forms exactly (the prefilter's
    // literals). ƀ-ƃ (\xC6\x80-\x83), Ƀ and ɓ (\xC9\x83, \xC9\x93) and ḃ-ḇ (\xE1\xB8\x82-\x87) after it: any character
    // of those blocks (fzf's table: ʙ and ᴃ read as B, so a case-insensitive b, which lower-cases the text, never
    // meets them).
    const ab = termPattern(parseQuery("ab")[0][0]);
    expect(ab?.wide).toEqual([]);
    expect(ab?.regex).toMatch(/^\(\?-u:\(\?:\[\\x41\\x61\]\|\\xC3\[\\x80-\\x85\\xA0-\\xA5\]\|/u);
    expect(ab?.regex).toContain("[^\\n]*(?:[\\x42\\x62]|[\\xC6\\xC9][\\x80-\\xBF]|\\xE1\\xB8[\\x80-\\xBF])");
    expect(termPattern(parseQuery("'a.b")[0][0])?.wide).toEqual([]);
    const long = termPattern(parseQuery("a".repeat(MAX_INLINE_FUZZY_CHARS + 1))[0][0]);
    expect(long?.regex).not.toContain("\\xC3");
    expect(long?.wide).toContain("\\xC3");
  });
  it("anchored terms keep their anchors and the whitespace the matcher trims", () => {
    expect(termRegex(parseQuery("^ab")[0][0])).toMatch(/^\^\(\?-u:\[\\t/u);
    expect(termRegex(parseQuery("ab$")[0][0])).toMatch(/\)\*\$$/u);
  });
  it("what cannot be expressed soundly is not prefiltered", () => {
    expect(termRegex(parseQuery("!ab")[0][0])).toBeUndefined();
    expect(termRegex(parseQuery("a\u{1F600}")[0][0])).toBeUndefined();
    expect(termRegex(parseQuery("a\uFFFDb")[0][0])).toBeUndefined();
    expect(plan("!test")).toBeUndefined();
    expect(plan("ab | !cd")).toBeUndefined();
    expect(plan("ab !cd")?.pattern).toBeDefined();
  });
  it("the short preimage scan for ASCII characters equals the full one", () => {
    const full = scanPreimages([[0, 0xffff]]);
    const short = scanPreimages(ASCII_PREIMAGE_RANGES);
    for (let c = 0; c < 0x80; c++) {
      expect(short.lower.get(c) ?? []).toEqual(full.lower.get(c) ?? []);
      expect(short.folded.get(c) ?? []).toEqual(full.folded.get(c) ?? []);
      for (const f of full.folded.get(c) ?? []) expect(short.lower.get(f) ?? []).toEqual(full.lower.get(f) ?? []);
    }
    expect(codesMatching("k".charCodeAt(0), false, false)).toContain(0x212a);
    expect(codesMatching("e".charCodeAt(0), true, true)).toContain("é".charCodeAt(0));
  });
});

/** Characters that exercise case, folding, word classes, delimiters, surrogates and the Kelvin sign. */
// With forms fzf folds outside the Latin letter blocks too (ɐ, ɓ, ʙ, ᴇ, combining ͤ, subscript ₛ).
const LINE_CHARS = [
  ..."aAbBeEkKsSxyz_./:-( )\t",
  "é",
  "É",
  "ß",
  "σ",
  "Σ",
  "\u212A",
  "😀",
  "ﬁ",
  "ɐ",
  "ɓ",
  "ʙ",
  "ᴇ",
  "ͤ",
  "ₛ",
  "Ƀ",
];
const TERM_CHARS = [..."aAbBeEkKsSxz_./(", "é", "σ", "\u212A"];

const lineArb = fc.array(fc.constantFrom(...LINE_CHARS), { maxLength: 24 }).map((cs) => cs.join(""));
const termArb = fc
  .tuple(
    fc.constantFrom("", "", "'", "^", "!", "!'"),
    // Short terms, and long ones (fuzzy terms beyond MAX_INLINE_FUZZY_CHARS share their accented forms).
    fc
      .oneof(
        fc.array(fc.constantFrom(...TERM_CHARS), { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom(...TERM_CHARS), { minLength: 11, maxLength: 13 }),
      )
      .map((cs) => cs.join("")),
    fc.constantFrom("", "", "$", "'"),
  )
  .map(([a, b, c]) => `${a}${b}${c}`);
const queryArb = fc
  .array(fc.tuple(termArb, fc.boolean()), { minLength: 1, maxLength: 3 })
  .map((ts) => ts.map(([t, or], i) => (i > 0 && or ? `| ${t}` : t)).join(" "));

describe("soundness: ripgrep prints every line the matcher accepts", () => {
  it("on generated lines and queries (content only)", () => {
    const dir = tempDir();
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), queryArb, (lines, query) => {
        const p = plan(query);
        if (!p) return;
        const file = join(dir, "lines.txt");
        writeFileSync(file, `${lines.join("\n")}\n`);
        const matcher = new QueryMatcher(query, DEFAULT_SCHEME);
        const got = new Set(rgLines(file, p.pattern));
        lines.forEach((l, i) => {
          if (l !== "" && matcher.match([new Field(l)])) expect(got.has(i + 1), `${query} / ${l}`).toBe(true);
        });
      }),
      { numRuns: 60 },
    );
  });
});

/** A small tree: paths and lines from the same alphabet, so terms match paths as well as content. */
const nameArb = fc.array(fc.constantFrom(..."abeksxz"), { minLength: 1, maxLength: 5 }).map((cs) => cs.join(""));
const treeArb = fc.dictionary(
  fc.tuple(fc.constantFrom("", "src/", "src/sub/", "ks/"), nameArb).map(([d, n]) => `${d}${n}.txt`),
  fc
    .tuple(fc.array(lineArb, { maxLength: 8 }), fc.constantFrom("\n", "\r\n"), fc.boolean())
    .map(([lines, eol, bom]) => `${bom ? "\uFEFF" : ""}${lines.join(eol)}${eol}`),
  { minKeys: 1, maxKeys: 6 },
);

describe("a prefiltered search answers exactly as one that scores every line", () => {
  it("on generated trees and queries", async () => {
    await fc.assert(
      fc.asyncProperty(treeArb, queryArb, async (tree, query) => {
        const root = writeTree(tree);
        const call = { fuzzy_filter: query, limit: 1000, auto_retry: false };
        const pre = await searchContent(call, envFor(root));
        // `[\s\S]` sends every non-empty line through ripgrep's output to the matcher: no prefilter.
        const all = await searchContent({ ...call, regex_pattern: "[\\s\\S]" }, envFor(root));
        expect(pre.matches).toEqual(all.matches);
        expect(pre.total_matches).toBe(all.total_matches);
        // A small page: once full, lines that cannot rank are only counted; the page is still the best two.
        const top = await searchContent({ ...call, limit: 2 }, envFor(root));
        expect(top.matches).toEqual(all.matches.slice(0, 2));
        expect(top.total_matches).toBe(all.total_matches);
        // Files with no line at all: `[\s\S]` matched nothing (no_candidate_lines); the prefilter cannot tell.
        if (all.diagnostics?.reason !== "no_candidate_lines") {
          expect(pre.diagnostics?.per_term).toEqual(all.diagnostics?.per_term);
          expect(pre.diagnostics?.drop_one).toEqual(all.diagnostics?.drop_one);
        }
        rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: 25 },
    );
  });
});

describe("the path pass", () => {
  it("finds a path-only match without the term in any line", async () => {
    const root = writeTree({
      "src/widget_factory.txt": "alpha line\nbeta line\n",
      "src/other.txt": "alpha elsewhere\n",
    });
    const r = await searchContent({ fuzzy_filter: "widget alpha" }, envFor(root));
    expect(r.matches.map((m) => `${m.file}:${m.line}`)).toEqual(["src/widget_factory.txt:1"]);
    expect(r.total_matches).toBe(1);
  });
  it("reads in full only the files whose path satisfies what ripgrep scans for", () => {
    const matcher = new QueryMatcher("widget alpha", DEFAULT_SCHEME);
    const p = planPrefilter([{ matcher, everySet: true }], [], false);
    expect(p).toBeDefined();
    const paths = ["src/widget_factory.txt", "src/other.txt", "alpha/readme.txt"];
    const full = paths.filter((path) => readInFull(p as NonNullable<typeof p>, path, false));
    // ripgrep scans for one set; a path satisfying that set must be read here.
    const scanned = p?.scanned[0][0];
    expect(full).toEqual(scanned === "alpha" ? ["alpha/readme.txt"] : ["src/widget_factory.txt"]);
  });
  it("a long recent listing still steers the scan away from a set most paths satisfy (a sample is weighed)", () => {
    const matcher = new QueryMatcher("widget alpha", DEFAULT_SCHEME);
    const hint = Array.from({ length: 3 * MAX_HINT_PATHS + 7 }, (_, i) => `widget/part${i}.txt`);
    const p = planPrefilter([{ matcher, everySet: true }], hint, false);
    // Scanning for "widget" would leave every file to be read in full: ripgrep scans for "alpha".
    expect(p?.scanned).toEqual([["alpha"]]);
    // Decided on the actual listing: only a path that satisfies "alpha" is read in full.
    const listed = ["widget/new.txt", "other/alpha.txt"];
    expect(listed.filter((path) => readInFull(p as NonNullable<typeof p>, path, false))).toEqual(["other/alpha.txt"]);
  });
  it("a listed file whose path satisfies a set ripgrep scans for is read in full, whatever the hint", () => {
    const pathArb = fc
      .tuple(fc.constantFrom("", "src/", "src/sub/", "ks/", "É/"), fc.array(lineArb, { minLength: 1, maxLength: 2 }))
      .map(([d, parts]) => `${d}${parts.join("/")}.txt`);
    fc.assert(
      fc.property(fc.array(pathArb, { minLength: 1, maxLength: 8 }), queryArb, fc.boolean(), (paths, query, hinted) => {
        const matcher = new QueryMatcher(query, DEFAULT_SCHEME);
        // The hint may be the very listing or none: it only guides which set is scanned for.
        const p = planPrefilter([{ matcher, everySet: true }], hinted ? paths : [], false);
        if (!p) return;
        const scanned = p.choices[0].option.map((i) => matcher.sets[i]);
        for (const path of paths) {
          const field = new Field(path);
          // Its lines need not contain what ripgrep scans for: only reading it here finds them.
          const satisfied = scanned.some((set) => set.some((t) => !t.inverse && termMatches(t, field, matcher.scheme)));
          // Unless a set of inverse terms only, each in the path, rules every line of the file out.
          const ruledOut = matcher.sets.some((set) =>
            set.every((t) => t.inverse && termMatches(t, field, matcher.scheme)),
          );
          if (satisfied && !ruledOut) expect(readInFull(p, path, false), `${query} / ${path}`).toBe(true);
          expect(readInFull(p, path, true), `${query} / ${path} (content only)`).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
  it("the path gate never rules out a path some term matches (so one answer serves every other path)", () => {
    const pathArb = fc
      .tuple(fc.constantFrom("", "src/", "ks/", "É/", "\u212A/"), fc.array(lineArb, { minLength: 1, maxLength: 2 }))
      .map(([d, parts]) => `${d}${parts.join("/")}.txt`);
    let ruledOut = 0;
    fc.assert(
      fc.property(fc.array(pathArb, { minLength: 1, maxLength: 8 }), queryArb, (paths, query) => {
        const matcher = new QueryMatcher(query, DEFAULT_SCHEME);
        const terms = matcher.sets.flat();
        const gate = new PathGate(terms);
        for (const path of paths) {
          if (gate.mayMatch(path)) continue;
          ruledOut++;
          const field = new Field(path);
          for (const t of terms)
            expect(termMatches(t, field, matcher.scheme), `${query} / ${path} / ${t.raw}`).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
    // The property says something only if the gate does rule paths out.
    expect(ruledOut).toBeGreaterThan(100);
  });
  it("a path no term can match is decided like every other such path", () => {
    const matcher = new QueryMatcher("widget | gadget !zzz", DEFAULT_SCHEME);
    const p = planPrefilter([{ matcher, everySet: true }], [], false);
    expect(p).toBeDefined();
    const plan = p as NonNullable<typeof p>;
    expect(new PathGate(matcher.sets.flat()).mayMatch("lib/parser.c")).toBe(false);
    expect(readInFull(plan, "lib/parser.c", false)).toBe(readInFull(plan, "doc/notes.md", false));
    // A path with an inverse term's text is not one of them: "zzz" rules its lines out.
    expect(readInFull(plan, "zzz/widget.c", false)).toBe(false);
    expect(readInFull(plan, "src/widget.c", false)).toBe(true);
  });
  it("files read in full that ripgrep reads differently (binary, UTF-16) give ripgrep's own lines", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("in utf16\nsecond\n", "utf16le")]);
    // A NUL beyond ripgrep's first buffer: it prints the lines of the buffers before it.
    const late = Buffer.concat([
      Buffer.from("filler\n".repeat(20_000)),
      Buffer.from("early line\n"),
      Buffer.from("filler\n".repeat(20_000)),
      Buffer.from([0]),
      Buffer.from("\nlate\n"),
    ]);
    const root = writeTree({
      "widget16.txt": utf16,
      "widget.dat": Buffer.from("before nul\n\0after\n"),
      "widget_x.dat": late,
      "wid[get] {a,b} !#.txt": "\uFEFFodd name line\n",
      "plain.txt": "plain widget\n",
    });
    const pre = await searchContent({ fuzzy_filter: "widget line | utf16 | nul | late", limit: 1000 }, envFor(root));
    const all = await searchContent(
      { fuzzy_filter: "widget line | utf16 | nul | late", limit: 1000, regex_pattern: "[\\s\\S]" },
      envFor(root),
    );
    expect(pre.matches).toEqual(all.matches);
    expect(pre.total_matches).toBe(all.total_matches);
    const files = new Set(pre.matches.map((m) => m.file));
    expect(files.has("widget16.txt")).toBe(true);
    expect(files.has("wid[get] {a,b} !#.txt")).toBe(true);
    expect(files.has("widget.dat")).toBe(false);
    expect(pre.matches.find((m) => m.file === "widget_x.dat")?.line).toBe(20_001);
  });
});
