import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readCliValue } from "../../src/cli/tool-arguments.js";
import { cliSandbox, dwim, dwimInTerminal } from "../helpers/cli.js";

describe("dwim CLI", () => {
  it("prints its version", async () => {
    const { dir, env } = cliSandbox();
    const pkg = JSON.parse(readFileSync(resolve(__dirname, "../../package.json"), "utf8")) as { version: string };
    expect((await dwim(["--version"], dir, env)).stdout.trim()).toBe(pkg.version);
  });

  it("`health` reports the memory's counts, integrity, provider and a seed/dwim env clash", async () => {
    const { dir, env } = cliSandbox();
    const withClash = { ...env, DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "0.5", DAEM0NMCP_HYBRID_VECTOR_WEIGHT: "0.2" };
    const remembered = await dwim(
      ["remember", "Use pnpm workspaces", "--category", "decision", "--json"],
      dir,
      withClash,
    );
    expect(remembered.code).toBe(0);
    const r = await dwim(["health", "--json"], dir, withClash);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      memories: 1,
      fts_rows: 1,
      vectors: 1,
      integrity: "ok",
      vector_weight: 0.5,
      env_clashes: [{ used: "DWIM_MEMORY_HYBRID_VECTOR_WEIGHT", ignored: "DAEM0NMCP_HYBRID_VECTOR_WEIGHT" }],
    });
    const human = await dwim(["health"], dir, withClash);
    expect(human.stdout).toContain("integrity: ok");
  });

  it("runs a tool subcommand derived from its definition, human-readable and --json", async () => {
    const { dir, env } = cliSandbox();
    const human = await dwim(["read", "notes.txt"], dir, env);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("beta");
    const json = await dwim(["read", "notes.txt", "--json"], dir, env);
    expect(JSON.parse(json.stdout)).toMatchObject({ total_lines: 2 });
  });

  it("runs a tool subcommand by its command or its tool name, with its own --help and a did-you-mean for a typo", async () => {
    const { dir, env } = cliSandbox();
    const byCommand = await dwim(["read", "notes.txt", "--json"], dir, env);
    const byToolName = await dwim(["read-file", "notes.txt", "--json"], dir, env);
    expect(byToolName.code).toBe(0);
    expect(JSON.parse(byToolName.stdout)).toEqual(JSON.parse(byCommand.stdout));
    const help = await dwim(["read", "--help"], dir, env);
    expect(help.stdout).toContain("Usage: dwim read|read-file [options] <path>");
    const typo = await dwim(["red", "notes.txt"], dir, env);
    expect(typo.code).not.toBe(0);
    expect(typo.stderr).toContain("Did you mean 'read'?");
  });

  it("fails with the structured error and exit code 1, without prompting when there is no TTY", async () => {
    const { dir, env } = cliSandbox();
    const r = await dwim(["call", "read_fiel", '{"path": "missing.txt"}', "--json"], dir, env);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { error_type: string };
    expect(out.error_type).toBeTruthy();
    expect(r.stderr).not.toContain("Did you mean");
  });

  it("routes a misspelled tool name and aliased parameters through `call`", async () => {
    const { dir, env } = cliSandbox();
    const r = await dwim(["call", "convrt", '{"value": 5, "from": "km", "to": "mi"}', "--json"], dir, env);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { did_you_mean: { corrections: Array<{ parameter: string }> } };
    expect(out.did_you_mean.corrections.map((c) => c.parameter)).toEqual(["name", "from", "to"]);
  });

  it("checks config: exit 0 when clean, 1 with a did-you-mean for a misspelled key", async () => {
    const { dir, env } = cliSandbox();
    expect((await dwim(["config", "check"], dir, env)).code).toBe(0);
    mkdirSync(join(dir, ".dwim"));
    writeFileSync(join(dir, ".dwim", "dwim.toml"), "[recovery]\nmax_hint = 2\n");
    const bad = await dwim(["config", "check"], dir, env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("did you mean 'max_hints'");
  });

  it("summarises the correction log with `stats`", async () => {
    const { dir, env } = cliSandbox();
    await dwim(["call", "convrt", '{"value": 1, "from_unit": "km", "to_unit": "m"}'], dir, env);
    await dwim(["call", "read_file", '{"pth": "notes.txt"}'], dir, env);
    const r = await dwim(["stats", "--json"], dir, env);
    const s = JSON.parse(r.stdout) as { total: number; by_tool: Record<string, number> };
    expect(s.total).toBeGreaterThanOrEqual(2);
    expect(s.by_tool).toHaveProperty("convert");
    expect(s.by_tool).toHaveProperty("read_file");
  });

  it("refuses an unknown toolset in serve --tools with a did-you-mean", async () => {
    const { dir, env } = cliSandbox();
    const r = await dwim(["serve", "--tools", "serch"], dir, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown toolset 'serch' (did you mean 'search'?)");
  });

  it("finds the toolset a transposed name means, whatever its first letters", async () => {
    const { dir, env } = cliSandbox();
    const r = await dwim(["serve", "--tools", "saerch"], dir, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown toolset 'saerch' (did you mean 'search'?)");
  });

  it("asks 'Did you mean …? [Y/n]' on a terminal and re-runs with the likely_fix", () => {
    const { dir, env } = cliSandbox();
    // A pseudo-terminal; the answer "y" comes on its stdin.
    const shown = dwimInTerminal("convert 1 kilgoram g", dir, env, "y\n");
    expect(shown).toContain("Did you mean");
    expect(shown).toContain("kilogram");
    expect(shown).toMatch(/1000/u);
  });
});

describe("readCliValue", () => {
  it("reads values by their schema type and leaves unparsable ones for validation", () => {
    expect(readCliValue("30", { types: ["integer"], textType: "integer" })).toBe(30);
    expect(readCliValue("3x", { types: ["number"], textType: "number" })).toBe("3x");
    expect(readCliValue("false", { types: ["boolean"], textType: "boolean" })).toBe(false);
    expect(readCliValue('["a","b"]', { types: ["array"], textType: "array" })).toEqual(["a", "b"]);
    expect(readCliValue("a, b", { types: ["array"], textType: "array", items: "string" })).toEqual(["a", "b"]);
    expect(readCliValue("{bad", { types: ["object"], textType: "object" })).toBe("{bad");
    expect(readCliValue("text", { types: ["string"], textType: "string" })).toBe("text");
    // a union of a number and a list: the number first, then the list, each element read as its type
    const idOrIds = { types: ["integer", "array"], textType: "integer", items: "integer" } as const;
    expect(readCliValue("7", { ...idOrIds, types: [...idOrIds.types] })).toBe(7);
    expect(readCliValue("7, 8", { ...idOrIds, types: [...idOrIds.types] })).toEqual([7, 8]);
  });
});
