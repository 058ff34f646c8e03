/** Corrections keep line structure: an old_str that ends (or begins) with a newline never lands inside a line. */
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

async function edit(content: string, args: Record<string, unknown>) {
  const dir = tempDir();
  writeFileSync(join(dir, "f.txt"), content);
  conn = await connectInMemory({ toolsets: [toolset], cwd: dir });
  const r = await conn.client.callTool({ name: "edit_file", arguments: { path: "f.txt", ...args } });
  return {
    r,
    structured: r.structuredContent as Record<string, unknown>,
    after: readFileSync(join(dir, "f.txt"), "utf8"),
  };
}

describe("corrections keep line structure", () => {
  it("does not strip old_str's trailing newline to land inside bbb-x", async () => {
    const { r, structured, after } = await edit("aaa\nbbb-x\nccc\n", { old_str: "bbb\n", new_str: "bbb\nBB1\nBB2\n" });
    expect(r.isError).toBe(true);
    expect(structured.error_type).toBe("EDIT_NO_OCCURRENCE_FOUND");
    expect(after).toBe("aaa\nbbb-x\nccc\n");
    // The closest line is named, so the agent can write the whole line.
    const candidates = structured.candidates as Array<{ start_line: number; text: string }>;
    expect(candidates[0]).toMatchObject({ start_line: 2, text: "bbb-x\n" });
  });

  it("does not strip a leading newline or a read_file number to land after other text on the line", async () => {
    for (const old_str of ["\n\nbbb", "     2\tbbb"]) {
      const { r, after } = await edit("aaa\nx-bbb\nccc\n", { old_str, new_str: old_str.replace("bbb", "BBB") });
      expect(r.isError, old_str).toBe(true);
      expect(after).toBe("aaa\nx-bbb\nccc\n");
    }
  });

  it("takes no indentation correction elsewhere when old_str as written starts a line that goes on", async () => {
    // "    call(x);\n" is line 2 cut short as written, or line 4 up to indentation: neither is taken, both are named.
    const content = "if (a) {\n    call(x);   // keep\n}\ncall(x);\n";
    const { r, structured, after } = await edit(content, {
      old_str: "    call(x);\n",
      new_str: "    call(x);\n    more();\n",
    });
    expect(r.isError).toBe(true);
    expect(structured.error_type).toBe("EDIT_NO_OCCURRENCE_FOUND");
    expect(after).toBe(content);
    const lines = (structured.candidates as Array<{ start_line: number }>).map((c) => c.start_line);
    expect(lines).toEqual(expect.arrayContaining([2, 4]));
    expect(structured.hints).toEqual(expect.arrayContaining([expect.stringMatching(/inside line 2\b.*goes on/u)]));
  });

  it("still corrects the indentation when the text as written is nowhere", async () => {
    const content = "if (a) {\n    other(x);   // keep\n}\ncall(x);\n";
    const { r, after } = await edit(content, { old_str: "    call(x);\n", new_str: "    call(y);\n" });
    expect(r.isError).toBeFalsy();
    expect(after).toBe(content.replace("call(x);\n", "call(y);\n"));
  });

  it("still strips an extra newline where the line really ends there", async () => {
    const { r, structured, after } = await edit("aaa\nbbb\nccc", { old_str: "\nccc\n", new_str: "\nCCC\n" });
    expect(r.isError).toBeFalsy();
    expect(structured.strategy).toBe("repair");
    expect(after).toBe("aaa\nbbb\nCCC");
  });
});
