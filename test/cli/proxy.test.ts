/**
 * `dwim proxy` end to end: the built CLI over stdio, in front of real MCP servers (the official reference servers
 * from npm, run with node from their installed bin, and the SDK-only fixture), through the SDK Client on both eras.
 * Covered: the environment an upstream gets, no `--` before its arguments, exit codes, and several servers combined.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { MODERN_VERSION, type ProtocolVersion } from "../helpers/mcp.js";
import { alive, clientOptions, EVERYTHING, FILESYSTEM, FIXTURE, MEMORY, waitFor } from "../proxy/helpers.js";
import type { Loose } from "../router/helpers.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");

function sandbox() {
  const dir = mkdtempSync(join(tmpdir(), "dwim-proxy-cli-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, "config"),
    XDG_STATE_HOME: join(dir, "state"),
    DWIM_LOG: "0",
  };
  return { dir, env };
}

const open: Client[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

async function proxyClient(
  args: string[],
  options: { dir: string; env: Record<string, string>; version?: ProtocolVersion },
): Promise<{ client: Client; stderr: () => string; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, "proxy", ...args],
    cwd: options.dir,
    env: options.env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const client = new Client({ name: "proxy-cli-test", version: "0" }, clientOptions(options.version ?? "2025-11-25"));
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr, pid: transport.pid as number };
}

const text = (r: unknown) => ((r as Loose).content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");

describe("dwim proxy: environment and command line (item 1)", () => {
  it("the upstream gets the user's whole environment plus --env; no `--` needed before the command", async () => {
    const { dir, env } = sandbox();
    const { client } = await proxyClient(
      ["--env", "EXTRA_SETTING=on", "--env", "SECRET_TOKEN=overridden", process.execPath, "--no-warnings", FIXTURE],
      { dir, env: { ...env, SECRET_TOKEN: "tok-123", API_BASE: "https://api.example" } },
    );
    const read = async (name: string) => text(await client.callTool({ name: "read_env", arguments: { name } }));
    expect(await read("API_BASE")).toBe("https://api.example");
    expect(await read("EXTRA_SETTING")).toBe("on");
    expect(await read("SECRET_TOKEN")).toBe("overridden");
    expect(await read("HOME")).toBe(dir);
  });

  it("an mcpServers config file: env block over the user's environment, variable expansion, --env on top", async () => {
    const { dir, env } = sandbox();
    const config = join(dir, "servers.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          fixture: {
            command: process.execPath,
            args: [FIXTURE],
            // biome-ignore lint/suspicious/noTemplateCurlyInString: MCP config files expand ${VAR} themselves.
            env: { SECRET_TOKEN: "from-config", DERIVED: "${SECRET_TOKEN}-x", DEFAULTED: "${UNSET_VAR:-fallback}" },
          },
          unused: { command: "/nonexistent", disabled: true },
        },
      }),
    );
    const { client } = await proxyClient(["--mcp-config", config, "--env", "DEFAULTED=cli"], {
      dir,
      env: { ...env, SECRET_TOKEN: "tok-123" },
    });
    const read = async (name: string) => text(await client.callTool({ name: "read_env", arguments: { name } }));
    expect(await read("SECRET_TOKEN")).toBe("from-config");
    expect(await read("DERIVED")).toBe("tok-123-x");
    expect(await read("DEFAULTED")).toBe("cli");
  });

  it("server-memory keeps its graph where the user's MEMORY_FILE_PATH says (2026-07-28 client)", async () => {
    const { dir, env } = sandbox();
    const file = join(dir, "memory.jsonl");
    const { client } = await proxyClient([process.execPath, MEMORY], {
      dir,
      env: { ...env, MEMORY_FILE_PATH: file },
      version: MODERN_VERSION,
    });
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_VERSION);
    const r = await client.callTool({
      name: "create_entities",
      arguments: { entities: [{ name: "Proxy", entityType: "tool", observations: ["forwards calls"] }] },
    });
    expect(r.isError).toBeFalsy();
    expect(readFileSync(file, "utf8")).toContain('"name":"Proxy"');
  });

  it("a project dwim.toml parameter alias applies to an upstream tool", async () => {
    const { dir, env } = sandbox();
    mkdirSync(join(dir, ".dwim"));
    writeFileSync(join(dir, ".dwim", "dwim.toml"), '[params.slow_echo]\nmessage = "text"\n');
    // The older spelling with `--` still works.
    const { client } = await proxyClient(["--", process.execPath, FIXTURE], { dir, env });
    const r = (await client.callTool({ name: "slow_echo", arguments: { message: "aliased" } })) as Loose;
    expect(r.content[0]).toEqual({ type: "text", text: "aliased" });
    expect(r._meta["dwim/did_you_mean"].corrections[0]).toMatchObject({ original: "message", corrected: "text" });
  });
});

describe("dwim proxy: combining servers (item 6)", () => {
  it("dwim's own read_file and server-filesystem's read_file/search_files side by side: namespaced on the clash", async () => {
    const { dir, env } = sandbox();
    writeFileSync(join(dir, "notes.txt"), "alpha\nbeta\n");
    const { client, stderr } = await proxyClient(["--tools", "edit,search", process.execPath, FILESYSTEM, dir], {
      dir,
      env,
    });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(["read_file", "fuzzy_search_files", "filesystem__read_file", "filesystem__search_files"]),
    );
    expect(names).not.toContain("search_files");
    const own = (await client.callTool({ name: "read_file", arguments: { path: "notes.txt" } })) as Loose;
    expect(own.isError).toBeFalsy();
    expect(JSON.stringify(own.structuredContent)).toContain("alpha");
    const theirs = await client.callTool({
      name: "filesystem__read_file",
      arguments: { path: join(dir, "notes.txt") },
    });
    expect(text(theirs)).toBe("alpha\nbeta\n");
    // A misspelled namespaced name is corrected within its namespace.
    const typo = await client.callTool({ name: "filesystem__read_fle", arguments: { path: join(dir, "notes.txt") } });
    expect(text(typo)).toContain("alpha");
    expect(stderr()).toContain("its tools are served as filesystem__<name>");
  });

  it("--prefix names the namespace", async () => {
    const { dir, env } = sandbox();
    const { client } = await proxyClient(["--prefix", "fs", "--tools", "edit", process.execPath, FILESYSTEM, dir], {
      dir,
      env,
    });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("fs__read_file");
    expect(names).toContain("read_file");
  });

  it("several upstreams behind one proxy: --upstream and --mcp-config", async () => {
    const { dir, env } = sandbox();
    const config = join(dir, "servers.json");
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING] } } }),
    );
    const { client } = await proxyClient(
      ["--upstream", `memory=${process.execPath} ${MEMORY}`, "--mcp-config", config],
      {
        dir,
        env: { ...env, MEMORY_FILE_PATH: join(dir, "m.jsonl") },
      },
    );
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["read_graph", "create_entities", "echo", "get-sum"]));
    expect(text(await client.callTool({ name: "echo", arguments: { message: "hi" } }))).toBe("Echo: hi");
    const graph = (await client.callTool({ name: "read_graph", arguments: {} })) as Loose;
    expect(graph.structuredContent).toEqual({ entities: [], relations: [] });
    // Prompts and resources of the one upstream that has them are served too.
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain("simple-prompt");
  });
});

/** Runs `dwim proxy` with raw JSON-RPC lines on stdin; resolves with the exit code and stderr. */
function runRaw(args: string[], lines: object[], env: Record<string, string>, dir: string) {
  return new Promise<{ code: number | null; stderr: string }>((done) => {
    const child: ChildProcess = spawn(process.execPath, [MAIN, "proxy", ...args], { cwd: dir, env });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    let sent = false;
    child.stderr?.on("data", () => {
      if (sent || !stderr.includes("over stdio")) return;
      sent = true;
      for (const line of lines) child.stdin?.write(`${JSON.stringify(line)}\n`);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

describe("dwim proxy: exits (item 5)", () => {
  it("--no-restart: the proxy exits non-zero when the upstream exits", async () => {
    const { dir, env } = sandbox();
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    };
    const crash = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "crash", arguments: { code: 9 } } };
    const r = await runRaw(
      ["--no-restart", "--name", "fixture", process.execPath, FIXTURE],
      [init, { jsonrpc: "2.0", method: "notifications/initialized" }, crash],
      env,
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("upstream 'fixture' exited with code 9");
    expect(r.stderr).toContain("will not be restarted");
  });

  it("SIGTERM to the proxy ends its upstream too", async () => {
    const { dir, env } = sandbox();
    const { client, pid } = await proxyClient([process.execPath, FIXTURE], { dir, env });
    const upstreamPid = Number(text(await client.callTool({ name: "process_id", arguments: {} })));
    expect(alive(upstreamPid)).toBe(true);
    process.kill(pid, "SIGTERM");
    await waitFor(() => !alive(pid) && !alive(upstreamPid), 10_000);
  });

  it("an upstream that cannot start: exit 1 with the reason", async () => {
    const { dir, env } = sandbox();
    const r = await runRaw(["--startup-timeout", "2000", "/nonexistent/mcp-server-notes"], [], env, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/upstream 'notes'.*did not start: could not be started: .*ENOENT/u);
  });

  it("no upstream at all: exit 2 with usage", async () => {
    const { dir, env } = sandbox();
    const r = await runRaw([], [], env, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no upstream server");
  });
});
