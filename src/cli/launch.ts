#!/usr/bin/env node
/**
 * The installed `dwim` command, built for a fast cold start. It runs the CLI bundle, `cli.cjs` beside it (the whole
 * CLI in one CommonJS file, built by scripts/bundle-cli.mjs), through V8's code cache: compiling the code a command
 * runs was about half of a `dwim convert` beyond Node's own start. Node 22 offers this as module.enableCompileCache;
 * Node 20 has only vm.Script's cachedData, which takes a script, hence the one CommonJS file.
 *
 * One cache file per build, installation, Node version and subcommand (each command compiles different code), in dwim's
 * cache directory. The installation's path is part of the key: a cache records the file it was compiled from, and two
 * installations of one build must never share one (stack traces would name the other's files). A run without a usable
 * cache (none yet, or one V8 rejects) writes it when it ends with success, so a mistyped command leaves nothing behind.
 * Best effort: without a writable directory every start compiles, as before.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { dwimCacheDir } from "../core/cache-dir.js";

/** Content hash of cli.cjs, set by scripts/bundle-cli.mjs when it bundles this file; undefined unbundled. */
declare const DWIM_CLI_BUILD: string | undefined;

const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), "cli.cjs");

const BUILD = typeof DWIM_CLI_BUILD === "string" ? DWIM_CLI_BUILD : undefined;
/** Which installation: the bundle's path, hashed (a file name cannot hold a path). */
const INSTALL = createHash("sha256").update(BUNDLE).digest("hex").slice(0, 12);
const DAY_MS = 86_400_000;

/** This run's cache file: undefined when caching is off or the bundle's build is unknown. */
function codeCachePath(argv: readonly string[], env: Record<string, string | undefined>): string | undefined {
  const dir = dwimCacheDir(env);
  if (!dir || !BUILD) return undefined;
  const word = argv[2] ?? "";
  const command = /^[a-z][a-z0-9-]{0,39}$/u.test(word) ? word : "other";
  return join(dir, "cli-code", `${BUILD}-${INSTALL}-${process.version}-${process.arch}-${command}.bin`);
}

/**
 * Caches of other builds (a dwim since upgraded), and partial files a killed writer left, written over a day ago go
 * when this build writes a cache of its own. Other installations of this build keep theirs.
 */
function pruneOtherBuilds(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(`${BUILD}-`) && name.endsWith(".bin")) continue;
    const path = join(dir, name);
    if (statSync(path).mtimeMs < Date.now() - DAY_MS) rmSync(path, { force: true });
  }
}

function readCache(file: string | undefined): Buffer | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file: string, data: Buffer): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Whole or not at all: two processes may write at once, and a reader must never see half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, data);
    renameSync(partial, file);
    pruneOtherBuilds(dirname(file));
  } catch {
    // No writable cache directory: the next start compiles again.
  }
}

/** Runs the bundle as Node runs a CommonJS module, compiled from (or into) the code cache. */
function run(file: string | undefined): void {
  let source = readFileSync(BUNDLE, "utf8");
  if (source.startsWith("#!")) source = source.slice(source.indexOf("\n"));
  const cachedData = readCache(file);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    cachedData,
  });
  if (file && (!cachedData || script.cachedDataRejected)) {
    // At exit the cache holds every function this command compiled, not only the top level.
    process.once("exit", (code) => {
      if (code === 0) writeCache(file, script.createCachedData());
    });
  }
  const module = { exports: {} };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
}

run(codeCachePath(process.argv, process.env));
