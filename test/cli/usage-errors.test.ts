/**
 * A mistyped command line: every subcommand's options, at any depth, get dwim's did-you-mean over that subcommand's
 * own names, and every usage error exits 2 (a failed tool call exits 1). `--tools` names fold case and separators,
 * an empty list is refused, an unknown name gets a did-you-mean.
 */
import { describe, expect, it } from "vitest";
import { cliSandbox, dwim } from "../helpers/cli.js";

describe("did-you-mean on every subcommand", () => {
  it.each([
    [["serve", "--projet", "."], "--project"],
    [["serve", "--tool", "units"], "--tools"],
    [["serve", "--htpp", "127.0.0.1:0"], "--http"],
    [["stats", "--jsn"], "--json"],
    [["memory", "exprot"], "export"],
    [["memory", "export", "--otu", "x.jsonl"], "--out"],
    [["config", "chek"], "check"],
    [["config", "check", "--projetc", "."], "--project"],
    [["convert", "5", "km", "mi", "--jsno"], "--json"],
  ])("%j suggests %s and exits 2", async (args, meant) => {
    const { dir, env } = cliSandbox("dwim-usage-");
    const r = await dwim(args, dir, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Did you mean '${meant}'?`);
  });

  it("--help is suggested only when no option of the command's own is near", async () => {
    const { dir, env } = cliSandbox("dwim-usage-");
    const htpp = await dwim(["serve", "--htpp"], dir, env);
    expect(htpp.stderr).not.toContain("'--help'");
    const hlep = await dwim(["stats", "--hlep"], dir, env);
    expect(hlep.stderr).toContain("Did you mean '--help'?");
    const nothing = await dwim(["memory", "export", "--zzzqqq"], dir, env);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain("Run 'dwim memory export --help' to see what exists.");
  });

  it("a missing argument and too many arguments are usage errors too; help and version exit 0", async () => {
    const { dir, env } = cliSandbox("dwim-usage-");
    expect((await dwim(["memory", "import"], dir, env)).code).toBe(2);
    expect((await dwim(["convert", "5", "km", "mi", "extra"], dir, env)).code).toBe(2);
    expect((await dwim(["serve", "--help"], dir, env)).code).toBe(0);
    expect((await dwim(["--version"], dir, env)).code).toBe(0);
    // A tool that ran and failed is not a usage error.
    expect((await dwim(["convert", "5", "kilgoram", "g"], dir, env)).code).toBe(1);
  });
});

describe("--tools values", () => {
  it("fold case and separators: SEARCH and Check-Dimensions serve those tools", async () => {
    const { dir, env } = cliSandbox("dwim-usage-");
    // An unknown name alongside proves the others were accepted: only it is reported.
    const r = await dwim(["serve", "--tools", "SEARCH,Check-Dimensions,zzzqqq"], dir, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown toolset 'zzzqqq'");
    expect(r.stderr).not.toContain("'search'");
  });

  it("an empty list is refused rather than read as every tool", async () => {
    const { dir, env } = cliSandbox("dwim-usage-");
    for (const value of ["", " , "]) {
      const r = await dwim(["serve", "--tools", value], dir, env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("give at least one name");
    }
    const proxy = await dwim(["proxy", "--tools", "", "node"], dir, env);
    expect(proxy.code).toBe(2);
    expect(proxy.stderr).toContain("give at least one name");
  });

  it("an unknown name gets a did-you-mean, in --tools and --exclude", async () => {
    const { dir, env } = cliSandbox("dwim-usage-");
    const tools = await dwim(["serve", "--tools", "UNITZ"], dir, env);
    expect(tools.code).toBe(2);
    expect(tools.stderr).toContain("Unknown toolset 'unitz' (did you mean 'units'?)");
    const exclude = await dwim(["serve", "--exclude", "memroy"], dir, env);
    expect(exclude.code).toBe(2);
    expect(exclude.stderr).toContain("(did you mean 'memory'?)");
  });
});
