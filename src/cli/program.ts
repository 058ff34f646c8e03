/**
 * The `dwim` command: serve, proxy, stats, health, config check, call, and one subcommand per tool. Commands
 * are declared from the manifest; each imports what it runs only when it runs, so `dwim --help` loads no toolset and
 * `dwim convert` loads only units (README: Command line).
 */
import { Command } from "commander";
import { MANIFEST } from "../generated/server/manifest.js";
import type { DwimApp } from "../server/app.js";
import { TOOLSET_NAMES } from "../server/load.js";
import type { ToolManifest } from "../server/manifest-types.js";
import { VERSION } from "../server/version.js";
import { directoriesExist } from "./directories.js";
import { applyManners } from "./manners.js";
import { addMemoryCommand } from "./memoryCommand.js";
import { collect, toolNameList } from "./option-values.js";
import { addProxyCommand } from "./proxy.js";
import { kebab } from "./tool-arguments.js";
import { addToolCommand } from "./toolCommand.js";

/** `dwim serve --help`: where the project directory comes from, in the order context.ts (projectOf) reads it. */
const PROJECT_ORDER = `
The project directory (base of relative paths, the default search path, home of .dwim/) is the first of:
  1. --project <dir>
  2. the first --root <dir>
  3. the first of the MCP client's roots, when the client sends roots
  4. the working directory, unless it is the filesystem root (where some clients start servers)
No environment variable sets it. Without one, tools that need a project answer no_project. A --project or --root
that is not an existing directory stops dwim with exit code 2.`;

/** Config faults go to stderr: stdout is for results (and, under `serve`, for the protocol). */
async function reportConfigErrors(app: DwimApp): Promise<void> {
  if (app.config.errors.length === 0) return;
  const { formatConfigError } = await import("../core/config.js");
  for (const e of app.config.errors) process.stderr.write(`dwim: config: ${formatConfigError(e)}\n`);
}

interface AppRequest {
  /** Toolset or tool names to serve (`--tools`). */
  toolsets?: readonly string[];
  /** Toolset or tool names not to serve (`--exclude`). */
  exclude?: readonly string[];
  project?: string;
  roots?: readonly string[];
}

/** Loads the named toolsets (default: all) and builds the app; an unknown toolset name exits 2 with a did-you-mean. */
async function appFor(request: AppRequest = {}): Promise<DwimApp | undefined> {
  const { loadToolsets, UnknownToolsetError } = await import("../server/load.js");
  const { toolsetsToLoad } = await import("../server/selection.js");
  const { createApp } = await import("../server/app.js");
  try {
    const toolsets = await loadToolsets(toolsetsToLoad({ include: request.toolsets, exclude: request.exclude }));
    const app = createApp({
      toolsets,
      only: request.toolsets,
      exclude: request.exclude,
      project: request.project,
      roots: request.roots,
    });
    await reportConfigErrors(app);
    return app;
  } catch (e) {
    if (!(e instanceof UnknownToolsetError)) throw e;
    process.stderr.write(`dwim: ${e.message}\n`);
    process.exitCode = 2;
    return undefined;
  }
}

interface ServeOptions {
  http?: string;
  tools?: string[];
  exclude?: string[];
  root?: string[];
  project?: string;
  allowRemote?: boolean;
  token?: string;
  allowHost?: string[];
  allowOrigin?: string[];
}

/** Whether a tool subcommand answers to `name` (its command or its kebab-case tool name). */
function toolAnswers(tool: ToolManifest, name: string | undefined): boolean {
  return tool.command === name || kebab(tool.name) === name;
}

/** `argv`: the process's, whose subcommand decides which tool subcommands are declared (all unless it names a tool). */
export function buildProgram(argv: readonly string[] = process.argv): Command {
  const program = new Command("dwim")
    .description("Self-correcting tools for AI agents: an MCP server, a library and this CLI.")
    .version(VERSION, "-V, --version")
    // Options after a subcommand belong to it, so `dwim proxy npx -y pkg` hands `-y` to npx.
    .enablePositionalOptions();
  // -v as well as -V: both are common, and neither means anything else here.
  program.option("-v", "output the version number").on("option:v", () => {
    process.stdout.write(`${VERSION}\n`);
    process.exit(0);
  });

  program
    .command("serve")
    .description("Start the MCP server (stdio by default, Streamable HTTP with --http)")
    .option("--http <host:port>", "serve Streamable HTTP on this address (host defaults to 127.0.0.1)")
    .option(
      "--tools <list>",
      `toolsets or tools to serve, comma-separated (${TOOLSET_NAMES.join(",")}, or tool names such as convert,recall)`,
      toolNameList,
    )
    .option("--exclude <list>", "toolsets or tools not to serve, comma-separated (repeatable)", toolNameList)
    .option("--project <dir>", "the project directory (see below for where it comes from otherwise)")
    .option("--root <dir>", "allow file tools inside this directory too (repeatable)", collect)
    .option("--allow-remote", "with --http: allow binding an address other machines can reach (needs a token)")
    .option(
      "--token <token>",
      "with --http: bearer token clients must send (default: $DWIM_HTTP_TOKEN; generated for --allow-remote)",
    )
    .option("--allow-host <name>", "with --http: another Host name that reaches this server (repeatable)", collect)
    .option("--allow-origin <host>", "with --http: an Origin hostname browsers may call from (repeatable)", collect)
    .addHelpText("after", PROJECT_ORDER)
    .action(async (opts: ServeOptions) => {
      if (
        !directoriesExist([
          ["--project", opts.project],
          ["--root", opts.root],
        ])
      )
        return;
      const served = await appFor({
        toolsets: opts.tools,
        exclude: opts.exclude,
        roots: opts.root,
        project: opts.project ?? opts.root?.[0],
      });
      if (!served) return;
      if (opts.http) {
        const { parseListenAddress, serveHttp } = await import("../server/http.js");
        const { RemoteBindError } = await import("../server/http-access.js");
        const { onShutdown } = await import("../server/stdio.js");
        const { host, port } = parseListenAddress(opts.http);
        let handle: Awaited<ReturnType<typeof serveHttp>>;
        try {
          handle = await serveHttp(served, {
            host,
            port,
            allowRemote: opts.allowRemote,
            token: opts.token ?? (process.env.DWIM_HTTP_TOKEN || undefined),
            allowedHosts: opts.allowHost,
            allowedOrigins: opts.allowOrigin,
          });
        } catch (e) {
          if (!(e instanceof RemoteBindError)) throw e;
          process.stderr.write(`dwim: ${e.message}\n`);
          process.exitCode = 2;
          return;
        }
        // Handlers first: a supervisor may signal as soon as it reads the URL line.
        onShutdown(() => handle.close());
        process.stdout.write(
          `dwim ${served.version}: MCP server on ${handle.url} (${served.registry.tools.length} tools)\n`,
        );
        if (handle.generatedToken) {
          process.stderr.write(`dwim: clients must send the header  Authorization: Bearer ${handle.token}\n`);
        }
      } else {
        const { serveStdio } = await import("../server/stdio.js");
        await serveStdio(served);
      }
    });

  addProxyCommand(program);

  program
    .command("stats")
    .description("Summarise the correction log by tool, correction type and tier")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }) => {
      const { defaultLogPath, loadConfig, logSection, renderSummary, sectionOf, summarizeLog } = await import(
        "../core/index.js"
      );
      const { allSectionKeys } = await import("../server/load.js");
      const config = loadConfig({ otherSections: allSectionKeys() });
      const path = sectionOf(config, logSection).path ?? defaultLogPath();
      const summary = summarizeLog(path);
      process.stdout.write(opts.json ? `${JSON.stringify(summary, null, 2)}\n` : `${renderSummary(summary)}\n`);
    });

  program
    .command("health")
    .description(
      "Check the project's memory: counts and open-time repairs, integrity, embedding provider, env clashes; exit 1 when degraded",
    )
    .option("--project <dir>", "the project whose memory to check (default: the working directory)")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean; project?: string }) => {
      if (!directoriesExist([["--project", opts.project]])) return;
      const { runHealth } = await import("./health.js");
      process.exitCode = await runHealth({ json: opts.json === true, project: opts.project });
    });

  addMemoryCommand(program);

  const configCmd = program.command("config").description("Inspect dwim.toml configuration");
  const projectOption = "the project whose .dwim/dwim.toml to read (default: the working directory)";
  configCmd
    .command("check")
    .description("Validate the user and project dwim.toml against every toolset; exit 1 on any fault")
    .option("--project <dir>", projectOption)
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean; project?: string }) => {
      if (!directoriesExist([["--project", opts.project]])) return;
      const { checkConfig } = await import("./config-check.js");
      process.exitCode = await checkConfig({ json: opts.json === true, project: opts.project });
    });
  configCmd
    .command("trust")
    .description(
      "Trust the project's .dwim/dwim.toml as it is now: honour its keys that grant access, run programs or send data",
    )
    .option("--project <dir>", projectOption)
    .action(async (opts: { project?: string }) => {
      if (!directoriesExist([["--project", opts.project]])) return;
      const { trustProjectConfig } = await import("./config-check.js");
      process.exitCode = await trustProjectConfig(opts);
    });
  configCmd
    .command("untrust")
    .description("Stop trusting the project's .dwim/dwim.toml")
    .option("--project <dir>", projectOption)
    .action(async (opts: { project?: string }) => {
      if (!directoriesExist([["--project", opts.project]])) return;
      const { untrustProjectConfig } = await import("./config-check.js");
      process.exitCode = await untrustProjectConfig(opts);
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
      const app = await appFor();
      if (!app) return;
      const { runCall } = await import("./toolCommand.js");
      process.exitCode = await runCall(app, { name, arguments: args }, { json: opts.json === true });
    });

  // `dwim convert …` is parsed by the convert subcommand alone: declaring every tool's options is start-up time a call
  // of one tool does not need. Anything else (`--help`, a misspelt command) sees them all.
  const invoked = argv[2];
  const oneTool = MANIFEST.some((set) => set.tools.some((tool) => toolAnswers(tool, invoked)));
  for (const set of MANIFEST) {
    let app: Promise<DwimApp | undefined> | undefined;
    // The router's commands answer about every tool (`dwim resolve grep`), so they load every toolset.
    const toolsets = set.name === "router" ? undefined : [set.name];
    const getApp = async (): Promise<DwimApp> => {
      app ??= appFor({ toolsets });
      const built = await app;
      if (!built) throw new Error(`toolset '${set.name}' failed to load`);
      return built;
    };
    for (const tool of set.tools) if (!oneTool || toolAnswers(tool, invoked)) addToolCommand(program, tool, getApp);
  }
  return applyManners(program);
}
