import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CorrectionLog,
  createToolContext,
  invokeTool,
  loadConfig,
  ToolRegistry,
  validateArguments,
} from "../../src/core/index.js";
import { deleteTool, echoTool, failingTool } from "../helpers/tools.js";

const tools = [echoTool, failingTool, deleteTool];
const registry = new ToolRegistry(tools);
const ctx = createToolContext({
  config: loadConfig({ userFile: null, projectFile: null, env: {} }),
  tools,
  log: CorrectionLog.disabled(),
});

describe("the call pipeline never throws and always answers in the contract's shape", () => {
  it("for arbitrary names and JSON arguments", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom(...tools.map((t) => t.name))),
        fc.jsonValue(),
        async (name, args) => {
          const r = await invokeTool(registry, { name, arguments: args }, ctx);
          if (r.isError) {
            const e = r.structuredContent;
            expect(typeof e.error).toBe("string");
            expect(typeof e.error_type).toBe("string");
            expect(Array.isArray(e.hints)).toBe(true);
            expect(e.hints.length).toBeLessThanOrEqual(5);
            expect(r.content[0].text.length).toBeLessThanOrEqual(600);
          } else {
            expect(typeof r.structuredContent).toBe("object");
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("validation of arbitrary objects gives a value or one structured error", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (args) => {
        const v = validateArguments(echoTool, args);
        if (!v.ok) expect(v.error.error_type).toMatch(/^(unknown_parameter|missing_parameter|invalid_arguments)$/u);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the config loader never throws", () => {
  it("for arbitrary file contents, reporting faults instead", () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-fuzz-"));
    const file = join(dir, "dwim.toml");
    const fragments = fc.constantFrom(
      "[recovery]\n",
      "[limits]\n",
      "[log]\n",
      "[nope]\n",
      "auto_threshold = 0.9\n",
      "max_hints = -3\n",
      'max_hints = "two"\n',
      "enabled = false\n",
      "timeout_ms = 1e9\n",
      "= broken\n",
      "[[recovery]]\n",
      "roots = [1, 2]\n",
      'path = ""\n',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 8 }), (parts) => {
        writeFileSync(file, parts.join(""));
        const c = loadConfig({ userFile: null, projectFile: file, env: {} });
        expect(c.sections.recovery).toBeDefined();
        for (const e of c.errors) expect(typeof e.message).toBe("string");
      }),
      { numRuns: 200 },
    );
  });
});
