/**
 * LoCoMo dev split (conversations 0–6, ../shared/data/memory): every turn is a memory, every question a query.
 * Gold is the question's evidence dia_ids; hit@k = any evidence turn in the top k. Category 5 (adversarial) scores
 * abstention only. Evaluation use only (CC BY-NC 4.0); read at run time, never copied.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/core/index.js";
import { DATA_FILES, requireData } from "../lib/datasets.js";
import { BENCH_DIR } from "../lib/report.js";
import { type Doc, grepRank, SeedBlend } from "./baselines.js";
import { anyOf, type Memory, memorySection, openMemory, queryTerms, recall, rememberBatch } from "./lib.js";
import { mean, mrrAt } from "./metrics.js";

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
interface Sample {
  sample_id: string;
  conversation: Record<string, unknown>;
  qa: Array<{ question: string; evidence: string[]; category: number }>;
}

/** "1:56 pm on 8 May, 2023" → epoch ms. */
function sessionTime(text: string): number {
  const m = /(\d+):(\d+)\s*(am|pm)\s+on\s+(\d+)\s+(\w+),?\s+(\d{4})/iu.exec(text);
  if (!m) return Date.parse(text);
  const [, h, min, ap, d, mon, y] = m;
  const hour = (Number(h) % 12) + (ap.toLowerCase() === "pm" ? 12 : 0);
  return Date.parse(`${d} ${mon} ${y} ${String(hour).padStart(2, "0")}:${min}:00 UTC`);
}

type LocomoSystem = "dwim" | "bm25" | "grep" | "seed";

export interface LocomoResult {
  conversations: number;
  turns: number;
  questions: number;
  hit: Record<LocomoSystem, { hit1: number; hit5: number; hit10: number; mrr10: number }>;
  byCategory: Record<string, Record<LocomoSystem, number>>;
  adversarialAbstained: Record<LocomoSystem, number>;
  answerableAbstained: Record<LocomoSystem, number>;
}

/** Where LoCoMo's dev split is; stops the benchmark, saying how to get it, when it is not there. */
export function locomoFile(): string {
  const data = requireData(
    "npm run bench -- memory",
    [DATA_FILES.locomo],
    "npm run bench -- memory --postgres, --responsive or --questions (the other memory benchmarks) need none",
  );
  return join(data, DATA_FILES.locomo.path);
}

/** LoCoMo's dev split (conversations 0–6). */
export function runLocomo(file = locomoFile(), env: Record<string, string> = {}): Promise<LocomoResult> {
  return runConversations(file, env);
}

/** The project's own held-out conversations (bench/memory/data/conversations.json, written by hand, LoCoMo's shape). */
export function runHeldOutConversations(env: Record<string, string> = {}): Promise<LocomoResult> {
  return runConversations(join(BENCH_DIR, "memory", "data", "conversations.json"), env);
}

/**
 * Conversations in LoCoMo's JSON shape, remembered as they would be by an agent: every turn a memory with its
 * session's date as `happened_at`, and the session as its `context`, so the turns of one session are a thread.
 */
async function runConversations(file: string, env: Record<string, string> = {}): Promise<LocomoResult> {
  const samples = JSON.parse(readFileSync(file, "utf8")) as Sample[];
  const systems: LocomoSystem[] = ["dwim", "bm25", "grep", "seed"];
  const ranks: Record<LocomoSystem, Array<{ ranked: string[]; gold: string[]; category: number }>> = {
    dwim: [],
    bm25: [],
    grep: [],
    seed: [],
  };
  let turns = 0;
  for (const sample of samples) {
    const conv = sample.conversation;
    const items: Array<{ key: string; content: string; at: number; context: string }> = [];
    let last = 0;
    for (let s = 1; Array.isArray(conv[`session_${s}`]) || conv[`session_${s}_date_time`] !== undefined; s++) {
      const list = conv[`session_${s}`] as Turn[] | undefined;
      if (!list) continue;
      const at = sessionTime(String(conv[`session_${s}_date_time`]));
      last = Math.max(last, at);
      for (const t of list) {
        const caption = t.blip_caption ? ` [shared a photo: ${t.blip_caption}]` : "";
        items.push({
          key: t.dia_id,
          content: `${t.speaker}: ${t.text}${caption}`,
          at,
          context: `${sample.sample_id} session ${s}`,
        });
      }
    }
    turns += items.length;
    const now = last + 86_400_000;
    const root = mkdtempSync(join(tmpdir(), "dwim-locomo-"));
    const config = loadConfig({ sections: [memorySection], env, userFile: null, projectFile: null });
    const mc = await openMemory({ config, root, env, now: () => now });
    const keyOf = new Map<number, string>();
    for (let i = 0; i < items.length; i += 500) {
      const chunk = items.slice(i, i + 500);
      const out = (await rememberBatch(
        mc,
        chunk.map((it) => ({ category: "learning", content: it.content, happened_at: it.at, context: it.context })),
      )) as { ids: number[] };
      out.ids.forEach((id, j) => {
        keyOf.set(id, chunk[j].key);
      });
    }
    const docs: Doc[] = (await mc.store.get([...keyOf.keys()])).map((m: Memory) => ({
      key: keyOf.get(m.id) as string,
      memory: m,
    }));
    const seed = new SeedBlend(docs);
    for (const qa of sample.qa) {
      const gold = qa.evidence ?? [];
      const out = (await recall(mc, { query: qa.question, limit: 10 })) as { results: Array<{ id: number }> };
      ranks.dwim.push({ ranked: out.results.map((r) => keyOf.get(r.id) as string), gold, category: qa.category });
      const terms = queryTerms(qa.question);
      const lex = terms.length > 0 ? await mc.store.lexical(anyOf(terms), {}, 10) : [];
      ranks.bm25.push({ ranked: lex.map((h) => keyOf.get(h.id) as string), gold, category: qa.category });
      ranks.grep.push({ ranked: grepRank(docs, qa.question), gold, category: qa.category });
      ranks.seed.push({ ranked: seed.rank(qa.question, now, () => true), gold, category: qa.category });
    }
    await mc.store.close();
  }
  const grades = (gold: string[]) => Object.fromEntries(gold.map((g) => [g, 1]));
  const hitAt = (r: { ranked: string[]; gold: string[] }, k: number) =>
    r.ranked.slice(0, k).some((id) => r.gold.includes(id)) ? 1 : 0;
  const answerable = (s: LocomoSystem) => ranks[s].filter((r) => r.category !== 5);
  const hit = Object.fromEntries(
    systems.map((s) => [
      s,
      {
        hit1: mean(answerable(s).map((r) => hitAt(r, 1))),
        hit5: mean(answerable(s).map((r) => hitAt(r, 5))),
        hit10: mean(answerable(s).map((r) => hitAt(r, 10))),
        mrr10: mean(answerable(s).map((r) => mrrAt(r.ranked, grades(r.gold), 10))),
      },
    ]),
  ) as LocomoResult["hit"];
  const byCategory: LocomoResult["byCategory"] = {};
  for (const c of [1, 2, 3, 4]) {
    byCategory[String(c)] = Object.fromEntries(
      systems.map((s) => [s, mean(ranks[s].filter((r) => r.category === c).map((r) => hitAt(r, 5)))]),
    ) as Record<LocomoSystem, number>;
  }
  const adversarialAbstained = Object.fromEntries(
    systems.map((s) => [s, mean(ranks[s].filter((r) => r.category === 5).map((r) => (r.ranked.length === 0 ? 1 : 0)))]),
  ) as Record<LocomoSystem, number>;
  const answerableAbstained = Object.fromEntries(
    systems.map((s) => [s, mean(answerable(s).map((r) => (r.ranked.length === 0 ? 1 : 0)))]),
  ) as Record<LocomoSystem, number>;
  return {
    conversations: samples.length,
    turns,
    questions: ranks.dwim.length,
    hit,
    byCategory,
    adversarialAbstained,
    answerableAbstained,
  };
}
