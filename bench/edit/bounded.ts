/**
 * Bounded work (docs/edit.md, "Bounded work"): `replace_all` of `x` by `yy` over 100,000 lines (200 KB) and over one
 * 9.5 MB line, through a real `dwim serve` while a second stream of `convert` calls runs; beside it, the MCP
 * filesystem server's way (String.replace, then jsdiff's createTwoFilesPatch over the whole file) in a process of its
 * own, whose event-loop stalls are what a concurrent call would wait. Peak memory is each process's VmHWM.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { percentile, type Row } from "../lib/report.js";

const MAIN = resolve(import.meta.dirname, "../../dist/cli/main.js");

const LARGE_EDITS = [
  { name: "100,000 lines of x (200 KB)", file: "lines.txt", content: () => "x\n".repeat(100_000) },
  { name: "one 9.5 MB line of x", file: "line.txt", content: () => `${"x".repeat(9_500_000)}\n` },
];

function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/u.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

interface Measured {
  ms: number;
  peakMb: number;
  /** Waits a concurrent call saw: convert round trips for dwim, event-loop stalls for the baseline. */
  waits: number[];
  ok: boolean;
}

async function ours(dir: string, file: string): Promise<Measured> {
  const client = new Client({ name: "bench-bounded", version: "0" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, "serve", "--tools", "edit,units"],
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_CONFIG_HOME: join(dir, ".config"), DWIM_LOG: "0" },
    stderr: "pipe",
  });
  await client.connect(transport);
  const pid = transport.pid as number;
  const convert = () => client.callTool({ name: "convert", arguments: { value: 5, from_unit: "km", to_unit: "mi" } });
  await convert();
  const base = peakRssMb(pid);
  const started = Date.now();
  let done = false;
  const edit = client
    .callTool({ name: "edit_file", arguments: { path: file, old_str: "x", new_str: "yy", replace_all: true } })
    .finally(() => {
      done = true;
    });
  const waits: number[] = [];
  while (!done) {
    const t0 = performance.now();
    await convert();
    waits.push(performance.now() - t0);
  }
  const r = await edit;
  const ms = Date.now() - started;
  const peakMb = peakRssMb(pid) - base;
  await client.close();
  return { ms, peakMb, waits, ok: !r.isError };
}

/** The baseline in a child process of its own: replace, then jsdiff over the whole file, with a 5 ms ticker. */
const BASELINE = `
import { readFileSync } from "node:fs";
import { createTwoFilesPatch } from "diff";
const [path] = process.argv.slice(1);
const text = readFileSync(path, "utf8");
const waits = [];
let last = performance.now();
const ticker = setInterval(() => { const now = performance.now(); waits.push(now - last); last = now; }, 5);
await new Promise((r) => setTimeout(r, 20));
const t0 = performance.now();
const after = text.replaceAll("x", "yy");
const patch = createTwoFilesPatch(path, path, text, after, "original", "modified");
last = performance.now();
waits.push(last - t0);
clearInterval(ticker);
const peak = Number(/VmHWM:\\s+(\\d+) kB/u.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, peakMb: peak, waits, ok: patch.length > 0 }));
`;

function baseline(path: string, timeoutMs: number): Measured {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", BASELINE, path], {
    cwd: resolve(import.meta.dirname, "../.."),
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0 || !r.stdout) return { ms: timeoutMs, peakMb: Number.NaN, waits: [timeoutMs], ok: false };
  return JSON.parse(r.stdout) as Measured;
}

export async function runBounded(log: (s: string) => void, timeoutMs = 120_000): Promise<Row[]> {
  const rows: Row[] = [];
  for (const e of LARGE_EDITS) {
    const dir = mkdtempSync(join(tmpdir(), "dwim-bench-bounded-"));
    writeFileSync(join(dir, e.file), e.content());
    const o = await ours(dir, e.file);
    writeFileSync(join(dir, `base-${e.file}`), e.content());
    const b = baseline(join(dir, `base-${e.file}`), timeoutMs);
    log(`bounded ${e.name}: dwim ${o.ms} ms, baseline ${b.ok ? `${Math.round(b.ms)} ms` : "timed out"}`);
    const wait = (m: Measured) =>
      `p50 ${percentile(m.waits, 50).toFixed(0)} / max ${Math.max(...m.waits).toFixed(0)} ms (${m.waits.length})`;
    const time = (m: Measured) => (m.ok ? `${(m.ms / 1000).toFixed(2)} s` : `> ${timeoutMs / 1000} s (stopped)`);
    rows.push(
      {
        metric: `${e.name}: replace_all wall time`,
        ours: time(o),
        baseline: time(b),
        ratio: "–",
        target: "bounded by [limits] timeout_ms",
      },
      {
        metric: `${e.name}: peak memory above idle`,
        ours: `${o.peakMb.toFixed(0)} MB`,
        baseline: Number.isNaN(b.peakMb) ? "–" : `${b.peakMb.toFixed(0)} MB (whole process)`,
        ratio: "–",
        target: "bounded (before: 3.2 GB / 2 GB)",
      },
      {
        metric: `${e.name}: what a concurrent call waits (dwim: convert round trips; baseline: event-loop stalls)`,
        ours: wait(o),
        baseline: b.ok ? wait(b) : "the whole run",
        ratio: "–",
        target: "max < 100 ms",
      },
    );
  }
  return rows;
}
