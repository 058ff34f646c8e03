/** The proxy's search ranking (Router.rankForSearch): the sentence model runs only where the lexical lane is unsure. */
import { describe, expect, it } from "vitest";
import { fixtureRouter } from "./helpers.js";

describe("search ranking", () => {
  it("answers a decisive lexical match without the model, and embeds the query otherwise", async () => {
    const r = fixtureRouter({ env: { DWIM_ROUTER_EMBEDDINGS: "hash", DWIM_CACHE_DIR: "off" } });
    const named = await r.rankForSearch("read_file src/main.ts", 5);
    expect(named.lane).toBe("lexical");
    expect(named.ranked[0].tool.name).toBe("read_file");
    expect(r.semantic.status.status).toBe("idle");
    const vague = await r.rankForSearch("something about my notes from last week", 5);
    expect(vague.lane).toBe("fused");
    expect(vague.ranked.length).toBeLessThanOrEqual(5);
    expect(r.semantic.status.status).toBe("ready");
  });

  it("stays lexical when the model is off, and keeps the limit", async () => {
    const r = fixtureRouter({ env: { DWIM_ROUTER_EMBEDDINGS: "none" } });
    const a = await r.rankForSearch("find files named config", 3);
    expect(a.lane).toBe("lexical");
    expect(a.ranked.length).toBeLessThanOrEqual(3);
    expect(a.ranked[0].tool.name).toBe("fuzzy_search_files");
  });
});
