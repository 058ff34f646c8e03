/**
 * The searches' verification (README.md, "Security model": every file a search returns is re-opened beneath the roots)
 * keeps every honest result: files in odd encodings and shapes, read without any race, lose nothing. And it drops
 * what the file inside the roots does not have, with a warning.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchContent } from "../../src/search/content.js";
import { locateRipgrep } from "../../src/search/ripgrep.js";
import { droppedWarning, verifyMatches } from "../../src/search/verify.js";
import { envFor } from "../search/fixture.js";
import { sandbox } from "./helpers.js";

function files(root: string) {
  writeFileSync(join(root, "bom.txt"), "\uFEFFneedle one\nneedle two\n");
  writeFileSync(join(root, "crlf.txt"), "needle three\r\nneedle four\r\n");
  writeFileSync(
    join(root, "utf16.txt"),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("needle five\n", "utf16le")]),
  );
  writeFileSync(
    join(root, "bad-utf8.txt"),
    Buffer.concat([Buffer.from("needle six "), Buffer.from([0xc3, 0x28]), Buffer.from("\n")]),
  );
  writeFileSync(join(root, "long.txt"), `${"x".repeat(10_000)} needle seven ${"y".repeat(10_000)}\n`);
  writeFileSync(join(root, "latin1.txt"), Buffer.from("needle eight caf\xe9\n", "latin1"));
  writeFileSync(join(root, "no-newline.txt"), "needle nine");
}

describe("search verification keeps honest results", () => {
  for (const [name, extra] of [
    ["default pattern (dwim reads the files)", {}],
    ["a regex (ripgrep reads the files)", { regex_pattern: "needle" }],
    ["multiline", { multiline: true }],
    ["--encoding latin1", { regex_pattern: "needle", rg_flags: "--encoding latin1" }],
  ] as const) {
    it(name, async () => {
      const { root } = sandbox("dwim-verify-");
      files(root);
      const r = await searchContent({ fuzzy_filter: "needle", limit: 50, context_lines: 1, ...extra }, envFor(root));
      expect(r.warnings ?? []).not.toContainEqual(expect.stringMatching(/dropped/u));
      expect(r.returned).toBe(r.total_matches);
      expect(r.returned).toBeGreaterThanOrEqual(7);
    });
  }

  it("drops a reported line the file does not have, and a file outside the roots", async () => {
    const { root, outside } = sandbox("dwim-verify-");
    writeFileSync(join(root, "a.txt"), "real line\n");
    writeFileSync(join(outside, "o.txt"), "outside line\n");
    const env = { roots: [root], cwd: root };
    const v = await verifyMatches(
      [
        { file: "a.txt", line: 1, content: "real line" },
        { file: "a.txt", line: 1, content: "forged line" },
        { file: "a.txt", line: 2, content: "" },
        { file: join(outside, "o.txt"), line: 1, content: "outside line" },
        { file: "../outside/o.txt", line: 1, content: "outside line" },
      ],
      env,
    );
    expect(v.kept).toEqual([{ file: "a.txt", line: 1, content: "real line" }]);
    expect(v.dropped).toBe(4);
  });

  it("a line ripgrep reported but the file inside the roots does not have is dropped, with a warning", async () => {
    const { root, base } = sandbox("dwim-verify-");
    writeFileSync(join(root, "a.txt"), "needle real\n");
    writeFileSync(join(root, "b.txt"), "needle other\n");
    // A ripgrep that read a.txt through a swapped path: what it reports is not what the file inside has.
    const lying = join(base, "lying-rg.sh");
    writeFileSync(lying, `#!/bin/sh\n'${locateRipgrep().path}' "$@" | sed 's/needle real/needle forge/'\n`, {
      mode: 0o755,
    });
    const r = await searchContent(
      { fuzzy_filter: "needle", regex_pattern: "needle" },
      envFor(root, { rg: { ...locateRipgrep(), path: lying } }),
    );
    expect(r.matches.map((m) => [m.file, m.content])).toEqual([["b.txt", "needle other"]]);
    expect(JSON.stringify(r)).not.toContain("forge");
    expect(r.warnings).toContain(droppedWarning(1));
    // Not protected: the count still includes the line ripgrep read; it reveals a number, never the text.
    expect(r.total_matches).toBe(2);
  });

  it("finds every line of any file, read line by line on demand, as the whole decoded text splits it", async () => {
    const { root } = sandbox("dwim-verify-");
    const piece = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }).map((t) => Buffer.from(t, "utf8")),
      fc.constantFrom(..."\n \r \r\n é \u20ac \ud83d\ude00".split(" ").map((t) => Buffer.from(t, "utf8"))),
      fc.constantFrom(
        Buffer.from([0xc3]),
        Buffer.from([0xe2, 0x82]),
        Buffer.from([0xff]),
        Buffer.from([0xef, 0xbb, 0xbf]),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), async (pieces) => {
        // A leading BOM is ripgrep's encoding mark, not text (the cases above cover it).
        const bytes = Buffer.concat([Buffer.from("x"), ...pieces]);
        writeFileSync(join(root, "f.txt"), bytes);
        const lines = bytes.toString("utf8").split("\n");
        if (lines[lines.length - 1] === "") lines.pop();
        const expected = lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
        const reported = expected.map((content, i) => ({ file: "f.txt", line: i + 1, content }));
        const beyond = { file: "f.txt", line: expected.length + 1, content: "" };
        const v = await verifyMatches([...reported, beyond], { roots: [root], cwd: root, keepLines: true });
        expect(v.kept).toEqual(reported);
        const file = v.lines.get("f.txt");
        if (expected.length > 0) expect(expected.map((_, i) => file?.at(i))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
