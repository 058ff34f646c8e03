#!/usr/bin/env node
/**
 * Bundles the CLI (dist/cli/main.js) into dist/cli/bundle/ with one chunk per lazily imported part, so starting
 * `dwim` reads a few files instead of a few hundred (issue 17: cold start). zod, commander, smol-toml and the SDK's
 * server packages are inlined (the SDK shares the one zod); every other dependency stays an import of node_modules
 * (native modules, the MCP client used by the proxy, optional packages).
 */
import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const INLINE = new Set(["zod", "commander", "smol-toml", "@modelcontextprotocol/server", "@modelcontextprotocol/node"]);
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies })
  .filter((name) => !INLINE.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/**
 * commander requires node:child_process when it loads, for executable subcommands (`git-foo`), which dwim has none
 * of; child_process brings net, dgram and the streams, a few milliseconds of every `dwim` start. It gets a stand-in
 * that loads the real module on first use.
 */
const lazyChildProcess = {
  name: "commander-lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(join("node_modules", "commander"))
        ? { path: "child_process", namespace: "lazy-child-process" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
      contents: `let real;
module.exports = new Proxy({}, { get: (_, key) => (real ??= require("node:child_process"))[key] });`,
      loader: "js",
    }));
  },
};

const outdir = join(ROOT, "dist", "cli", "bundle");
// Chunk names carry content hashes: clear the last build's, or they pile up (and ship).
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: [join(ROOT, "dist", "cli", "main.js")],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  logLevel: "warning",
  chunkNames: "chunks/[name]-[hash]",
  // Startup reads, decodes and compiles every byte of the chunks a command loads: minified, that is about a third.
  // (zod shakes down to what is used only because src imports it as a namespace, `import * as z`: `import { z }`
  // keeps all of zod, every locale included: over three times the bytes.)
  minify: true,
  plugins: [lazyChildProcess],
  // commander is CommonJS: its require() of Node built-ins needs a real require in ESM output.
  banner: { js: 'import { createRequire as __dwimRequire } from "node:module"; const require = __dwimRequire(import.meta.url);' },
});
