#!/usr/bin/env node
/**
 * The official MCP Inspector's CLI against the built server (a developer check, not part of `npm test`: it installs
 * the Inspector from the npm registry into a temporary directory first, so it needs the network, and the Inspector
 * wants a newer Node than dwim supports, which is why it is no devDependency).
 *
 *   npm run build && npm run check:inspector
 *   DWIM_INSPECTOR_VERSION=2.13.0 npm run check:inspector   # another Inspector release
 *
 * Checks: `--strict` finds no schema-portability error or warning in any tool's input or output schema (the same rules
 * test/server/portable-tool-schemas.test.ts keeps in `npm test`), and with `--protocol-era modern` (2026-07-28) and
 * `legacy` (2025) it lists and calls tools over stdio and Streamable HTTP; only the 2026-07-28 codec stamps the
 * server's identity into a result's `_meta`, which tells the eras apart. Exits 1 on any failed check.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MAIN = join(ROOT, "dist/cli/main.js");
const VERSION = process.env.DWIM_INSPECTOR_VERSION || "2.12.0";
const SERVER_INFO = "io.modelcontextprotocol/serverInfo";
const run = promisify(execFile);

const CONVERT = [
  "--method",
  "tools/call",
  "--tool-name",
  "convert",
  "--tool-args-json",
  JSON.stringify({ value: 1, from_unit: "kilogram", to_unit: "pound" }),
];

/** Installs the Inspector into `dir`; returns its launcher. */
async function installInspector(dir) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  await run(
    npm,
    [
      "install",
      "--prefix",
      dir,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      "--engine-strict=false",
      `@modelcontextprotocol/inspector@${VERSION}`,
    ],
    { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
  );
  return join(dir, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
}

/** Runs `mcp-inspector --cli args`; returns stdout and stderr. */
async function inspector(launcher, home, args) {
  return run(process.execPath, [launcher, "--cli", ...args], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, DWIM_LOG: "0" },
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

async function result(launcher, home, era, method, target) {
  const { stdout } = await inspector(launcher, home, [
    "--protocol-era",
    era,
    "--format",
    "json",
    "-q",
    ...method,
    ...target,
  ]);
  return JSON.parse(stdout).result;
}

/** Lists tools and calls convert; returns what is wrong (empty when the era is served as it should be). */
async function servesProblems(launcher, home, era, target) {
  const problems = [];
  const listed = await result(launcher, home, era, ["--method", "tools/list"], target);
  if (!listed.tools.some((t) => t.name === "convert")) problems.push("tools/list has no convert");
  const called = await result(launcher, home, era, CONVERT, target);
  if (called.isError) problems.push(`convert failed: ${JSON.stringify(called.structuredContent)}`);
  const { quantity, unit } = called.structuredContent ?? {};
  if (unit !== "pound" || Math.abs(quantity - 2.20462) > 1e-4) problems.push(`convert gave ${quantity} ${unit}`);
  const stamped = called._meta?.[SERVER_INFO]?.name === "dwim";
  if (era === "modern" && !stamped) problems.push("no server identity in the result's _meta on 2026-07-28");
  if (era === "legacy" && called._meta?.[SERVER_INFO] !== undefined) problems.push("server identity on a 2025 result");
  return problems;
}

/** `dwim serve --http 127.0.0.1:0 --tools units`; resolves with its URL and a stop function. */
async function startHttpServer(home) {
  const child = spawn(process.execPath, [MAIN, "serve", "--http", "127.0.0.1:0", "--tools", "units"], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, DWIM_LOG: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += String(d);
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  const url = /(http:\/\/\S+)/u.exec(first.value ?? "")?.[1];
  if (!url) {
    child.kill();
    throw new Error(`dwim serve --http printed no URL: ${first.value ?? "(nothing)"} ${stderr.slice(0, 2000)}`);
  }
  return { url, stop: () => child.kill() };
}

async function main() {
  if (!existsSync(MAIN)) {
    process.stderr.write("dist/cli/main.js is missing: run `npm run build` first.\n");
    return 2;
  }
  const { TOOLSETS } = await import(pathToFileURL(join(ROOT, "dist/server/toolsets.js")).href);
  const toolCount = TOOLSETS.flatMap((t) => t.tools).length;
  const work = mkdtempSync(join(tmpdir(), "dwim-inspector-"));
  let failures = 0;
  const report = (name, problems) => {
    failures += problems.length === 0 ? 0 : 1;
    process.stdout.write(`${problems.length === 0 ? "ok  " : "FAIL"} ${name}${problems.map((p) => `\n     ${p}`).join("")}\n`);
  };
  let http;
  try {
    process.stdout.write(`Installing @modelcontextprotocol/inspector@${VERSION} into ${work} …\n`);
    const launcher = await installInspector(work);
    const stdio = [process.execPath, MAIN, "serve"];
    const { stderr } = await inspector(launcher, work, ["--strict", "--format", "json", "--method", "tools/list", ...stdio]);
    report(`--strict: no portability error or warning in the ${toolCount} tools' schemas`, [
      ...(stderr.includes(`serving ${toolCount} tools`) ? [] : [`expected "serving ${toolCount} tools" on stderr`]),
      ...(/Warning:|Error:|Schema portability/u.test(stderr) ? [stderr.trim()] : []),
    ]);
    http = await startHttpServer(work);
    for (const era of ["modern", "legacy"]) {
      report(`--protocol-era ${era} over stdio`, await servesProblems(launcher, work, era, [...stdio, "--tools", "units"]));
      report(`--protocol-era ${era} over Streamable HTTP`, await servesProblems(launcher, work, era, [http.url]));
    }
  } finally {
    http?.stop();
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  }
  process.stdout.write(failures === 0 ? "All Inspector checks passed.\n" : `${failures} Inspector check(s) failed.\n`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`inspector check could not run: ${e.stderr?.trim() || e.message}\n`);
    process.exitCode = 1;
  },
);
