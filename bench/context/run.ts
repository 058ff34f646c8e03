/**
 * Context cost of tools/list: the tokens a model reads for each tool (its name, description and input schema, as
 * clients put them in the prompt; none of the measured clients shows the outputSchema or annotations to the model),
 * per tool, per toolset and in all, beside the MCP reference servers (server-filesystem, server-everything,
 * server-memory), all listed in one run over stdio. Tokens are counted with OpenAI's o200k_base tokenizer
 * (gpt-tokenizer); the whole tools/list payload is counted too. Targets: every dwim tool ≤ 2,500 tokens together,
 * none over 250.
 */
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { publish, REPO_DIR, type Row } from "../lib/report.js";
import { countTokens, type ListedTool, modelTokens } from "../lib/tokens.js";

const require = createRequire(import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), "dwim-bench-context-"));
const env = { PATH: process.env.PATH ?? "", HOME: scratch, DWIM_LOG: "0", MEMORY_FILE_PATH: join(scratch, "m.json") };

function binOf(pkg: string): string {
  const manifest = require(`${pkg}/package.json`) as { bin: Record<string, string> | string };
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(require.resolve(`${pkg}/package.json`)), bin);
}

const SERVERS: Array<{ name: string; args: string[] }> = [
  { name: "dwim", args: [join(REPO_DIR, "dist", "cli", "main.js"), "serve"] },
  { name: "server-filesystem", args: [binOf("@modelcontextprotocol/server-filesystem"), scratch] },
  { name: "server-everything", args: [binOf("@modelcontextprotocol/server-everything"), "stdio"] },
  { name: "server-memory", args: [binOf("@modelcontextprotocol/server-memory")] },
];

async function listTools(args: string[]): Promise<ListedTool[]> {
  const client = new Client({ name: "bench-context", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, cwd: scratch, env, stderr: "ignore" }),
  );
  try {
    return (await client.listTools()).tools as ListedTool[];
  } finally {
    await client.close();
  }
}

const listed = new Map<string, ListedTool[]>();
for (const server of SERVERS) listed.set(server.name, await listTools(server.args));

const dwim = listed.get("dwim") ?? [];
const { MANIFEST } = (await import(join(REPO_DIR, "dist", "generated", "server", "manifest.js"))) as {
  MANIFEST: Array<{ name: string; tools: Array<{ name: string }> }>;
};
const perTool = dwim.map((t) => ({ name: t.name, tokens: modelTokens(t) }));
const total = perTool.reduce((s, t) => s + t.tokens, 0);
const largest = perTool.reduce((a, b) => (b.tokens > a.tokens ? b : a));

const reference = SERVERS.slice(1).map((s) => {
  const tools = listed.get(s.name) ?? [];
  const tokens = tools.map(modelTokens);
  return {
    name: s.name,
    tools: tools.length,
    total: tokens.reduce((a, b) => a + b, 0),
    mean: tokens.reduce((a, b) => a + b, 0) / Math.max(1, tools.length),
    max: Math.max(...tokens),
    payload: countTokens(JSON.stringify({ tools })),
  };
});
const meanOfReferences = reference.reduce((s, r) => s + r.mean, 0) / reference.length;

const summary: Row[] = [
  { metric: `all ${dwim.length} tools, model-visible`, ours: total, target: "≤ 2,500" },
  { metric: `largest tool (${largest.name})`, ours: largest.tokens, target: "≤ 250" },
  { metric: "tokens a tool (mean)", ours: total / dwim.length, baseline: meanOfReferences },
  { metric: "whole tools/list payload (with output schemas)", ours: countTokens(JSON.stringify({ tools: dwim })) },
];
const references: Row[] = reference.map((r) => ({
  metric: `${r.name}: ${r.tools} tools, total / mean / largest`,
  ours: `${total} / ${(total / dwim.length).toFixed(0)} / ${largest.tokens}`,
  baseline: `${r.total} / ${r.mean.toFixed(0)} / ${r.max}`,
  ratio: `${(total / dwim.length / r.mean).toFixed(2)}x a tool`,
}));
const byToolset: Row[] = MANIFEST.map((set) => {
  const tokens = perTool.filter((t) => set.tools.some((s) => s.name === t.name));
  return {
    metric: `${set.name} (${tokens.length} tools)`,
    ours: tokens.reduce((s, t) => s + t.tokens, 0),
  };
});
const tools: Row[] = perTool.map((t) => ({ metric: t.name, ours: t.tokens, target: "≤ 250" }));

publish({
  name: "context",
  title: "Context cost of tools/list (model-visible tokens)",
  inputs: [
    "Each server listed over stdio in one run; a tool's model-visible tokens: JSON of {name, description, parameters: inputSchema}, o200k_base (gpt-tokenizer)",
    "Reference servers: @modelcontextprotocol/server-filesystem, server-everything, server-memory (devDependencies)",
    "The payload figure counts everything tools/list sends (output schemas, annotations, titles), which no measured client shows the model",
  ],
  tables: [
    { caption: "dwim in all", rows: summary, baselineLabel: "reference servers (mean)" },
    { caption: "dwim beside each reference server", rows: references, baselineLabel: "reference" },
    { caption: "per toolset", rows: byToolset },
    { caption: "per tool", rows: tools },
  ],
  data: { perTool, reference },
  record: !process.argv.includes("--quick"),
});
