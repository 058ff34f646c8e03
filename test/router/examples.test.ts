/**
 * Example requests (ToolDefinition.examples, `[[tools]] examples`): the semantic lane compares a request with each of
 * a tool's examples as one more view of the tool, so a request in everyday words meets the tool whose examples say it
 * that way; they are never shown to models in tools/list (docs/router.md, Semantic lane).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/core/config.js";
import { ROUTER_CONFIG_SECTIONS, type RouterConfig, routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { liftByExamples } from "../../src/router/semantic.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { connectInMemory } from "../helpers/mcp.js";
import { configOf } from "./helpers.js";

const cacheDir = mkdtempSync(join(tmpdir(), "dwim-examples-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const env = { DWIM_CACHE_DIR: cacheDir };
const base = routerConfigFrom(
  loadConfig({ userFile: null, projectFile: null, env: { DWIM_LOG: "0" }, sections: [...ROUTER_CONFIG_SECTIONS] }),
);
const catalog = (examples: string[]): RouterConfig["tools"] => [
  { name: "append_entry", description: "Append an entry to the journal.", keywords: [], parameters: [], examples },
  { name: "fetch_page", description: "Download a web page.", keywords: [], parameters: [] },
  {
    name: "format_code",
    description: "Reformat source code with the project's indentation style.",
    keywords: [],
    parameters: [],
  },
];
const REQUEST = "jot down that we went with tabs over spaces";

describe("example requests", () => {
  it("a request worded like a tool's example ranks that tool first, where its description alone did not", async () => {
    const plain = new Router([], { ...base, tools: catalog([]) }, "config", env);
    const taught = new Router(
      [],
      { ...base, tools: catalog(["write down that we picked one option over another", "make a note of a decision"]) },
      "config",
      env,
    );
    expect(await plain.semantic.ready(120_000)).toBe(true);
    expect(await taught.semantic.ready(120_000)).toBe(true);
    const without = (await plain.semantic.score(REQUEST)) as Float64Array;
    const withExamples = (await taught.semantic.score(REQUEST)) as Float64Array;
    expect(without[0]).toBeLessThan(Math.max(without[1], without[2]));
    expect(withExamples[0]).toBeGreaterThan(without[0]);
    expect(withExamples[0]).toBeGreaterThan(Math.max(withExamples[1], withExamples[2]));
    // the other tools list no examples: their similarities are those of their own views
    expect(withExamples[1]).toBe(without[1]);
    expect(withExamples[2]).toBe(without[2]);
    expect((await plain.rankFused(REQUEST, 1))[0].tool.name).toBe("format_code");
    expect((await taught.rankFused(REQUEST, 1))[0].tool.name).toBe("append_entry");
  });

  it("an example lifts only its own tool, and only where it is closer than the tool's views", () => {
    const dim = 2;
    // example rows: (1, 0) for tool 1, (0, 1) for tool 1 as well
    const examples = { matrix: Float32Array.from([1, 0, 0, 1]), owner: Int32Array.from([1, 1]) };
    const out = Float64Array.from([0.5, 0.2, 0.9]);
    liftByExamples(examples, Float32Array.from([0.6, 0.8]), dim, out);
    expect(Array.from(out)).toEqual([0.5, expect.closeTo(0.8, 6), 0.9]);
    const high = Float64Array.from([0.5, 0.95, 0.9]);
    liftByExamples(examples, Float32Array.from([0.6, 0.8]), dim, high);
    expect(high[1]).toBe(0.95);
  });

  it("[[tools]] entries take examples; anything but an array of strings is a config error naming the key", () => {
    const good = configOf({
      project: '[[tools]]\nname = "my_linter"\ndescription = "Run the linter"\nexamples = ["check my code style"]\n',
    });
    const tools = routerConfigFrom(good).tools;
    expect(tools[0].examples).toEqual(["check my code style"]);
    const bad = configOf({ project: '[[tools]]\nname = "my_linter"\ndescription = "x"\nexamples = "lint it"\n' });
    expect(bad.errors.map((e) => e.key)).toContain("tools[0].examples");
    expect(routerConfigFrom(bad).tools).toEqual([]);
  });

  it("[examples] adds requests to any tool's own, joined across files; a list naming no tool is a config error", () => {
    const config = routerConfigFrom(
      configOf({
        user: '[examples]\nconvert = ["how tall is 6 feet in cm"]\n',
        project: '[examples]\nconvert = ["how tall is 6 feet in cm", "what is a stone in kg"]\nconvrt = ["x y"]\n',
      }),
    );
    const router = new Router(
      TOOLSETS.flatMap((set) => set.tools),
      config,
    );
    const convert = router.registry.byName.get("convert");
    const own = TOOLSETS.flatMap((set) => set.tools).find((t) => t.name === "convert")?.examples ?? [];
    expect(convert?.examples).toEqual([...own, "how tall is 6 feet in cm", "what is a stone in kg"]);
    const unknown = router.configErrors.find((e) => e.key === "examples.convrt");
    expect(unknown?.likely_fix).toBe("convert");
    const bad = configOf({ project: '[examples]\nconvert = "not a list"\n' });
    expect(bad.errors.map((e) => e.key)).toContain("examples.convert");
    expect(routerConfigFrom(bad).examples).toEqual({});
  });

  it("every served tool lists at least four distinct examples, none of them sent to models in tools/list", async () => {
    const served = TOOLSETS.flatMap((set) => set.tools);
    for (const tool of served) {
      const examples = tool.examples ?? [];
      expect(examples.length, tool.name).toBeGreaterThanOrEqual(4);
      expect(new Set(examples.map((e) => e.toLowerCase())).size, tool.name).toBe(examples.length);
      for (const e of examples) expect(e.trim().length, tool.name).toBeGreaterThan(5);
    }
    const conn = await connectInMemory({ toolsets: TOOLSETS, cwd: mkdtempSync(join(tmpdir(), "dwim-examples-")) });
    try {
      const listed = JSON.stringify(await conn.client.listTools());
      for (const tool of served) for (const e of tool.examples ?? []) expect(listed).not.toContain(e);
    } finally {
      await conn.close();
    }
  });
});
