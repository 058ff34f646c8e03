import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { TOOLSETS } from "../../src/server/toolsets.js";

const ROOT = resolve(__dirname, "../..");

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("README", () => {
  it("names every tool and its parameters", () => {
    for (const set of TOOLSETS) {
      for (const tool of set.tools) {
        expect(readme).toContain(`\`${tool.name}\``);
        for (const param of Object.keys(tool.input.shape)) expect(readme).toContain(`\`${param}`);
      }
    }
  });

  it("has a quick start of exactly two commands", () => {
    const quick = readme.split("## Quick start")[1].split("## ")[0];
    const block = /```sh\n([\s\S]*?)```/u.exec(quick)?.[1] ?? "";
    expect(block.trim().split("\n")).toEqual(["npm install && npm start -- --http 127.0.0.1:7077", "npm test"]);
  });

  it("registers the server from a clone, and each client's entry starts the same command", () => {
    const register = readme.split("## Register the server with an MCP client")[1].split("\n## ")[0];
    const json = JSON.parse(/```json\n([\s\S]*?)```/u.exec(register)?.[1] ?? "{}");
    const entry = json.mcpServers.dwim as { command: string; args: string[] };
    expect(entry.command).toBe("node");
    const codex = parseToml(/```toml\n([\s\S]*?)```/u.exec(register)?.[1] ?? "") as {
      mcp_servers: { dwim: { command: string; args: string[] } };
    };
    expect(codex.mcp_servers.dwim).toEqual(entry);
    const claude = /```sh\n(claude mcp add [^\n]*)\n```/u.exec(register)?.[1] ?? "";
    expect(claude.split(" -- ")[1].split(" ")).toEqual([entry.command, ...entry.args.slice(0, 2)]);
    // The npm form is shown only as the future one: the package is not published yet.
    expect(register).toMatch(/Once the package is published on npm\*\* \(it is not yet/u);
  });

  it("the JSON configuration, as written with the clone's path, serves every tool over stdio", async () => {
    const register = readme.split("## Register the server with an MCP client")[1].split("\n## ")[0];
    const project = mkdtempSync(join(tmpdir(), "dwim-readme-project-"));
    writeFileSync(join(project, "notes.txt"), "alpha\n");
    const entry = JSON.parse(
      (/```json\n([\s\S]*?)```/u.exec(register)?.[1] ?? "{}")
        .replaceAll("/path/to/dwim", ROOT)
        .replaceAll("/path/to/your/project", project),
    ).mcpServers.dwim as { command: string; args: string[] };
    const home = mkdtempSync(join(tmpdir(), "dwim-readme-home-"));
    const transport = new StdioClientTransport({
      command: entry.command === "node" ? process.execPath : entry.command,
      args: entry.args,
      cwd: "/",
      env: { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: join(home, "config"), DWIM_LOG: "0" },
      stderr: "ignore",
    });
    const client = new Client({ name: "readme-config", version: "0.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLSETS.flatMap((t) => t.tools.map((x) => x.name)).sort());
      const read = await client.callTool({ name: "read_file", arguments: { path: "notes.txt" } });
      expect(read.isError).toBeFalsy();
      expect(JSON.stringify(read.content)).toContain("alpha");
    } finally {
      await client.close();
    }
  });
});
