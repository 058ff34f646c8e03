/**
 * The router indexes what a tool's definition says, not only what tools/list shows: the details kept out of the
 * model-visible description (for its token cost) are words the lexical lane matches and text the semantic lane
 * embeds, so a shorter description does not make routing worse (docs/router.md, "analyze_intent").
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/core/index.js";
import { defineTool } from "../../src/core/tool.js";
import { ROUTER_CONFIG_SECTIONS, routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { toolViews } from "../../src/router/semantic.js";

const config = routerConfigFrom(
  loadConfig({ userFile: null, projectFile: null, env: {}, sections: [...ROUTER_CONFIG_SECTIONS] }),
);
const tool = (name: string, description: string, details?: string) =>
  defineTool({
    name,
    title: name,
    description,
    details,
    toolset: "test",
    input: { x: z.string() },
    handler: () => ({}),
  });

describe("a tool's details are indexed with its description", () => {
  const tools = [
    tool("archive_run", "Store a run's output.", "Old runs are compressed into a tarball and kept for ninety days."),
    tool("render_page", "Render a page to HTML."),
  ];
  const router = new Router(tools, config);

  it("a word only the details say reaches the tool in the lexical lane", () => {
    const [top] = router.rank("make a tarball of old runs");
    expect(top.tool.name).toBe("archive_run");
    expect(top.breakdown.lexical).toBeGreaterThan(0);
  });

  it("the semantic lane embeds the details too, in the whole entry and the description view", () => {
    const views = toolViews(router.registry.tools[0]);
    expect(views[0]).toContain("tarball");
    expect(views[2]).toContain("tarball");
    expect(views[1]).not.toContain("tarball");
  });

  it("a tool without details is indexed by its description alone", () => {
    expect(router.registry.tools[1].details).toBe("");
    expect(toolViews(router.registry.tools[1])[2]).toBe("Render a page to HTML.");
  });
});
