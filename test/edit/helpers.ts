import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { loadConfig } from "../../src/core/config.js";
import { createToolContext } from "../../src/core/context.js";
import { type ErrorPayload, isToolError } from "../../src/core/errors.js";
import { CorrectionLog } from "../../src/core/log.js";
import type { ToolContext, ToolOutput } from "../../src/core/tool.js";
import { type EditConfig, editSection } from "../../src/edit/config.js";
import { type EditArgs, type EditDeps, editFile } from "../../src/edit/edit.js";
import { toolset } from "../../src/edit/index.js";

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "dwim-edit-"));
}

export function editConfig(overrides: Partial<EditConfig> = {}): EditConfig {
  return { ...editSection.schema.parse(undefined), ...overrides };
}

export function contextFor(cwd: string, env: Record<string, string | undefined> = {}): ToolContext {
  const config = loadConfig({ userFile: null, projectFile: null, env, sections: [editSection], cwd });
  return createToolContext({ config, tools: toolset.tools, cwd, log: CorrectionLog.disabled() });
}

export interface Outcome {
  ok?: ToolOutput;
  error?: ErrorPayload;
  after: string;
  path: string;
  dir: string;
}

/** Writes `content` to a fresh file, runs edit_file on it, returns the result and the file afterwards. */
export async function runEdit(
  content: string | Buffer,
  args: Omit<EditArgs, "path"> & { path?: string },
  deps: Partial<EditDeps> = {},
  name = "f.txt",
): Promise<Outcome> {
  const dir = tempDir();
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  const ctx = contextFor(dir);
  try {
    const ok = await editFile({ path: name, ...args }, ctx, { config: editConfig(), ...deps });
    return { ok, after: readFileSync(path, "utf8"), path, dir };
  } catch (e) {
    if (!isToolError(e)) throw e;
    return { error: e.payload, after: readFileSync(path, "utf8"), path, dir };
  }
}

export function expectOk(o: Outcome): ToolOutput {
  if (o.error) expect.fail(`expected success, got ${o.error.error_type}: ${o.error.error} ${JSON.stringify(o.error)}`);
  return o.ok as ToolOutput;
}

export function expectError(o: Outcome, type: string): ErrorPayload {
  if (!o.error) expect.fail(`expected ${type}, got success: ${JSON.stringify(o.ok)}`);
  expect(o.error.error_type).toBe(type);
  return o.error;
}

export function correctionTypes(out: ToolOutput, parameter?: string): string[] {
  return (out.did_you_mean?.corrections ?? [])
    .filter((c) => parameter === undefined || c.parameter === parameter)
    .map((c) => c.correction_type);
}
