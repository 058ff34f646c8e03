/**
 * CLI cold start: wall time of whole processes, median of 10 after a warm-up run.
 * - `dwim --help` and `dwim convert 5 km mi`, against Node's own start (`node -e 0`, the floor) and against loading
 *   every toolset the way the CLI did before subcommands loaded only their own (the eager baseline).
 * - `dwim serve` until an MCP client over stdio has the tool list.
 * - `dwim convert` on a first run (no code cache yet: it compiles, then stores the cache) and with the cache off.
 * Targets: --help and convert ≤ 150 ms, serve to a listed tool ≤ 400 ms. `--quick` (3 runs) only prints.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { publish, REPO_DIR, type Row } from "../lib/report.js";

const quick = process.argv.includes("--quick");
const RUNS = quick ? 3 : 10;
/** The installed `dwim` command: package.json's bin (the bundled CLI). */
const MAIN = join(
  REPO_DIR,
  (JSON.parse(readFileSync(join(REPO_DIR, "package.json"), "utf8")) as { bin: { dwim: string } }).bin.dwim,
);
const TOOLSETS = join(REPO_DIR, "dist", "server", "toolsets.js");
const cwd = mkdtempSync(join(tmpdir(), "dwim-bench-cli-"));
const env = { ...process.env, HOME: cwd, XDG_STATE_HOME: join(cwd, "state"), DWIM_LOG: "0" };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Median wall milliseconds of a process run to its end; `runEnv` gives each run its environment. */
function wall(args: string[], runEnv: () => NodeJS.ProcessEnv = () => env): number {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { cwd, env: runEnv(), encoding: "utf8" });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
    if (i > 0) times.push(ms);
  }
  return median(times);
}

/** Median milliseconds from spawning `dwim serve` until an MCP client has its tool list. */
async function serveToListed(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const client = new Client({ name: "bench", version: "0" }, { supportedProtocolVersions: ["2025-11-25"] });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [MAIN, "serve"], cwd, env, stderr: "ignore" }),
    );
    const { tools } = await client.listTools();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (tools.length < 20) throw new Error(`serve listed ${tools.length} tools`);
    await client.close();
    if (i > 0) times.push(ms);
  }
  return median(times);
}

const COMMANDER = join(REPO_DIR, "node_modules", "commander", "index.js");
const eager = `await import(${JSON.stringify(TOOLSETS)}); await import(${JSON.stringify(COMMANDER)});`;
const load = loadavg()[0];
const floor = wall(["-e", "0"]);
const eagerLoad = wall(["--input-type=module", "-e", eager]);
const help = wall([MAIN, "--help"]);
const convert = wall([MAIN, "convert", "5", "km", "mi"]);
// The CLI's code cache (src/cli/launch.ts): the runs above reuse what the warm-up run stored. A first run finds none
// and stores one; with the cache off, every run compiles.
const convertFirst = wall([MAIN, "convert", "5", "km", "mi"], () => ({
  ...env,
  DWIM_CACHE_DIR: mkdtempSync(join(tmpdir(), "dwim-bench-cli-cache-")),
}));
const convertUncached = wall([MAIN, "convert", "5", "km", "mi"], () => ({ ...env, DWIM_CACHE_DIR: "off" }));
const serve = await serveToListed();

const rows: Row[] = [
  { metric: "dwim --help, median wall", ours: help, baseline: eagerLoad, unit: "ms", target: "≤ 150 ms" },
  { metric: "dwim convert 5 km mi, median wall", ours: convert, baseline: eagerLoad, unit: "ms", target: "≤ 150 ms" },
  { metric: "dwim serve until tools/list answered", ours: serve, unit: "ms", target: "≤ 400 ms" },
];
const vsFloor: Row[] = [
  { metric: "dwim --help", ours: help, baseline: floor, unit: "ms" },
  { metric: "dwim convert 5 km mi", ours: convert, baseline: floor, unit: "ms" },
  {
    metric: "dwim convert 5 km mi, first run (stores the code cache)",
    ours: convertFirst,
    baseline: floor,
    unit: "ms",
  },
  { metric: "dwim convert 5 km mi, code cache off", ours: convertUncached, baseline: floor, unit: "ms" },
];

publish({
  name: "cli",
  title: "CLI cold start: a subcommand loads only its toolset, compiled from the code cache",
  inputs: [
    `Whole processes, median of ${RUNS} after one warm-up run; working directory a fresh temporary directory`,
    "The warm-up run of each command stores its code cache (as a user's first run does); the first-run row gives each run an empty cache directory",
    "Eager baseline: importing every toolset and commander, what every dwim command did before the manifest",
    "Floor: `node -e 0`, Node's own start on this machine",
    `1-minute load average when the run started: ${load.toFixed(2)} (figures on a loaded machine are provisional)`,
  ],
  tables: [
    { caption: "Against loading every toolset", rows, baselineLabel: "eager load (all toolsets)" },
    { caption: "Against Node's own start", rows: vsFloor, baselineLabel: "node -e 0" },
  ],
  record: !quick,
  data: {
    floor_ms: floor,
    eager_ms: eagerLoad,
    help_ms: help,
    convert_ms: convert,
    convert_first_ms: convertFirst,
    convert_uncached_ms: convertUncached,
    serve_ms: serve,
    load,
  },
});
