/**
 * The benchmark convention: every benchmark prints a table with the machine, the inputs, our figure, the baseline's
 * figure and their ratio; writes bench/results/<name>.json; and replaces its own section of bench/RESULTS.md.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_DIR = resolve(BENCH_DIR, "..");

interface Machine {
  cpu: string;
  cores: number;
  memory_gib: number;
  node: string;
  platform: string;
  commit: string;
  date: string;
}

function machine(): Machine {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_DIR, encoding: "utf8" }).trim();
  } catch {
    // not a checkout
  }
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memory_gib: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    commit,
    date: new Date().toISOString().slice(0, 10),
  };
}

export interface Row {
  metric: string;
  ours: number | string;
  baseline?: number | string;
  /** ours / baseline when both are numbers (computed when omitted). */
  ratio?: number | string;
  /** A second baseline (a table with `secondLabel`): its figure, and ours / it. */
  second?: number | string;
  secondRatio?: number | string;
  target?: string;
  unit?: string;
}

function ratioOf(ours: Row["ours"], base: Row["baseline"], given?: number | string): number | string | undefined {
  if (given !== undefined) return given;
  return typeof ours === "number" && typeof base === "number" && base !== 0
    ? `${(ours / base).toFixed(2)}x`
    : undefined;
}

function fmt(v: number | string | undefined, unit = ""): string {
  if (v === undefined) return "–";
  if (typeof v === "string") return v;
  if (unit === "%") return `${v.toFixed(1)} %`;
  if (Math.abs(v) >= 100) return `${v.toFixed(0)}${unit ? ` ${unit}` : ""}`;
  if (Math.abs(v) >= 1) return `${v.toFixed(2)}${unit ? ` ${unit}` : ""}`;
  return `${v.toPrecision(3)}${unit ? ` ${unit}` : ""}`;
}

function markdownTable(
  rows: readonly Row[],
  oursLabel = "dwim",
  baselineLabel = "baseline",
  secondLabel?: string,
): string {
  const second = secondLabel ? ` ${secondLabel} | ratio |` : "";
  const header = `| metric | ${oursLabel} | ${baselineLabel} | ratio |${second} target |\n|---|---|---|---|${secondLabel ? "---|---|" : ""}---|`;
  const body = rows.map((r) => {
    const ratio = ratioOf(r.ours, r.baseline, r.ratio);
    const secondCells = secondLabel
      ? ` ${fmt(r.second, r.unit)} | ${fmt(ratioOf(r.ours, r.second, r.secondRatio))} |`
      : "";
    return `| ${r.metric} | ${fmt(r.ours, r.unit)} | ${fmt(r.baseline, r.unit)} | ${fmt(ratio)} |${secondCells} ${r.target ?? ""} |`;
  });
  return [header, ...body].join("\n");
}

function machineLine(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memory_gib} GiB, Node ${m.node}, ${m.platform}, commit ${m.commit}, ${m.date}`;
}

export interface Report {
  /** Section name, also the JSON file name: `typos`, `search`, ... */
  name: string;
  title: string;
  /** What was run: data sets, sizes, baseline. */
  inputs: string[];
  tables: Array<{ caption: string; rows: Row[]; oursLabel?: string; baselineLabel?: string; secondLabel?: string }>;
  notes?: string[];
  /** Extra raw data for the JSON file. */
  data?: Record<string, unknown>;
  /** false for a partial run (`--no-perf`, `--quick`): print only, keep the recorded figures. */
  record?: boolean;
}

/** Prints the report and, unless partial, writes bench/results/<name>.json and its section of bench/RESULTS.md. */
export function publish(report: Report): void {
  const m = machine();
  const parts = [`## ${report.title}`, "", `Machine: ${machineLine(m)}`, "", ...report.inputs.map((i) => `- ${i}`), ""];
  for (const t of report.tables) {
    parts.push(`**${t.caption}**`, "", markdownTable(t.rows, t.oursLabel, t.baselineLabel, t.secondLabel), "");
  }
  for (const n of report.notes ?? []) parts.push(`- ${n}`);
  const section = `${parts.join("\n").trimEnd()}\n`;
  process.stdout.write(`\n${section}\n`);
  if (report.record === false) {
    process.stdout.write("(partial run: bench/RESULTS.md and bench/results/ left as they were)\n");
    return;
  }

  mkdirSync(join(BENCH_DIR, "results"), { recursive: true });
  writeFileSync(
    join(BENCH_DIR, "results", `${report.name}.json`),
    `${JSON.stringify({ name: report.name, machine: m, inputs: report.inputs, tables: report.tables, data: report.data ?? {} }, null, 2)}\n`,
  );
  updateResultsMd(report.name, section);
}

const RESULTS_HEADER = `# Benchmark results

Latest figures of every benchmark in \`bench/\`, each section written by its own run (\`npm run bench -- <name>\`).
Each table shows dwim and the named baseline measured side by side in one run on the machine given.
`;

function updateResultsMd(name: string, section: string): void {
  const file = join(BENCH_DIR, "RESULTS.md");
  const text = existsSync(file) ? readFileSync(file, "utf8") : RESULTS_HEADER;
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${section}${end}`;
  const re = new RegExp(`${escapeRe(start)}[\\s\\S]*?${escapeRe(end)}`, "u");
  const next = re.test(text) ? text.replace(re, () => block) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
}

/** Percentile of a sample (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Milliseconds of one call of `fn`, measured with the high-resolution clock. */
export function timeMs(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
