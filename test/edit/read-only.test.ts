/** A file without write permission is left alone unless the user allows it in dwim.toml. */
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { toolset } from "../../src/edit/index.js";
import { MAIN } from "../helpers/cli.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { modesApply, RUNNING_AS_ROOT } from "../helpers/modes-apply.js";
import { tempDir } from "./helpers.js";

let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

function readOnlyFile(mode = 0o444): { dir: string; path: string } {
  const dir = tempDir();
  const path = join(dir, "locked.txt");
  writeFileSync(path, "keep = 1\n");
  chmodSync(path, mode);
  return { dir, path };
}

describe("read-only files", () => {
  it("refuses a 0444 file with EDIT_PERMISSION_DENIED naming the mode, and leaves it as it was", async () => {
    const { dir, path } = readOnlyFile();
    const before = statSync(path);
    conn = await connectInMemory({ toolsets: [toolset], cwd: dir });
    for (const args of [
      { old_str: "keep = 1", new_str: "keep = 2" },
      { old_str: "keep = 1", new_str: "keep = 2", dry_run: true },
    ]) {
      const r = await conn.client.callTool({ name: "edit_file", arguments: { path: "locked.txt", ...args } });
      expect(r.isError).toBe(true);
      const e = r.structuredContent as { error_type: string; error: string; mode: string; hints: string[] };
      expect(e.error_type).toBe("EDIT_PERMISSION_DENIED");
      expect(e.error).toContain("read-only (mode 0444");
      expect(e.hints.join(" ")).toContain("chmod u+w");
      expect(e.hints.join(" ")).toContain("allow_read_only");
    }
    const after = statSync(path);
    expect(readFileSync(path, "utf8")).toBe("keep = 1\n");
    expect([after.ino, after.mode, after.mtimeMs]).toEqual([before.ino, before.mode, before.mtimeMs]);
  });

  it("refuses a file another user owns, in a directory dwim may write (what sed -i would replace)", () => {
    const dir = tempDir();
    const path = join(dir, "theirs.txt");
    writeFileSync(path, "keep = 1\n");
    // As root: nobody's 0644 file, edited by root without the capabilities that ignore modes and owners; as any
    // other user: the user's own 0444 file. Either way dwim may write the directory but not the file.
    if (RUNNING_AS_ROOT) chownSync(path, 65534, 65534);
    chmodSync(path, RUNNING_AS_ROOT ? 0o644 : 0o444);
    const owner = statSync(path).uid;
    const { command, args } = modesApply(process.execPath, [
      MAIN,
      "edit",
      "theirs.txt",
      "--old-str",
      "keep = 1",
      "--new-str",
      "keep = 2",
      "--json",
    ]);
    const r = spawnSync(command, args, {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_CONFIG_HOME: join(dir, ".config"), DWIM_LOG: "0" },
    });
    expect(`${r.stdout}${r.stderr}`).toContain("EDIT_PERMISSION_DENIED");
    expect(r.status).not.toBe(0);
    expect(readFileSync(path, "utf8")).toBe("keep = 1\n");
    expect(statSync(path).uid).toBe(owner);
  });

  it("otherwise does what its user can: a file with a write bit, another user's included when run as root, is edited", async () => {
    const dir = tempDir();
    const path = join(dir, "theirs.txt");
    writeFileSync(path, "keep = 1\n");
    // Root may write any file that has a write bit: here one owned by nobody, writable by its owner only.
    const root = process.getuid?.() === 0;
    chmodSync(path, 0o644);
    if (root) chownSync(path, 65534, 65534);
    conn = await connectInMemory({ toolsets: [toolset], cwd: dir });
    const r = await conn.client.callTool({
      name: "edit_file",
      arguments: { path: "theirs.txt", old_str: "keep = 1", new_str: "keep = 2" },
    });
    expect(r.isError).toBeFalsy();
    expect(readFileSync(path, "utf8")).toBe("keep = 2\n");
    expect(statSync(path).mode & 0o7777).toBe(0o644);
    if (root) expect(statSync(path).uid).toBe(65534);
  });

  it("replaces it, mode kept, when [edit] allow_read_only is set", async () => {
    const { dir, path } = readOnlyFile();
    conn = await connectInMemory({ toolsets: [toolset], cwd: dir, env: { DWIM_EDIT_ALLOW_READ_ONLY: "true" } });
    const r = await conn.client.callTool({
      name: "edit_file",
      arguments: { path: "locked.txt", old_str: "keep = 1", new_str: "keep = 2" },
    });
    expect(r.isError).toBeFalsy();
    expect(readFileSync(path, "utf8")).toBe("keep = 2\n");
    expect(statSync(path).mode & 0o7777).toBe(0o444);
  });
});
