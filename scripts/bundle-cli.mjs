#!/usr/bin/env node
/**
 * Bundles the CLI for cold start: dist/cli/bundle/cli.cjs is the whole CLI (dist/cli/main.js) in one CommonJS
 * file, and dist/cli/bundle/main.js, the `dwim` bin, is the launcher (src/cli/launch.ts) that runs it through V8's code
 * cache. zod, commander, smol-toml, picocolors, yocto-spinner and the SDK's server packages are inlined (the SDK shares
 * the one zod); every other dependency stays a require or import of node_modules (native modules, the MCP client used
 * by the proxy, optional packages). Parts a command does not use stay uncompiled and unrun: esbuild turns each dynamic
 * import into a module initialised on first use.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const INLINE = new Set([
  "zod",
  "commander",
  "smol-toml",
  "picocolors",
  "yocto-spinner",
  "@modelcontextprotocol/server",
  "@modelcontextprotocol/node",
]);
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
// Clear the last build's files (earlier layouts had hashed chunks), or they pile up (and ship).
rmSync(outdir, { recursive: true, force: true });

const common = { bundle: true, platform: "node", target: "node20", logLevel: "warning" };
const cli = join(outdir, "cli.cjs");
await build({
  ...common,
  entryPoints: [join(ROOT, "dist", "cli", "main.js")],
  outfile: cli,
  format: "cjs",
  external,
  // Startup reads, decodes and compiles (or deserialises) every byte a command loads: minified, that is a third.
  // (zod shakes down to what is used only because src imports it as a namespace, `import * as z`: `import { z }`
  // keeps all of zod, every locale included: over three times the bytes.)
  minify: true,
  plugins: [lazyChildProcess],
  // The launcher runs this file as a vm script, where import() needs an experimental loader: every dynamic import
  // becomes a require (the external packages dwim imports lazily all ship CommonJS).
  supported: { "dynamic-import": false },
  // CommonJS has no import.meta: modules that locate files from their own URL get the bundle's.
  define: { "import.meta.url": "__dwimBundleUrl" },
  banner: { js: 'var __dwimBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});

const bundled = readFileSync(cli, "utf8");
if (/\bimport\(/u.test(bundled)) throw new Error(`${cli} has a dynamic import(), which fails in the launcher's vm script`);
// The launcher keys its code cache by the bundle's content: V8 checks a cache against the source's length only.
const buildId = createHash("sha256").update(bundled).digest("hex").slice(0, 16);
await build({
  ...common,
  entryPoints: [join(ROOT, "dist", "cli", "launch.js")],
  outfile: join(outdir, "main.js"),
  format: "esm",
  minify: true,
  define: { DWIM_CLI_BUILD: JSON.stringify(buildId) },
});
