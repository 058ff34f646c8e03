/** Ranking metrics for graded relevance: recall@k, MRR@10, nDCG@10 (gain 2^g − 1). */

export type Grades = Readonly<Record<string, number>>;

export function recallAt(ranked: readonly string[], relevant: Grades, k: number): number {
  const rel = Object.keys(relevant).filter((id) => relevant[id] > 0);
  if (rel.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return rel.filter((id) => top.has(id)).length / rel.length;
}

export function mrrAt(ranked: readonly string[], relevant: Grades, k = 10): number {
  const i = ranked.slice(0, k).findIndex((id) => (relevant[id] ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

export function ndcgAt(ranked: readonly string[], relevant: Grades, k = 10): number {
  const dcg = ranked.slice(0, k).reduce((s, id, i) => s + (2 ** (relevant[id] ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = Object.values(relevant)
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
}
