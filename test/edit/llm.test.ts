/** The optional LLM corrector, driven by a small fake command the test writes (never the network). */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/config.js";
import { editSection } from "../../src/edit/config.js";
import { editConfig, expectError, expectOk, runEdit, tempDir } from "./helpers.js";

/** A node script that records its stdin and prints `reply` (after `delayMs`). */
function fakeCommand(reply: unknown, delayMs = 0): { argv: string[]; log: string } {
  const dir = tempDir();
  const log = join(dir, "request.json");
  const script = join(dir, "fixer.mjs");
  writeFileSync(
    script,
    `let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  require_write(${JSON.stringify(log)}, input);
  setTimeout(() => process.stdout.write(${JSON.stringify(JSON.stringify(reply))}), ${delayMs});
});
function require_write(p, s) { import("node:fs").then((fs) => fs.writeFileSync(p, s)); }
`,
  );
  return { argv: [process.execPath, script], log };
}

// The deterministic stages cannot fix this one: the name differs (a content difference).
const content = "function computeTotal(items) {\n  return items.reduce((a, b) => a + b, 0);\n}\n";
const args = {
  old_str: "function computeSum(items) {\n  return items.reduce((a, b) => a + b, 0);\n}",
  new_str: "function computeSum(items) {\n  return items.reduce((a, b) => a + b, 1);\n}",
};
const proposal = {
  old_str: "function computeTotal(items) {\n  return items.reduce((a, b) => a + b, 0);\n}",
  new_str: "function computeTotal(items) {\n  return items.reduce((a, b) => a + b, 1);\n}",
};

describe("LLM corrector", () => {
  it("is off by default", () => {
    expect(editSection.schema.parse(undefined).llm_fixer).toBe("off");
  });

  it("apply: a proposal that passes the exact stage is applied and reported", async () => {
    const fake = fakeCommand(proposal);
    const o = await runEdit(content, args, {
      config: editConfig({ llm_fixer: "apply", llm: { command: fake.argv, timeout_ms: 5000 } }),
    });
    const out = expectOk(o);
    expect(out.strategy).toBe("llm");
    expect(out.did_you_mean?.corrections.map((c) => c.correction_type)).toContain("llm");
    expect(o.after).toBe(proposal.new_str + "\n");
    const request = JSON.parse(readFileSync(fake.log, "utf8"));
    expect(request).toMatchObject({ old_str: args.old_str, expected_replacements: 1, path: "f.txt" });
    expect(request.file).toBe(content);
  });

  it("hint: the proposal becomes the likely_fix, nothing is written", async () => {
    const fake = fakeCommand(proposal);
    const o = await runEdit(content, args, {
      config: editConfig({ llm_fixer: "hint", llm: { command: fake.argv, timeout_ms: 5000 } }),
    });
    const e = expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(e.likely_fix).toEqual(proposal);
    expect(o.after).toBe(content);
  });

  it("a proposal that does not occur exactly once is ignored", async () => {
    const fake = fakeCommand({ old_str: "not in the file", new_str: "x" });
    const o = await runEdit(content, args, {
      config: editConfig({ llm_fixer: "apply", llm: { command: fake.argv, timeout_ms: 5000 } }),
    });
    expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(o.after).toBe(content);
  });

  it("a slow command is cut at its timeout", async () => {
    const fake = fakeCommand(proposal, 5000);
    const t0 = Date.now();
    const o = await runEdit(content, args, {
      config: editConfig({ llm_fixer: "apply", llm: { command: fake.argv, timeout_ms: 300 } }),
    });
    expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it("never runs on JSON files", async () => {
    const fake = fakeCommand(proposal);
    const o = await runEdit(
      content,
      args,
      { config: editConfig({ llm_fixer: "apply", llm: { command: fake.argv, timeout_ms: 5000 } }) },
      "data.json",
    );
    expectError(o, "EDIT_NO_OCCURRENCE_FOUND");
  });

  it("config: a fixer without a command or endpoint is reported and stays off", () => {
    const dir = tempDir();
    const file = join(dir, "dwim.toml");
    writeFileSync(file, '[edit]\nllm_fixer = "apply"\n');
    const config = loadConfig({ userFile: null, projectFile: file, env: {}, sections: [editSection] });
    expect(config.errors.map((e) => e.key)).toContain("edit.llm_fixer");
    expect((config.sections.edit as { llm_fixer: string }).llm_fixer).toBe("off");
    writeFileSync(file, '[edit]\nllm_fixer = "hint"\nllm = { command = ["node", "x.js"], timeout_ms = 20000 }\n');
    const bad = loadConfig({ userFile: null, projectFile: file, env: {}, sections: [editSection] });
    expect(bad.errors.length).toBeGreaterThan(0);
  });

  it("env selects the fuzzy policy", () => {
    const config = loadConfig({
      userFile: null,
      projectFile: null,
      env: { DWIM_EDIT_FUZZY_POLICY: "apply" },
      sections: [editSection],
    });
    expect((config.sections.edit as { fuzzy_policy: string }).fuzzy_policy).toBe("apply");
  });
});
