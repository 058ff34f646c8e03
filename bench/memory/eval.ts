/** Retrieval quality on the project's own eval set (bench/memory/data) for dwim and three baselines. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/core/index.js";
import { type Doc, grepRank, SeedBlend } from "./baselines.js";
import {
  anyOf,
  type Memory,
  type MemoryContext,
  memorySection,
  openMemory,
  queryTerms,
  recall,
  remember,
} from "./lib.js";
import { mean, mrrAt, ndcgAt, recallAt } from "./metrics.js";
import type { MemoryRow, QueryRow } from "./rows.js";

const DATA = join(dirname(fileURLToPath(import.meta.url)), "data");

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

export type System = "dwim" | "bm25" | "grep" | "seed";
const SYSTEMS: readonly System[] = ["dwim", "bm25", "grep", "seed"];

export interface BucketScore {
  n: number;
  recall5: number;
  recall10: number;
  mrr10: number;
  ndcg10: number;
}

export interface EvalResult {
  memories: number;
  queries: number;
  byBucket: Record<string, Record<System, BucketScore>>;
  overall: Record<System, BucketScore>;
  abstention: Record<System, { precision: number; recall: number }>;
  staleOverFresh: Record<System, number>;
  diversityViolations: Record<System, number>;
}

function score(rows: Array<{ ranked: string[]; q: QueryRow }>): BucketScore {
  return {
    n: rows.length,
    recall5: mean(rows.map((r) => recallAt(r.ranked, r.q.relevant, 5))),
    recall10: mean(rows.map((r) => recallAt(r.ranked, r.q.relevant, 10))),
    mrr10: mean(rows.map((r) => mrrAt(r.ranked, r.q.relevant, 10))),
    ndcg10: mean(rows.map((r) => ndcgAt(r.ranked, r.q.relevant, 10))),
  };
}

/** A result over its file's cap ranked above a result from a file still under the cap. */
function violations(ranked: readonly string[], fileOf: (k: string) => string | null, cap: number): number {
  const counts = new Map<string, number>();
  let over = 0;
  let v = 0;
  for (const k of ranked) {
    const f = fileOf(k);
    const n = f === null ? 1 : (counts.get(f) ?? 0) + 1;
    if (f !== null) counts.set(f, n);
    if (n > cap) over++;
    else if (over > 0) v += over;
  }
  return v;
}

/** The eval set remembered into a fresh store (clock at the queries' `now`), with the row key of each memory id. */
export async function loadEvalSet(env: Record<string, string> = {}): Promise<{
  mc: MemoryContext;
  rows: MemoryRow[];
  queries: QueryRow[];
  keyOf: Map<number, string>;
  idOf: Map<string, number>;
  now: number;
}> {
  const rows = readJsonl<MemoryRow>(join(DATA, "memories.jsonl"));
  const queries = readJsonl<QueryRow>(join(DATA, "queries.jsonl"));
  const root = mkdtempSync(join(tmpdir(), "dwim-mem-eval-"));
  const now = Date.parse(queries[0].now);
  const config = loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null });
  const mc = await openMemory({ config, root, env, now: () => now });
  const keyOf = new Map<number, string>();
  const idOf = new Map<string, number>();
  for (const r of rows) {
    const out = await remember(mc, {
      category: r.category,
      content: r.content,
      rationale: r.rationale,
      tags: r.tags,
      file_path: r.file_path,
      happened_at: r.created_at,
      worked: r.worked,
      outcome: r.outcome,
      supersedes: r.supersedes?.map((k) => idOf.get(k) as number),
    });
    keyOf.set(out.id, r.id);
    idOf.set(r.id, out.id);
  }
  return { mc, rows, queries, keyOf, idOf, now };
}

export async function runEval(env: Record<string, string> = {}): Promise<EvalResult> {
  const { mc, rows, queries, keyOf, now } = await loadEvalSet(env);
  const docs: Doc[] = (await mc.store.get([...keyOf.keys()])).map((m: Memory) => ({
    key: keyOf.get(m.id) as string,
    memory: m,
  }));
  const fileOfKey = new Map(docs.map((d) => [d.key, d.memory.file_path]));
  const seed = new SeedBlend(docs);
  const keep = (q: QueryRow) => (d: Doc) =>
    (!q.filters?.file_path || (d.memory.file_path ?? "").startsWith(q.filters.file_path)) &&
    (!q.filters?.categories || q.filters.categories.includes(d.memory.category)) &&
    (!q.filters?.tags || q.filters.tags.every((t) => d.memory.tags.includes(t)));

  const ranked: Record<System, Array<{ ranked: string[]; q: QueryRow }>> = { dwim: [], bm25: [], grep: [], seed: [] };
  for (const q of queries) {
    const out = (await recall(mc, { query: q.query, ...q.filters, limit: 10 })) as { results: Array<{ id: number }> };
    ranked.dwim.push({ q, ranked: out.results.map((r) => keyOf.get(r.id) as string) });
    const terms = queryTerms(q.query);
    const lex = await mc.store.lexical(
      anyOf(terms),
      { ...q.filters, categories: q.filters?.categories as Memory["category"][] | undefined, include_superseded: true },
      10,
    );
    ranked.bm25.push({ q, ranked: lex.map((h) => keyOf.get(h.id) as string) });
    ranked.grep.push({ q, ranked: grepRank(docs.filter(keep(q)), q.query) });
    ranked.seed.push({ q, ranked: seed.rank(q.query, now, keep(q)) });
  }
  await mc.store.close();

  const buckets = [...new Set(queries.filter((q) => q.answerable).map((q) => q.bucket))];
  const byBucket: EvalResult["byBucket"] = {};
  for (const b of buckets) {
    byBucket[b] = Object.fromEntries(
      SYSTEMS.map((s) => [s, score(ranked[s].filter((r) => r.q.bucket === b))]),
    ) as Record<System, BucketScore>;
  }
  const overall = Object.fromEntries(SYSTEMS.map((s) => [s, score(ranked[s].filter((r) => r.q.answerable))])) as Record<
    System,
    BucketScore
  >;
  const abstention = Object.fromEntries(
    SYSTEMS.map((s) => {
      const empty = ranked[s].filter((r) => r.ranked.length === 0);
      const unanswerable = ranked[s].filter((r) => !r.q.answerable);
      return [
        s,
        {
          precision: empty.length === 0 ? 0 : empty.filter((r) => !r.q.answerable).length / empty.length,
          recall: unanswerable.filter((r) => r.ranked.length === 0).length / unanswerable.length,
        },
      ];
    }),
  ) as EvalResult["abstention"];
  const staleOverFresh = Object.fromEntries(
    SYSTEMS.map((s) => {
      const ku = ranked[s].filter((r) => r.q.stale);
      const bad = ku.filter((r) => {
        const fresh = r.ranked.findIndex((k) => (r.q.relevant[k] ?? 0) > 0);
        const stale = r.ranked.findIndex((k) => r.q.stale?.includes(k));
        return stale >= 0 && (fresh < 0 || stale < fresh);
      });
      return [s, bad.length / ku.length];
    }),
  ) as Record<System, number>;
  const diversityViolations = Object.fromEntries(
    SYSTEMS.map((s) => [
      s,
      ranked[s].reduce((n, r) => n + violations(r.ranked, (k) => fileOfKey.get(k) ?? null, 3), 0),
    ]),
  ) as Record<System, number>;
  return {
    memories: rows.length,
    queries: queries.length,
    byBucket,
    overall,
    abstention,
    staleOverFresh,
    diversityViolations,
  };
}
