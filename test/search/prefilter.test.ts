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
  pathFinder,
  planPrefilter,
  readInFull,
  stageRegex,
  termPattern,
  termRegex,
} from "../../src/search/prefilter.js";
import { filterStageArgs, locateRipgrep } from "../../src/search/ripgrep.js";
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
    // A case-sensitive term that starts with a capital keeps its forms inline: the first character's are exact when
    // they are few (T: Ʈ, Ⱦ, ᴛ), blocks when they are many (A).
    const capital = termPattern(parseQuery("'Tb")[0][0]);
    expect(capital?.wide).toEqual([]);
    expect(capital?.regex).toMatch(/^\(\?-u:\(\?:\\x54\|\\xC6\\xAE\|\\xC8\\xBE\|\\xE1\\xB4\\x9B\)/u);
    expect(termPattern(parseQuery("'Ab")[0][0])?.regex).toMatch(/^\(\?-u:\(\?:\\x41\|\[\\xC3\\xC8\]\[\\x80-\\xBF\]\|/u);
  });
  it("short fuzzy terms and terms with a character of one form carry the accented forms inline", () => {
    // Ĵ, ĵ are \xC4\xB4 and \xC4\xB5: a first character of few forms lists them exactly (the prefilter's literals).
    // ƀ-ƃ (\xC6\x80-\x83), Ƀ and ɓ (\xC9\x83, \xC9\x93) and ḃ-ḇ (\xE1\xB8\x82-\x87) after it: any character of those
    // blocks (fzf's table: ʙ and ᴃ read as B, so a case-insensitive b, which lower-cases the text, never meets them).
    const jb = termPattern(parseQuery("jb")[0][0]);
    expect(jb?.wide).toEqual([]);
    expect(jb?.regex).toMatch(/^\(\?-u:\(\?:\[\\x4A\\x6A\]\|\\xC4\[\\xB4\\xB5\]\|/u);
    expect(jb?.regex).toContain("[^\\n]*(?:[\\x42\\x62]|[\\xC6\\xC9][\\x80-\\xBF]|\\xE1\\xB8[\\x80-\\xBF])");
    // A has more forms than MAX_PREFILTER_LITERALS: blocks from the first character on (à-å, À-Å: \xC3\x80-\xBF).
    const ab = termPattern(parseQuery("ab")[0][0]);
    expect(ab?.wide).toEqual([]);
    expect(ab?.regex).toMatch(/^\(\?-u:\(\?:\[\\x41\\x61\]\|\[\\xC3\\xC4\\xC7-\\xC9\\xCD\]\[\\x80-\\xBF\]\|/u);
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
        // Again, now planned on the first call's listing and on lines of its files (what a server's next call does).
        const again = await searchContent(call, envFor(root));
        expect(again.matches).toEqual(all.matches);
        expect(again.total_matches).toBe(all.total_matches);
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

describe("a file whose path decides the query is scored line by line's equal", () => {
  // Every line of such a file matches with one score (QueryMatcher.pathDecidedScore): only its length orders them.
  const asciiLineArb = fc
    .tuple(
      fc.array(fc.constantFrom(..."abcdeklsx _./(AB"), { maxLength: 30 }),
      fc.constantFrom("", "", " ", "\t", " \t ", "\v", "\f"),
    )
    .map(([cs, tail]) => `${cs.join("")}${tail}`);
  const wordArb = fc.array(fc.constantFrom(..."abcdekls"), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(""));
  const caseArb = fc.tuple(
    fc.array(fc.tuple(fc.constantFrom("", "'", "^"), wordArb, fc.boolean()), { minLength: 1, maxLength: 3 }),
    fc.array(fc.tuple(fc.array(asciiLineArb, { maxLength: 12 }), fc.constantFrom("\n", "\r\n")), {
      minLength: 1,
      maxLength: 4,
    }),
  );

  it("on generated ASCII files under directories named by the query's words", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ([terms, bodies]) => {
        const query = terms.map(([kind, w, or], i) => `${i > 0 && or ? "| " : ""}${kind}${w}`).join(" ");
        const dir = terms.map(([, w]) => w).join("_");
        const tree: Record<string, string> = {};
        bodies.forEach(([lines, eol], i) => {
          tree[`${dir}/f${i}.txt`] = `${lines.join(eol)}${eol}`;
          tree[`other/g${i}.txt`] = `${lines.join(eol)}${eol}`;
        });
        const root = writeTree(tree);
        for (const limit of [1000, 2]) {
          const call = { fuzzy_filter: query, limit, auto_retry: false };
          const pre = await searchContent(call, envFor(root));
          const all = await searchContent({ ...call, regex_pattern: "[\\s\\S]" }, envFor(root));
          expect(pre.matches, query).toEqual(all.matches);
          expect(pre.total_matches, query).toBe(all.total_matches);
        }
        rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: 40 },
    );
  });

  it("every line of `read line` under read/line/ matches, shortest first", async () => {
    const root = writeTree({ "read/line/x.txt": "a long line here  \n\nshort\t\nmid line\r\n" });
    const r = await searchContent({ fuzzy_filter: "read line", limit: 10, auto_retry: false }, envFor(root));
    expect(r.total_matches).toBe(3);
    expect(r.matches.map((m) => m.line)).toEqual([3, 4, 1]);
  });
});

/** ripgrep's filter stage over `records` (`path\0line:content`, one a line): the indices it keeps. */
function stageKeeps(records: string[], regex: string): number[] {
  const r = spawnSync(rg, filterStageArgs(regex), { input: `${records.join("\n")}\n`, encoding: "utf8" });
  expect(r.status === 0 || r.status === 1, r.stderr).toBe(true);
  const kept = new Set(r.stdout.split("\n").filter((l) => l !== ""));
  return records.map((rec, i) => (kept.has(rec) ? i : -1)).filter((i) => i >= 0);
}

describe("filter stages", () => {
  it("keep every record whose path or content satisfies the set (and, content only, whose content does)", () => {
    const pathArb = fc
      .tuple(fc.constantFrom("", "./", "src/", "É/"), fc.array(fc.constantFrom(...LINE_CHARS), { maxLength: 8 }))
      .map(([d, cs]) => `${d}${cs.join("").replaceAll("\n", "")}x.txt`);
    fc.assert(
      fc.property(fc.array(fc.tuple(pathArb, lineArb), { minLength: 1, maxLength: 12 }), queryArb, (rows, query) => {
        const matcher = new QueryMatcher(query, DEFAULT_SCHEME);
        const records = rows.map(([path, line], i) => `${path}\0${i + 1}:${line}`);
        for (const set of matcher.sets) {
          for (const contentOnly of [false, true]) {
            const regex = stageRegex(set, contentOnly);
            if (regex === undefined) continue;
            const kept = new Set(stageKeeps(records, regex));
            rows.forEach(([path, line], i) => {
              const display = path.startsWith("./") ? path.slice(2) : path;
              const fields = contentOnly ? [new Field(line)] : [new Field(display), new Field(line)];
              const ok = set.some((t) => !t.inverse && fields.some((f) => termMatches(t, f, matcher.scheme)));
              if (ok) expect(kept.has(i), `${query} / ${set.map((t) => t.raw)} / ${records[i]}`).toBe(true);
            });
          }
        }
      }),
      { numRuns: 40 },
    );
  });
  it("keep a record only for a term in its path or in its content, not one spread over both", () => {
    const [set] = parseQuery("mode");
    const records = ["src/mo\x001:de", "src/mode.go\x002:nothing", "src/x.go\x003:the mode", "src/m.go\x004:ode"];
    expect(stageKeeps(records, stageRegex(set, false) as string)).toEqual([1, 2]);
    expect(stageKeeps(records, stageRegex(set, true) as string)).toEqual([2]);
    // Anchored terms keep their anchors on the content, which starts after the line number.
    const [prefix] = parseQuery("^mode");
    expect(
      stageKeeps(["a.go\x001:mode x", "a.go\x002:x mode", "a.go\x0012:  mode"], stageRegex(prefix, true) as string),
    ).toEqual([0, 2]);
  });
});

describe("choosing what ripgrep scans for", () => {
  const scanned = (query: string, hints: string[], sample: string[] = []) =>
    planPrefilter(
      [{ matcher: new QueryMatcher(query, DEFAULT_SCHEME), everySet: true }],
      hints,
      false,
      sample.map((l) => new Field(l)),
    )?.scanned[0];
  it("weighs how many lines of the files each set selects, measured on a sample of them", () => {
    // A longer term is the rarer one by the prior; the sample says otherwise.
    expect(scanned("abcdefgh xy", [])).toEqual(["abcdefgh"]);
    const lines = Array.from({ length: 200 }, (_, i) => (i % 50 === 0 ? "an xy here" : `abcdefgh line ${i}`));
    expect(scanned("abcdefgh xy", [], lines)).toEqual(["xy"]);
  });
  it("of sets as selective, prefers one whose first letter ripgrep can search for as a few literals", () => {
    // As many lines hold `cookie` as `jar`, but c has more forms than ripgrep searches for as literals (it runs its
    // automaton over every byte), and few lines hold a j.
    const lines = Array.from({ length: 200 }, (_, i) =>
      i % 50 === 0 ? "a cookie" : i % 50 === 1 ? "a jar" : `code ${i}`,
    );
    expect(scanned("cookie jar", [], lines)).toEqual(["jar"]);
    expect(scanned("jar cookie", [], lines)).toEqual(["jar"]);
  });
  it("scans for a union of sets when each alone would leave many files to read in full", () => {
    // Half the paths satisfy one set, half the other: one set alone leaves half the files to read; the union, none.
    const hints = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? `widget/p${i}.txt` : `gadget/p${i}.txt`));
    const lines = Array.from(
      { length: 400 },
      (_, i) => `line ${i}${i % 40 === 0 ? " widget" : ""}${i % 40 === 1 ? " gadget" : ""}`,
    );
    const p = planPrefilter(
      [{ matcher: new QueryMatcher("widget gadget", DEFAULT_SCHEME), everySet: true }],
      hints,
      false,
      lines.map((l) => new Field(l)),
    );
    expect(p?.scanned[0]).toHaveLength(2);
    // Each set of the union is a filter stage: a line may hold only one of them.
    expect(p?.filters).toHaveLength(2);
    const plan = p as NonNullable<typeof p>;
    expect(readInFull(plan, "widget/new.txt", false)).toBe(false);
    expect(readInFull(plan, "widget/gadget.txt", false)).toBe(true);
  });
  it("a union answers as a search that scores every line", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) {
      files[`widget/p${i}.txt`] = `plain ${i}\ngadget here ${i}\nwidget only\n`;
      files[`gadget/q${i}.txt`] = `plain ${i}\nwidget there\ngadget only\n`;
    }
    files["other/both.txt"] = "widget and gadget\nneither\n";
    files["widget/gadget.txt"] = "any line\n";
    const root = writeTree(files);
    const call = { fuzzy_filter: "widget gadget", limit: 1000, auto_retry: false };
    const all = await searchContent({ ...call, regex_pattern: "[\\s\\S]" }, envFor(root));
    for (let i = 0; i < 3; i++) {
      const r = await searchContent(call, envFor(root));
      expect(r.matches).toEqual(all.matches);
      expect(r.total_matches).toBe(all.total_matches);
    }
    expect(all.total_matches).toBe(24 + 1 + 1);
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
  it("the files a scan would leave to be read in full are weighed by their size when sizes are known", () => {
    const matcher = () => [{ matcher: new QueryMatcher("widget alpha", DEFAULT_SCHEME), everySet: true }];
    // Two of a hundred paths satisfy "widget", but they hold most of the bytes (generated files are like that).
    const hint = Array.from({ length: 100 }, (_, i) => (i < 2 ? `widget/generated${i}.txt` : `src/part${i}.txt`));
    const bytes = hint.map((_, i) => (i < 2 ? 5_000_000 : 2_000));
    const counted = planPrefilter(matcher(), hint, false);
    const weighed = planPrefilter(matcher(), hint, false, [], bytes);
    expect(counted?.scanned).toEqual([["widget"]]);
    expect(weighed?.scanned).toEqual([["alpha"]]);
    // Sizes that do not line up with the paths are not used.
    expect(planPrefilter(matcher(), hint, false, [], bytes.slice(1))?.scanned).toEqual([["widget"]]);
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
          // When the path satisfies every set ripgrep scans for (one, or a union), the file's lines need not contain
          // any of them: only reading it here finds them. A path that leaves one to the content is covered.
          const satisfied = scanned.every((set) =>
            set.some((t) => !t.inverse && termMatches(t, field, matcher.scheme)),
          );
          // Unless a set of inverse terms only, each in the path, rules every line of the file out.
          const ruledOut = matcher.sets.some((set) =>
            set.every((t) => t.inverse && termMatches(t, field, matcher.scheme)),
          );
          expect(readInFull(p, path, false), `${query} / ${path}`).toBe(satisfied && !ruledOut);
          expect(readInFull(p, path, true), `${query} / ${path} (content only)`).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
  it("the path finder finds, among listed paths joined by NUL, every path read in full (a kept listing)", () => {
    const pathArb = fc
      .tuple(
        fc.constantFrom("", "./", "src/", "./ks/", "É/", "\u212A/"),
        fc.array(lineArb, { minLength: 1, maxLength: 2 }),
      )
      .map(([d, parts]) => `${d}${parts.join("/")}.txt`);
    let found = 0;
    fc.assert(
      fc.property(fc.array(pathArb, { minLength: 1, maxLength: 8 }), queryArb, (raws, query) => {
        const matcher = new QueryMatcher(query, DEFAULT_SCHEME);
        const p = planPrefilter([{ matcher, everySet: true }], [], false);
        const finder = p && pathFinder(p);
        if (!p || !finder) return;
        const joined = raws.join("\0");
        const hit = new Set<number>();
        for (const m of joined.matchAll(finder)) hit.add(joined.slice(0, m.index).split("\0").length - 1);
        raws.forEach((raw, i) => {
          if (!readInFull(p, raw.startsWith("./") ? raw.slice(2) : raw, false)) return;
          found++;
          expect(hit.has(i), `${query} / ${raw}`).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
    expect(found).toBeGreaterThan(0);
  });
  it("the path finder of a very long term is a valid regex that still finds the paths read in full", () => {
    for (const query of ["x".repeat(5_000), `${"ab".repeat(3_000)} | ${"c".repeat(4_000)}`]) {
      const p = planPrefilter([{ matcher: new QueryMatcher(query, DEFAULT_SCHEME), everySet: true }], [], false);
      if (!p) continue;
      const raws = [`d/${query.split(" ")[0]}.txt`, "d/other.txt"];
      const finder = pathFinder(p);
      const hits = finder ? [...raws.join("\0").matchAll(finder)].length : raws.length;
      const full = raws.filter((raw) => readInFull(p, raw, false)).length;
      expect(hits).toBeGreaterThanOrEqual(full);
    }
  });
  it("a search over a kept listing decides the files read in full as one over a fresh listing", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) {
      files[`widget/p${i}.txt`] = `plain ${i}\ngadget here ${i}\n`;
      files[`other/q${i}.txt`] = `widget gadget ${i}\nplain\n`;
    }
    files["Wídget/gadget.txt"] = "any line\n";
    files["src/WIDGET.txt"] = "gadget in capitals' file\n";
    const root = writeTree(files);
    // Stamps newer than a second are not trusted: the listing is kept only for a tree older than that.
    await new Promise((r) => setTimeout(r, 1_200));
    for (const query of ["widget gadget", "gadget widget", "'widget gadget", "Widget gadget"]) {
      const call = { fuzzy_filter: query, limit: 1000, auto_retry: false };
      const all = await searchContent({ ...call, regex_pattern: "[\\s\\S]" }, envFor(root));
      for (let i = 0; i < 2; i++) {
        const r = await searchContent(call, envFor(root));
        expect(r.matches, query).toEqual(all.matches);
        expect(r.total_matches, query).toBe(all.total_matches);
      }
    }
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
