#!/usr/bin/env node
/**
 * Builds dwim as an MCP Bundle (.mcpb) for one-click install in Claude Desktop and other MCPB hosts:
 * writes the bundle manifest from package.json and the generated tool manifest, stages dist/ with the production
 * dependencies (better-sqlite3 is native, so the bundle is for this platform), validates and packs with @anthropic-ai/mcpb.
 *
 *   npm run build && npm run mcpb            # -> build/dwim-<version>-<platform>-<arch>.mcpb
 *   node scripts/mcpb.mjs --manifest FILE    # only write the bundle manifest
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The MCPB manifest (v0.3) for this checkout; `dist/` must be built. */
export async function bundleManifest(platforms = [process.platform]) {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const { MANIFEST } = await import(pathToFileURL(join(ROOT, "dist/generated/server/manifest.js")).href);
  return {
    manifest_version: "0.3",
    name: pkg.name,
    display_name: "dwim",
    version: pkg.version,
    description: pkg.description,
    author: { name: "dwim contributors" },
    license: pkg.license,
    keywords: ["search", "edit", "units", "memory", "mcp"],
    server: {
      type: "node",
      entry_point: "dist/cli/main.js",
      mcp_config: {
        command: "node",
        args: ["${__dirname}/dist/cli/main.js", "serve", "--project", "${user_config.project}"],
        env: { DWIM_LOG: "${user_config.correction_log}" },
      },
    },
    user_config: {
      project: {
        type: "directory",
        title: "Project directory",
        description: "The project dwim works on: file tools stay inside it and the memory lives in its .dwim/",
        required: true,
      },
      correction_log: {
        type: "boolean",
        title: "Correction log",
        description: "Keep a local log of corrections (payloads redacted) for `dwim stats`",
        default: true,
        required: false,
      },
    },
    tools: MANIFEST.flatMap((set) => set.tools.map((t) => ({ name: t.name, description: t.summary }))),
    compatibility: { platforms, runtimes: { node: pkg.engines.node } },
  };
}

/** Directories of the production dependency tree, relative to the checkout. */
function productionModules() {
  const out = execFileSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], { cwd: ROOT, encoding: "utf8" });
  return out
    .split("\n")
    .map((p) => relative(ROOT, p.trim()))
    .filter((p) => p.startsWith("node_modules"));
}

async function main(argv) {
  const at = argv.indexOf("--manifest");
  if (at >= 0) {
    writeFileSync(argv[at + 1], `${JSON.stringify(await bundleManifest(), null, 2)}\n`);
    return;
  }
  const manifest = await bundleManifest();
  const stage = join(ROOT, "build", "mcpb", manifest.name);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const item of ["dist", "package.json", "README.md"]) cpSync(join(ROOT, item), join(stage, item), { recursive: true });
  for (const dir of productionModules()) cpSync(join(ROOT, dir), join(stage, dir), { recursive: true, dereference: true });
  writeFileSync(join(stage, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const mcpb = join(ROOT, "node_modules", "@anthropic-ai", "mcpb", "dist", "cli", "cli.js");
  execFileSync(process.execPath, [mcpb, "validate", join(stage, "manifest.json")], { stdio: "inherit" });
  const out = join(ROOT, "build", `${manifest.name}-${manifest.version}-${process.platform}-${process.arch}.mcpb`);
  execFileSync(process.execPath, [mcpb, "pack", stage, out], { stdio: "inherit" });
  process.stdout.write(`${out}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`mcpb: ${e.message}\n`);
    process.exit(1);
  });
}
