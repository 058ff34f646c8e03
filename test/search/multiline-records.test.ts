/**
 * `multiline: true` through a real MCP client: a match whose terms lie on several lines returns the whole record it
 * spans — from the line of its earliest matched character to the line of its last (`line`..`end_line`) — bounded by
 * `max_chars`, with context lines around the span.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolset } from "../../src/search/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";

const SERVICE = [
  "import hashlib", // 1
  "", // 2
  "class UserService:", // 3
  '    """Users and their sessions."""', // 4
  "", // 5
  "    def __init__(self, store):", // 6
  "        self.store = store", // 7
  "", // 8
  "    def authenticate(self, name, password):", // 9
  "        user = self.store.get(name)", // 10
  "        return user and user.check(password)", // 11
  "", // 12
  "LIMIT = 3", // 13
  "",
].join("\n");

interface Match {
  file: string;
  line: number;
  end_line?: number;
  content: string;
  truncated_line?: boolean;
  before?: string[];
  after?: string[];
}

let root: string;
let conn: Connected;
beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "dwim-multiline-")));
  writeFileSync(join(root, "service.py"), SERVICE);
  // A record far larger than any answer: 400 lines of 100 characters between its two terms.
  const filler = Array.from({ length: 400 }, (_, i) => `# filler ${String(i).padStart(3, "0")} ${"x".repeat(86)}`);
  writeFileSync(join(root, "long.py"), ["def opening_marker():", ...filler, "    closing_marker = 1", ""].join("\n"));
  conn = await connectInMemory({ toolsets: [toolset], cwd: root });
});
afterAll(async () => {
  await conn.close();
  rmSync(root, { recursive: true, force: true });
});

async function search(args: Record<string, unknown>) {
  const r = await conn.client.callTool({ name: "fuzzy_search_content", arguments: { multiline: true, ...args } });
  expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
  return { result: r.structuredContent as { matches: Match[]; truncated: boolean }, text: JSON.stringify(r) };
}

describe("multiline records", () => {
  it("returns every line from the class to the method, with the line range", async () => {
    const { result } = await search({ fuzzy_filter: "'class 'UserService 'def 'authenticate" });
    expect(result.matches).toHaveLength(1);
    const m = result.matches[0];
    expect(m).toMatchObject({ file: "service.py", line: 3, end_line: 9 });
    const lines = m.content.split("\n");
    expect(lines).toHaveLength(m.end_line! - m.line + 1);
    expect(lines[0]).toBe("class UserService:");
    expect(lines.at(-1)).toBe("    def authenticate(self, name, password):");
    expect(m.truncated_line).toBeUndefined();
  });
  it("the terms in any order give the same span", async () => {
    const { result } = await search({ fuzzy_filter: "'authenticate 'UserService" });
    expect(result.matches[0]).toMatchObject({ line: 3, end_line: 9 });
  });
  it("a match on one line is a record of one line", async () => {
    const { result } = await search({ fuzzy_filter: "'LIMIT" });
    expect(result.matches[0]).toMatchObject({ line: 13, end_line: 13, content: "LIMIT = 3" });
  });
  it("context lines come before the first line and after the last", async () => {
    const { result } = await search({ fuzzy_filter: "'class 'UserService 'def 'authenticate", context_lines: 2 });
    const m = result.matches[0];
    expect(m.before).toEqual(["import hashlib", ""]);
    expect(m.after).toEqual(["        user = self.store.get(name)", "        return user and user.check(password)"]);
  });
  it("a record larger than max_chars is cut to fit, from its first line, and says so", async () => {
    const { result } = await search({ fuzzy_filter: "'opening_marker 'closing_marker", max_chars: 4000 });
    const m = result.matches[0];
    expect(m).toMatchObject({ file: "long.py", line: 1, end_line: 402, truncated_line: true });
    expect(m.content.startsWith("def opening_marker():\n# filler 000")).toBe(true);
    expect(m.content.length).toBeGreaterThan(2000);
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(4000);
  });
  it("the whole record fits a larger budget", async () => {
    const { result } = await search({ fuzzy_filter: "'opening_marker 'closing_marker", max_chars: 100_000 });
    const m = result.matches[0];
    expect(m.truncated_line).toBeUndefined();
    expect(m.content.split("\n")).toHaveLength(402);
    expect(m.content.endsWith("    closing_marker = 1")).toBe(true);
  });
});
