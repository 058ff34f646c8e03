import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorPayload } from "../../src/core/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { clientFor } from "../helpers/mcp.js";

// The shipped bin (the launcher running the one-file CommonJS bundle through the code cache), as `npx dwim` runs it:
// lazily loaded packages (the model, SQLite, ripgrep) must resolve from the bundle too.
const MAIN = resolve(__dirname, "../../dist/cli/bundle/main.js");

function sandbox(): string {
  const dir = mkdtempSync(join(tmpdir(), "dwim-stdio-"));
  writeFileSync(join(dir, "notes.txt"), "alpha\nbeta\ngamma\n");
  return dir;
}

/** Spawn helpers (a `node -e` child of a server) working in `dir`. */
function helpersIn(dir: string): string[] {
  return readdirSync("/proc").filter((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      return argv[1] === "-e" && readlinkSync(`/proc/${pid}/cwd`) === dir;
    } catch {
      return false;
    }
  });
}

function env(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, "config"),
    XDG_STATE_HOME: join(dir, "state"),
    DWIM_LOG: "0",
    ...extra,
  };
}

async function start(dir: string, extra: Record<string, string> = {}): Promise<Client> {
  const client = clientFor("stdio-test");
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, "serve"],
      cwd: dir,
      env: env(dir, extra),
      stderr: "pipe",
    }),
  );
  return client;
}

describe("the real server over stdio (SDK Client)", () => {
  let dir: string;
  let strict: Client;
  beforeAll(async () => {
    dir = sandbox();
    // The model loads on its own thread while calls are answered: on a loaded machine it can take longer than the
    // router's default wait, and this test is about the model's answer, so it waits for it.
    mkdirSync(join(dir, "config", "dwim"), { recursive: true });
    writeFileSync(join(dir, "config", "dwim", "dwim.toml"), "[router]\nsemantic_wait_ms = 50000\n");
    // Parameter auto-correction off: a misspelled parameter comes back as a likely_fix.
    strict = await start(dir, { DWIM_ROUTER_AUTO_CORRECT_PARAMS: "0" });
  });
  afterAll(async () => {
    await strict.close();
  });

  it("lists every tool of every toolset", async () => {
    const { tools } = await strict.listTools();
    const expected = TOOLSETS.flatMap((t) => t.tools.map((d) => d.name));
    expect(tools.map((t) => t.name)).toEqual(expected);
    expect(tools.length).toBeGreaterThanOrEqual(21);
  });

  it("answers a misspelled parameter with likely_fix naming the right one, then runs the corrected call", async () => {
    const bad = await strict.callTool({ name: "read_file", arguments: { pth: "notes.txt" } });
    expect(bad.isError).toBe(true);
    const error = bad.structuredContent as ErrorPayload;
    expect(error).toMatchObject({ error_type: "unknown_parameter", parameter: "pth", likely_fix: "path" });

    const good = await strict.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
    expect(good.isError).toBeFalsy();
    expect(JSON.stringify(good.structuredContent)).toContain("beta");
  });

  it("analyze_intent loads the shipped model in the server, fuses both lanes, and keeps stdout clean", async () => {
    // Not "convert 5 miles…": a tool's name as the first word answers at once, without the model.
    const r = await strict.callTool({ name: "analyze_intent", arguments: { query: "how many kilometers is 5 miles" } });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as {
      matches: Array<{ tool: string; breakdown: { semantic: number } }>;
      scoring: { semantic: { status: string; provider?: string } };
    };
    expect(out.scoring.semantic).toMatchObject({ status: "ready", provider: "use-lite-v1" });
    expect(out.matches[0].tool).toBe("convert");
    expect(out.matches[0].breakdown.semantic).toBeGreaterThan(0);
  }, 90_000);

  it("remembers and recalls through SQLite with sqlite-vec and the model, loaded from the shipped bundle", async () => {
    const saved = await strict.callTool({
      name: "remember",
      arguments: { content: "Deploys go out on Tuesdays after the staging soak test", category: "decision" },
    });
    expect(saved.isError).toBeFalsy();
    const r = await strict.callTool({ name: "recall", arguments: { topic: "what day do deploys go out" } });
    expect(r.isError).toBeFalsy();
    expect(JSON.stringify(r.structuredContent)).toContain("Tuesdays");
    expect((r.structuredContent as { retrieval: { vector: boolean } }).retrieval.vector).toBe(true);
  });

  it("searches through the spawn helper of the shipped bundle, with the answers of a direct spawn", async () => {
    const run = async (client: Client) => {
      const answers: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await client.callTool({ name: "fuzzy_search_content", arguments: { fuzzy_filter: "gam" } });
        expect(r.isError).toBeFalsy();
        answers.push(r.structuredContent);
        // The helper starts on the first search and serves the ones after it is up.
        await new Promise((done) => setTimeout(done, 300));
      }
      return answers;
    };
    const tmp = join(dir, "tmp");
    mkdirSync(tmp, { recursive: true });
    const socketDirs = () => readdirSync(tmp).filter((name) => name.startsWith("dwim-spawn-"));
    const helped = await start(dir, { DWIM_SPAWN_HELPER: "on", TMPDIR: tmp });
    const direct = await start(dir, { DWIM_SPAWN_HELPER: "off" });
    try {
      const viaHelper = await run(helped);
      expect(helpersIn(dir)).toHaveLength(1);
      expect(socketDirs()).toHaveLength(1);
      expect(viaHelper).toEqual(await run(direct));
      expect(JSON.stringify(viaHelper[3])).toContain("gamma");
    } finally {
      await helped.close();
      await direct.close();
    }
    // It goes with its server, and so does its socket's directory.
    await new Promise((done) => setTimeout(done, 300));
    expect(helpersIn(dir)).toEqual([]);
    expect(socketDirs()).toEqual([]);
  });

  it("keeps serving after an unknown tool, wrong types and a missing parameter", async () => {
    for (const [name, args] of [
      ["no_such_tool", {}],
      ["read_file", { path: 42 }],
      ["read_file", {}],
    ] as const) {
      const r = await strict.callTool({ name, arguments: args });
      expect(r.isError).toBe(true);
      expect((r.structuredContent as ErrorPayload).error_type).toMatch(
        /^(unknown_tool|invalid_arguments|missing_parameter)$/u,
      );
    }
    const after = await strict.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
    expect(after.isError).toBeFalsy();
  });

  it("answers a 10 MB argument with argument_too_large instead of dropping the connection", async () => {
    const big = await strict.callTool({ name: "read_file", arguments: { path: "x".repeat(10 * 1024 * 1024) } });
    expect(big.isError).toBe(true);
    expect((big.structuredContent as ErrorPayload).error_type).toBe("argument_too_large");
    const after = await strict.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
    expect(after.isError).toBeFalsy();
  });

  it("with defaults, auto-corrects the misspelled parameter and reports it in did_you_mean", async () => {
    const client = await start(dir);
    const r = await client.callTool({ name: "read_file", arguments: { pth: "notes.txt" } });
    expect(r.isError).toBeFalsy();
    const dym = (r.structuredContent as { did_you_mean?: { corrections: Array<Record<string, unknown>> } })
      .did_you_mean;
    expect(dym?.corrections[0]).toMatchObject({ parameter: "pth", corrected: "path" });
    await client.close();
  });
});

/** `dwim serve` as a raw process: its output so far and its exit code. */
function serveProcess() {
  const dir = sandbox();
  const child = spawn(process.execPath, [MAIN, "serve"], { cwd: dir, env: env(dir), stdio: ["pipe", "pipe", "pipe"] });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (d: Buffer) => {
    out.stdout += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    out.stderr += d.toString();
  });
  const exit = new Promise<number | null>((ok) => child.on("exit", (code) => ok(code)));
  return { child, out, exit };
}

describe("process behaviour", () => {
  it("prints nothing but protocol on stdout and exits 0 on SIGTERM", async () => {
    const { child, out, exit } = serveProcess();
    await new Promise<void>((ok) => {
      const check = setInterval(() => {
        if (out.stderr.includes("serving")) {
          clearInterval(check);
          ok();
        }
      }, 20);
    });
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(/serving \d+ tools over stdio/u);
  });

  it("answers the calls a client sent before closing stdin, then exits 0", async () => {
    const { child, out, exit } = serveProcess();
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      // ripgrep runs in a child process: the answer comes after stdin has ended.
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "fuzzy_search_content", arguments: { fuzzy_filter: "gamma", regex_pattern: "gam" } },
      },
    ];
    child.stdin.end(lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
    expect(await exit).toBe(0);
    const answers = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id?: number; result?: { structuredContent?: unknown } });
    const call = answers.find((a) => a.id === 2);
    expect(JSON.stringify(call?.result?.structuredContent)).toContain("gamma");
  });

  it("starts over HTTP, prints the URL and the number of tools", async () => {
    const dir = sandbox();
    const child = spawn(process.execPath, [MAIN, "serve", "--http", "127.0.0.1:0"], { cwd: dir, env: env(dir) });
    let stdout = "";
    const line = await new Promise<string>((ok) => {
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes("\n")) ok(stdout);
      });
    });
    expect(line).toMatch(/MCP server on http:\/\/127\.0\.0\.1:\d+\/mcp \(\d+ tools\)/u);
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const exit = new Promise<string>((ok) => child.on("exit", (code, signal) => ok(`${code} ${signal} ${stderr}`)));
    child.kill("SIGINT");
    expect(await exit).toMatch(/^0 null /u);
  });
});
