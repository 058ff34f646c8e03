/**
 * The official MCP Inspector's CLI (a devDependency, run headless, no network) lists and calls dwim's
 * tools with `--protocol-era modern` (2026-07-28) and `legacy` (2025), over stdio and Streamable HTTP. Only the
 * 2026-07-28 wire codec stamps the server's identity into each result's `_meta`, which tells the eras apart.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/server/http.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { serveHttpForTest } from "../helpers/mcp.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");
const INSPECTOR_PACKAGE = createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json");
const INSPECTOR = join(dirname(INSPECTOR_PACKAGE), "clients/launcher/build/index.js");
const SERVER_INFO = "io.modelcontextprotocol/serverInfo";

type Era = "modern" | "legacy";

/** Runs `mcp-inspector --cli` against `target` and returns its JSON result. */
async function inspect(era: Era, method: string[], target: string[]): Promise<Record<string, unknown>> {
  const home = mkdtempSync(join(tmpdir(), "dwim-inspector-"));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [INSPECTOR, "--cli", "--protocol-era", era, "--format", "json", "-q", ...method, ...target],
    { cwd: home, env: { PATH: process.env.PATH ?? "", HOME: home, DWIM_LOG: "0" }, timeout: 30_000 },
  );
  return (JSON.parse(stdout) as { result: Record<string, unknown> }).result;
}

const CONVERT = [
  "--method",
  "tools/call",
  "--tool-name",
  "convert",
  "--tool-args-json",
  JSON.stringify({ value: 1, from_unit: "kilogram", to_unit: "pound" }),
];

async function expectServes(era: Era, target: string[]): Promise<void> {
  const listed = (await inspect(era, ["--method", "tools/list"], target)) as { tools: Array<{ name: string }> };
  expect(listed.tools.map((t) => t.name)).toContain("convert");
  const called = (await inspect(era, CONVERT, target)) as {
    structuredContent: { quantity: number; unit: string };
    _meta?: Record<string, unknown>;
    isError?: boolean;
  };
  expect(called.isError).toBeFalsy();
  expect(called.structuredContent.unit).toBe("pound");
  expect(called.structuredContent.quantity).toBeCloseTo(2.20462, 4);
  if (era === "modern") expect(called._meta?.[SERVER_INFO]).toMatchObject({ name: "dwim" });
  else expect(called._meta?.[SERVER_INFO]).toBeUndefined();
}

/** The Inspector's schema-portability findings for every tool dwim serves: its stderr under --strict. */
async function portabilityFindings(): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), "dwim-inspector-"));
  const { stderr } = await promisify(execFile)(
    process.execPath,
    [INSPECTOR, "--cli", "--strict", "--format", "json", "--method", "tools/list", process.execPath, MAIN, "serve"],
    { cwd: home, env: { PATH: process.env.PATH ?? "", HOME: home, DWIM_LOG: "0" }, timeout: 60_000 },
  );
  return stderr;
}

describe("the MCP Inspector CLI", () => {
  it("finds no schema-portability error or warning in any tool's input or output schema", async () => {
    const stderr = await portabilityFindings();
    expect(stderr).toContain("serving 22 tools");
    expect(stderr).not.toMatch(/Warning:|Error:|Schema portability/u);
  });

  let handle: HttpHandle;
  beforeAll(async () => {
    handle = await serveHttpForTest(TOOLSETS.filter((t) => t.name === "units"));
  });
  afterAll(async () => {
    await handle.close();
  });

  for (const era of ["modern", "legacy"] as const) {
    it(`--protocol-era ${era} lists and calls tools over stdio`, async () => {
      await expectServes(era, [process.execPath, MAIN, "serve", "--tools", "units"]);
    });

    it(`--protocol-era ${era} lists and calls tools over Streamable HTTP`, async () => {
      await expectServes(era, [handle.url]);
    });
  }
});
