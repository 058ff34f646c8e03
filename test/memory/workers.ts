/** Child processes running test/fixtures/memory/worker.ts, read line by line (durability tests on both backends). */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { modesApply } from "../helpers/modes-apply.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WORKER = join(REPO, "test", "fixtures", "memory", "worker.ts");

export interface Worker {
  proc: ChildProcessWithoutNullStreams;
  lines: AsyncIterator<string>;
  next(): Promise<Record<string, unknown>>;
  send(op: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

/** `modesBind`: a worker that file modes bind even when the tests run as root (test/helpers/modes-apply.ts). */
export function startWorker(args: string[], env: Record<string, string> = {}, modesBind = false): Worker {
  const argv = ["--import", "tsx", WORKER, ...args];
  const { command, args: commandArgs } = modesBind
    ? modesApply(process.execPath, argv)
    : { command: process.execPath, args: argv };
  const proc = spawn(command, commandArgs, {
    cwd: REPO,
    env: { ...process.env, DWIM_LOG: "0", ...env },
  });
  let stderr = "";
  proc.stderr.on("data", (d) => {
    stderr += String(d);
  });
  const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((res) => proc.on("exit", (code) => res(code)));
  const next = async () => {
    const r = await lines.next();
    if (r.done) throw new Error(`worker ended early: ${stderr.slice(0, 500)}`);
    if (process.env.DEBUG_WORKER) process.stderr.write(`worker: ${r.value}\n`);
    return JSON.parse(r.value) as Record<string, unknown>;
  };
  return {
    proc,
    lines,
    next,
    exited,
    stderr: () => stderr,
    async send(op, a = {}) {
      proc.stdin.write(`${JSON.stringify({ op, args: a })}\n`);
      return next();
    },
  };
}

/**
 * Every line a worker prints; a worker that exits with a failure code adds an `error` line with it and its stderr
 * (the cause; a worker a test kills exits by signal and adds nothing).
 */
export async function collect(w: Worker): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (;;) {
    const r = await w.lines.next();
    if (r.done) break;
    out.push(JSON.parse(r.value) as Record<string, unknown>);
  }
  const code = await w.exited;
  if (code !== null && code !== 0) out.push({ error: `worker exited with ${code}: ${w.stderr().slice(0, 2000)}` });
  return out;
}
