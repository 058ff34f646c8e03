/**
 * MCP logging for the server's own diagnostics. A 2025 client sets the threshold with
 * logging/setLevel; a 2026-07-28 request carries it in `_meta`. Corrections are logged at info, config faults at
 * warning (once per session); nothing below warning is sent unless asked for.
 */
import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/index.js";
import { configSectionsOf } from "../../src/server/app.js";
import { connectInMemory, MODERN_VERSION } from "../helpers/mcp.js";
import { testingToolset } from "../helpers/tools.js";

interface Logged {
  level: string;
  logger?: string;
  data: unknown;
}

function collect(client: Client): Logged[] {
  const seen: Logged[] = [];
  client.setNotificationHandler("notifications/message", (n) => {
    seen.push(n.params as Logged);
  });
  return seen;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe("MCP logging on 2025-11-25", () => {
  it("declares logging, sends corrections at info only after setLevel(info), and never below the level", async () => {
    const conn = await connectInMemory({ toolsets: [testingToolset] });
    try {
      expect(conn.client.getServerCapabilities()?.logging).toBeDefined();
      const seen = collect(conn.client);
      await conn.client.callTool({ name: "echo_search", arguments: { fuzy_filter: "a" } });
      await settle();
      expect(seen).toEqual([]);
      await conn.client.setLoggingLevel("info");
      await conn.client.callTool({ name: "echo_search", arguments: { fuzy_filter: "b" } });
      await settle();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ level: "info", logger: "dwim.corrections" });
      expect(JSON.stringify(seen[0].data)).toContain("fuzzy_filter");
      await conn.client.setLoggingLevel("error");
      await conn.client.callTool({ name: "echo_search", arguments: { fuzy_filter: "c" } });
      await settle();
      expect(seen).toHaveLength(1);
    } finally {
      await conn.close();
    }
  });

  it("reports config faults as one warning per session", async () => {
    const env = { DWIM_LOG: "0", DWIM_MAX_HINTS: "many" };
    const config = loadConfig({ userFile: null, projectFile: null, env, sections: configSectionsOf([testingToolset]) });
    expect(config.errors.length).toBeGreaterThan(0);
    const conn = await connectInMemory({ toolsets: [testingToolset], env, config });
    try {
      const seen = collect(conn.client);
      await conn.client.listTools();
      await conn.client.callTool({ name: "echo_search", arguments: { fuzzy_filter: "a" } });
      await settle();
      expect(seen.filter((m) => m.logger === "dwim.config")).toHaveLength(1);
      expect(seen[0]).toMatchObject({ level: "warning" });
      expect(JSON.stringify(seen[0].data)).toContain("DWIM_MAX_HINTS");
    } finally {
      await conn.close();
    }
  });
});

describe("MCP logging on 2026-07-28", () => {
  it("sends a correction at info when the request's _meta asks for info, and nothing when it does not", async () => {
    const conn = await connectInMemory({ toolsets: [testingToolset], protocol: MODERN_VERSION });
    try {
      const seen = collect(conn.client);
      await conn.client.callTool({ name: "echo_search", arguments: { fuzy_filter: "a" } });
      await settle();
      expect(seen).toEqual([]);
      await conn.client.callTool({
        name: "echo_search",
        arguments: { fuzy_filter: "a" },
        _meta: { "io.modelcontextprotocol/logLevel": "info" },
      });
      await settle();
      expect(seen.map((m) => m.logger)).toEqual(["dwim.corrections"]);
    } finally {
      await conn.close();
    }
  });
});
