/**
 * `import "dwim"` loads neither the proxy, the MCP client nor an adapter; `import "dwim/proxy"` loads both (which shows
 * the check sees them when they are there), and an adapter loads no framework but its own. The built package is
 * imported in a fresh Node process that records every module it loads: ES modules through a load hook, CommonJS ones
 * from the require cache.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const run = promisify(execFile);

/** Every module (file URL or path) a fresh Node process loads while importing `entry`. */
async function modulesLoadedBy(entry: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "dwim-entry-"));
  const log = join(dir, "loaded.txt");
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(log)}, url + "\\n");
  return next(url, context);
}
`,
  );
  const script = `
import { register, createRequire } from "node:module";
import { appendFileSync } from "node:fs";
register(${JSON.stringify(pathToFileURL(hooks).href)});
await import(${JSON.stringify(pathToFileURL(entry).href)});
appendFileSync(${JSON.stringify(log)}, Object.keys(createRequire(import.meta.url).cache).join("\\n") + "\\n");
`;
  await run(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT });
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

const isProxy = (m: string) => m.includes("/dist/proxy/");
const isAdapter = (m: string) => m.includes("/dist/adapters/");
const isFramework = (m: string) => /\/node_modules\/(ai|langchain|@langchain\/[^/]+|@ai-sdk\/[^/]+)\//u.test(m);
const isMcpClient = (m: string) => m.includes("/node_modules/@modelcontextprotocol/client/");

describe("the package entry", () => {
  it("import 'dwim' loads the server and its tools, but neither the proxy nor the MCP client", async () => {
    const loaded = await modulesLoadedBy(resolve(ROOT, "dist/index.js"));
    expect(loaded.some((m) => m.includes("/dist/server/app.js"))).toBe(true);
    expect(loaded.filter(isProxy)).toEqual([]);
    expect(loaded.filter(isMcpClient)).toEqual([]);
    expect(loaded.filter(isAdapter)).toEqual([]);
    expect(loaded.filter(isFramework)).toEqual([]);
  });

  it("'dwim/client' and 'dwim/ai-sdk' load no agent framework (types only); 'dwim/langchain' loads LangChain alone", async () => {
    const client = await modulesLoadedBy(resolve(ROOT, "dist/adapters/client.js"));
    expect(client.some(isAdapter)).toBe(true);
    expect(client.filter(isFramework)).toEqual([]);
    const langchain = await modulesLoadedBy(resolve(ROOT, "dist/adapters/langchain.js"));
    expect(langchain.some((m) => m.includes("/node_modules/langchain/"))).toBe(true);
    expect(langchain.some((m) => m.includes("/node_modules/ai/"))).toBe(false);
    const aiSdk = await modulesLoadedBy(resolve(ROOT, "dist/adapters/ai-sdk.js"));
    expect(aiSdk.filter(isFramework)).toEqual([]);
  });

  it("import 'dwim/proxy' loads the proxy and the MCP client", async () => {
    const loaded = await modulesLoadedBy(resolve(ROOT, "dist/proxy/index.js"));
    expect(loaded.some(isProxy)).toBe(true);
    expect(loaded.some(isMcpClient)).toBe(true);
  });
});
