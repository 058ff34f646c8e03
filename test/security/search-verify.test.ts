/**
 * The searches' verification (item 1) keeps every honest result: files in odd encodings and shapes, read without any
 * race, lose nothing. And it drops what the file inside the roots does not have.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { searchContent } from "../../src/search/content.js";
import { verifyMatches } from "../../src/search/verify.js";
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
});
