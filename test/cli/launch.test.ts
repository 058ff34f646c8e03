/**
 * Cold start: the installed `dwim` (package.json's bin, the launcher of src/cli/launch.ts) runs the
 * one-file CLI bundle through V8's code cache. The cache must change how fast a command starts, never what it does:
 * same output and the same structured errors as the MCP server, nothing cached by a failed command or when caching
 * is off, and a cache V8 cannot use is replaced rather than trusted.
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const BIN = join(
  ROOT,
  (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: { dwim: string } }).bin.dwim,
);
const run = promisify(execFile);

function sandbox(extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "dwim-launch-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, "config"),
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CACHE_HOME: join(dir, "cache"),
    ...extra,
  };
  return { dir, env, codeDir: join(dir, "cache", "dwim", "cli-code") };
}

async function dwim(args: string[], box: { dir: string; env: Record<string, string> }, bin = BIN) {
  try {
    const r = await run(process.execPath, [bin, ...args], { cwd: box.dir, env: box.env });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const cacheFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe("the installed dwim's code cache", () => {
  it("is written by a command's first successful run and then used as is: same output every time", async () => {
    const box = sandbox();
    const first = await dwim(["convert", "5", "km", "mi"], box);
    expect(first).toMatchObject({ code: 0, stdout: "3.106855961 mi\n" });
    const files = cacheFiles(box.codeDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-convert\.bin$/u);
    const file = join(box.codeDir, files[0]);
    const written = statSync(file).mtimeMs;
    const second = await dwim(["convert", "5", "km", "mi"], box);
    expect(second).toEqual(first);
    // Accepted by V8, so not written again.
    expect(statSync(file).mtimeMs).toBe(written);
    expect(cacheFiles(box.codeDir)).toHaveLength(1);
  });

  it("replaces a cache V8 rejects, and the command still runs", async () => {
    const box = sandbox();
    await dwim(["convert", "1", "m", "cm"], box);
    const [name] = cacheFiles(box.codeDir);
    const file = join(box.codeDir, name);
    writeFileSync(file, "not a code cache");
    expect(await dwim(["convert", "1", "m", "cm"], box)).toMatchObject({ code: 0, stdout: "100 cm\n" });
    expect(readFileSync(file, "utf8")).not.toBe("not a code cache");
  });

  it("is not written by a failed command, nor when DWIM_CACHE_DIR=off", async () => {
    const failed = sandbox();
    expect((await dwim(["convert", "5", "kilgoram", "g"], failed)).code).toBe(1);
    expect(cacheFiles(failed.codeDir)).toEqual([]);
    const off = sandbox({ DWIM_CACHE_DIR: "off" });
    expect(await dwim(["convert", "5", "km", "mi"], off)).toMatchObject({ code: 0, stdout: "3.106855961 mi\n" });
    expect(existsSync(join(off.dir, "cache"))).toBe(false);
  });

  it("drops another build's caches and partial files written over a day ago when it writes its own", async () => {
    const box = sandbox();
    await dwim(["convert", "5", "km", "mi"], box);
    const old = join(box.codeDir, "0123456789abcdef-v20.0.0-x64-convert.bin");
    const recent = join(box.codeDir, "fedcba9876543210-v20.0.0-x64-convert.bin");
    const [own] = cacheFiles(box.codeDir);
    const partial = join(box.codeDir, `${own}.12345`);
    writeFileSync(old, "x");
    writeFileSync(recent, "x");
    writeFileSync(partial, "x");
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    utimesSync(partial, twoDaysAgo, twoDaysAgo);
    expect((await dwim(["--help"], box)).code).toBe(0);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(join(box.codeDir, own))).toBe(true);
  });
});

/** A second installation of this very build elsewhere on disk: the bin and the bundle, with the same dependencies. */
function installCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "dwim-install-"));
  const bundle = join(dir, "dist", "cli", "bundle");
  mkdirSync(bundle, { recursive: true });
  for (const file of ["main.js", "cli.cjs"])
    copyFileSync(join(ROOT, "dist", "cli", "bundle", file), join(bundle, file));
  writeFileSync(join(dir, "package.json"), '{"type": "module"}\n');
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return join(bundle, "main.js");
}

describe("two installations of one build", () => {
  it("keep a code cache each: one never runs code compiled from the other's files", async () => {
    const box = sandbox();
    const other = installCopy();
    expect(await dwim(["convert", "5", "km", "mi"], box)).toMatchObject({ code: 0, stdout: "3.106855961 mi\n" });
    expect(cacheFiles(box.codeDir)).toHaveLength(1);
    expect(await dwim(["convert", "5", "km", "mi"], box, other)).toMatchObject({ code: 0, stdout: "3.106855961 mi\n" });
    const files = cacheFiles(box.codeDir);
    expect(files).toHaveLength(2);
    // Same build (the first part of the name), different installation (the second).
    const [a, b] = files.map((f) => f.split("-"));
    expect(a[0]).toBe(b[0]);
    expect(a[1]).not.toBe(b[1]);
  });
});

describe("the installed dwim against its own MCP server", () => {
  it("gives a misspelled unit the same structured error, likely_fix included, on the command line as over MCP", async () => {
    const box = sandbox();
    const cli = await dwim(["convert", "5", "kilgoram", "g", "--json"], box);
    expect(cli.code).toBe(1);
    const fromCli = JSON.parse(cli.stdout) as Record<string, unknown>;
    expect(fromCli).toMatchObject({ error_type: "unknown_unit", parameter: "from_unit", likely_fix: "kilogram (kg)" });
    expect(Array.isArray(fromCli.hints)).toBe(true);

    const client = new Client({ name: "launch-test", version: "0" }, { supportedProtocolVersions: ["2025-11-25"] });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "serve"],
        cwd: box.dir,
        env: box.env,
        stderr: "ignore",
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("convert");
      const mcp = await client.callTool({
        name: "convert",
        arguments: { value: 5, from_unit: "kilgoram", to_unit: "g" },
      });
      expect(mcp.isError).toBe(true);
      expect(mcp.structuredContent).toEqual(fromCli);
    } finally {
      await client.close();
    }
  });
});
