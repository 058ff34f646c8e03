/** `npm run codegen`: writes every generated file; with `--check`, lists the stale ones and exits 1 instead. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GENERATED_FILES } from "./targets.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const check = process.argv.includes("--check");
let stale = 0;
for (const file of GENERATED_FILES) {
  const path = join(ROOT, file.path);
  let current = "";
  try {
    current = readFileSync(path, "utf8");
  } catch {
    // a generated file that does not exist yet is written from nothing
  }
  const next = file.render(current);
  if (next === current) continue;
  stale++;
  if (check) console.log(`stale: ${file.path}`);
  else {
    writeFileSync(path, next);
    console.log(`wrote ${file.path}`);
  }
}
if (check && stale > 0) process.exitCode = 1;
else if (stale === 0) console.log("every generated file is up to date");
