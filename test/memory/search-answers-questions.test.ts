/**
 * search_memories answers questions: a plain query (no phrase, prefix, OR, exclusion or parenthesis) lists the
 * memories holding every word first, then recall's ranking of those holding some of them or close in meaning, each
 * result saying how it matched and the answer saying it was broadened (docs/memory.md, "search_memories"). Queries
 * written with the search syntax are answered exactly as written, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchMemories, toolset } from "../../src/memory/index.js";
import { type Connected, connectInMemory } from "../helpers/mcp.js";
import { FILLER, memoryAt, removeTmpRoots, tmpRoot } from "./helpers.js";

type Result = { id: number; match?: string; snippet: string };
type Answer = { results: Result[]; broadened?: boolean; note?: string; retrieval: { vector: boolean } };

let c: Connected;
let root: string;
let answer: number;
const search = async (args: Record<string, unknown>) =>
  (await c.client.callTool({ name: "search_memories", arguments: args })).structuredContent as Answer;
const recall = async (topic: string) =>
  (await c.client.callTool({ name: "recall", arguments: { topic, limit: 3 } })).structuredContent as {
    results: Result[];
  };

beforeAll(async () => {
  root = tmpRoot();
  c = await connectInMemory({ toolsets: [toolset], cwd: root, env: { DWIM_MEMORY_EMBEDDINGS: "hash" } });
  await c.client.callTool({
    name: "remember_batch",
    arguments: { memories: FILLER.map((content) => ({ category: "learning", content })) },
  });
  const r = await c.client.callTool({
    name: "remember",
    arguments: {
      category: "decision",
      content: "We went with RabbitMQ for the email queue because it supports delayed retries",
    },
  });
  answer = (r.structuredContent as { id: number }).id;
});

afterAll(async () => {
  await c.close();
  removeTmpRoots();
});

describe("a question finds what recall finds", () => {
  it.each(["which broker did we choose for sending emails", "email broker", "message queue for email"])(
    "%s: recall ranks the answer in its top 3, and search_memories lists it, broadened and saying so",
    async (q) => {
      expect((await recall(q)).results.map((r) => r.id)).toContain(answer);
      const out = await search({ query: q });
      const hit = out.results.find((r) => r.id === answer);
      expect(hit?.match).toBe("some_words");
      expect(out.broadened).toBe(true);
      expect(out.note).toMatch(/No memory holds every word of the query/u);
      for (const r of out.results) expect(["all_words", "some_words", "meaning"]).toContain(r.match);
    },
  );

  it("memories holding every word come first; the page is filled from the broadened ranking after them", async () => {
    const out = await search({ query: "email queue" });
    expect(out.results[0]).toMatchObject({ id: answer, match: "all_words" });
    const firstBroadened = out.results.findIndex((r) => r.match !== "all_words");
    if (firstBroadened >= 0) expect(out.results.slice(firstBroadened).every((r) => r.match !== "all_words")).toBe(true);
  });

  it("search_memories as it was (the library's broaden: false) found none of them", async () => {
    const mc = await memoryAt(root);
    for (const q of ["which broker did we choose for sending emails", "email broker", "message queue for email"]) {
      const before = (await searchMemories(mc, { query: q, broaden: false })) as unknown as Answer;
      expect(before.results.map((r) => r.id)).not.toContain(answer);
      expect(before.broadened).toBeUndefined();
    }
  });

  it("a query about nothing stored is not broadened into noise", async () => {
    const out = await search({ query: "helm chart upgrade" });
    expect(out.results).toEqual([]);
    expect(out.broadened).toBeUndefined();
  });
});

describe("the search syntax is answered as written", () => {
  it.each([
    ['"email queue"', true],
    ["rabbit*", true],
    ["rabbitmq OR kafka", true],
    ["email -rabbitmq", false],
    ["email AND retries", true],
    ["(email queue)", true],
  ])("%s: no broadening, no match field, the answer %s", async (query, found) => {
    const out = await search({ query });
    expect(out.broadened).toBeUndefined();
    expect(out.results.every((r) => r.match === undefined)).toBe(true);
    expect(out.results.some((r) => r.id === answer)).toBe(found);
  });
});
