/** Test helpers: a loaded config from TOML text (written to a temp dir), a router over the fixture, a tool context. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LoadedConfig, loadConfig } from "../../src/core/config.js";
import { createToolContext } from "../../src/core/context.js";
import { type CallResult, invokeTool, type ToolCall } from "../../src/core/invoke.js";
import { ToolRegistry } from "../../src/core/registry.js";
import type { AnyToolDefinition, ToolContext } from "../../src/core/tool.js";
import { ROUTER_CONFIG_SECTIONS } from "../../src/router/config.js";
import { createRouterMiddleware } from "../../src/router/middleware.js";
import { type Router, routerFor } from "../../src/router/router.js";
import { DWIM_TOOLS } from "./fixture.js";

export interface ConfigFiles {
  user?: string;
  project?: string;
  env?: Record<string, string>;
}

export function configOf(files: ConfigFiles = {}): LoadedConfig {
  const dir = mkdtempSync(join(tmpdir(), "dwim-router-"));
  const write = (name: string, text: string | undefined) => {
    if (text === undefined) return null;
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  return loadConfig({
    userFile: write("user.toml", files.user),
    projectFile: write("project.toml", files.project),
    env: { DWIM_LOG: "0", ...(files.env ?? {}) },
    sections: [...ROUTER_CONFIG_SECTIONS],
  });
}

export function fixtureRouter(files: ConfigFiles = {}, tools: readonly AnyToolDefinition[] = DWIM_TOOLS): Router {
  return routerFor(tools, configOf(files));
}

export interface Harness {
  call(name: string, args?: unknown): Promise<CallResult>;
  ctx: ToolContext;
}

/** The core pipeline with the router middleware, as the server runs it. */
export function harness(files: ConfigFiles = {}, tools: readonly AnyToolDefinition[] = DWIM_TOOLS): Harness {
  const config = configOf(files);
  const registry = new ToolRegistry(tools);
  const ctx = createToolContext({ config, tools, cwd: tmpdir() });
  const middleware = createRouterMiddleware(tools, config);
  return {
    ctx,
    call: (name, args) => invokeTool(registry, { name, arguments: args } as ToolCall, ctx, { middleware }),
  };
}

/** Result fields read by assertions: deep and loosely typed on purpose. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read deep result fields.
export type Loose = any;

/** Structured content of a result, typed loosely for assertions. */
export function sc(result: CallResult): Record<string, Loose> {
  return result.structuredContent as Record<string, Loose>;
}
