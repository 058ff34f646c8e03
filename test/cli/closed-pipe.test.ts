/**
 * A reader that stops early (`dwim memory export | head -c 300`) ends dwim quietly with exit code 0, as it ends `cat`:
 * no stack trace, no error. A reader that keeps reading gets every line of a large output.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cliSandbox, dwim, MAIN } from "../helpers/cli.js";

/** The hash embedder: the test is about the pipe, not the model. */
const HASHED = { DWIM_MEMORY_EMBEDDINGS: "hash" };

async function rememberMany(dir: string, env: Record<string, string>, count: number): Promise<void> {
  const memories = Array.from({ length: count }, (_, i) => ({
    content: `Memory ${i}: a line long enough that a few hundred of them fill a pipe's buffer many times over`,
    category: "learning",
  }));
  const r = await dwim(["remember-batch", "--args", JSON.stringify({ memories })], dir, env);
  expect(r.code, r.stderr).toBe(0);
}

/** Runs `dwim args` with stdout read until `bytes` arrived, then closed (as `head -c` does). */
function readThenClose(args: string[], dir: string, env: Record<string, string>, bytes: number) {
  return new Promise<{ code: number | null; head: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let head = "";
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.stdout.on("data", (c: Buffer) => {
      head += c.toString();
      if (head.length >= bytes) child.stdout.destroy();
    });
    child.on("close", (code) => resolve({ code, head: head.slice(0, bytes), stderr }));
  });
}

describe("dwim memory export into a pipe", () => {
  it("ends with exit 0 and nothing on stderr when the reader closes early", async () => {
    const box = cliSandbox("dwim-pipe-");
    const { dir } = box;
    const env = { ...box.env, ...HASHED };
    await rememberMany(dir, env, 500);
    const r = await readThenClose(["memory", "export"], dir, env, 300);
    expect(r.head).toMatch(/^\{"format":"dwim-memory"/u);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at .*:\d+:\d+/u);
    expect(r.code).toBe(0);
  });

  it("writes every line for a reader that reads it all", async () => {
    const box = cliSandbox("dwim-pipe-");
    const { dir } = box;
    const env = { ...box.env, ...HASHED };
    await rememberMany(dir, env, 500);
    const r = await dwim(["memory", "export"], dir, env);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(501);
    expect(JSON.parse(lines[500]) as { id: number }).toMatchObject({ id: 500 });
  });
});
