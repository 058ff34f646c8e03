/**
 * No shell, no program run by a search (README.md, "Security model"). Child processes get argument arrays, so shell
 * syntax in any argument is only text; and `rg_flags` is allow-listed: the flags that make ripgrep run programs
 * (`--pre`, `--pre-glob`, `--search-zip`, `--hostname-bin`) or follow symlinks out of the roots (`--follow`) are
 * refused in every spelling, and nothing runs. Through a real MCP client.
 */
import { existsSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolset as edit } from "../../src/edit/index.js";
import { toolset as search } from "../../src/search/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { sandbox, snapshot } from "./helpers.js";

let conn: Connected;
let root: string;
let outside: string;
let marker: string;
let trap: string;

beforeAll(async () => {
  ({ root, outside } = sandbox("dwim-noshell-"));
  marker = join(outside, "program-ran");
  trap = join(outside, "trap.sh");
  writeFileSync(trap, `#!/bin/sh\necho ran > '${marker}'\ncat "$1"\n`, { mode: 0o755 });
  writeFileSync(join(root, "notes.txt"), "needle inside\n");
  writeFileSync(join(outside, "secret.txt"), "needle OUTSIDE secret\n");
  symlinkSync(outside, join(root, "linked"));
  conn = await connectInMemory({ toolsets: [search, edit], cwd: root });
});
afterAll(async () => {
  await conn.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const r = await conn.client.callTool({ name, arguments: args });
  return { isError: r.isError === true, s: r.structuredContent as Record<string, unknown>, text: JSON.stringify(r) };
}

describe("rg_flags that run programs or leave the roots are refused", () => {
  const refused = [
    "--pre TRAP",
    "--pre=TRAP",
    "--pre-glob=*.txt --pre=TRAP",
    "--hostname-bin TRAP",
    "--search-zip",
    "-z",
    "--follow",
    "-L",
    "-zL",
    "-uL",
    ["--pre", "TRAP"],
  ];
  it.each(refused)("%s: SEARCH_FLAG_NOT_ALLOWED, nothing runs, nothing outside is read", async (flags) => {
    const rgFlags = Array.isArray(flags) ? flags.map((f) => f.replace("TRAP", trap)) : flags.replace("TRAP", trap);
    for (const tool of ["fuzzy_search_content", "fuzzy_search_files"]) {
      const r = await call(tool, { fuzzy_filter: "needle", rg_flags: rgFlags });
      expect(r.isError, tool).toBe(true);
      expect(r.s, tool).toMatchObject({ error_type: "SEARCH_FLAG_NOT_ALLOWED", parameter: "rg_flags" });
      expect(r.text).not.toContain("OUTSIDE");
    }
    expect(existsSync(marker)).toBe(false);
  });

  it("without them a symlink out of the roots is not followed", async () => {
    const r = await call("fuzzy_search_content", { fuzzy_filter: "needle" });
    expect(r.isError).toBe(false);
    expect(r.text).toContain("needle inside");
    expect(r.text).not.toContain("OUTSIDE");
  });
});

describe("shell syntax in any argument is text, never run", () => {
  const payloads = (m: string) => [`$(touch ${m})`, `\`touch ${m}\``, `; touch ${m}`, `| touch ${m}`, `\ntouch ${m}`];

  it("in the searches' filter, regex, path and flags, and in edit_file's path and strings", async () => {
    const before = snapshot(outside);
    for (const p of payloads(marker)) {
      await call("fuzzy_search_content", { fuzzy_filter: p });
      await call("fuzzy_search_content", { fuzzy_filter: "needle", regex_pattern: p });
      await call("fuzzy_search_content", { fuzzy_filter: "needle", path: p });
      await call("fuzzy_search_content", { fuzzy_filter: "needle", rg_flags: ["--glob", p] });
      await call("fuzzy_search_files", { fuzzy_filter: p });
      await call("read_file", { path: p });
      await call("edit_file", { path: "notes.txt", old_str: p, new_str: "x" });
      const written = await call("edit_file", { path: "notes.txt", old_str: "needle inside", new_str: p });
      expect(written.isError, written.text).toBe(false);
      await call("edit_file", { path: "notes.txt", old_str: p, new_str: "needle inside" });
    }
    expect(existsSync(marker)).toBe(false);
    expect(snapshot(outside)).toEqual(before);
  }, 60_000);
});
