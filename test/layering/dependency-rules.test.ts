/**
 * The layering rules of .dependency-cruiser.cjs (`npm run lint` runs them over src/) each catch a breach: a fixture
 * tree breaks every rule once and keeps a few allowed imports, which must not be reported.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const FIXTURE = resolve(ROOT, "test/fixtures/layering");
const run = promisify(execFile);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function violationsOf(dir: string): Promise<Violation[]> {
  const bin = resolve(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const config = resolve(ROOT, ".dependency-cruiser.cjs");
  const args = [bin, "src", "--config", config, "--output-type", "json"];
  // Exit code 1 means "violations found": the JSON on stdout is the answer either way.
  const out = await run(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
    (e: { stdout: string }) => e,
  );
  return (JSON.parse(out.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe("the layering rules", () => {
  it("report each breach in the fixture tree, and nothing allowed", async () => {
    const found = (await violationsOf(FIXTURE)).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(found.sort()).toEqual(
      [
        "adapters-are-an-edge: src/adapters/client.ts -> src/proxy/index.ts",
        "adapters-use-the-router-through-its-index: src/adapters/client.ts -> src/router/intent.ts",
        "package-entry-loads-no-adapter: src/index.ts -> src/adapters/client.ts",
        "server-and-proxy-are-peers: src/server/index.ts -> src/adapters/client.ts",
        "capability-imports-no-layer-above: src/edit/index.ts -> src/server/index.ts",
        "capability-imports-no-other-capability: src/search/index.ts -> src/edit/index.ts",
        "core-imports-nothing-above-it: src/core/index.ts -> src/search/index.ts",
        "package-entry-loads-no-mcp-client: src/index.ts -> ../../../node_modules/@modelcontextprotocol/client/dist/index.cjs",
        "package-entry-loads-no-proxy: src/index.ts -> src/proxy/index.ts",
        "proxy-uses-the-router-through-its-index: src/proxy/index.ts -> src/router/intent.ts",
        "server-and-proxy-are-peers: src/server/index.ts -> src/proxy/index.ts",
      ].sort(),
    );
  });
});
