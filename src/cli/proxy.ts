/**
 * `dwim proxy [options] <command> [args...]`: serve one or more MCP servers through dwim's gateway. Everything after
 * the command belongs to it (`dwim proxy npx -y @modelcontextprotocol/server-memory` needs no `--`).
 */
import type { Command } from "commander";
import type { CallResult, ResolvedCall } from "../core/index.js";
import type { UpstreamSpec } from "../proxy/index.js";
import { DEFAULT_MAX_UPSTREAM_MESSAGE_BYTES } from "../proxy/limits.js";
import type { DwimApp } from "../server/app.js";
import { directoriesExist } from "./directories.js";
import { collect, toolNameList, upstreamNameList } from "./option-values.js";

interface ProxyOptions {
  upstream?: string[];
  mcpConfig?: string;
  env?: string[];
  name?: string;
  prefix?: string;
  tools?: string[];
  root?: string[];
  http?: string;
  restart: boolean;
  startupTimeout?: string;
  maxMessageBytes?: string;
  toolSearch?: boolean;
  pin?: string[];
}

/** The upstreams named on the command line, in order: the positional command, `--upstream`s, the config file's. */
async function upstreamSpecs(
  command: string | undefined,
  args: readonly string[],
  opts: ProxyOptions,
): Promise<UpstreamSpec[]> {
  // Loaded when the command runs, so that `dwim --help` and the tool subcommands never load the MCP client.
  const { loadServersFile, nameFromCommand, parseEnvAssignments, parseUpstreamOption, ServerSpecError, uniqueNames } =
    await import("../proxy/index.js");
  const env = parseEnvAssignments(opts.env ?? []);
  const specs: UpstreamSpec[] = [];
  if (command !== undefined) {
    specs.push({
      name: opts.name ?? nameFromCommand(command, args),
      command,
      args: [...args],
      env: { ...env },
      prefix: opts.prefix,
    });
  } else if (opts.prefix !== undefined || opts.name !== undefined) {
    throw new ServerSpecError("--prefix and --name apply to the upstream command given after the options");
  }
  for (const text of opts.upstream ?? []) specs.push({ ...parseUpstreamOption(text), env: { ...env } });
  if (opts.mcpConfig) {
    const warn = (m: string) => process.stderr.write(`dwim: ${m}\n`);
    for (const spec of loadServersFile(opts.mcpConfig, process.env, warn)) {
      specs.push({ ...spec, env: { ...spec.env, ...env } });
    }
  }
  if (specs.length === 0) {
    throw new ServerSpecError(
      "no upstream server: give a command (dwim proxy npx -y <package>), --upstream or --mcp-config",
    );
  }
  return uniqueNames(specs);
}

/** dwim's own tools run through the app's pipeline with the call the gateway already resolved. */
async function ownToolRunner(app: DwimApp) {
  const { invokeTool, SessionState } = await import("../core/index.js");
  const fallback = new SessionState("proxy");
  return (call: ResolvedCall, signal: AbortSignal, session?: InstanceType<typeof SessionState>): Promise<CallResult> =>
    invokeTool(
      app.registry,
      { name: call.tool.name, arguments: call.arguments },
      app.context(session ?? fallback, { signal }),
      { middleware: { resolve: () => ({ ok: true, call }) } },
    );
}

export function addProxyCommand(program: Command): void {
  program
    .command("proxy")
    .description(
      "Serve any stdio MCP server (or several) through dwim: results pass through untouched, small mistakes in tool and parameter names are corrected",
    )
    .usage("[options] <command> [args...]")
    .argument("[command]", "the upstream MCP server's executable (started over stdio, no shell)")
    .argument("[args...]", "its arguments (everything after the command goes to it)")
    .option(
      "--upstream <NAME=COMMAND>",
      'another upstream: NAME=COMMAND ARGS... or NAME=["cmd","arg"] (repeatable)',
      collect,
    )
    .option("--mcp-config <file>", "upstreams from a JSON file in the mcpServers format (command, args, env, cwd)")
    .option("--env <KEY=VALUE>", "set a variable for the upstreams, on top of your environment (repeatable)", collect)
    .option("--name <name>", "name of the upstream command (log prefix, namespace on a name clash)")
    .option("--prefix <name>", "serve the upstream command's tools and prompts as <name>__<tool>")
    .option("--tools <list>", "also serve these dwim toolsets, comma-separated", toolNameList)
    .option("--root <dir>", "allow dwim's file tools inside this directory too (repeatable)", collect)
    .option(
      "--tool-search",
      "for large catalogs: list search_tools and call_tool (and --pin tools) instead of every tool ([proxy] tool_search)",
    )
    .option(
      "--pin <list>",
      "with --tool-search, also list these tools, comma-separated ([proxy] pinned)",
      upstreamNameList,
    )
    .option("--http <host:port>", "serve Streamable HTTP instead of stdio")
    .option("--no-restart", "exit non-zero when an upstream exits instead of restarting it")
    .option("--startup-timeout <ms>", "time an upstream has to start and list its tools", "30000")
    .option(
      "--max-message-bytes <bytes>",
      "largest message read from an upstream; a larger result is answered with result_too_large",
      String(DEFAULT_MAX_UPSTREAM_MESSAGE_BYTES),
    )
    .passThroughOptions()
    .action(async (command: string | undefined, args: string[], opts: ProxyOptions) => {
      if (!directoriesExist([["--root", opts.root]])) return;
      const { startProxy } = await import("../proxy/index.js");
      const { createApp } = await import("../server/app.js");
      const { loadToolsets } = await import("../server/load.js");
      const { parseListenAddress, serveHttp } = await import("../server/http.js");
      const { toMcpTool } = await import("../server/mcp.js");
      const { onShutdown, serveStdio } = await import("../server/stdio.js");
      let specs: UpstreamSpec[];
      let app: DwimApp;
      try {
        specs = await upstreamSpecs(command, args, opts);
        app = createApp({ toolsets: opts.tools ? await loadToolsets(opts.tools) : [], roots: opts.root });
      } catch (e) {
        process.stderr.write(`dwim: ${(e as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      for (const e of app.config.errors) process.stderr.write(`dwim: config: ${e.source} ${e.key}: ${e.message}\n`);
      const { proxySection, sectionOf } = await import("../core/config.js");
      const proxyConfig = sectionOf(app.config, proxySection);
      const pinned = [...proxyConfig.pinned, ...(opts.pin ?? [])];
      const toolSearch = opts.toolSearch || proxyConfig.tool_search ? { pinned } : undefined;
      if (!toolSearch && pinned.length > 0) process.stderr.write("dwim: --pin applies with --tool-search only\n");
      const timeout = Number(opts.startupTimeout);
      const maxMessageBytes = Number(opts.maxMessageBytes);
      let proxy: Awaited<ReturnType<typeof startProxy>>;
      try {
        proxy = await startProxy({
          upstreams: specs,
          config: app.config,
          own: { tools: app.registry.tools, list: toMcpTool, run: await ownToolRunner(app) },
          toolSearch,
          restart: opts.restart,
          startupTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 30_000,
          maxMessageBytes: Number.isSafeInteger(maxMessageBytes) && maxMessageBytes > 0 ? maxMessageBytes : undefined,
          version: app.version,
          onFatal: () => {
            void proxy.close().finally(() => process.exit(1));
          },
        });
      } catch (e) {
        process.stderr.write(`dwim: ${(e as Error).message}\n`);
        process.exitCode = 1;
        return;
      }
      const { gateway } = proxy;
      const describe =
        `${gateway.catalog.tools.length} tools of ${gateway.upstreams.map((u) => u.name).join(", ")}` +
        (toolSearch
          ? `, listed as search_tools and call_tool${pinned.length > 0 ? ` with ${pinned.length} pinned` : ""}`
          : "");
      if (opts.http) {
        const { host, port } = parseListenAddress(opts.http);
        const handle = await serveHttp(app, { host, port, createServer: proxy.createServer });
        onShutdown(async () => {
          await handle.close();
          await proxy.close();
        });
        process.stdout.write(`dwim ${app.version}: MCP proxy on ${handle.url} (${describe})\n`);
      } else {
        await serveStdio(app, {
          createServer: proxy.createServer,
          wrapTransport: proxy.watchTransport,
          describe,
          inFlight: () => gateway.inFlight,
          onClose: () => proxy.close(),
        });
      }
    });
}
