/** Embedding providers: endpoint against a local HTTP server, onnx folder checks, fallbacks, and re-embedding. */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  closeAllStores,
  cosine,
  forget,
  hashEmbed,
  recall,
  recordOutcome,
  remember,
  rememberBatch,
  searchMemories,
} from "../../src/memory/index.js";
import { rejectionOf } from "../helpers/errors.js";
import { FILLER, memoryAt, removeTmpRoots, tmpRoot } from "./helpers.js";

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await closeAllStores();
  removeTmpRoots();
});

/** A tiny OpenAI-compatible server: 8-dim bag-of-letters vectors; `hold` delays answers until released. */
/** Character counts folded into `dim` buckets: a deterministic stand-in model. */
function charCounts(text: string, dim: number): number[] {
  const v = new Array(dim).fill(0);
  for (const ch of text.toLowerCase()) v[ch.charCodeAt(0) % dim] += 1;
  return v;
}

async function embeddingServer(dim = 8, embed: (text: string, dim: number) => number[] = charCounts) {
  const requests: Array<{ model: string; input: string[]; auth?: string }> = [];
  let gate: Promise<void> = Promise.resolve();
  let release = () => {};
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", async () => {
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      requests.push({ ...parsed, auth: req.headers.authorization });
      if (req.url !== "/v1/embeddings") {
        res.writeHead(404).end("not found");
        return;
      }
      if (parsed.input[0] !== "dimension probe") await gate;
      const data = parsed.input.map((text, index) => ({ index, embedding: embed(text, dim) }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    hold() {
      gate = new Promise((r) => {
        release = r;
      });
    },
    release: () => release(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("hash provider", () => {
  it("is deterministic and catches morphology and identifier splits, not synonyms", () => {
    expect(Array.from(hashEmbed("getUserById"))).toEqual(Array.from(hashEmbed("getUserById")));
    expect(cosine(hashEmbed("getUserById"), hashEmbed("get user by id"))).toBeGreaterThan(0.6);
    expect(cosine(hashEmbed("the parser crashed"), hashEmbed("parser crashes"))).toBeGreaterThan(0.5);
    expect(cosine(hashEmbed("blocking database calls"), hashEmbed("synchronous queries"))).toBeLessThan(0.2);
  });
});

describe("paraphrase through a semantic provider (the mechanism; the real model's figure is only recorded)", () => {
  // A stand-in for a sentence model: words mapped to concepts, so synonyms share a direction and no characters.
  const CONCEPTS: Record<string, number> = { blocking: 0, synchronous: 0, database: 1, queries: 1, sql: 1, calls: 2 };
  const concepts = (text: string, dim: number) => {
    const v = new Array(dim).fill(0);
    for (const w of text.toLowerCase().split(/\W+/u)) if (w in CONCEPTS) v[CONCEPTS[w]] += 1;
    v[dim - 1] += 0.05; // every text has some length
    return v;
  };
  it("'blocking database calls' finds 'synchronous queries' in the top 5 with no word in common", async () => {
    const server = await embeddingServer(8, concepts);
    try {
      const mc = await memoryAt(tmpRoot(), { DWIM_MEMORY_EMBEDDINGS: `openai:${server.url}` });
      const target = await remember(mc, {
        category: "decision",
        content: "Use synchronous queries only in the migration runner",
      });
      for (const content of FILLER.slice(0, 25)) await remember(mc, { category: "learning", content });
      const out = (await recall(mc, { query: "blocking database calls", limit: 5 })) as {
        results: Array<{ id: number }>;
        abstained: boolean;
      };
      expect(out.abstained).toBe(false);
      expect(out.results.slice(0, 5).map((r) => r.id)).toContain(target.id);
      // The hash provider, on the same memories, has nothing to go on: the query abstains or misses.
      const hash = await memoryAt(tmpRoot());
      const again = await remember(hash, {
        category: "decision",
        content: "Use synchronous queries only in the migration runner",
      });
      for (const content of FILLER.slice(0, 25)) await remember(hash, { category: "learning", content });
      const miss = (await recall(hash, { query: "blocking database calls", limit: 5 })) as {
        results: Array<{ id: number }>;
      };
      expect(miss.results.map((r) => r.id)).not.toContain(again.id);
    } finally {
      await server.close();
    }
  });
});

describe("OpenAI-compatible endpoint provider", () => {
  it("embeds through a local server with the configured model and learns the dimension at start-up", async () => {
    const server = await embeddingServer();
    try {
      const env = { DWIM_MEMORY_EMBEDDINGS: `openai:${server.url}`, DWIM_MEMORY_EMBEDDING_MODEL: "tiny" };
      const root = tmpRoot();
      const mc = await memoryAt(root, { ...env, DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "0.5" });
      expect(mc.store.provider?.dim).toBe(8);
      const m = await remember(mc, { category: "learning", content: "zebra crossing zone" });
      const out = (await recall(mc, { query: "zebra", explain: true })) as {
        results: Array<{ id: number }>;
        retrieval: unknown;
      };
      expect(out.results[0].id).toBe(m.id);
      expect(out.retrieval).toEqual({ lexical: true, vector: true });
      expect(server.requests.every((r) => r.model === "tiny")).toBe(true);
      expect((await mc.store.health()).model_id).toContain("tiny");
    } finally {
      await server.close();
    }
  });

  it("sends the API key named by embedding_api_key_env", async () => {
    const server = await embeddingServer();
    try {
      // The user's own file: a project's may not name an endpoint or a secret (README, "Security model").
      const root = tmpRoot();
      const userFile = join(root, "user-dwim.toml");
      writeFileSync(
        userFile,
        `[memory]\nembeddings = "openai:${server.url}"\nembedding_api_key_env = "DWIM_TEST_EMB_KEY"\n`,
      );
      vi.stubEnv("DWIM_TEST_EMB_KEY", "s3cret");
      const { loadConfig } = await import("../../src/core/index.js");
      const { memorySection, openMemory } = await import("../../src/memory/index.js");
      const config = loadConfig({ sections: [memorySection], env: {}, userFile, projectFile: null });
      await openMemory({ config, root });
      expect(server.requests[0].auth).toBe("Bearer s3cret");
    } finally {
      await server.close();
    }
  });

  it("an unreachable endpoint fails at start-up with embedding_unavailable", async () => {
    const server = await embeddingServer();
    const url = server.url;
    await server.close();
    const e = await rejectionOf(memoryAt(tmpRoot(), { DWIM_MEMORY_EMBEDDINGS: `openai:${url}` }));
    expect(e.payload.error_type).toBe("embedding_unavailable");
    expect(e.message).toContain("unreachable");
  });
});

describe("onnx provider: local folders only, never a download", () => {
  it("a missing folder fails at start-up naming the variable", async () => {
    const e = await rejectionOf(memoryAt(tmpRoot(), { DWIM_MEMORY_EMBEDDINGS: "onnx:/nonexistent/model" }));
    expect(e.payload.error_type).toBe("embedding_unavailable");
    expect(e.message).toContain("DWIM_MEMORY_EMBEDDINGS");
  });

  it("a folder missing files names them", async () => {
    const dir = join(tmpRoot(), "model");
    mkdirSync(dir);
    writeFileSync(join(dir, "config.json"), "{}");
    const e = await rejectionOf(memoryAt(tmpRoot(), { DWIM_MEMORY_EMBEDDINGS: `onnx:${dir}` }));
    expect(e.message).toContain("tokenizer.json");
    expect(e.message).toContain("onnx/model.onnx");
  });

  it("a complete folder without the optional runtime says what to install", async () => {
    const dir = join(tmpRoot(), "model");
    mkdirSync(join(dir, "onnx"), { recursive: true });
    for (const f of ["config.json", "tokenizer.json", "onnx/model.onnx"]) writeFileSync(join(dir, f), "{}");
    const e = await rejectionOf(memoryAt(tmpRoot(), { DWIM_MEMORY_EMBEDDINGS: `onnx:${dir}` }));
    expect(e.payload.error_type).toBe("embedding_unavailable");
    expect(e.payload.hints.join(" ")).toMatch(
      /ONNXRUNTIME_NODE_INSTALL_CUDA=skip npm install @huggingface\/transformers|Check that the folder/,
    );
  });

  it("with embedding_fallback = hash every tool works, reports degraded, and nothing touches the network", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const mc = await memoryAt(tmpRoot(), {
      DWIM_MEMORY_EMBEDDINGS: "onnx:/nonexistent/model",
      DWIM_MEMORY_EMBEDDING_FALLBACK: "hash",
    });
    const a = await remember(mc, { category: "decision", content: "Use Argon2id for password hashing" });
    await rememberBatch(mc, [{ category: "learning", content: "bcrypt truncates at 72 bytes" }]);
    const r = (await recall(mc, { query: "password hashing" })) as {
      results: Array<{ id: number }>;
      retrieval: { degraded?: string };
    };
    expect(r.results[0].id).toBe(a.id);
    expect(r.retrieval.degraded).toContain("DWIM_MEMORY_EMBEDDINGS");
    await searchMemories(mc, { query: "bcrypt" });
    await recordOutcome(mc, { id: a.id, worked: true });
    await forget(mc, { ids: [a.id] });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("switching providers", () => {
  it("hash → endpoint re-embeds in the background and serves lexical-only meanwhile", async () => {
    const root = tmpRoot();
    const hash = await memoryAt(root);
    await remember(hash, { category: "learning", content: "Quarterly reports are generated by the finance worker" });
    await remember(hash, { category: "learning", content: "The finance worker retries failed exports" });
    await closeAllStores();
    const server = await embeddingServer(8);
    try {
      server.hold();
      const mc = await memoryAt(root, { DWIM_MEMORY_EMBEDDINGS: `openai:${server.url}` });
      const during = (await recall(mc, { query: "finance worker" })) as {
        results: unknown[];
        retrieval: { vector: boolean; degraded?: string };
      };
      expect(during.retrieval.vector).toBe(false);
      expect(during.retrieval.degraded).toMatch(/re-embedding/);
      expect(during.results).toHaveLength(2);
      server.release();
      await mc.store.idle();
      const after = (await recall(mc, { query: "finance worker" })) as {
        retrieval: { vector: boolean; degraded?: string };
      };
      expect(after.retrieval).toEqual({ lexical: true, vector: true });
      const h = await mc.store.health();
      expect([h.vectors, h.dim]).toEqual([2, 8]);
      expect(h.repairs[0]).toMatch(/embedding model changed/);
    } finally {
      server.release();
      await server.close();
    }
  });
});

describe("batches of like length (a batch is padded to its longest text)", () => {
  it("covers every index once, in batches of at most the size, each batch no longer than the next", async () => {
    const { batchesByLength } = await import("../../src/core/embeddings/sentence-encoder.js");
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        (texts, size) => {
          const batches = batchesByLength(texts, size);
          expect(batches.flat().sort((a, b) => a - b)).toEqual(texts.map((_, i) => i));
          for (const b of batches) expect(b.length).toBeLessThanOrEqual(size);
          const lengths = batches.flat().map((i) => texts[i].length);
          expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
        },
      ),
    );
  });
});

describe("the default provider: the shipped sentence encoder", () => {
  it("is use-lite (512 dimensions), vectors are written with the memory, and recall uses both lanes", async () => {
    const mc = await memoryAt(tmpRoot(), { DWIM_MEMORY_EMBEDDINGS: undefined });
    expect(mc.store.provider).toMatchObject({ id: "use-lite-v1", dim: 512 });
    expect(mc.providerDegraded).toBeUndefined();
    const m = await remember(mc, { category: "decision", content: "Cache the exchange rates for ten minutes" });
    expect(await mc.store.health()).toMatchObject({ memories: 1, vectors: 1, dim: 512 });
    const out = (await recall(mc, { query: "how long are currency rates cached", explain: true })) as {
      results: Array<{ id: number }>;
      retrieval: unknown;
    };
    expect(out.results[0].id).toBe(m.id);
    expect(out.retrieval).toEqual({ lexical: true, vector: true });
  });

  it("a text's vector in a batch of mixed lengths is its vector alone, at its own index", async () => {
    const { createEmbeddingProvider } = await import("../../src/core/embeddings/index.js");
    const { provider } = await createEmbeddingProvider({ spec: "use-lite", fallback: "error", setting: "X" });
    const p = provider as NonNullable<typeof provider>;
    const texts = Array.from(
      { length: 19 },
      (_, i) => `note ${i}: ${"the deploy waits for the soak test ".repeat((i * 7) % 5)}`,
    );
    const together = await p.embedDocuments(texts);
    for (const i of [0, 4, 11, 18]) {
      const [alone] = await p.embedDocuments([texts[i]]);
      expect(cosine(alone, together[i])).toBeGreaterThan(0.9999);
    }
  });

  it("the model's vectors place a paraphrase nearer than an unrelated sentence", async () => {
    const { createEmbeddingProvider } = await import("../../src/core/embeddings/index.js");
    const { provider } = await createEmbeddingProvider({ spec: "use-lite", fallback: "error", setting: "X" });
    const [a, b, c] = await (provider as NonNullable<typeof provider>).embedDocuments([
      "How do I reset my password?",
      "I forgot my login credentials and need to change them",
      "The train to Berlin leaves at noon",
    ]);
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c) + 0.1);
  });
});
