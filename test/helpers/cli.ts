/** The real `dwim` process for CLI tests: a sandbox directory with its own HOME and state, and a runner. */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

export const MAIN = resolve(__dirname, "../../dist/cli/main.js");
const run = promisify(execFile);

/** A temporary project with notes.txt, and an environment whose HOME, config and state live inside it. */
export function cliSandbox(prefix = "dwim-cli-"): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, "notes.txt"), "alpha\nbeta\n");
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, "config"),
    XDG_STATE_HOME: join(dir, "state"),
  };
  return { dir, env };
}

/** Runs `dwim args…` in `dir`; never throws, returns the exit code and both streams. */
export async function dwim(args: string[], dir: string, env: Record<string, string>) {
  try {
    const r = await run(process.execPath, [MAIN, ...args], { cwd: dir, env });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/**
 * Runs `dwim args` (a shell-quoted string) in a pseudo-terminal (`script`), answering `input`; returns what it showed.
 * The terminal is TERM=dumb (no colours) unless `env` names another.
 */
export function dwimInTerminal(args: string, dir: string, env: Record<string, string>, input: string): string {
  const r = spawnSync("script", ["-qec", `${process.execPath} ${MAIN} ${args}`, "/dev/null"], {
    cwd: dir,
    env: { TERM: "dumb", ...env },
    input,
    encoding: "utf8",
    timeout: 20_000,
  });
  return r.stdout;
}

/** `dwim args…` as an MCP client starts it over stdio, with its stderr kept for the test to read. */
export async function dwimOverStdio(
  args: string[],
  options: { dir: string; env: Record<string, string> },
): Promise<{ client: Client; stderr: () => string; close(): Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, ...args],
    cwd: options.dir,
    env: options.env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "dwim-cli-test", version: "0.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}
