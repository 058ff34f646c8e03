/**
 * The conformance suite on PostgreSQL with pgvector (PGlite + @electric-sql/pglite-pgvector, a real pgvector build,
 * served over a loopback socket so the store connects as to any server), plus the pgvector lane's own guarantees:
 * an HNSW cosine index whose dimension is the provider's, and a model change that rebuilds and re-embeds.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type EmbeddingProvider, hashEmbed, PostgresMemoryStore, remember } from "../../src/memory/index.js";
import { pgvectorBackend } from "./backends.js";
import { conformance } from "./conformance.js";
import { freshEnv, memoryAt, rememberAll, tmpRoot } from "./helpers.js";

const backend = pgvectorBackend();
conformance(backend);

/** A provider of another dimension: the first 64 hash dimensions. */
const small: EmbeddingProvider = {
  id: "hash64-test",
  dim: 64,
  embedDocuments: async (texts) => texts.map((t) => hashEmbed(t).slice(0, 64)),
  embedQuery: async (t) => hashEmbed(t).slice(0, 64),
};

describe("the pgvector lane", () => {
  it("keeps vectors of the provider's dimension under an HNSW cosine index the planner can use", async () => {
    const env = freshEnv();
    const mc = await memoryAt(tmpRoot(), env);
    await rememberAll(mc, ["HNSW graphs trade recall for speed", "IVFFlat needs a training step"]);
    const client = new pg.Client({ connectionString: backend.url() });
    await client.connect();
    try {
      const s = `"dwim_${env.DWIM_MEMORY_PROJECT}"`;
      const index = await client.query(
        "SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'memory_vectors' AND indexname = 'memory_vectors_hnsw'",
        [`dwim_${env.DWIM_MEMORY_PROJECT}`],
      );
      expect(index.rows[0].indexdef).toMatch(/USING hnsw \(embedding (public\.)?vector_cosine_ops\)/u);
      const type = await client.query(
        `SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute WHERE attrelid = '${s}.memory_vectors'::regclass AND attname = 'embedding'`,
      );
      expect(type.rows[0].t).toBe("vector(256)");
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      const plan = await client.query(
        `EXPLAIN SELECT memory_id FROM ${s}.memory_vectors ORDER BY embedding <=> $1::vector LIMIT 10`,
        [`[${Array.from(hashEmbed("hnsw recall")).join(",")}]`],
      );
      await client.query("ROLLBACK");
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/memory_vectors_hnsw/u);
    } finally {
      await client.end();
    }
  });

  it("a provider of another dimension rebuilds the table and re-embeds every memory, lexical-only meanwhile", async () => {
    const env = freshEnv();
    const mc = await memoryAt(tmpRoot(), env);
    const m = await remember(mc, { category: "learning", content: "Vacuum the HNSW index after bulk deletes" });
    const store = await PostgresMemoryStore.open({
      url: env.DWIM_MEMORY_URL as string,
      schema: `dwim_${env.DWIM_MEMORY_PROJECT}`,
      provider: small,
    });
    try {
      await store.idle();
      const h = await store.health();
      expect(h.repairs.join("\n")).toMatch(/embedding model changed \(hash-v1\/256 → hash64-test\/64\)/u);
      expect([h.model_id, h.dim, h.vectors, h.memories]).toEqual(["hash64-test", 64, 1, 1]);
      const hits = await store.vector(await small.embedQuery("vacuum hnsw bulk deletes"), {}, 5);
      expect(hits[0].id).toBe(m.id);
    } finally {
      await store.close();
    }
  });
});
