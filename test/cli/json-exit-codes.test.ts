/**
 * `--json` changes what a command prints, never how it exits: each command gives the same exit code in both forms,
 * with and without faults. Invalid TOML is reported with its line and column in both.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliSandbox, dwim } from "../helpers/cli.js";

async function bothForms(args: string[], dir: string, env: Record<string, string>) {
  const plain = await dwim(args, dir, env);
  const json = await dwim([...args, "--json"], dir, env);
  return { plain, json };
}

describe("--json and plain forms share exit codes", () => {
  it("config check: 0 when clean, 1 with faults, in both forms", async () => {
    const { dir, env } = cliSandbox("dwim-json-exit-");
    const clean = await bothForms(["config", "check"], dir, env);
    expect([clean.plain.code, clean.json.code]).toEqual([0, 0]);
    mkdirSync(join(dir, ".dwim"));
    writeFileSync(join(dir, ".dwim", "dwim.toml"), "[recovery]\nmax_hint = 2\n");
    const faulty = await bothForms(["config", "check"], dir, env);
    expect([faulty.plain.code, faulty.json.code]).toEqual([1, 1]);
    expect((JSON.parse(faulty.json.stdout) as { errors: unknown[] }).errors).toHaveLength(1);
  });

  it("config check: a [serve] selection naming no toolset is a fault in both forms, with its did-you-mean", async () => {
    const { dir, env } = cliSandbox("dwim-json-exit-");
    mkdirSync(join(dir, ".dwim"));
    writeFileSync(join(dir, ".dwim", "dwim.toml"), '[serve]\ntools = ["serch"]\n');
    const { plain, json } = await bothForms(["config", "check"], dir, env);
    expect([plain.code, json.code]).toEqual([1, 1]);
    expect(plain.stdout).toContain("serve.tools: 'serch' is no toolset or tool (did you mean 'search'?)");
    expect((JSON.parse(json.stdout) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ key: "serve.tools", likely_fix: "search" }),
    ]);
  });

  it("config check on invalid TOML: 1 in both forms, with the line and column", async () => {
    const { dir, env } = cliSandbox("dwim-json-exit-");
    mkdirSync(join(dir, ".dwim"));
    const file = join(dir, ".dwim", "dwim.toml");
    writeFileSync(file, "[recovery]\nmax_hints = 2\nauto threshold = 0.9\n");
    const { plain, json } = await bothForms(["config", "check"], dir, env);
    expect([plain.code, json.code]).toEqual([1, 1]);
    expect(plain.stdout).toContain(`${file}:3:6: Invalid TOML at line 3, column 6:`);
    const [error] = (JSON.parse(json.stdout) as { errors: Array<Record<string, unknown>> }).errors;
    expect(error).toMatchObject({ source: file, line: 3, column: 6 });
  });

  it("a tool call: 0 on success and 1 on a tool error, in both forms", async () => {
    const { dir, env } = cliSandbox("dwim-json-exit-");
    const ok = await bothForms(["convert", "5", "km", "m"], dir, env);
    expect([ok.plain.code, ok.json.code]).toEqual([0, 0]);
    const failed = await bothForms(["convert", "5", "kilgoram", "g"], dir, env);
    expect([failed.plain.code, failed.json.code]).toEqual([1, 1]);
  });

  it("stats and a usage error: the same code in both forms", async () => {
    const { dir, env } = cliSandbox("dwim-json-exit-");
    const stats = await bothForms(["stats"], dir, env);
    expect([stats.plain.code, stats.json.code]).toEqual([0, 0]);
    const usage = await bothForms(["check-dimensions", "km"], dir, env);
    expect([usage.plain.code, usage.json.code]).toEqual([2, 2]);
  });
});
