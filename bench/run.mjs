#!/usr/bin/env node
// Runs one benchmark (or all): `npm run bench -- typos`. Each benchmark is bench/<name>/run.ts, executed with tsx.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, "run.ts")))
  .map((d) => d.name);
const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = wanted.length > 0 ? wanted : all;
for (const name of names) {
  if (!all.includes(name)) {
    process.stderr.write(`Unknown benchmark '${name}'. Available: ${all.join(", ")}\n`);
    process.exit(2);
  }
  const tsx = join(here, "..", "node_modules", ".bin", "tsx");
  const r = spawnSync(tsx, [join(here, name, "run.ts"), ...process.argv.slice(2).filter((a) => a.startsWith("-"))], {
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
