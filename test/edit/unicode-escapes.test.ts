/** `\uXXXX` and `\u{…}` in old_str are read like the other over-escapes: only when the text as written is absent. */
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

async function edit(content: string, old_str: string, new_str: string) {
  const dir = tempDir();
  writeFileSync(join(dir, "f.js"), content);
  conn = await connectInMemory({ toolsets: [toolset], cwd: dir });
  const r = await conn.client.callTool({ name: "edit_file", arguments: { path: "f.js", old_str, new_str } });
  return { r, out: r.structuredContent as Record<string, unknown>, after: readFileSync(join(dir, "f.js"), "utf8") };
}

describe("unicode escapes in old_str", () => {
  it("reads \\u20AC as € when the file holds €, in new_str too, and says so", async () => {
    const { r, out, after } = await edit('const price = "€ 5";\n', 'price = "\\u20AC 5"', 'price = "\\u20AC 6"');
    expect(r.isError).toBeFalsy();
    expect(after).toBe('const price = "€ 6";\n');
    expect(out.strategy).toBe("repair");
    const corrections = (out.did_you_mean as { corrections: Array<{ parameter: string; correction_type: string }> })
      .corrections;
    expect(corrections).toContainEqual(expect.objectContaining({ parameter: "old_str", correction_type: "unescape" }));
    expect(corrections).toContainEqual(expect.objectContaining({ parameter: "new_str", correction_type: "unescape" }));
  });

  it("reads \\u{1F600} and a surrogate pair \\uD83D\\uDE00 as 😀", async () => {
    for (const escaped of ["\\u{1F600}", "\\uD83D\\uDE00"]) {
      const { r, after } = await edit('face = "😀";\n', `face = "${escaped}"`, 'face = "ok"');
      expect(r.isError, escaped).toBeFalsy();
      expect(after).toBe('face = "ok";\n');
    }
  });

  it("keeps a \\n meant literally while reading \\u (a C format string beside a euro sign)", async () => {
    const { r, after } = await edit(
      'x = "€";\nprintf("\\n");\n',
      'x = "\\u20AC";\nprintf("\\n");',
      'x = "$";\nprintf("\\n");',
    );
    expect(r.isError).toBeFalsy();
    expect(after).toBe('x = "$";\nprintf("\\n");\n');
  });

  it("never unescapes text that matches as written", async () => {
    const { r, out, after } = await edit('const s = "\\u20AC";\nconst t = "€";\n', 's = "\\u20AC"', 's = "\\u20AC!"');
    expect(r.isError).toBeFalsy();
    expect(out.strategy).toBe("exact");
    expect(after).toBe('const s = "\\u20AC!";\nconst t = "€";\n');
  });

  it("applies nothing when the unescaped text is not unique", async () => {
    const { r, out, after } = await edit('a = "€";\nb = "€";\n', '"\\u20AC"', '"EUR"');
    expect(r.isError).toBe(true);
    expect(out.error_type).toBe("EDIT_EXPECTED_OCCURRENCE_MISMATCH");
    expect(after).toBe('a = "€";\nb = "€";\n');
  });
});
