/** edit_file and read_file through a real MCP client and server. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { toolset } from "../../src/edit/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { tempDir } from "./helpers.js";

let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  conn = undefined;
});

describe("edit toolset over MCP", () => {
  it("lists both tools with their annotations", async () => {
    conn = await connectInMemory({ toolsets: [toolset], cwd: tempDir() });
    const { tools } = await conn.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("edit_file")?.annotations?.destructiveHint).toBe(true);
    expect(byName.get("read_file")?.annotations?.readOnlyHint).toBe(true);
    expect(Object.keys(byName.get("edit_file")?.inputSchema.properties ?? {})).toEqual([
      "path",
      "old_str",
      "new_str",
      "expected_replacements",
      "replace_all",
      "dry_run",
      "expected_hash",
    ]);
  });

  it("reads, then edits with a pasted read_file line, and reports did_you_mean", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a.py"), "def f():\n    return 1\n");
    conn = await connectInMemory({ toolsets: [toolset], cwd: dir });
    const read = await conn.client.callTool({ name: "read_file", arguments: { path: "a.py", offset: 2 } });
    expect(read.isError).toBeFalsy();
    expect((read.content as Array<{ text: string }>)[0].text).toBe("     2\t    return 1");
    const edit = await conn.client.callTool({
      name: "edit_file",
      arguments: { path: "a.py", old_str: "     2\t    return 1", new_str: "     2\t    return 2" },
    });
    expect(edit.isError).toBeFalsy();
    const out = edit.structuredContent as {
      strategy: string;
      did_you_mean: { corrections: Array<{ correction_type: string }> };
    };
    expect(out.strategy).toBe("repair");
    expect(out.did_you_mean.corrections[0].correction_type).toBe("line_number_prefix");
    expect(readFileSync(join(dir, "a.py"), "utf8")).toBe("def f():\n    return 2\n");
  });

  it("answers to the str_replace alias and returns structured errors", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "b.txt"), "alpha\n");
    conn = await connectInMemory({ toolsets: [toolset], cwd: dir });
    const r = await conn.client.callTool({
      name: "str_replace",
      arguments: { path: "b.txt", old_str: "omega", new_str: "x" },
    });
    expect(r.isError).toBe(true);
    expect((r.structuredContent as { error_type: string }).error_type).toBe("EDIT_NO_OCCURRENCE_FOUND");
  });
});
