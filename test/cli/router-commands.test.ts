/** The router's subcommands answer about every tool dwim has, not only the router's own three. */
import { describe, expect, it } from "vitest";
import { MANIFEST } from "../../src/generated/server/manifest.js";
import { cliSandbox, dwim } from "../helpers/cli.js";

const ALL_TOOLS = MANIFEST.flatMap((set) => set.tools.map((t) => t.name));

describe("dwim resolve, route and list-capabilities", () => {
  it("resolve grep: fuzzy_search_content through its documented alias", async () => {
    const { dir, env } = cliSandbox("dwim-router-cli-");
    const r = await dwim(["resolve", "grep", "--json"], dir, env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ resolved: "fuzzy_search_content", tier: "alias" });
  });

  it("route 'read a file' recommends read_file", async () => {
    const { dir, env } = cliSandbox("dwim-router-cli-");
    const r = await dwim(["route", "read a file", "--json"], dir, env);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { matches: Array<{ tool: string }> };
    expect(out.matches[0]?.tool).toBe("read_file");
  });

  it("list-capabilities lists every tool", async () => {
    const { dir, env } = cliSandbox("dwim-router-cli-");
    const r = await dwim(["list-capabilities", "--detail", "names", "--limit", "100", "--json"], dir, env);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { count: number; tools: Array<{ name: string }> };
    expect(out.count).toBe(ALL_TOOLS.length);
    expect(out.tools.map((t) => t.name).sort()).toEqual([...ALL_TOOLS].sort());
  });
});
