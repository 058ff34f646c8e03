/**
 * One memory call cannot stall or fail the server by its size: a query of thousands of prefix terms, a memory with
 * 100,000 tags or a filter with 50,000 of them is refused up front with the limit named (docs/memory.md, "Limits"),
 * writes nothing, and leaves the server answering. Queries within the limits never reach the engine as an error.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/memory/bounds.js";
import { toolset as memory } from "../../src/memory/index.js";
import { settingsFromEnv } from "../../src/memory/settings.js";
import { connectInMemory } from "../helpers/mcp.js";
import { removeTmpRoots, tmpRoot } from "../memory/helpers.js";

afterAll(removeTmpRoots);

type Structured = Record<string, unknown>;

async function connect() {
  const c = await connectInMemory({ toolsets: [memory], cwd: tmpRoot(), env: { DWIM_MEMORY_EMBEDDINGS: "hash" } });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await c.client.callTool({ name, arguments: args });
    return { isError: r.isError === true, s: r.structuredContent as Structured, text: JSON.stringify(r) };
  };
  await call("remember_batch", {
    memories: Array.from({ length: 30 }, (_, i) => ({
      category: "learning",
      content: `alpha bravo note ${i} about caching and retries`,
    })),
  });
  return { ...c, call };
}

const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

describe("sizes past the limits are refused, naming the limit", () => {
  it("search_memories with 'a* OR b* ' repeated 4,000 and 400,000 times: invalid_query, the limit named", async () => {
    const c = await connect();
    for (const times of [4000, 400_000]) {
      const r = await c.call("search_memories", { query: "a* OR b* ".repeat(times) });
      expect(r.isError).toBe(true);
      expect(r.s).toMatchObject({ error_type: "invalid_query", parameter: "query", got: 9 * times });
      expect(String(r.s.error)).toContain(`over the limit of ${LIMITS.queryChars}`);
      // The answer does not echo the query back.
      expect(r.text.length).toBeLessThan(2000);
    }
    await c.close();
  });

  it("a query within the characters but past the term, prefix or nesting limits: invalid_query naming which", async () => {
    const c = await connect();
    const cases: Array<[string, RegExp]> = [
      [
        Array.from({ length: 9 }, (_, i) => `${"abcdefghi"[i]}*`).join(" OR "),
        /9 prefix\* terms, over the limit of 8/u,
      ],
      [Array.from({ length: 65 }, (_, i) => `w${i}`).join(" OR "), /65 terms, over the limit of 64/u],
      [`${"(".repeat(17)}alpha${")".repeat(17)}`, /17 levels of parentheses, over the limit of 16/u],
    ];
    for (const [query, message] of cases) {
      const r = await c.call("search_memories", { query });
      expect(r.s).toMatchObject({ error_type: "invalid_query", parameter: "query" });
      expect(String(r.s.error)).toMatch(message);
    }
    // At the limits, the query runs.
    const atLimit = await c.call("search_memories", {
      query: `${Array.from({ length: 8 }, (_, i) => `${"abcdefgh"[i]}*`).join(" OR ")} OR alpha`,
    });
    expect(atLimit.isError).toBe(false);
    expect((atLimit.s.results as unknown[]).length).toBeGreaterThan(0);
    await c.close();
  });

  it("remember with 100,000 tags is invalid_argument naming tags and the limit; nothing is written", async () => {
    const c = await connect();
    const r = await c.call("remember", { category: "decision", content: "Too many tags", tags: tags(100_000) });
    expect(r.s).toMatchObject({ error_type: "invalid_argument", parameter: "tags", got: 100_000 });
    expect(String(r.s.error)).toContain(`over the limit of ${LIMITS.tags}`);
    expect(r.text.length).toBeLessThan(2000);
    const found = await c.call("search_memories", { query: "too many tags" });
    expect(found.s.results).toEqual([]);
    await c.close();
  });

  it("a filter of 50,000 tags is invalid_argument, not a storage_error", async () => {
    const c = await connect();
    for (const tool of ["recall", "search_memories"]) {
      const r = await c.call(tool, { [tool === "recall" ? "topic" : "query"]: "alpha", tags: tags(50_000) });
      expect(r.s).toMatchObject({ error_type: "invalid_argument", parameter: "tags", got: 50_000 });
    }
    // 32 tags (the limit) is a valid filter that simply matches nothing here.
    const ok = await c.call("recall", { topic: "alpha", tags: tags(LIMITS.tags) });
    expect(ok.isError).toBe(false);
    await c.close();
  });

  it("every text field has a limit: rationale, context, outcome, file_path, a tag, a date", async () => {
    const c = await connect();
    const long = (n: number) => "x".repeat(n + 1);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["remember", { category: "decision", content: "c", rationale: long(LIMITS.textChars) }, "rationale"],
      ["remember", { category: "decision", content: "c", context: long(LIMITS.contextChars) }, "context"],
      ["remember", { category: "decision", content: "c", file_path: long(LIMITS.filePathChars) }, "file_path"],
      ["remember", { category: "decision", content: "c", tags: ["ok", long(LIMITS.tagChars)] }, "tags[1]"],
      ["remember", { category: "decision", content: "c", happened_at: long(LIMITS.dateChars) }, "happened_at"],
      ["remember", { category: "decision", content: "c", supersedes: tags(101).map((_, i) => i + 1) }, "supersedes"],
      ["recall", { topic: long(LIMITS.queryChars) }, "topic"],
      ["recall", { topic: "x", categories: Array(9).fill("decision") }, "categories"],
      ["record_outcome", { memory_id: 1, worked: true, outcome: long(LIMITS.textChars) }, "outcome"],
    ];
    for (const [tool, args, parameter] of cases) {
      const r = await c.call(tool, args);
      expect(r.s, `${tool} ${parameter}`).toMatchObject({ error_type: "invalid_argument", parameter });
      expect(String(r.s.error)).toMatch(/over the limit of/u);
    }
    const batch = await c.call("remember_batch", {
      memories: [
        { category: "decision", content: "fine" },
        { category: "decision", content: "c", tags: tags(33) },
      ],
    });
    expect(batch.s).toMatchObject({ error_type: "batch_invalid", parameter: "memories[1].tags", step: 1 });
    await c.close();
  });
});

describe("the limits are the ones the security model names, at their edges", () => {
  it("32 tags, 2,000-character queries and topics, 8,000-character texts; a 5 s query deadline", async () => {
    const c = await connect();
    const ok = async (tool: string, args: Record<string, unknown>) => {
      const r = await c.call(tool, args);
      expect(r.isError, `${tool}: ${r.text.slice(0, 300)}`).toBe(false);
    };
    const refused = async (tool: string, args: Record<string, unknown>, expected: Structured, limit: string) => {
      const r = await c.call(tool, args);
      expect(r.s, tool).toMatchObject(expected);
      expect(String(r.s.error)).toMatch(new RegExp(`limit of ${limit}|at most ${limit}`, "u"));
    };
    await ok("remember", { category: "decision", content: "x".repeat(8000), tags: tags(32) });
    await refused(
      "remember",
      { category: "decision", content: "x".repeat(8001) },
      { error_type: "content_too_long", parameter: "content" },
      "8,?000",
    );
    await refused(
      "remember",
      { category: "decision", content: "c", tags: tags(33) },
      { error_type: "invalid_argument", parameter: "tags" },
      "32",
    );
    await ok("search_memories", { query: "a".repeat(2000) });
    await refused(
      "search_memories",
      { query: "a".repeat(2001) },
      { error_type: "invalid_query", parameter: "query" },
      "2,?000",
    );
    await ok("recall", { topic: "a".repeat(2000) });
    await refused(
      "recall",
      { topic: "a".repeat(2001) },
      { error_type: "invalid_argument", parameter: "topic" },
      "2,?000",
    );
    await c.close();
    expect(settingsFromEnv({}).queryTimeoutMs).toBe(5000);
  });
});

describe("queries within the limits never fail inside the engine", () => {
  it("any query of up to 2,000 characters is results or a structured query error, never a storage_error", async () => {
    const c = await connect();
    const pieces = fc.constantFrom(
      "alpha",
      "bravo",
      "caching*",
      "a*",
      "OR",
      "AND",
      "NOT",
      "(",
      ")",
      '"',
      "-",
      "-retries",
      '"note 3"',
      "*",
      ":",
      "^",
      "NEAR(",
      "\u00e9t\u00e9",
      "\u{1f600}",
      "'",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(pieces, { maxLength: 80 }), async (parts) => {
        const query = parts.join(" ").slice(0, LIMITS.queryChars);
        const r = await c.call("search_memories", { query });
        if (r.isError) expect(["invalid_query", "missing_query"]).toContain(r.s.error_type);
        else expect(Array.isArray(r.s.results)).toBe(true);
      }),
      { numRuns: 150 },
    );
    await c.close();
  });
});
