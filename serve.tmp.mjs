import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
const mains = { old: process.cwd() + "/.bundle-old/main.js", new: process.cwd() + "/dist/cli/bundle/main.js" };
const res = { old: [], new: [] };
for (let i = 0; i < 8; i++) for (const [k, m] of Object.entries(mains)) {
  const t0 = performance.now();
  const client = new Client({ name: "b", version: "0" }, { supportedProtocolVersions: ["2025-11-25"] });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [m, "serve"], cwd: "/tmp", stderr: "ignore" }));
  const { tools } = await client.listTools();
  const ms = performance.now() - t0;
  await client.close();
  if (i > 0) res[k].push(ms);
}
for (const [k, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(k, "median", v[v.length >> 1].toFixed(0), "min", v[0].toFixed(0)); }
