/**
 * Natural-language routing quality, side by side in one run: dwim fused (lexical + semantic), dwim lexical alone,
 * the semantic lane alone, plain BM25 and the moss-style router; plus answered-rate / precision curves over the
 * confidence threshold, for short phrases and full sentences apart.
 */
import type { SemanticInput } from "../../src/router/intent.js";
import type { Router } from "../../src/router/router.js";
import type { Bm25Router, SeedRouter } from "./baseline.js";

export interface RoutingQuery {
  query: string;
  expected: string;
}

export type SystemName = "fused" | "blend" | "rrf" | "lexical" | "semantic" | "bm25" | "seed";
export const SYSTEMS: SystemName[] = ["fused", "blend", "rrf", "lexical", "semantic", "bm25", "seed"];
/** Reciprocal rank fusion's constant (Cormack, Clarke and Büttcher, SIGIR 2009): score = Σ 1 / (k + rank). */
const RRF_K = 60;

/** Top tool, its confidence (where the system has one) and the rank of the expected tool (-1 when absent). */
interface Outcome {
  rank: number;
  top: number;
  short: boolean;
}

export interface RoutingResult {
  n: number;
  systems: Record<SystemName, { top1: number; top3: number; mrr: number }>;
  outcomes: Record<SystemName, Outcome[]>;
}

/** A query of at most this many words is a short phrase; longer ones are sentences. */
const SHORT_WORDS = 6;

export async function measureRouting(
  router: Router,
  bm25: Bm25Router,
  seed: SeedRouter,
  queries: readonly RoutingQuery[],
): Promise<RoutingResult> {
  const known = new Set(router.registry.tools.map((t) => t.name));
  const rows = queries.filter((q) => known.has(q.expected));
  const outcomes = Object.fromEntries(SYSTEMS.map((s) => [s, [] as Outcome[]])) as Record<SystemName, Outcome[]>;
  const weight = router.config.settings.semantic_weight;
  for (const q of rows) {
    const short = q.query.trim().split(/\s+/u).length <= SHORT_WORDS;
    const scores = await router.semantic.score(q.query);
    const lanes: Array<[SystemName, Array<{ name: string; score: number }>]> = [];
    const asNames = (r: ReturnType<Router["rank"]>) => r.map((s) => ({ name: s.tool.name, score: s.score }));
    const lexical = asNames(router.index.rank(q.query));
    lanes.push(["lexical", lexical]);
    if (scores) {
      const fused: SemanticInput = { scores, weight };
      lanes.push(["fused", asNames(router.index.rank(q.query, Number.POSITIVE_INFINITY, fused))]);
      const blend: SemanticInput = { scores, weight, agreement: false, calibrate: false };
      lanes.push(["blend", asNames(router.index.rank(q.query, Number.POSITIVE_INFINITY, blend))]);
      const semantic = asNames(
        router.index.rank(q.query, Number.POSITIVE_INFINITY, { scores, weight: 1, agreement: false, calibrate: false }),
      );
      lanes.push(["semantic", semantic]);
      lanes.push(["rrf", reciprocalRankFusion([lexical, semantic])]);
    }
    lanes.push(["bm25", bm25.rank(q.query).map((r) => ({ name: r.tool, score: r.score }))]);
    lanes.push(["seed", seed.rank(q.query).map((r) => ({ name: r.tool, score: r.score }))]);
    for (const [system, ranked] of lanes) {
      outcomes[system].push({
        rank: ranked.findIndex((r) => r.name === q.expected),
        top: ranked[0]?.score ?? 0,
        short,
      });
    }
  }
  const systems = Object.fromEntries(
    SYSTEMS.map((s) => {
      const o = outcomes[s];
      const n = Math.max(1, o.length);
      return [
        s,
        {
          top1: (100 * o.filter((x) => x.rank === 0).length) / n,
          top3: (100 * o.filter((x) => x.rank >= 0 && x.rank < 3).length) / n,
          mrr: o.reduce((sum, x) => sum + (x.rank >= 0 ? 1 / (x.rank + 1) : 0), 0) / n,
        },
      ];
    }),
  ) as RoutingResult["systems"];
  return { n: rows.length, systems, outcomes };
}

/** Reciprocal rank fusion of rankings (best first); ties by name. Scores are not confidences (max 2 / 61). */
function reciprocalRankFusion(
  rankings: ReadonlyArray<ReadonlyArray<{ name: string }>>,
): Array<{ name: string; score: number }> {
  const sum = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((r, k) => {
      sum.set(r.name, (sum.get(r.name) ?? 0) + 1 / (RRF_K + k + 1));
    });
  }
  return [...sum]
    .map(([name, score]) => ({ name, score }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export interface CurvePoint {
  threshold: number;
  answered: number;
  precision: number;
}

/** Answered rate (top confidence >= threshold) and top-1 precision among the answered, per threshold. */
export function answerCurve(outcomes: readonly Outcome[], thresholds: readonly number[]): CurvePoint[] {
  return thresholds.map((t) => {
    const answered = outcomes.filter((o) => o.top >= t);
    const right = answered.filter((o) => o.rank === 0).length;
    return {
      threshold: t,
      answered: (100 * answered.length) / Math.max(1, outcomes.length),
      precision: answered.length === 0 ? 0 : (100 * right) / answered.length,
    };
  });
}

export const CURVE_THRESHOLDS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

export function curveText(points: readonly CurvePoint[]): string {
  return points
    .map((p) => `${p.threshold.toFixed(1)}: ${p.answered.toFixed(1)} % / ${p.precision.toFixed(1)} %`)
    .join("; ");
}
