/**
 * Every tool's MCP annotations, all four hints stated (a missing hint means its default to a host: destructive,
 * not idempotent, open world), as clients list them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { connectInMemory } from "../helpers/mcp.js";

type Hints = [readOnly: boolean, destructive: boolean, idempotent: boolean, openWorld: boolean];

const READS: Hints = [true, false, true, false];
/** Writes that add and never overwrite or delete. */
const ADDS: Hints = [false, false, false, false];

const EXPECTED: Record<string, Hints> = {
  fuzzy_search_content: READS,
  fuzzy_search_files: READS,
  read_file: READS,
  // replaces text in place; the same edit again finds its old_str gone
  edit_file: [false, true, false, false],
  convert: READS,
  compute: READS,
  check_dimensions: READS,
  list_units: READS,
  list_scales: READS,
  list_dimensions: READS,
  define_unit: ADDS,
  define_conversion: ADDS,
  // drops the session's definitions; twice is the same as once
  reset_session: [false, true, true, false],
  remember: ADDS,
  remember_batch: ADDS,
  recall: READS,
  search_memories: READS,
  record_outcome: ADDS,
  forget: [false, true, true, false],
  analyze_intent: READS,
  resolve_tool: READS,
  list_capabilities: READS,
};

describe("tool annotations", () => {
  it("state all four hints on every tool, as the table says", async () => {
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: mkdtempSync(join(tmpdir(), "dwim-hints-")) });
    try {
      const { tools } = await conn.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(EXPECTED).sort());
      for (const tool of tools) {
        const [readOnlyHint, destructiveHint, idempotentHint, openWorldHint] = EXPECTED[tool.name];
        expect(tool.annotations, tool.name).toMatchObject({
          readOnlyHint,
          destructiveHint,
          idempotentHint,
          openWorldHint,
        });
      }
    } finally {
      await conn.close();
    }
  });
});
