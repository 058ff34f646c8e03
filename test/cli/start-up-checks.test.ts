/**
 * Start-up checks and a clean project: a --project or --root that is not a directory stops `dwim serve` with exit
 * code 2 (naming the path, and a near sibling); no tool creates a project directory; a tool that adds no memory never
 * creates a database or a `.dwim/`; the `.dwim/` dwim makes keeps itself out of git.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/index.js";
import { closeAllStores } from "../../src/memory/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { cliSandbox, dwim, dwimOverStdio } from "../helpers/cli.js";
import { connectInMemory } from "../helpers/mcp.js";

afterAll(async () => {
  await closeAllStores();
});

describe("dwim serve refuses a project or root directory that is not one", () => {
  it("--project with a typo: exit 2, the path named and the sibling it was probably meant to be", async () => {
    const { dir, env } = cliSandbox("dwim-startup-");
    mkdirSync(join(dir, "payments-api"));
    const r = await dwim(["serve", "--project", "payments-apj"], dir, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--project payments-apj: no such directory (${join(dir, "payments-apj")})`);
    expect(r.stderr).toContain("did you mean --project payments-api?");
    expect(existsSync(join(dir, "payments-apj"))).toBe(false);
  });

  it("--root that does not exist, or is a file: exit 2 for each, without a guess when nothing is near", async () => {
    const { dir, env } = cliSandbox("dwim-startup-");
    const missing = await dwim(["serve", "--root", "/nonexistent-dwim-root"], dir, env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--root /nonexistent-dwim-root: no such directory");
    expect(missing.stderr).not.toContain("did you mean");
    const file = await dwim(["serve", "--root", "notes.txt"], dir, env);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain(`--root notes.txt: not a directory (${join(dir, "notes.txt")})`);
  });

  it("the other commands taking --project check it the same way", async () => {
    const { dir, env } = cliSandbox("dwim-startup-");
    for (const args of [["health"], ["config", "check"], ["proxy", "--root", "nope", "node"]]) {
      const given = args[0] === "proxy" ? args : [...args, "--project", "nope"];
      const r = await dwim(given, dir, env);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain("nope: no such directory");
    }
  });
});

describe("a project without memory stays as it was", () => {
  it("every read-only tool, and record_outcome and forget, answer over MCP and create no database or .dwim/", async () => {
    const { dir, env } = cliSandbox("dwim-startup-");
    const server = await dwimOverStdio(["serve", "--project", dir], { dir, env });
    try {
      const { tools } = await server.client.listTools();
      const readOnly = tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name);
      expect(readOnly).toEqual(expect.arrayContaining(["recall", "search_memories", "list_capabilities", "read_file"]));
      const recall = await server.client.callTool({ name: "recall", arguments: { topic: "deploy" } });
      expect(recall.isError).toBeFalsy();
      expect(recall.structuredContent).toMatchObject({ results: [], note: expect.stringContaining("No memories yet") });
      const search = await server.client.callTool({ name: "search_memories", arguments: { query: "deploy" } });
      expect(search.structuredContent).toMatchObject({ results: [], note: expect.stringContaining("No memories yet") });
      for (const [name, args] of [
        ["record_outcome", { memory_id: 1, worked: true }],
        ["forget", { memory_id: 1 }],
      ] as const) {
        const r = await server.client.callTool({ name, arguments: args });
        expect((r.structuredContent as ErrorPayload).error_type, name).toBe("memory_not_found");
      }
      // Every read-only tool, with arguments it accepts.
      const calls: Record<string, Record<string, unknown>> = {
        fuzzy_search_content: { fuzzy_filter: "alpha" },
        fuzzy_search_files: { fuzzy_filter: "notes" },
        read_file: { path: "notes.txt" },
        convert: { value: 1, from_unit: "km", to_unit: "m" },
        compute: { initial_value: 1, initial_unit: "kg", factors: [{ numerator: "1000 g", denominator: "1 kg" }] },
        check_dimensions: { unit_a: "km", unit_b: "mi" },
        analyze_intent: { query: "recall a decision" },
        resolve_tool: { tool_name: "recal" },
        recall: { topic: "deploy" },
        search_memories: { query: "deploy" },
      };
      for (const name of readOnly) {
        const r = await server.client.callTool({ name, arguments: calls[name] ?? {} });
        expect(r.isError, `${name}: ${JSON.stringify(r.structuredContent)}`).toBeFalsy();
      }
      expect(existsSync(join(dir, ".dwim"))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it("dwim recall, search-memories and memory export on the command line create nothing either", async () => {
    const { dir, env } = cliSandbox("dwim-startup-");
    const recall = await dwim(["recall", "deploy"], dir, env);
    expect(recall.code).toBe(0);
    expect(recall.stdout).toContain(
      `No memories yet in this project: the first remember creates ${join(dir, ".dwim", "memory.db")}`,
    );
    expect((await dwim(["search-memories", "deploy"], dir, env)).code).toBe(0);
    expect((await dwim(["memory", "export"], dir, env)).code).toBe(0);
    expect(existsSync(join(dir, ".dwim"))).toBe(false);
  });

  it("no tool creates the project directory a client's root names when it does not exist", async () => {
    const { dir } = cliSandbox("dwim-startup-");
    const gone = join(realpathSync(dir), "not-made");
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: "/", clientRoots: () => [gone] });
    try {
      const remembered = await conn.client.callTool({
        name: "remember",
        arguments: { content: "Use pnpm", category: "decision" },
      });
      expect(remembered.isError).toBe(true);
      expect(remembered.structuredContent).toMatchObject({ error_type: "storage_error" });
      expect((remembered.structuredContent as ErrorPayload).error).toContain(`${gone} does not exist`);
      const created = await conn.client.callTool({
        name: "edit_file",
        arguments: { path: "new.txt", old_str: "", new_str: "x\n" },
      });
      expect(created.isError).toBe(true);
      expect(existsSync(gone)).toBe(false);
    } finally {
      await conn.close();
    }
  });
});

describe(".dwim/ made by dwim keeps itself out of git", () => {
  it("after a remember, git status is clean; a .gitignore already in .dwim/ is left as it was", async () => {
    const { dir, env } = cliSandbox("dwim-startup-");
    const git = (...args: string[]) =>
      spawnSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: dir, env, encoding: "utf8" });
    git("init", "-q");
    git("add", "notes.txt");
    git("commit", "-qm", "notes");
    const r = await dwim(["remember", "Use WAL mode for SQLite", "decision"], dir, env);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, ".dwim", ".gitignore"), "utf8")).toBe("*\n");
    expect(existsSync(join(dir, ".dwim", "memory.db"))).toBe(true);
    expect(git("status", "--porcelain").stdout).toBe("");

    const own = cliSandbox("dwim-startup-");
    mkdirSync(join(own.dir, ".dwim"));
    writeFileSync(join(own.dir, ".dwim", ".gitignore"), "memory.db*\n");
    expect((await dwim(["remember", "Keep dwim.toml in git", "decision"], own.dir, own.env)).code).toBe(0);
    expect(readFileSync(join(own.dir, ".dwim", ".gitignore"), "utf8")).toBe("memory.db*\n");
  });
});

describe("fuzzy_search_files outside the allowed roots", () => {
  it("offers the allowed root as likely_fix, never the value that failed", async () => {
    const { dir, env } = cliSandbox("dwim-startup-");
    const server = await dwimOverStdio(["serve", "--project", dir], { dir, env });
    try {
      const r = await server.client.callTool({
        name: "fuzzy_search_files",
        arguments: { fuzzy_filter: "x", path: ".." },
      });
      const error = r.structuredContent as ErrorPayload;
      expect(error.error_type).toBe("SEARCH_PATH_DENIED");
      expect(error.likely_fix).toBe(realpathSync(dir));
      expect(error.likely_fix).not.toBe(error.got);
    } finally {
      await server.close();
    }
  });
});
