/** The search tools through a real MCP client: listing, aliases, structured errors with an applicable likely_fix. */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/errors.js";
import { applyLikelyFix } from "../../src/core/fix.js";
import { toolset } from "../../src/search/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { makeTree } from "./fixture.js";

let root: string;
let conn: Connected;
beforeAll(async () => {
  root = makeTree();
  conn = await connectInMemory({ toolsets: [toolset], cwd: root });
});
afterAll(async () => {
  await conn.close();
  rmSync(root, { recursive: true, force: true });
});

describe("search over MCP", () => {
  it("lists both tools as read-only", async () => {
    const { tools } = await conn.client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(["fuzzy_search_content", "fuzzy_search_files"]);
    for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);
  });
  it("answers to the grep alias (parameter aliases are the router middleware's job)", async () => {
    const r = await conn.client.callTool({ name: "grep", arguments: { fuzzy_filter: "handler user" } });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as { matches: Array<{ file: string; line: number }> };
    expect(s.matches[0]).toMatchObject({ file: "src/app.py", line: 7 });
  });
  it("a corrected search says so in did_you_mean and in the text", async () => {
    const r = await conn.client.callTool({
      name: "fuzzy_search_content",
      arguments: { fuzzy_filter: "TODO|FIXME|BUG" },
    });
    const s = r.structuredContent as { did_you_mean?: { correction_type: string } };
    expect(s.did_you_mean?.correction_type).toBe("alternation_to_or");
    expect((r.content as Array<{ text: string }>)[0].text).toContain("Did you mean");
  });
  it("a misspelled path fails with a likely_fix that applyLikelyFix applies", async () => {
    const call = { name: "fuzzy_search_content", arguments: { fuzzy_filter: "Read", path: "src/utills" } };
    const r = await conn.client.callTool(call);
    expect(r.isError).toBe(true);
    const err = r.structuredContent as ErrorPayload;
    expect(err.error_type).toBe("SEARCH_INVALID_PATH");
    const fixed = applyLikelyFix(call, err);
    expect(fixed?.arguments).toMatchObject({ path: "src/utils" });
    const again = await conn.client.callTool({
      name: fixed!.name,
      arguments: fixed!.arguments as Record<string, unknown>,
    });
    expect(again.isError).toBeFalsy();
  });
  it("an invalid regex with auto_retry off: likely_fix adds --fixed-strings", async () => {
    const call = {
      name: "fuzzy_search_content",
      arguments: { fuzzy_filter: "x", regex_pattern: "print(", auto_retry: false },
    };
    const r = await conn.client.callTool(call);
    const err = r.structuredContent as ErrorPayload;
    expect(err.error_type).toBe("SEARCH_INVALID_REGEX");
    const fixed = applyLikelyFix(call, err);
    const again = await conn.client.callTool({
      name: fixed!.name,
      arguments: fixed!.arguments as Record<string, unknown>,
    });
    expect((again.structuredContent as { total_matches: number }).total_matches).toBe(1);
  });
  it("find_files alias with a glob", async () => {
    const r = await conn.client.callTool({ name: "find_files", arguments: { fuzzy_filter: "*.go" } });
    const s = r.structuredContent as { matches: Array<{ file: string }> };
    expect(s.matches.map((m) => m.file).sort()).toEqual(["src/main.go", "src/utils/reader.go"]);
  });
});
