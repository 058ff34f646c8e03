/**
 * A hostile peer swaps a directory inside the root with a symlink to the outside
 * (renameat2 RENAME_EXCHANGE, as fast as it can) while edit_file, read_file and both searches run through a real
 * MCP client. Nothing outside may be written or read, and every acknowledged edit must be in the inside file.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { toolset as edit } from "../../src/edit/index.js";
import { toolset as search } from "../../src/search/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { expectNoTempFiles, repeatUntil, sandbox, snapshot, startSwapper } from "./helpers.js";

const SECONDS = 2.5;

let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

function text(r: Awaited<ReturnType<Connected["client"]["callTool"]>>): string {
  return JSON.stringify(r.structuredContent ?? r.content);
}

describe("no escape from the roots under a symlink-swap race", () => {
  it("edits, reads and searches stay inside while d/ and a symlink to outside trade places", async () => {
    const { root, outside } = sandbox();
    const d = join(root, "d");
    mkdirSync(d);
    writeFileSync(join(d, "f.txt"), "marker INSIDE\n");
    writeFileSync(join(outside, "f.txt"), "marker OUTSIDE\n");
    writeFileSync(join(outside, "secret-outside.txt"), "marker OUTSIDE secret\n");
    symlinkSync(outside, join(root, "swap"));
    const before = snapshot(outside);
    conn = await connectInMemory({ toolsets: [search, edit], cwd: root });
    const client = conn.client;

    const swapper = await startSwapper(d, join(root, "swap"), SECONDS);
    const edits = { ok: 0, refused: 0 };
    const reads = { ok: 0, refused: 0 };
    const leaks: string[] = [];
    let searches = 0;
    await Promise.all([
      repeatUntil(swapper.done, async () => {
        const r = await client.callTool({
          name: "edit_file",
          arguments: { path: "d/f.txt", old_str: "marker", new_str: "marker!" },
        });
        if (r.isError) edits.refused++;
        else edits.ok++;
      }),
      repeatUntil(swapper.done, async () => {
        const r = await client.callTool({ name: "read_file", arguments: { path: "d/f.txt" } });
        if (r.isError) reads.refused++;
        else reads.ok++;
        if (text(r).includes("OUTSIDE")) leaks.push(`read_file: ${text(r)}`);
      }),
      repeatUntil(swapper.done, async () => {
        for (const path of [".", "d"]) {
          const c = await client.callTool({
            name: "fuzzy_search_content",
            arguments: { fuzzy_filter: "marker", path, context_lines: 1 },
          });
          if (text(c).includes("OUTSIDE")) leaks.push(`fuzzy_search_content ${path}: ${text(c)}`);
          const f = await client.callTool({ name: "fuzzy_search_files", arguments: { fuzzy_filter: "secret", path } });
          if (text(f).includes("secret-outside")) leaks.push(`fuzzy_search_files ${path}: ${text(f)}`);
          searches += 2;
        }
      }),
    ]);
    const swaps = await swapper.done;

    expect(leaks).toEqual([]);
    expect(snapshot(outside)).toEqual(before);
    // Every acknowledged edit landed in the inside file, and nothing else did.
    expect(readFileSync(join(d, "f.txt"), "utf8")).toBe(`marker${"!".repeat(edits.ok)} INSIDE\n`);
    expectNoTempFiles(root);
    // The race was live: both states were seen, and the tools kept working in the inside one.
    expect(swaps).toBeGreaterThan(100);
    expect(edits.ok).toBeGreaterThan(0);
    expect(reads.ok).toBeGreaterThan(0);
    expect(reads.refused + edits.refused).toBeGreaterThan(0);
    expect(searches).toBeGreaterThan(0);
  }, 30_000);
});
