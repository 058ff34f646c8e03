/**
 * Proxy overhead: the same tools/call sent by the SDK Client over stdio to the official everything
 * server directly and through `dwim proxy` (the built CLI), in one run, alternating call by call so machine load
 * hits both alike. 500 timed calls each after a warm-up. Targets: median overhead ≤ 0.5 ms, p95 overhead ≤ 1 ms.
 * A second pair of rows times a call the proxy has to correct (`getSum` for `get-sum`). `npm run bench -- proxy`
 * (`--quick`: 100 calls, printed only).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { percentile, publish, REPO_DIR, type Row } from "../lib/report.js";

const quick = process.argv.includes("--quick");
const CALLS = quick ? 100 : 500;
const WARMUP = 50;

const require = createRequire(import.meta.url);
const manifest = require.resolve("@modelcontextprotocol/server-everything/package.json");
const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
const EVERYTHING = join(dirname(manifest), Object.values(bin)[0]);
const MAIN = join(REPO_DIR, "dist", "cli", "main.js");
const env = { ...(process.env as Record<string, string>), DWIM_LOG: "0" };

async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: "bench-proxy", version: "0" }, { supportedProtocolVersions: ["2025-11-25"] });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, env, stderr: "ignore" }));
  return client;
}

async function timed(client: Client, name: string, args: Record<string, unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  const r = await client.callTool({ name, arguments: args });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  return ms;
}

async function main(): Promise<void> {
  const load = loadavg()[0];
  const direct = await connect([EVERYTHING]);
  const proxied = await connect([MAIN, "proxy", process.execPath, EVERYTHING]);
  const exact = { name: "echo", arguments: { message: "benchmark payload" } };
  const sum = { name: "get-sum", arguments: { a: 2, b: 3 } };
  for (let i = 0; i < WARMUP; i++) {
    await timed(direct, exact.name, exact.arguments);
    await timed(proxied, exact.name, exact.arguments);
    await timed(proxied, "getSum", sum.arguments);
  }
  const samples = {
    direct: [] as number[],
    proxy: [] as number[],
    directSum: [] as number[],
    corrected: [] as number[],
  };
  for (let i = 0; i < CALLS; i++) {
    // Alternate the order too, so neither side always runs right after the other.
    if (i % 2 === 0) {
      samples.direct.push(await timed(direct, exact.name, exact.arguments));
      samples.proxy.push(await timed(proxied, exact.name, exact.arguments));
    } else {
      samples.proxy.push(await timed(proxied, exact.name, exact.arguments));
      samples.direct.push(await timed(direct, exact.name, exact.arguments));
    }
    samples.directSum.push(await timed(direct, sum.name, sum.arguments));
    samples.corrected.push(await timed(proxied, "getSum", sum.arguments));
  }
  await proxied.close();
  await direct.close();

  const row = (metric: string, ours: number[], base: number[], p: number, target?: string): Row[] => {
    const o = percentile(ours, p);
    const b = percentile(base, p);
    return [
      { metric: `${metric} p${p}`, ours: o, baseline: b, unit: "ms" },
      { metric: `${metric} p${p} overhead`, ours: o - b, unit: "ms", ratio: "", target },
    ];
  };
  const overhead = {
    median: percentile(samples.proxy, 50) - percentile(samples.direct, 50),
    p95: percentile(samples.proxy, 95) - percentile(samples.direct, 95),
  };
  publish({
    name: "proxy",
    title: "Proxy: overhead of dwim proxy over calling the server directly",
    inputs: [
      `@modelcontextprotocol/server-everything over stdio, SDK Client (protocol 2025-11-25); direct vs \`dwim proxy node <server>\``,
      `${CALLS} timed calls per side after ${WARMUP} warm-up calls, alternating direct and proxied call by call`,
      `exact call: echo {message}; corrected call: getSum → get-sum (name normalised, did_you_mean added)`,
      `load average at start: ${load.toFixed(2)} (figures under load are provisional)`,
    ],
    tables: [
      {
        caption: "Exact call (forwarded untouched)",
        oursLabel: "via proxy",
        baselineLabel: "direct",
        rows: [
          ...row("echo", samples.proxy, samples.direct, 50, "≤ 0.5 ms"),
          ...row("echo", samples.proxy, samples.direct, 95, "≤ 1 ms"),
        ],
      },
      {
        caption: "Corrected call",
        oursLabel: "via proxy (getSum)",
        baselineLabel: "direct (get-sum)",
        rows: [
          ...row("get-sum", samples.corrected, samples.directSum, 50),
          ...row("get-sum", samples.corrected, samples.directSum, 95),
        ],
      },
    ],
    notes: [
      `median overhead ${overhead.median.toFixed(3)} ms (target ≤ 0.5): ${overhead.median <= 0.5 ? "met" : "not met"}; ` +
        `p95 overhead ${overhead.p95.toFixed(3)} ms (target ≤ 1): ${overhead.p95 <= 1 ? "met" : "not met"}`,
    ],
    data: { calls: CALLS, load, overhead },
    record: !quick,
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
