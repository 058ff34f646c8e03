/** The corrections log: one JSON line per correction, never file content. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { logCorrection } from "../../src/search/analytics.js";

describe("analytics log", () => {
  it("appends JSON lines without file content", () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-analytics-"));
    const file = join(dir, "a", "log.jsonl");
    logCorrection(file, {
      tool: "fuzzy_search_content",
      original: { fuzzy_filter: "TODO|FIXME" },
      corrected: { fuzzy_filter: "TODO | FIXME" },
      correction_type: "alternation_to_or",
      confidence: 0.85,
      original_matches: 0,
      corrected_matches: 3,
      accepted: "auto",
      duration_ms: 12,
    });
    const line = JSON.parse(readFileSync(file, "utf8").trim());
    expect(line).toMatchObject({ tool: "fuzzy_search_content", accepted: "auto", corrected_matches: 3 });
    expect(typeof line.ts).toBe("string");
    rmSync(dir, { recursive: true, force: true });
  });
});
