import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readAnswer } from "../../src/cli/prompt.js";
import { cliSandbox, dwim, dwimInTerminal } from "../helpers/cli.js";

const ROOT = resolve(__dirname, "../..");

describe("dwim's manners", () => {
  it("prints the result alone on stdout and the correction on stderr", async () => {
    const { dir, env } = cliSandbox("dwim-manners-");
    const r = await dwim(["call", "convrt", '{"value": 1, "from": "km", "to": "m"}'], dir, env);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("1000 m");
    expect(r.stderr).toContain("Did you mean: Called 'convert' for 'convrt'");
  });

  it("answers an unknown subcommand and an unknown flag with dwim's did-you-mean", async () => {
    const { dir, env } = cliSandbox("dwim-manners-");
    const command = await dwim(["convrt", "5", "km", "mi"], dir, env);
    expect(command.code).not.toBe(0);
    expect(command.stderr).toContain("Did you mean 'convert'?");
    const flag = await dwim(["search", "parse", "--limt", "2"], dir, env);
    expect(flag.code).not.toBe(0);
    expect(flag.stderr).toContain("Did you mean '--limit'?");
    const nothing = await dwim(["zzzzqqq"], dir, env);
    expect(nothing.stderr).toContain("dwim --help");
  });

  it("prints the version for -V, -v and --version", async () => {
    const { dir, env } = cliSandbox("dwim-manners-");
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    for (const flag of ["-V", "-v", "--version"])
      expect((await dwim([flag], dir, env)).stdout.trim()).toBe(pkg.version);
  });

  it("`health` in a project without memory reports it and creates nothing", async () => {
    const { dir, env } = cliSandbox("dwim-manners-");
    const r = await dwim(["health", "--json"], dir, env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ exists: false, memories: 0 });
    expect(existsSync(join(dir, ".dwim"))).toBe(false);
  });

  it("`config check` reports an [aliases] entry naming no tool, as list_capabilities does", async () => {
    const { dir, env } = cliSandbox("dwim-manners-");
    mkdirSync(join(dir, ".dwim"));
    writeFileSync(join(dir, ".dwim", "dwim.toml"), '[aliases]\nll = "list_unitz"\n');
    const check = await dwim(["config", "check"], dir, env);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("aliases.ll");
    expect(check.stdout).toContain("did you mean 'list_units'");
    const listed = await dwim(["call", "list_capabilities", '{"detail": "names"}', "--json"], dir, env);
    const faults = (JSON.parse(listed.stdout) as { config_errors: Array<{ key: string }> }).config_errors;
    expect(faults.map((f) => f.key)).toEqual(["aliases.ll"]);
  });

  it("asks [y/N] before a fix that would run a destructive tool, and an empty answer runs nothing", () => {
    const { dir, env } = cliSandbox("dwim-manners-");
    writeFileSync(join(dir, "a.txt"), "one\n");
    const shown = dwimInTerminal(
      `call edit_fiel '{"path": "a.txt", "old_str": "one", "new_str": "two"}'`,
      dir,
      env,
      "\n",
    );
    expect(shown).toContain("[y/N]");
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("one\n");
  });

  it("reads answers with the question's default", () => {
    expect(readAnswer("", false)).toBe(false);
    expect(readAnswer("", true)).toBe(true);
    expect(readAnswer(" Y ", false)).toBe(true);
    expect(readAnswer("no", true)).toBe(false);
  });

  it("keeps .dwim/ out of git", () => {
    expect(readFileSync(join(ROOT, ".gitignore"), "utf8").split("\n")).toContain(".dwim/");
  });
});
