/**
 * search_memories answers questions (`npm run bench -- memory --questions`): for each question whose answer recall
 * ranks in its top 3, is that memory among search_memories' results (one page, 10)? dwim: the words all matched,
 * then, for a plain query, ranked any-word matches and the vector lane (docs/memory.md, "search_memories"). Baseline:
 * search_memories as it answered before (`broaden: false`: every word required, plus close ones by meaning).
 * Exact syntax (phrases, prefix*, OR, -excluded) must lose nothing: its queries are built from the eval set's own
 * identifiers and memories.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/core/index.js";
import { loadEvalSet } from "./eval.js";
import {
  closeAllStores,
  type MemoryContext,
  memorySection,
  openMemory,
  recall,
  remember,
  searchMemories,
} from "./lib.js";

const DATA = join(dirname(fileURLToPath(import.meta.url)), "data");

/** Reads as a question: starts with an interrogative or an auxiliary that opens one. */
function isQuestion(query: string): boolean {
  return /^(what|which|how|why|when|where|who|whom|whose|should|shall|is|are|was|were|does|do|did|can|could|may|might|will|would)\b/iu.test(
    query.trim(),
  );
}

interface Coverage {
  /** Questions asked. */
  questions: number;
  /** (question, memory) pairs where the memory answers the question and recall ranks it in its top 3. */
  pairs: number;
  /** Of those, found on search_memories' first page: with the broadening, and by the all-words pass alone. */
  found: number;
  foundAllWords: number;
  /** Questions for which search_memories broadened its answer. */
  broadened: number;
}

interface Asked {
  query: string;
  filters?: Record<string, unknown>;
  /** Memory ids that answer it. */
  gold: number[];
}

type Result = { id: number; match?: string };

async function coverage(mc: MemoryContext, asked: readonly Asked[]): Promise<Coverage> {
  const out: Coverage = { questions: asked.length, pairs: 0, found: 0, foundAllWords: 0, broadened: 0 };
  for (const q of asked) {
    const top3 = ((await recall(mc, { query: q.query, ...q.filters, limit: 3 })) as { results: Result[] }).results.map(
      (r) => r.id,
    );
    const s = (await searchMemories(mc, { query: q.query, ...q.filters })) as { results: Result[]; broadened?: true };
    const before = (await searchMemories(mc, { query: q.query, ...q.filters, broaden: false })) as {
      results: Result[];
    };
    if (s.broadened) out.broadened++;
    const all = new Set(s.results.map((r) => r.id));
    const strict = new Set(before.results.map((r) => r.id));
    for (const id of q.gold.filter((g) => top3.includes(g))) {
      out.pairs++;
      if (all.has(id)) out.found++;
      if (strict.has(id)) out.foundAllWords++;
    }
  }
  return out;
}

interface ExactSyntax {
  queries: number;
  /** Gold found on the first page, now and before; answers identical to before's. */
  goldFound: number;
  goldFoundBefore: number;
  unchanged: number;
}

/** Phrases, prefixes, OR and exclusions over the eval set's identifier queries, each with the memory it must find. */
function exactQueries(
  rows: ReadonlyArray<{ id: string; content: string }>,
  identifiers: ReadonlyArray<{ query: string; gold: string }>,
): Array<{ query: string; gold: string }> {
  const content = new Map(rows.map((r) => [r.id, r.content]));
  const out: Array<{ query: string; gold: string }> = [];
  identifiers.forEach(({ query, gold }, i) => {
    const words = (content.get(gold) ?? "").split(/\s+/u).filter((w) => /^[a-z]{4,}$/iu.test(w));
    if (words.length >= 2) out.push({ query: `"${words[0]} ${words[1]}" ${query}`, gold });
    if (query.length > 6 && !query.includes("_"))
      out.push({ query: `${query.slice(0, 6)}* ${query.slice(6, 9)}*`, gold });
    const other = identifiers[(i + 1) % identifiers.length];
    out.push({ query: `${query} OR ${other.query}`, gold });
    out.push({ query: `${query} -zzzunused`, gold });
  });
  return out;
}

async function exactSyntax(
  mc: MemoryContext,
  cases: ReadonlyArray<{ query: string; gold: number }>,
): Promise<ExactSyntax> {
  const out: ExactSyntax = { queries: cases.length, goldFound: 0, goldFoundBefore: 0, unchanged: 0 };
  for (const c of cases) {
    const s = (await searchMemories(mc, { query: c.query })) as { results: Result[] };
    const before = (await searchMemories(mc, { query: c.query, broaden: false })) as { results: Result[] };
    if (s.results.some((r) => r.id === c.gold)) out.goldFound++;
    if (before.results.some((r) => r.id === c.gold)) out.goldFoundBefore++;
    if (JSON.stringify(s.results) === JSON.stringify(before.results)) out.unchanged++;
  }
  return out;
}

export interface QuestionsResult {
  evalQuestions: Coverage;
  evalAll: Coverage;
  heldOut: Coverage;
  exact: ExactSyntax;
}

export async function runQuestions(env: Record<string, string> = {}): Promise<QuestionsResult> {
  const set = await loadEvalSet(env);
  const answerable = set.queries.filter((q) => q.answerable);
  const asked = (qs: typeof answerable): Asked[] =>
    qs.map((q) => ({
      query: q.query,
      filters: q.filters,
      gold: Object.entries(q.relevant)
        .filter(([, g]) => g > 0)
        .map(([k]) => set.idOf.get(k) as number),
    }));
  const evalQuestions = await coverage(set.mc, asked(answerable.filter((q) => isQuestion(q.query))));
  const evalAll = await coverage(set.mc, asked(answerable));
  const identifiers = answerable
    .filter((q) => q.bucket === "exact_identifier")
    .map((q) => ({ query: q.query, gold: Object.keys(q.relevant)[0] }));
  const exact = await exactSyntax(
    set.mc,
    exactQueries(set.rows, identifiers).map((c) => ({ query: c.query, gold: set.idOf.get(c.gold) as number })),
  );
  const heldOut = await heldOutQuestions(env);
  await closeAllStores();
  return { evalQuestions, evalAll, heldOut, exact };
}

/** The hand-written questions (bench/memory/data/questions.json) over their own memories. */
async function heldOutQuestions(env: Record<string, string>): Promise<Coverage> {
  const data = JSON.parse(readFileSync(join(DATA, "questions.json"), "utf8")) as {
    memories: Array<{ key: string; category: string; content: string }>;
    questions: Array<{ query: string; gold: string }>;
  };
  const root = mkdtempSync(join(tmpdir(), "dwim-mem-questions-"));
  const config = loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null });
  const mc = await openMemory({ config, root, env });
  const idOf = new Map<string, number>();
  for (const m of data.memories) idOf.set(m.key, (await remember(mc, { category: m.category, content: m.content })).id);
  return coverage(
    mc,
    data.questions.map((q) => ({ query: q.query, gold: [idOf.get(q.gold) as number] })),
  );
}
