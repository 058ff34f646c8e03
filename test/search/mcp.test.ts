/** The search tools through a real MCP client: listing, aliases, structured errors with an applicable likely_fix. */
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/errors.js";
import { applyLikelyFix } from "../../src/core/fix.js";
import { locateRipgrep, toolset } from "../../src/search/index.js";
import { type Connected, connectInMemory, MODERN_VERSION } from "../helpers/mcp.js";
import { makeTree } from "./fixture.js";

let root: string;
let conn: Connected;
beforeAll(async () => {
  root = makeTree();
  conn = await connectInMemory({ toolsets: [toolset], cwd: root });
});
const scripts: string[] = [];
afterAll(async () => {
  await conn.close();
  rmSync(root, { recursive: true, force: true });
  for (const f of scripts) rmSync(f, { force: true });
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

/** A ripgrep that prints its lines, then lingers (in its own process group) before exiting, and logs its pid. */
function slowRg(dir: string, lingerSeconds: number, tag: string): { path: string; pids: string } {
  const path = `${dir}-slow-rg-${lingerSeconds}-${tag}.sh`;
  const pids = `${dir}-slow-rg-${lingerSeconds}-${tag}.pids`;
  const real = locateRipgrep().path;
  writeFileSync(
    path,
    [
      "#!/bin/sh",
      'case " $* " in *" --files "*|*" --version "*|*" --pcre2-version "*) exec "$0.real" "$@";; esac',
      `echo $$ >> '${pids}'`,
      '"$0.real" "$@"',
      `sleep ${lingerSeconds}`,
      "",
    ].join("\n"),
  );
  writeFileSync(`${path}.real`, `#!/bin/sh\nexec '${real}' "$@"\n`);
  chmodSync(path, 0o755);
  chmodSync(`${path}.real`, 0o755);
  scripts.push(path, `${path}.real`, pids);
  return { path, pids };
}

/** Whether any process of the group `pgid` still runs (zombies, killed but not yet reaped, do not count). */
function alive(pgid: number): boolean {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/u.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z" && state !== "X") return true;
  }
  return false;
}

describe.each(["2025-11-25", MODERN_VERSION] as const)(
  "long searches over MCP (%s): progress and cancellation",
  (protocol) => {
    it("sends progress notifications (files scanned, matches so far) when the client asked for them", async () => {
      const rg = slowRg(root, 1.5, protocol);
      const slow = await connectInMemory({ toolsets: [toolset], cwd: root, env: { DWIM_RG_PATH: rg.path }, protocol });
      try {
        const updates: Array<{ progress: number; total?: number; message?: string }> = [];
        const r = await slow.client.callTool(
          { name: "fuzzy_search_content", arguments: { fuzzy_filter: "handler" } },
          {
            onprogress: (p) => updates.push(p),
          },
        );
        expect(r.isError).toBeFalsy();
        expect((r.structuredContent as { total_matches: number }).total_matches).toBeGreaterThan(0);
        expect(updates.length).toBeGreaterThan(0);
        expect(updates[0].message).toMatch(/files scanned, \d+ matches so far/u);
        expect(updates[0].total).toBeGreaterThan(0);
        for (let i = 1; i < updates.length; i++) expect(updates[i].progress).toBeGreaterThan(updates[i - 1].progress);
        // Without a progress token nothing is sent (and the call still answers).
        const quiet = await slow.client.callTool({
          name: "fuzzy_search_content",
          arguments: { fuzzy_filter: "handler" },
        });
        expect(quiet.isError).toBeFalsy();
      } finally {
        await slow.close();
        rmSync(rg.pids, { force: true });
      }
    });
    it("cancellation ends ripgrep at once", async () => {
      const rg = slowRg(root, 30, protocol);
      const slow = await connectInMemory({ toolsets: [toolset], cwd: root, env: { DWIM_RG_PATH: rg.path }, protocol });
      try {
        const controller = new AbortController();
        const call = slow.client.callTool(
          { name: "fuzzy_search_content", arguments: { fuzzy_filter: "handler" } },
          {
            signal: controller.signal,
          },
        );
        const started = Date.now();
        while (!existsSync(rg.pids) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
        const pid = Number(readFileSync(rg.pids, "utf8").trim().split("\n")[0]);
        expect(alive(pid)).toBe(true);
        controller.abort();
        await expect(call).rejects.toThrow();
        const deadline = Date.now() + 1000;
        while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        expect(alive(pid)).toBe(false);
      } finally {
        await slow.close();
        rmSync(rg.pids, { force: true });
      }
    });
  },
);
