/**
 * Three `dwim serve` processes edit one file at the same time. Every edit a server acknowledged
 * must be in the final file (an advisory lock around re-read, re-plan and rename), and since each edit touches its
 * own line, none should even be refused.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { clientFor } from "../helpers/mcp.js";
import { expectNoTempFiles, MAIN, sandbox } from "./helpers.js";

const PROCESSES = 3;
const EDITS = 30;

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function serve(dir: string): Promise<Client> {
  const client = clientFor("lost-update-test");
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MAIN, "serve", "--tools", "edit"],
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_CONFIG_HOME: join(dir, ".config"), DWIM_LOG: "0" },
      stderr: "pipe",
    }),
  );
  clients.push(client);
  return client;
}

describe("no lost update across processes", () => {
  it("keeps every acknowledged edit when three servers edit one file concurrently", async () => {
    const { root } = sandbox("dwim-lost-");
    const file = join(root, "shared.txt");
    const lines = [];
    for (let i = 0; i < EDITS; i++) for (let p = 0; p < PROCESSES; p++) lines.push(`p${p}-${i}: todo`);
    writeFileSync(file, `${lines.join("\n")}\n`);
    const servers = await Promise.all(Array.from({ length: PROCESSES }, () => serve(root)));

    const acknowledged: string[] = [];
    const refused: string[] = [];
    await Promise.all(
      servers.map(async (client, p) => {
        for (let i = 0; i < EDITS; i++) {
          const r = await client.callTool({
            name: "edit_file",
            arguments: { path: "shared.txt", old_str: `p${p}-${i}: todo`, new_str: `p${p}-${i}: done` },
          });
          if (r.isError) refused.push(JSON.stringify(r.structuredContent));
          else acknowledged.push(`p${p}-${i}: done`);
        }
      }),
    );

    const final = readFileSync(file, "utf8");
    const lost = acknowledged.filter((line) => !final.includes(`${line}\n`));
    expect(lost).toEqual([]);
    expect(refused).toEqual([]);
    expect(acknowledged).toHaveLength(PROCESSES * EDITS);
    expect(final.split("\n")).toHaveLength(PROCESSES * EDITS + 1);
    expectNoTempFiles(root);
  }, 60_000);
});
