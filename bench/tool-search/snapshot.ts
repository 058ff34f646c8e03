/**
 * Writes bench/tool-search/npm-servers.json: the tools/list of MCP servers published on npm, for the tool-search
 * benchmark's large catalog. Those servers are not dependencies of dwim; install them anywhere and point this at that
 * folder: `npm install --prefix /tmp/mcp-servers --ignore-scripts <the packages below>`, then
 * `npx tsx bench/tool-search/snapshot.ts /tmp/mcp-servers`. Each server is started over stdio with placeholder
 * credentials (a listing needs none; no call is made) and no network use beyond what it does at start-up.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { BENCH_DIR } from "../lib/report.js";

/** Package, its bin, extra arguments. */
const SERVERS: Array<[string, string, string[]]> = [
  ["@modelcontextprotocol/server-github", "mcp-server-github", []],
  ["@modelcontextprotocol/server-gitlab", "mcp-server-gitlab", []],
  ["@modelcontextprotocol/server-slack", "mcp-server-slack", []],
  ["@modelcontextprotocol/server-google-maps", "mcp-server-google-maps", []],
  ["@modelcontextprotocol/server-postgres", "mcp-server-postgres", ["postgresql://localhost/none"]],
  ["@modelcontextprotocol/server-brave-search", "mcp-server-brave-search", []],
  ["@modelcontextprotocol/server-sequential-thinking", "mcp-server-sequential-thinking", []],
  ["@notionhq/notion-mcp-server", "notion-mcp-server", []],
  ["@cyanheads/git-mcp-server", "git-mcp-server", []],
  ["@circleci/mcp-server-circleci", "mcp-server-circleci", []],
  ["@antv/mcp-server-chart", "mcp-server-chart", []],
  ["@playwright/mcp", "playwright-mcp", []],
  ["@aashari/mcp-server-atlassian-jira", "mcp-atlassian-jira", []],
  ["@aashari/mcp-server-atlassian-bitbucket", "mcp-atlassian-bitbucket", []],
  ["@upstash/context7-mcp", "context7-mcp", []],
  ["@agent-infra/mcp-server-browser", "mcp-server-browser", []],
  ["@delorenj/mcp-server-trello", "mcp-server-trello", []],
  ["@bitwarden/mcp-server", "mcp-server-bitwarden", []],
  ["@cyanheads/pubmed-mcp-server", "pubmed-mcp-server", []],
];

const PLACEHOLDERS = [
  "GITHUB_PERSONAL_ACCESS_TOKEN",
  "GITLAB_PERSONAL_ACCESS_TOKEN",
  "SLACK_BOT_TOKEN",
  "SLACK_TEAM_ID",
  "GOOGLE_MAPS_API_KEY",
  "BRAVE_API_KEY",
  "CIRCLECI_TOKEN",
  "ATLASSIAN_SITE_NAME",
  "ATLASSIAN_USER_EMAIL",
  "ATLASSIAN_API_TOKEN",
  "TRELLO_API_KEY",
  "TRELLO_TOKEN",
  "BW_SESSION",
  "BW_CLIENT_ID",
  "BW_CLIENT_SECRET",
];

const prefix = process.argv[2];
if (!prefix) throw new Error("usage: snapshot.ts <folder where the servers are installed>");
const out: Array<{ package: string; version: string; tools: unknown[] }> = [];
for (const [pkg, bin, args] of SERVERS) {
  const version = (
    JSON.parse(readFileSync(join(prefix, "node_modules", pkg, "package.json"), "utf8")) as { version: string }
  ).version;
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: prefix };
  for (const key of PLACEHOLDERS) env[key] = "placeholder";
  const client = new Client({ name: "dwim-tool-search-snapshot", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({ command: join(prefix, "node_modules", ".bin", bin), args, env, stderr: "ignore" }),
  );
  const { tools } = await client.listTools();
  await client.close();
  out.push({ package: pkg, version, tools });
  process.stdout.write(`${pkg}@${version}: ${tools.length} tools\n`);
}
writeFileSync(join(BENCH_DIR, "tool-search", "npm-servers.json"), `${JSON.stringify(out, null, 1)}\n`);
process.exit(0);
