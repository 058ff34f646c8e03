/**
 * Baselines run in the same harness: grep (case-insensitive substring on query words of >= 3 characters, ranked by
 * words matched, newer first) and Daem0n-MCP's blend ( TF-IDF cosine 0.7 + vector cosine 0.3, then decay and
 * the outcome and warning boosts; no supersession, abstention or diversity).
 */

import type { Memory } from "../../src/memory/index.js";
import { cosine, decayFactor, hashEmbed, memoryTime } from "../../src/memory/index.js";

export interface Doc {
  key: string;
  memory: Memory;
}

export function grepRank(docs: readonly Doc[], query: string, limit = 10): string[] {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/u)
        .filter((w) => w.length >= 3),
    ),
  ];
  const scored = docs
    .map((d) => {
      const text =
        `${d.memory.content} ${d.memory.rationale ?? ""} ${d.memory.tags.join(" ")} ${d.memory.file_path ?? ""}`.toLowerCase();
      return { d, n: words.filter((w) => text.includes(w)).length };
    })
    .filter((s) => s.n > 0);
  scored.sort((a, b) => b.n - a.n || memoryTime(b.d.memory) - memoryTime(a.d.memory));
  return scored.slice(0, limit).map((s) => s.d.key);
}

const tokenize = (s: string) => s.toLowerCase().match(/[a-z0-9_]+/gu) ?? [];

/** Daem0n-style TF-IDF (tags counted 3×) blended 0.7/0.3 with the hash provider's vectors. */
export class SeedBlend {
  private readonly idf = new Map<string, number>();
  private readonly vectors: Array<Map<string, number>> = [];
  private readonly dense: Float32Array[] = [];

  constructor(private readonly docs: readonly Doc[]) {
    const df = new Map<string, number>();
    for (const d of docs) {
      const tf = new Map<string, number>();
      const words = [
        ...tokenize(`${d.memory.content} ${d.memory.rationale ?? ""}`),
        ...d.memory.tags.flatMap((t) => [t, t, t]),
      ];
      for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
      this.vectors.push(tf);
      this.dense.push(hashEmbed(`${d.memory.content}\n${d.memory.rationale ?? ""}`));
    }
    for (const [w, n] of df) this.idf.set(w, Math.log((1 + docs.length) / (1 + n)) + 1);
    for (const v of this.vectors) {
      let norm = 0;
      for (const [w, tf] of v) {
        const x = tf * (this.idf.get(w) ?? 0);
        v.set(w, x);
        norm += x * x;
      }
      norm = Math.sqrt(norm) || 1;
      for (const [w, x] of v) v.set(w, x / norm);
    }
  }

  rank(query: string, now: number, keep: (d: Doc) => boolean, limit = 10): string[] {
    const q = new Map<string, number>();
    for (const w of tokenize(query)) q.set(w, (q.get(w) ?? 0) + (this.idf.get(w) ?? 0));
    const qn = Math.sqrt([...q.values()].reduce((s, x) => s + x * x, 0)) || 1;
    const qv = hashEmbed(query);
    const out: Array<{ key: string; s: number }> = [];
    this.docs.forEach((d, i) => {
      if (!keep(d)) return;
      let tfidf = 0;
      for (const [w, x] of q) tfidf += (x / qn) * (this.vectors[i].get(w) ?? 0);
      const vec = cosine(qv, this.dense[i]);
      if (tfidf < 0.1 && vec < 0.3) return; // Daem0n-MCP's per-lane thresholds
      let s = 0.7 * tfidf + 0.3 * Math.max(0, vec);
      s *= decayFactor(d.memory, now);
      if (d.memory.worked === false) s *= 1.5;
      if (d.memory.category === "warning") s *= 1.2;
      out.push({ key: d.key, s });
    });
    return out
      .sort((a, b) => b.s - a.s)
      .slice(0, limit)
      .map((o) => o.key);
  }
}
