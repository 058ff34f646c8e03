/**
 * Several clients show the model only an error's `content` text (docs/clients.md). An agent reading that text
 * alone must be able to build the corrected call: the text carries the error type, the parameter at fault, the
 * likely_fix exactly, every hint, and each candidate's text with its line range.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { applyLikelyFix, type ErrorPayload, errorPayload, renderError } from "../../src/core/index.js";
import { closeAllStores } from "../../src/memory/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { connectInMemory } from "../helpers/mcp.js";
import { ERROR_SAMPLES } from "../helpers/tool-samples.js";

interface ReadBack {
  error_type: string;
  parameter?: string;
  likely_fix?: unknown;
  hints: string[];
  candidateLines: string[];
}

/** What an agent that sees only the text can read from it. */
function readErrorText(text: string): ReadBack {
  const lines = text.split("\n");
  const head = /^Error \(([^)]+)\): /u.exec(lines[0]);
  if (!head) throw new Error(`not an error text: ${text}`);
  const out: ReadBack = { error_type: head[1], hints: [], candidateLines: [] };
  let section: "hints" | "candidates" | undefined;
  for (const line of lines.slice(1)) {
    if (line.startsWith("parameter: ")) out.parameter = line.slice(11).replace(/ \(step \d+\)$/u, "");
    else if (line.startsWith("likely_fix: ")) out.likely_fix = JSON.parse(line.slice(12));
    else if (line === "hints:" || line === "candidates:") section = line === "hints:" ? "hints" : "candidates";
    else if (section === "hints" && line.startsWith("- ")) out.hints.push(line.slice(2));
    else if (section === "candidates") out.candidateLines.push(line);
  }
  return out;
}

/** The payload an agent reconstructs from the text: enough for applyLikelyFix. */
function payloadFromText(text: string): ErrorPayload {
  const read = readErrorText(text);
  return errorPayload({
    error: "",
    error_type: read.error_type,
    parameter: read.parameter,
    likely_fix: read.likely_fix,
    hints: read.hints,
  });
}

describe("an error's text alone", () => {
  afterAll(async () => {
    await closeAllStores();
  });

  it("builds the same corrected call as the structured error, for every error sample of every toolset", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-error-text-"));
    writeFileSync(join(dir, "notes.txt"), "alpha\nbeta parse config\ngamma\n");
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: dir });
    const toolsetOf = new Map(TOOLSETS.flatMap((set) => set.tools.map((t) => [t.name, set.name] as const)));
    const typesByToolset = new Map<string, Set<string>>();
    let fixes = 0;
    try {
      for (const [name, args] of ERROR_SAMPLES) {
        const result = await conn.client.callTool({ name, arguments: args });
        expect(result.isError, name).toBe(true);
        const structured = result.structuredContent as ErrorPayload;
        const text = (result.content as Array<{ text: string }>)[0].text;
        const read = readErrorText(text);
        expect(read.error_type).toBe(structured.error_type);
        expect(read.parameter).toBe(structured.parameter);
        expect(read.likely_fix).toEqual(structured.likely_fix);
        expect(read.hints).toEqual(structured.hints);
        const call = { name, arguments: args };
        expect(applyLikelyFix(call, payloadFromText(text)), `${name} ${text}`).toEqual(
          applyLikelyFix(call, structured),
        );
        if (structured.likely_fix !== undefined) fixes++;
        for (const c of (structured.candidates ?? []) as Array<Record<string, unknown>>) {
          if (typeof c.text !== "string") continue;
          const rendered = read.candidateLines.join("\n");
          expect(rendered).toContain(`lines ${c.start_line}–${c.end_line}`);
          for (const line of c.text.split("\n")) expect(rendered).toContain(`    ${line}`);
        }
        const set = toolsetOf.get(name) ?? "router";
        typesByToolset.set(set, (typesByToolset.get(set) ?? new Set()).add(structured.error_type));
      }
    } finally {
      await conn.close();
    }
    expect(fixes).toBeGreaterThanOrEqual(4);
    for (const set of TOOLSETS) expect(typesByToolset.get(set.name)?.size ?? 0, set.name).toBeGreaterThan(0);
  });

  it("reads back any likely_fix, parameter and hints exactly (property)", () => {
    // as it crosses the wire: JSON has no -0
    const json = fc
      .jsonValue()
      .map((v) => JSON.parse(JSON.stringify(v)) as unknown)
      .filter((v) => v !== null);
    const line = fc.string().filter((s) => !s.includes("\n") && s.trim() !== "");
    fc.assert(
      fc.property(
        fc.record({
          fix: json,
          parameter: fc.option(line, { nil: undefined }),
          hints: fc.array(line, { maxLength: 5 }),
        }),
        ({ fix, parameter, hints }) => {
          const payload = errorPayload({ error: "e", error_type: "t", parameter, likely_fix: fix, hints });
          const read = readErrorText(renderError(payload));
          expect(read.likely_fix).toEqual(fix);
          expect(read.parameter).toBe(parameter);
          expect(read.hints).toEqual(payload.hints);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps each candidate's text, bounded, with its line range", () => {
    const long = "x".repeat(5000);
    const text = renderError(
      errorPayload({
        error: "old_str was not found",
        error_type: "EDIT_NO_OCCURRENCE_FOUND",
        parameter: "old_str",
        candidates: [
          { start_line: 3, end_line: 4, text: 'print("hi")\nreturn 1', similarity: 0.83 },
          { start_line: 9, end_line: 9, text: long, similarity: 0.5 },
        ],
      }),
    );
    expect(text).toContain('- lines 3–4 (similarity 0.83):\n    print("hi")\n    return 1');
    expect(text).toContain("- lines 9–9 (similarity 0.5):");
    expect(text).toContain("[cut: 5000 characters in all]");
    expect(text.length).toBeLessThan(2500);
  });
});
