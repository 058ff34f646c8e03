/** The `dwim` command: serve, proxy, stats, health, config check, docs, call, and one subcommand per tool. */
import { readFileSync, writeFileSync } from "node:fs";
import { Command } from "commander";
import {
  defaultLogPath,
  formatConfigError,
  type LoadedConfig,
  loadConfig,
  logSection,
  renderSummary,
  sectionOf,
  summarizeLog,
} from "../core/index.js";
import { closeAllStores, memoryHealth } from "../memory/index.js";
import { routerFor } from "../router/index.js";
import { configSectionsOf, createApp, type DwimApp, UnknownToolsetError, VERSION } from "../server/app.js";
import { parseListenAddress, serveHttp } from "../server/http.js";
import { onShutdown, serveStdio } from "../server/stdio.js";
import { TOOLSETS } from "../server/toolsets.js";
import { generateToolDocs, replaceToolDocs } from "./docs.js";
import { addProxyCommand } from "./proxy.js";
import { addToolCommand, runCall } from "./toolCommand.js";

function splitList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function reportConfigErrors(config: LoadedConfig): void {
  for (const e of config.errors) process.stderr.write(`dwim: config: ${formatConfigError(e)}\n`);
}

export function buildProgram(): Command {
  const program = new Command("dwim")
    .description("Self-correcting tools for AI agents: an MCP server, a library and this CLI.")
    .version(VERSION, "-v, --version")
    .showSuggestionAfterError(true)
    // Options after a subcommand belong to it, so `dwim proxy npx -y pkg` hands `-y` to npx.
    .enablePositionalOptions();

  let app: DwimApp | undefined;
  const getApp = (): DwimApp => {
    if (!app) {
      app = createApp();
      reportConfigErrors(app.config);
    }
    return app;
  };

  program
    .command("serve")
    .description("Start the MCP server (stdio by default, Streamable HTTP with --http)")
    .option("--http <host:port>", "serve Streamable HTTP on this address (host defaults to 127.0.0.1)")
    .option(
      "--tools <list>",
      `toolsets to serve, comma-separated (${TOOLSETS.map((t) => t.name).join(",")})`,
      splitList,
    )
    .option(
      "--project <dir>",
      "the project: base of relative paths, the default search path and .dwim/ (default: the first --root, else the working directory)",
    )
    .option("--root <dir>", "allow file tools inside this directory too (repeatable)", collect)
    .action(async (opts: { http?: string; tools?: string[]; root?: string[]; project?: string }) => {
      let served: DwimApp;
      try {
        served = createApp({ only: opts.tools, roots: opts.root, project: opts.project ?? opts.root?.[0] });
      } catch (e) {
        if (e instanceof UnknownToolsetError) {
          process.stderr.write(`dwim: ${e.message}\n`);
          process.exitCode = 2;
          return;
        }
        throw e;
      }
      reportConfigErrors(served.config);
      if (opts.http) {
        const { host, port } = parseListenAddress(opts.http);
        const handle = await serveHttp(served, { host, port });
        // Handlers first: a supervisor may signal as soon as it reads the URL line.
        onShutdown(() => handle.close());
        process.stdout.write(
          `dwim ${served.version}: MCP server on ${handle.url} (${served.registry.tools.length} tools)\n`,
        );
      } else {
        await serveStdio(served);
      }
    });

  addProxyCommand(program);

  program
    .command("stats")
    .description("Summarise the correction log by tool, correction type and tier")
    .option("--json", "print JSON")
    .action((opts: { json?: boolean }) => {
      const config = getApp().config;
      const path = sectionOf(config, logSection).path ?? defaultLogPath();
      const summary = summarizeLog(path);
      process.stdout.write(opts.json ? `${JSON.stringify(summary, null, 2)}\n` : `${renderSummary(summary)}\n`);
    });

  program
    .command("health")
    .description(
      "Check the project's memory (counts and open-time repairs, integrity, embedding provider, env clashes) and the router's embedding provider; exit 1 when degraded",
    )
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }) => {
      const health = await memoryHealth(getApp().config, process.cwd());
      await closeAllStores();
      // The router's semantic lane: loads the model and embeds the tool descriptions (or reads them from the cache).
      const lane = routerFor(getApp().registry.tools, getApp().config).semantic;
      await lane.ready(120_000);
      const state = lane.status;
      health.router_embeddings = state.provider ?? state.status;
      if (state.degraded) health.router_degraded = state.degraded;
      if (opts.json) process.stdout.write(`${JSON.stringify(health, null, 2)}\n`);
      else
        for (const [key, value] of Object.entries(health)) {
          const shown = typeof value === "string" || typeof value === "number" ? value : JSON.stringify(value);
          process.stdout.write(`${key.replaceAll("_", " ")}: ${shown}\n`);
        }
      const degraded = health.degraded !== undefined || health.router_degraded !== undefined;
      process.exitCode = health.integrity === "ok" && !degraded ? 0 : 1;
    });

  const configCmd = program.command("config").description("Inspect dwim.toml configuration");
  configCmd
    .command("check")
    .description("Validate the user and project dwim.toml; exit 1 on any fault")
    .option("--json", "print JSON")
    .action((opts: { json?: boolean }) => {
      const config = loadConfig({ sections: configSectionsOf(TOOLSETS) });
      if (opts.json)
        process.stdout.write(`${JSON.stringify({ sources: config.sources, errors: config.errors }, null, 2)}\n`);
      else {
        process.stdout.write(`Read: ${config.sources.length > 0 ? config.sources.join(", ") : "(no config files)"}\n`);
        for (const e of config.errors) process.stdout.write(`  ${formatConfigError(e)}\n`);
        process.stdout.write(config.errors.length === 0 ? "OK\n" : `${config.errors.length} problem(s)\n`);
      }
      process.exitCode = config.errors.length === 0 ? 0 : 1;
    });

  program
    .command("docs")
    .description("Print the generated tool reference, or write it into a README")
    .option("--write <file>", "replace the generated block of this file")
    .option("--check <file>", "exit 1 when the file's generated block is stale")
    .action((opts: { write?: string; check?: string }) => {
      const generated = generateToolDocs(TOOLSETS);
      const file = opts.write ?? opts.check;
      if (!file) {
        process.stdout.write(`${generated}\n`);
        return;
      }
      const current = readFileSync(file, "utf8");
      const next = replaceToolDocs(current, generated);
      if (opts.check) {
        const fresh = next === current;
        process.stdout.write(fresh ? `${file} is up to date\n` : `${file} is stale: run npm run docs\n`);
        process.exitCode = fresh ? 0 : 1;
      } else writeFileSync(file, next);
    });

  program
    .command("call")
    .description("Call any tool by name with JSON arguments, through the router (names may be misspelled)")
    .argument("<tool>", "tool name")
    .argument("[arguments]", "JSON object of arguments", "{}")
    .option("--json", "print the structured result as JSON")
    .action(async (name: string, json: string, opts: { json?: boolean }) => {
      let args: unknown;
      try {
        args = JSON.parse(json);
      } catch {
        process.stderr.write("arguments must be a JSON object\n");
        process.exitCode = 2;
        return;
      }
      process.exitCode = await runCall(getApp(), { name, arguments: args }, { json: opts.json === true });
    });

  for (const set of TOOLSETS) for (const tool of set.tools) addToolCommand(program, tool, getApp);
  return program;
}
