/**
 * FIFOs, sockets and character devices inside a root get a clear structured error from read_file,
 * edit_file and the searches, fast, and the server keeps answering. Before, a FIFO hung the whole server and a
 * `/dev/zero`-like device grew it to gigabytes.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PathAccessError } from "../../src/core/beneath.js";
import { readRegularFileSync } from "../../src/core/files.js";
import { toolset as edit } from "../../src/edit/index.js";
import { toolset as search } from "../../src/search/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { sandbox } from "./helpers.js";

let conn: Connected | undefined;
let socketServer: Server | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
  await new Promise((r) => (socketServer ? socketServer.close(r) : r(undefined)));
  socketServer = undefined;
});

async function tree() {
  const { root } = sandbox("dwim-special-");
  execFileSync("mkfifo", [join(root, "pipe")]);
  writeFileSync(join(root, "ok.txt"), "needle in a text file\n");
  socketServer = createServer();
  await new Promise<void>((r) => socketServer?.listen(join(root, "sock"), r));
  return root;
}

type Call = { name: string; arguments: Record<string, unknown> };

async function expectRefused(client: Connected["client"], call: Call, type: string, kind: RegExp) {
  const started = Date.now();
  const r = await client.callTool(call);
  expect(r.isError, JSON.stringify(r.structuredContent)).toBe(true);
  const e = r.structuredContent as { error_type: string; error: string };
  expect(e.error_type).toBe(type);
  expect(e.error).toMatch(kind);
  expect(Date.now() - started).toBeLessThan(5000);
}

describe("non-regular files never block", () => {
  it("a FIFO and a socket: read_file, edit_file and the searches refuse them, unopened", async () => {
    const root = await tree();
    conn = await connectInMemory({ toolsets: [search, edit], cwd: root });
    const c = conn.client;
    for (const [path, kind] of [
      ["pipe", /FIFO/u],
      ["sock", /socket/u],
    ] as const) {
      await expectRefused(c, { name: "read_file", arguments: { path } }, "EDIT_INVALID_PATH", kind);
      await expectRefused(
        c,
        { name: "edit_file", arguments: { path, old_str: "a", new_str: "b" } },
        "EDIT_INVALID_PATH",
        kind,
      );
      await expectRefused(
        c,
        { name: "edit_file", arguments: { path, old_str: "", new_str: "b" } },
        "EDIT_INVALID_PATH",
        kind,
      );
      await expectRefused(
        c,
        { name: "fuzzy_search_content", arguments: { fuzzy_filter: "needle", path } },
        "SEARCH_INVALID_PATH",
        kind,
      );
      await expectRefused(
        c,
        { name: "fuzzy_search_files", arguments: { fuzzy_filter: "pipe", path } },
        "SEARCH_INVALID_PATH",
        kind,
      );
    }
    // A directory holding them is searched normally: they are skipped, the text file is found.
    for (const multiline of [false, true]) {
      const r = await c.callTool({ name: "fuzzy_search_content", arguments: { fuzzy_filter: "needle", multiline } });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { matches: Array<{ file: string }> }).matches.map((m) => m.file)).toEqual([
        "ok.txt",
      ]);
    }
    const files = await c.callTool({
      name: "fuzzy_search_files",
      arguments: { fuzzy_filter: "needle", multiline: true },
    });
    expect((files.structuredContent as { matches: Array<{ file: string }> }).matches.map((m) => m.file)).toEqual([
      "ok.txt",
    ]);
  });

  it("character devices in a root (here /dev): refused, never read", async () => {
    conn = await connectInMemory({ toolsets: [search, edit], cwd: "/dev", roots: ["/dev"] });
    const c = conn.client;
    await expectRefused(
      c,
      { name: "read_file", arguments: { path: "/dev/zero" } },
      "EDIT_INVALID_PATH",
      /character device/u,
    );
    await expectRefused(
      c,
      { name: "edit_file", arguments: { path: "/dev/null", old_str: "", new_str: "x" } },
      "EDIT_INVALID_PATH",
      /character device/u,
    );
    await expectRefused(
      c,
      { name: "fuzzy_search_content", arguments: { fuzzy_filter: "x", path: "/dev/zero" } },
      "SEARCH_INVALID_PATH",
      /character device/u,
    );
    expect(process.memoryUsage().rss).toBeLessThan(2 * 1024 ** 3);
  });

  it("the searches' own reads refuse a FIFO swapped in after ripgrep listed the file, without blocking (O_NONBLOCK)", async () => {
    const root = await tree();
    const started = Date.now();
    let error: unknown;
    try {
      readRegularFileSync(join(root, "pipe"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PathAccessError);
    expect((error as PathAccessError).detail.kind).toBe("FIFO (named pipe)");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
