/** The correction log is bounded (rotated by size) and keeps no edit payloads by default. */
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CorrectionLog, summarizeLog } from "../../src/core/index.js";

function logIn(options: { maxBytes?: number; redact?: boolean } = {}) {
  const path = join(mkdtempSync(join(tmpdir(), "dwim-log-")), "corrections.jsonl");
  return { path, log: new CorrectionLog(path, options) };
}

describe("correction log", () => {
  it("rotates to <path>.1 past max_bytes, so two files bound it, and stats reads both", () => {
    const { path, log } = logIn({ maxBytes: 10_000 });
    for (let i = 0; i < 400; i++) {
      log.recordCorrections("convert", [
        {
          parameter: "from_unit",
          original: `kilgoram${i}`,
          corrected: "kilogram",
          correction_type: "typo",
          confidence: 0.9,
        },
      ]);
    }
    expect(existsSync(`${path}.1`)).toBe(true);
    expect(statSync(path).size).toBeLessThan(10_000 + 500);
    expect(statSync(`${path}.1`).size).toBeLessThan(10_000 + 500);
    const summary = summarizeLog(path);
    expect(summary.total).toBeGreaterThan(0);
    expect(summary.total).toBeLessThan(400);
    expect(summary.malformed_lines).toBe(0);
  });

  it("replaces old_str/new_str and whole-call likely_fix arguments by their length by default", () => {
    const { path, log } = logIn();
    const secret = "const apiKey = 'sk-live-123';\n".repeat(10);
    log.recordCorrections("edit_file", [
      {
        parameter: "old_str",
        original: secret,
        corrected: secret.trim(),
        correction_type: "whitespace",
        confidence: 1,
      },
    ]);
    log.recordLikelyFix("edit_fiel", {
      error: "Unknown tool",
      error_type: "unknown_tool",
      parameter: "name",
      got: "edit_fiel",
      likely_fix: { name: "edit_file", arguments: { path: "a.ts", old_str: secret, new_str: "x" } },
      hints: [],
    });
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain("sk-live");
    expect(text).toContain(`[redacted: ${secret.length} chars]`);
    expect(text).toContain('"path":"a.ts"');
    expect(text.split("\n").filter(Boolean)).toHaveLength(2);
  });

  it("with redact off, keeps values but cuts each at 200 characters", () => {
    const { path, log } = logIn({ redact: false });
    log.recordCorrections("edit_file", [
      { parameter: "old_str", original: "y".repeat(5000), corrected: "z", correction_type: "typo", confidence: 1 },
    ]);
    const entry = JSON.parse(readFileSync(path, "utf8")) as { original: string };
    expect(entry.original).toHaveLength(200);
  });
});
