/**
 * The proxy's pure parts: naming upstreams and parsing how they are given (command line, --upstream, mcpServers
 * files), the environment an upstream gets, catalog naming on clashes, and where did_you_mean goes on a result.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type AnyToolDefinition, defineTool } from "../../src/core/tool.js";
import {
  allowsExtraProperties,
  buildCatalog,
  DID_YOU_MEAN_META_KEY,
  expandVariables,
  loadServersFile,
  nameFromCommand,
  parseEnvAssignments,
  parseUpstreamOption,
  ServerSpecError,
  type Upstream,
  upstreamEnvironment,
  withDidYouMean,
  zodObjectFromJsonSchema,
} from "../../src/proxy/index.js";
import { toMcpTool } from "../../src/server/mcp.js";
import type { Loose } from "../router/helpers.js";

describe("upstream names", () => {
  it.each([
    ["npx", ["-y", "@modelcontextprotocol/server-memory"], "memory"],
    ["npx", ["-y", "@modelcontextprotocol/server-filesystem@2026.1.1", "/srv"], "filesystem"],
    ["node", ["/x/node_modules/@modelcontextprotocol/server-everything/dist/index.js"], "everything"],
    ["uvx", ["mcp-server-git", "--repository", "."], "git"],
    ["/usr/local/bin/github-mcp-server", ["stdio"], "github"],
    ["node", ["/srv/notes/dist/index.js"], "notes"],
  ])("%s %j → %s", (command, args, name) => {
    expect(nameFromCommand(command, args)).toBe(name);
  });
});

describe("--env and variable expansion", () => {
  it("KEY=VALUE splits at the first '='; malformed pairs are errors", () => {
    expect(parseEnvAssignments(["A=1", "B=x=y", "C="])).toEqual({ A: "1", B: "x=y", C: "" });
    for (const bad of ["A", "=1", "1A=x", "A B=1"]) expect(() => parseEnvAssignments([bad])).toThrow(ServerSpecError);
  });

  it("VAR and VAR:-default expansion; unset variables are reported", () => {
    const missing = new Set<string>();
    const env = { HOME: "/home/u", EMPTY: "" };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the syntax under test.
    expect(expandVariables("${HOME}/x ${EMPTY:-d} ${NOPE:-} ${GONE} $HOME", env, missing)).toBe("/home/u/x d   $HOME");
    expect([...missing]).toEqual(["GONE"]);
  });

  it("property: text without ${ is returned unchanged", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("${")),
        (s) => expandVariables(s, { A: "1" }) === s,
      ),
    );
  });

  it("the upstream's environment is the user's, then its own", () => {
    expect(upstreamEnvironment({ A: "1", B: "2", U: undefined }, { B: "3", C: "4" })).toEqual({
      A: "1",
      B: "3",
      C: "4",
    });
  });
});

describe("--upstream NAME=COMMAND", () => {
  it("splits on whitespace, or takes a JSON array", () => {
    expect(parseUpstreamOption("mem=npx -y @modelcontextprotocol/server-memory")).toEqual({
      name: "mem",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-memory"],
    });
    expect(parseUpstreamOption('fs=["node", "server.js", "/a dir"]')).toEqual({
      name: "fs",
      command: "node",
      args: ["server.js", "/a dir"],
    });
  });

  it("rejects what it cannot read, with the reason", () => {
    expect(() => parseUpstreamOption("npx -y x")).toThrow(/NAME=COMMAND/u);
    expect(() => parseUpstreamOption("fs=")).toThrow(/no command/u);
    expect(() => parseUpstreamOption("fs=[1, 2]")).toThrow(/array of strings/u);
    expect(() => parseUpstreamOption("fs=[oops")).toThrow(/not a valid JSON array/u);
  });

  it("property: never throws anything but ServerSpecError", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        try {
          parseUpstreamOption(s);
        } catch (e) {
          return e instanceof ServerSpecError;
        }
        return true;
      }),
    );
  });
});

describe("mcpServers config files", () => {
  const write = (json: unknown) => {
    const file = join(mkdtempSync(join(tmpdir(), "dwim-proxy-cfg-")), "mcp.json");
    writeFileSync(file, typeof json === "string" ? json : JSON.stringify(json));
    return file;
  };

  it("reads stdio entries, skips disabled ones, expands variables, resolves cwd against the file", () => {
    const file = write({
      mcpServers: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: expansion under test.
        gh: { command: "gh-mcp", args: ["--token", "${TOKEN}"], env: { LEVEL: "${LEVEL:-info}" }, cwd: "sub" },
        off: { command: "x", disabled: true },
      },
    });
    const warnings: string[] = [];
    const specs = loadServersFile(file, { TOKEN: "t0k" }, (w) => warnings.push(w));
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({ name: "gh", command: "gh-mcp", args: ["--token", "t0k"], env: { LEVEL: "info" } });
    expect(specs[0].cwd).toBe(join(file, "..", "sub"));
    expect(warnings).toEqual([]);
  });

  it.each([
    ["not json", "{", /Cannot read/u],
    ["no mcpServers", { servers: {} }, /expected \{"mcpServers"/u],
    ["no command", { mcpServers: { a: { args: [] } } }, /a\.command/u],
    ["args not strings", { mcpServers: { a: { command: "x", args: [1] } } }, /a\.args/u],
    ["env not strings", { mcpServers: { a: { command: "x", env: { K: 1 } } } }, /a\.env\.K/u],
    ["remote server", { mcpServers: { a: { type: "http", url: "https://x" } } }, /stdio servers only/u],
  ])("%s is a clear error", (_what, json, message) => {
    expect(() => loadServersFile(write(json), {})).toThrow(message);
  });
});

function fakeUpstream(name: string, tools: Array<Partial<Tool> & { name: string }>, prefix?: string): Upstream {
  return {
    name,
    spec: { name, command: "x", args: [], env: {}, prefix },
    tools: tools.map((t) => ({ inputSchema: { type: "object" }, ...t })),
  } as unknown as Upstream;
}

/** dwim's own tools as the server lists them. */
const own = (...tools: AnyToolDefinition[]) => ({ tools, list: toMcpTool });

describe("catalog naming", () => {
  const readFile = defineTool({
    name: "read_file",
    title: "Read",
    description: "Read a file.",
    toolset: "edit",
    input: { path: z.string() },
    handler: () => ({}),
  });

  it("keeps upstream names; a clash with a tool served before namespaces the whole upstream", () => {
    const fs = fakeUpstream("fs", [{ name: "read_file" }, { name: "list_directory" }]);
    const notes = fakeUpstream("notes", [{ name: "create_note" }]);
    const catalog = buildCatalog(own(readFile), [fs, notes]);
    expect(catalog.listing.map((t) => t.name)).toEqual([
      "read_file",
      "fs__read_file",
      "fs__list_directory",
      "create_note",
    ]);
    expect(catalog.notes.join("\n")).toContain("fs__<name>");
    // The decision sticks across rebuilds, even when the clash is gone.
    expect(buildCatalog(undefined, [fs], catalog.namespaced).listing.map((t) => t.name)).toEqual([
      "fs__read_file",
      "fs__list_directory",
    ]);
  });

  it("a clash with one of dwim's aliases counts (search_files is fuzzy_search_files')", () => {
    const files = defineTool({
      name: "fuzzy_search_files",
      title: "Find",
      description: "Find files.",
      toolset: "search",
      input: { query: z.string() },
      handler: () => ({}),
    });
    const catalog = buildCatalog(own(files), [fakeUpstream("fs", [{ name: "search_files" }])]);
    expect(catalog.listing.map((t) => t.name)).toEqual(["fuzzy_search_files", "fs__search_files"]);
  });

  it("--prefix namespaces always; the upstream's Tool object is kept, only renamed", () => {
    const tool = {
      name: "echo",
      title: "Echo",
      outputSchema: { type: "object" as const },
      execution: { taskSupport: "optional" as const },
    };
    const catalog = buildCatalog(undefined, [fakeUpstream("e", [tool], "ev")]);
    expect(catalog.listing[0]).toEqual({ ...tool, inputSchema: { type: "object" }, name: "ev__echo" });
  });

  it("two upstream tools whose names normalise alike are both served; the second by exact name only", () => {
    const catalog = buildCatalog(undefined, [fakeUpstream("u", [{ name: "get-sum" }, { name: "get_sum" }])]);
    expect(catalog.tools.map((t) => [t.name, t.indexed])).toEqual([
      ["get-sum", true],
      ["get_sum", false],
    ]);
    expect(catalog.definitions.map((d) => d.name)).toEqual(["get-sum"]);
  });
});

describe("did_you_mean on an upstream result", () => {
  const corrections = [
    { parameter: "name", original: "getSum", corrected: "get-sum", correction_type: "normalization", confidence: 1 },
  ];

  it("adds a text block and _meta, and structuredContent only where the outputSchema allows it", () => {
    const result = {
      content: [{ type: "image", data: "AAA", mimeType: "image/png" }],
      structuredContent: { a: 1 },
      _meta: { k: 1 },
    };
    const loose = withDidYouMean(result, corrections, { type: "object", properties: { a: {} } }) as Loose;
    expect(loose.content[0]).toEqual(result.content[0]);
    expect(loose.content[1].text).toContain("get-sum");
    expect(loose._meta).toEqual({ k: 1, [DID_YOU_MEAN_META_KEY]: expect.objectContaining({ corrected: true }) });
    expect(loose.structuredContent).toEqual({ a: 1, did_you_mean: loose._meta[DID_YOU_MEAN_META_KEY] });
    const strict = withDidYouMean(result, corrections, { type: "object", additionalProperties: false }) as Loose;
    expect(strict.structuredContent).toEqual({ a: 1 });
    // The upstream's own object is not modified.
    expect(result).toEqual({
      content: [{ type: "image", data: "AAA", mimeType: "image/png" }],
      structuredContent: { a: 1 },
      _meta: { k: 1 },
    });
  });

  it("allowsExtraProperties reads additionalProperties and unevaluatedProperties", () => {
    expect(allowsExtraProperties(undefined)).toBe(true);
    expect(allowsExtraProperties({ type: "object" })).toBe(true);
    expect(allowsExtraProperties({ type: "object", additionalProperties: false })).toBe(false);
    expect(allowsExtraProperties({ type: "object", unevaluatedProperties: false })).toBe(false);
    expect(allowsExtraProperties({ type: "array" })).toBe(false);
  });
});

describe("JSON Schema → zod (for the router's parameter index)", () => {
  it("keeps required, types and enums; unknown shapes accept any value", () => {
    const schema = zodObjectFromJsonSchema({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "string", enum: ["x", "y"] }, c: { not: {} } },
      required: ["a"],
    });
    expect(schema.safeParse({ a: 1, b: "x" }).success).toBe(true);
    expect(schema.safeParse({ b: "x" }).success).toBe(false);
    expect(schema.safeParse({ a: 1, b: "z" }).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(["a", "b", "c"]);
  });
});
