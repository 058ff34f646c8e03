/**
 * Serving some tools: `--tools` and `--exclude` (and `[serve]` in dwim.toml) take toolsets or single tools, and
 * errors name only what this server can do: an unknown tool's hints name served tools only, a tool of an unserved
 * toolset is named with the flag that serves it, and every path refusal names the allowed roots.
 */
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/index.js";
import { configSectionsOf, createApp } from "../../src/server/app.js";
import { UnknownToolsetError } from "../../src/server/load.js";
import { selectTools, toolsetsToLoad } from "../../src/server/selection.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { connectInMemory } from "../helpers/mcp.js";

const ALL_NAMES = TOOLSETS.flatMap((set) => set.tools.map((t) => t.name));

function names(include?: string[], exclude?: string[]): string[] {
  return selectTools(TOOLSETS, { include, exclude }).map((t) => t.name);
}

describe("tool-level selection", () => {
  it("serves toolsets and single tools, less the excluded ones", () => {
    expect(names(["convert", "recall", "edit_file"])).toEqual(["edit_file", "convert", "recall"]);
    expect(names(["units"], ["list_scales", "define_unit"])).not.toContain("list_scales");
    expect(names(["units"], ["list_scales"])).toContain("convert");
    expect(names(undefined, ["memory", "read_file"])).toEqual(
      ALL_NAMES.filter(
        (n) => n !== "read_file" && !TOOLSETS.find((s) => s.name === "memory")?.tools.some((t) => t.name === n),
      ),
    );
    expect(toolsetsToLoad({ include: ["convert", "recall", "edit_file"] })).toEqual(["edit", "units", "memory"]);
  });

  it("refuses a misspelled toolset or tool at startup with a did-you-mean over both", () => {
    expect(() => names(["convrt"])).toThrow(UnknownToolsetError);
    try {
      names(["recal"]);
    } catch (e) {
      expect((e as UnknownToolsetError).likelyFix).toBe("recall");
    }
    expect(() => toolsetsToLoad({ exclude: ["memroy"] })).toThrow(/did you mean 'memory'/u);
  });

  it("reads [serve] tools and exclude from dwim.toml, and --tools replaces them", () => {
    const dir = mkdtempSync(join(tmpdir(), "dwim-serve-config-"));
    const file = join(dir, "dwim.toml");
    writeFileSync(file, '[serve]\ntools = ["units", "recall"]\nexclude = ["define_unit"]\n');
    const env = { DWIM_LOG: "0" };
    const config = loadConfig({ userFile: null, projectFile: file, env, sections: configSectionsOf(TOOLSETS) });
    expect(config.errors).toEqual([]);
    const fromConfig = createApp({ toolsets: TOOLSETS, env, config, cwd: dir }).registry.tools.map((t) => t.name);
    expect(fromConfig).toContain("convert");
    expect(fromConfig).toContain("recall");
    expect(fromConfig).not.toContain("define_unit");
    expect(fromConfig).not.toContain("read_file");
    const flagged = createApp({ toolsets: TOOLSETS, env, config, cwd: dir, only: ["read_file"] });
    expect(flagged.registry.tools.map((t) => t.name)).toEqual(["read_file"]);
  });
});

describe("errors name only what this server can do", () => {
  it("with units alone: a tool of another toolset is named with its flag, and no hint names an unserved tool", async () => {
    const units = TOOLSETS.filter((set) => set.name === "units");
    const served = new Set(units[0].tools.map((t) => t.name));
    const conn = await connectInMemory({ toolsets: units, cwd: mkdtempSync(join(tmpdir(), "dwim-served-")) });
    try {
      const elsewhere = await conn.client.callTool({ name: "read_file", arguments: { path: "a.txt" } });
      const hints = (elsewhere.structuredContent as { hints: string[] }).hints;
      expect(elsewhere.isError).toBe(true);
      expect(hints[0]).toContain("--tools edit");
      const unknown = await conn.client.callTool({ name: "frobnicate", arguments: {} });
      const unknownHints = (unknown.structuredContent as { hints: string[] }).hints.join("\n");
      expect(unknownHints).not.toContain("list_capabilities");
      expect(unknownHints).not.toContain("analyze_intent");
      const named = [...unknownHints.matchAll(/[a-z]+_[a-z_]+/gu)].map((m) => m[0]);
      expect(named.length).toBeGreaterThan(0);
      for (const name of named) expect(served.has(name), name).toBe(true);
    } finally {
      await conn.close();
    }
  });

  it("every path refusal names the allowed roots, in its text too", async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "dwim-roots-")));
    writeFileSync(join(dir, "a.txt"), "x\n");
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: dir });
    try {
      for (const [name, args] of [
        ["read_file", { path: "/etc/hostname" }],
        ["edit_file", { path: "/etc/hostname", old_str: "a", new_str: "b" }],
        ["fuzzy_search_content", { fuzzy_filter: "x", path: "/etc" }],
        ["fuzzy_search_files", { fuzzy_filter: "x", path: "/etc" }],
      ] as const) {
        const r = await conn.client.callTool({ name, arguments: args });
        expect(r.isError, name).toBe(true);
        expect((r.structuredContent as { error_type: string }).error_type, name).toMatch(/PATH_DENIED$/u);
        expect((r.content as Array<{ text: string }>)[0].text, name).toContain(dir);
      }
    } finally {
      await conn.close();
    }
  });
});
