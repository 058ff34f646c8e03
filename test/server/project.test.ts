/**
 * The project directory. A client that starts dwim in `/` gets a typed no_project error naming the
 * fix (never "a bug in dwim", never `/` as an allowed root); `--project` (or the first `--root`) is the base for
 * relative paths, the search path and `.dwim/`; MCP roots from the client name the project on both protocol eras.
 */
import { existsSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/index.js";
import { closeAllStores } from "../../src/memory/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { clientFor, connectInMemory, MODERN_VERSION } from "../helpers/mcp.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");

function project(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "dwim-project-")));
  writeFileSync(join(dir, "notes.txt"), "alpha\nbeta parse config\n");
  return dir;
}

afterAll(async () => {
  await closeAllStores();
});

describe("started in / without a project", () => {
  it("answers file and memory tools with no_project naming --project, and still serves units", async () => {
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: "/" });
    try {
      for (const [name, args] of [
        ["read_file", { path: "notes.txt" }],
        ["fuzzy_search_content", { fuzzy_filter: "parse" }],
        ["remember", { content: "x", category: "decision" }],
      ] as const) {
        const r = await conn.client.callTool({ name, arguments: args });
        expect(r.isError, name).toBe(true);
        const error = r.structuredContent as ErrorPayload;
        expect(error.error_type, name).toBe("no_project");
        expect(error.hints.join(" ")).toContain("--project");
      }
      // `/` is not an allowed root either: an absolute path outside any project is refused.
      const abs = await conn.client.callTool({ name: "read_file", arguments: { path: "/etc/hostname" } });
      expect(abs.isError).toBe(true);
      expect(existsSync("/.dwim")).toBe(false);
      const units = await conn.client.callTool({
        name: "convert",
        arguments: { value: 5, from_unit: "km", to_unit: "m" },
      });
      expect(units.isError).toBeFalsy();
    } finally {
      await conn.close();
    }
  });

  it("over stdio, the real process started in / says no_project; --project fixes it, memory included", async () => {
    const dir = project();
    const env = { PATH: process.env.PATH ?? "", HOME: dir, XDG_STATE_HOME: join(dir, "state"), DWIM_LOG: "0" };
    for (const args of [[], ["--project", dir]]) {
      const client = clientFor("slash");
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [MAIN, "serve", ...args],
          cwd: "/",
          env,
          stderr: "pipe",
        }),
      );
      try {
        const r = await client.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
        if (args.length === 0) {
          expect((r.structuredContent as ErrorPayload).error_type).toBe("no_project");
        } else {
          expect(r.isError).toBeFalsy();
          expect(JSON.stringify(r.structuredContent)).toContain("beta");
          const m = await client.callTool({
            name: "remember",
            arguments: { content: "Use pnpm", category: "decision" },
          });
          expect(m.isError).toBeFalsy();
          expect(existsSync(join(dir, ".dwim", "memory.db"))).toBe(true);
        }
      } finally {
        await client.close();
      }
    }
  });
});

describe("the explicit project", () => {
  it("is the base for relative paths and the default search path, whatever the working directory", async () => {
    const dir = project();
    const elsewhere = mkdtempSync(join(tmpdir(), "dwim-elsewhere-"));
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: elsewhere, project: dir });
    try {
      const read = await conn.client.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
      expect(read.isError).toBeFalsy();
      const found = await conn.client.callTool({ name: "fuzzy_search_content", arguments: { fuzzy_filter: "parse" } });
      expect((found.structuredContent as { total_matches: number }).total_matches).toBe(1);
    } finally {
      await conn.close();
    }
  });
});

describe.each([MODERN_VERSION, "2025-11-25"] as const)("MCP roots on %s", (protocol) => {
  it("a client's first root is the project when dwim was started in /", async () => {
    const dir = project();
    let asked = 0;
    const conn = await connectInMemory({
      toolsets: TOOLSETS,
      cwd: "/",
      protocol,
      clientRoots: () => {
        asked++;
        return [dir];
      },
    });
    try {
      const r = await conn.client.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
      expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
      expect(JSON.stringify(r.structuredContent)).toContain("beta");
      expect(asked).toBeGreaterThanOrEqual(1);
    } finally {
      await conn.close();
    }
  });
});

describe("roots/list_changed (2025 era)", () => {
  it("re-reads the roots: the new first root becomes the project", async () => {
    const first = project();
    const second = project();
    writeFileSync(join(second, "notes.txt"), "only in the second\n");
    let current = [first];
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: "/", clientRoots: () => current });
    try {
      const a = await conn.client.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
      expect(JSON.stringify(a.structuredContent)).toContain("beta");
      current = [second];
      await conn.client.sendRootsListChanged();
      const b = await conn.client.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
      expect(JSON.stringify(b.structuredContent)).toContain("only in the second");
    } finally {
      await conn.close();
    }
  });
});
