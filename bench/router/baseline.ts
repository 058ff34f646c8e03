/**
 * The moss-style router (moss `dwim.py` as documented): `\b\w+\b` TF-IDF cosine with
 * idf = log((N+1)/(df+1)) + 1, keyword overlap, SequenceMatcher description and name similarity, weights
 * 0.40/0.35/0.15/0.10; names: exact → alias → best difflib ratio, auto ≥ 0.85 (no runner-up gap, no namespace or
 * destructive check), suggest ≥ 0.50.
 */
import { rawRatio } from "../../src/core/similarity.js";

export interface BaselineTool {
  name: string;
  description: string;
  keywords: readonly string[];
  aliases: readonly string[];
}

const tokenize = (text: string) => text.toLowerCase().match(/\b\w+\b/gu) ?? [];

function tfVector(tokens: readonly string[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1 / tokens.length);
  return tf;
}

export class SeedRouter {
  private readonly idf = new Map<string, number>();
  private readonly vectors: Array<Map<string, number>>;
  private readonly aliasOf = new Map<string, string>();

  constructor(readonly tools: readonly BaselineTool[]) {
    const docs = tools.map((t) => tokenize(`${t.name.replaceAll("_", " ")} ${t.description} ${t.keywords.join(" ")}`));
    const df = new Map<string, number>();
    for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
    const n = docs.length;
    for (const [t, f] of df) this.idf.set(t, Math.log((n + 1) / (f + 1)) + 1);
    this.vectors = docs.map((d) => this.weigh(tfVector(d)));
    for (const t of tools) for (const a of t.aliases) this.aliasOf.set(a.toLowerCase(), t.name);
  }

  private weigh(tf: Map<string, number>): Map<string, number> {
    const v = new Map<string, number>();
    for (const [t, f] of tf) v.set(t, f * (this.idf.get(t) ?? Math.log((this.tools.length + 1) / 1) + 1));
    return v;
  }

  /** Every tool's score for a query, best first. */
  rank(query: string): Array<{ tool: string; score: number }> {
    const q = tokenize(query);
    if (q.length === 0) return [];
    const qv = this.weigh(tfVector(q));
    const qNorm = Math.sqrt([...qv.values()].reduce((s, x) => s + x * x, 0));
    const qSet = new Set(q);
    const lower = query.toLowerCase();
    return this.tools
      .map((tool, i) => {
        const dv = this.vectors[i];
        let dot = 0;
        for (const [t, w] of qv) dot += w * (dv.get(t) ?? 0);
        const dNorm = Math.sqrt([...dv.values()].reduce((s, x) => s + x * x, 0));
        const cosine = qNorm && dNorm ? dot / (qNorm * dNorm) : 0;
        const kw = tool.keywords.map((k) => k.toLowerCase());
        const keyword = kw.length
          ? kw.filter((k) => qSet.has(k) || lower.includes(k)).length / Math.max(1, qSet.size)
          : 0;
        const description = rawRatio(lower, tool.description.toLowerCase());
        const name = Math.max(0, ...q.map((w) => rawRatio(w, tool.name.toLowerCase())));
        const score = 0.4 * cosine + 0.35 * Math.min(1, keyword) + 0.15 * description + 0.1 * name;
        return { tool: tool.name, score };
      })
      .sort((a, b) => b.score - a.score);
  }

  /** exact → alias → best ratio: auto ≥ 0.85, suggest ≥ 0.5. */
  resolve(input: string): { tool: string | null; tier: "exact" | "alias" | "auto" | "suggest" | "none" } {
    const lower = input.toLowerCase();
    if (this.tools.some((t) => t.name === input)) return { tool: input, tier: "exact" };
    const alias = this.aliasOf.get(lower);
    if (alias) return { tool: alias, tier: "alias" };
    let best = "";
    let bestScore = 0;
    for (const t of this.tools) {
      const s = rawRatio(lower, t.name.toLowerCase());
      if (s > bestScore) {
        best = t.name;
        bestScore = s;
      }
    }
    if (bestScore >= 0.85) return { tool: best, tier: "auto" };
    if (bestScore >= 0.5) return { tool: best, tier: "suggest" };
    return { tool: null, tier: "none" };
  }
}

/** Plain BM25 (k1 1.2, b 0.75) over each tool's name words and description: `\w+` tokens, lower-cased, no stemming. */
export class Bm25Router {
  private readonly docs: Array<Map<string, number>>;
  private readonly lengths: number[];
  private readonly idf = new Map<string, number>();
  private readonly avg: number;

  constructor(readonly tools: ReadonlyArray<{ name: string; description: string }>) {
    const split = (name: string) => name.replace(/([a-z])([A-Z])/gu, "$1 $2").replaceAll("_", " ");
    const toks = tools.map((t) => tokenize(`${split(t.name)} ${t.description}`));
    this.docs = toks.map((d) => {
      const tf = new Map<string, number>();
      for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
      return tf;
    });
    this.lengths = toks.map((d) => d.length);
    this.avg = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, tools.length);
    const df = new Map<string, number>();
    for (const d of this.docs) for (const w of d.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    const n = tools.length;
    for (const [w, f] of df) this.idf.set(w, Math.log(1 + (n - f + 0.5) / (f + 0.5)));
  }

  rank(query: string): Array<{ tool: string; score: number }> {
    const q = [...new Set(tokenize(query))];
    return this.tools
      .map((t, i) => {
        let s = 0;
        for (const w of q) {
          const tf = this.docs[i].get(w);
          if (!tf) continue;
          s += ((this.idf.get(w) ?? 0) * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * this.lengths[i]) / this.avg));
        }
        return { tool: t.name, score: s };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || (a.tool < b.tool ? -1 : 1));
  }
}
