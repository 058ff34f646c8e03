/**
 * Every stdio frame gets an answer: the real `dwim serve` over stdio, fed raw frames. A frame over the size limit is
 * answered under its id wherever the id stands (start, middle, end); one without any id is dropped and logged; a
 * frame that is not JSON gets a parse error (-32700); JSON that is not a JSON-RPC message gets Invalid Request
 * (-32600) under its id; an invalid notification is logged, never answered. The connection serves on after each.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonLineReader } from "../../src/core/json-lines.js";

const MAIN = resolve(__dirname, "../../dist/cli/main.js");
type Message = {
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

/** `dwim serve --tools units` with a 100 kB argument limit: its stdio limit is (100,000 + 1 MiB) × 4 ≈ 4.6 MB. */
class RawSession {
  readonly child: ChildProcessWithoutNullStreams;
  readonly received: Message[] = [];
  stderr = "";

  constructor() {
    const dir = mkdtempSync(join(tmpdir(), "dwim-frames-"));
    const env = { PATH: process.env.PATH ?? "", HOME: dir, DWIM_LOG: "0", DWIM_MAX_ARGUMENT_BYTES: "100000" };
    this.child = spawn(process.execPath, [MAIN, "serve", "--tools", "units"], { cwd: dir, env });
    const reader = new JsonLineReader(1 << 30, (line) => {
      if (line.kind === "json") this.received.push(line.value as Message);
      else this.received.push({ error: { code: 0, message: `not JSON on stdout: ${JSON.stringify(line)}` } });
    });
    this.child.stdout.on("data", (chunk: Buffer) => reader.push(chunk));
    this.child.stderr.on("data", (d: Buffer) => {
      this.stderr += d.toString();
    });
  }

  write(frame: string): void {
    this.child.stdin.write(`${frame}\n`);
  }

  /** The next answer that `match` accepts, waiting for it (answers are consumed as they are taken). */
  async next(match: (m: Message) => boolean, timeoutMs = 20_000): Promise<Message> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const at = this.received.findIndex(match);
      if (at !== -1) return this.received.splice(at, 1)[0];
      if (Date.now() > end) throw new Error(`no matching answer; received ${JSON.stringify(this.received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async waitForLog(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!pattern.test(this.stderr)) {
      if (Date.now() > end) throw new Error(`stderr never matched ${pattern}: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A convert call that must still be answered normally. */
  async stillServes(id: number): Promise<void> {
    this.write(
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "convert", arguments: { value: 1, from_unit: "km", to_unit: "m" } },
      }),
    );
    const answer = await this.next((m) => m.id === id);
    expect(answer.result?.isError).toBeFalsy();
    expect(JSON.stringify(answer.result?.structuredContent)).toContain("1000");
  }
}

describe("every stdio frame of the real dwim serve gets an answer", () => {
  let s: RawSession;
  beforeAll(async () => {
    s = new RawSession();
    s.write(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "frames", version: "0" } },
      }),
    );
    await s.next((m) => m.id === 0);
    s.write('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  });
  afterAll(() => {
    s?.child.kill();
  });

  const big = "x".repeat(6_000_000);

  it("an oversized frame whose id stands in the middle is answered argument_too_large under that id", async () => {
    s.write(
      `{"jsonrpc":"2.0","method":"tools/call","id":"mid-1","params":{"name":"convert","arguments":{"value":1,"from_unit":"${big}","to_unit":"m"}}}`,
    );
    const answer = await s.next((m) => m.id === "mid-1");
    expect(answer.error?.code).toBe(-32600);
    expect(answer.error?.data).toMatchObject({
      error_type: "argument_too_large",
      expected: expect.stringMatching(/^<= \d+ bytes$/u),
    });
    expect(answer.error?.data?.got).toBeGreaterThan(6_000_000);
    await s.stillServes(1);
  });

  it("so is one whose id stands first or last", async () => {
    s.write(
      `{"id":"first","jsonrpc":"2.0","method":"tools/call","params":{"name":"convert","arguments":{"from_unit":"${big}"}}}`,
    );
    s.write(
      `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"convert","arguments":{"from_unit":"${big}"}},"id":77}`,
    );
    expect((await s.next((m) => m.id === "first")).error?.code).toBe(-32600);
    expect((await s.next((m) => m.id === 77)).error?.data?.error_type).toBe("argument_too_large");
    await s.stillServes(2);
  });

  it("an oversized frame without any id is dropped and logged, and the connection serves on", async () => {
    const before = s.received.length;
    s.write(`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${big}"}}`);
    await s.waitForLog(/dropped a \d+-byte message, over the stdio limit of \d+ bytes; it has no id to answer/u);
    await s.stillServes(3);
    expect(s.received.length).toBe(before);
  });

  it("a frame that is not JSON gets a parse error (-32700, id null)", async () => {
    s.write("this is not json {");
    const answer = await s.next((m) => m.error?.code === -32700);
    expect(answer.id).toBeNull();
    expect(answer.error?.message).toMatch(/Parse error/u);
    await s.stillServes(4);
  });

  it("JSON that is not a JSON-RPC message gets Invalid Request under its id, or id null", async () => {
    s.write('{"id":5,"hello":"world"}');
    expect((await s.next((m) => m.id === 5)).error?.code).toBe(-32600);
    s.write("[1,2,3]");
    const batch = await s.next((m) => m.id === null && m.error?.code === -32600);
    expect(batch.error?.message).toContain("batches are not supported");
    await s.stillServes(6);
  });

  it("a notification that is not valid JSON-RPC is logged, never answered", async () => {
    const before = s.received.length;
    s.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":"not an object"}');
    await s.waitForLog(/dropped a notification 'notifications\/cancelled' that is not valid JSON-RPC/u);
    await s.stillServes(7);
    expect(s.received.length).toBe(before);
  });
});
