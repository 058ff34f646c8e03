/**
 * The team backend at scale (docs/memory.md, "PostgreSQL" under Benchmarks): the same seeded corpus loaded into the PostgreSQL server at 100k (and,
 * with --1m, 1M) memories and into SQLite at 100k in the same run; recall (hybrid requested, top 10) p50/p95 and
 * remember throughput on each. The server here has no pgvector, so its recall is the lexical lane (reported as
 * degraded, as users see it); the pgvector lane is timed on PGlite, a WASM build of PostgreSQL with pgvector. The eval
 * set's quality is measured on each backend too: ts_rank is not bm25, so PostgreSQL's figures are its own.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { loadConfig } from "../../src/core/index.js";
import { runEval } from "./eval.js";
import { CorpusGenerator, type Percentiles, sampleMs } from "./latency.js";
import { closeAllStores, memorySection, openMemory, recall, remember, rememberBatch } from "./lib.js";

export const PG_URL = process.env.DWIM_BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The storage backends are compared with the hash provider, so that model inference does not drown their figures. */
export const STORAGE_ONLY = { DWIM_MEMORY_EMBEDDINGS: "hash" };

export interface ScaleResult {
  backend: string;
  n: number;
  /** remember_batch of 500, memories per second, over the whole load. */
  loadPerSecond: number;
  /** Single remember calls (with the hash embedding), per second, on the loaded store. */
  rememberPerSecond: number;
  remember: Percentiles;
  recall: Percentiles;
  recallLexicalOnly: Percentiles;
  vectorLane: boolean;
  degraded?: string;
}

export interface Target {
  name: string;
  env: Record<string, string>;
  /** Run after loading (PostgreSQL: ANALYZE, which autovacuum would run as the table grows). */
  settle?: () => Promise<void>;
  cleanup?: () => Promise<void>;
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh project schema on a PostgreSQL server, analysed after loading and dropped at the end. */
export function postgresTarget(name: string, url: string): Target {
  const project = `bench_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const schema = `"dwim_${project}"`;
  return {
    name,
    env: { ...STORAGE_ONLY, DWIM_MEMORY_URL: url, DWIM_MEMORY_PROJECT: project },
    settle: () => admin(url, (c) => c.query(`ANALYZE ${schema}.memories`).then(() => undefined)),
    cleanup: () => admin(url, (c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).then(() => undefined)),
  };
}

export const sqliteTarget = (): Target => ({ name: "SQLite", env: { ...STORAGE_ONLY } });

export async function runScale(target: Target, n: number, reps = 60, log = (_: string) => {}): Promise<ScaleResult> {
  const gen = new CorpusGenerator(11);
  const root = mkdtempSync(join(tmpdir(), `dwim-mem-scale-${n}-`));
  const open = (extra: Record<string, string> = {}) => {
    const env = { ...target.env, ...extra };
    return openMemory({
      config: loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null }),
      root,
      env,
    });
  };
  try {
    const mc = await open();
    const t0 = performance.now();
    for (let i = 0; i < n; i += 500) {
      await rememberBatch(
        mc,
        Array.from({ length: Math.min(500, n - i) }, () => gen.memory()),
      );
      if (i % 50_000 === 0 && i > 0)
        log(`${target.name}: ${i} loaded (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    const loadPerSecond = n / ((performance.now() - t0) / 1000);
    await target.settle?.();
    const lexicalOnly = await open({ DWIM_MEMORY_HYBRID_VECTOR_WEIGHT: "0" });
    const recallT = await sampleMs(() => recall(mc, { query: gen.query(), limit: 10 }), reps);
    const recallLex = await sampleMs(() => recall(lexicalOnly, { query: gen.query(), limit: 10 }), reps);
    const probe = (await recall(mc, { query: gen.query(), limit: 10 })) as {
      retrieval: { vector: boolean; degraded?: string };
    };
    const count = 200;
    const r0 = performance.now();
    const rememberT = await sampleMs(() => remember(mc, gen.memory()), count);
    const rememberPerSecond = (count + 5) / ((performance.now() - r0) / 1000);
    return {
      backend: target.name,
      n,
      loadPerSecond,
      rememberPerSecond,
      remember: rememberT,
      recall: recallT,
      recallLexicalOnly: recallLex,
      vectorLane: probe.retrieval.vector,
      degraded: probe.retrieval.degraded,
    };
  } finally {
    await closeAllStores();
    await target.cleanup?.();
  }
}

/** PGlite with pgvector on a loopback socket: the pgvector (HNSW) lane, in WASM. */
export async function startPgvector(): Promise<{ url: string; stop(): Promise<void> }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const db = await PGlite.create({ extensions: { vector } });
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 100 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** The eval set's recall@5 / MRR@10 on a backend. */
export async function evalOn(target: Target) {
  try {
    return await runEval(target.env);
  } finally {
    await closeAllStores();
    await target.cleanup?.();
  }
}
