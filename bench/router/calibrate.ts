/**
 * Fits the confidence calibration (src/router/calibration.ts) on development data only: MetaTool's dev queries
 * (../shared/data/router) routed over the full catalog and over random sub-catalogs of 2 to 100 of its tools, half of
 * them without the expected tool (so the request fits none: the abstention case). The top-ranked tool of each is one
 * example, labelled by whether it is the expected tool (the confidence shown is that of the top match; the others
 * never exceed it). A logistic regression (Newton's method, a light L2
 * penalty) is fitted for both lanes together and for the lexical lane alone; the script prints the coefficients to
 * paste into calibration.ts and the development reliability table. `npx tsx bench/router/calibrate.ts`.
 *
 * The lexical lane alone also sees each query against the full catalog without its tool, so that half of its examples
 * fit no tool: without the semantic lane, a request that shares one word with a tool looks the same whether it is for
 * that tool or for nothing here (MetaTool's small sub-catalogs: right about half the time), and only an even prior
 * keeps such a match under the suggest threshold. Both lanes together tell the two apart, and keep the prior of the
 * requests as they come.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/core/config.js";
import { featuresOf, monotoneMap } from "../../src/router/calibration.js";
import { ROUTER_CONFIG_SECTIONS, routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { DATA_FILES, requireData } from "../lib/datasets.js";
import { rng } from "../lib/random.js";
import { bins, type Example, ece, expectedCalibrationError, fitIsotonic, fitLogistic, predict } from "./reliability.js";

interface MetaTool {
  name: string;
  description: string;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);

const data = requireData("npx tsx bench/router/calibrate.ts", [DATA_FILES.metatoolTools, DATA_FILES.metatoolQueries]);
const tools = readJsonl<MetaTool>(join(data, DATA_FILES.metatoolTools.path));
const queries = readJsonl<{ query: string; expected: string }>(join(data, DATA_FILES.metatoolQueries.path));
const base = routerConfigFrom(
  loadConfig({ userFile: null, projectFile: null, env: {}, sections: [...ROUTER_CONFIG_SECTIONS] }),
);
const routerOf = (subset: readonly MetaTool[]) =>
  new Router(
    [],
    { ...base, tools: subset.map((t) => ({ name: t.name, description: t.description, keywords: [], parameters: [] })) },
    "config",
    {},
  );

const full = routerOf(tools);
if (!(await full.semantic.ready(300_000))) throw new Error(`semantic lane not ready: ${full.semantic.status.status}`);
const weight = full.config.settings.semantic_weight;
const SIZES = [2, 3, 4, 5, 6, 8, 10, 20, 50, 100];
const rnd = rng(20261127);

const FEATURES = [
  "lexical",
  "coverage",
  "semantic",
  "lexicalLead",
  "semanticLead",
  "weakerLead",
  "logTools",
  "logMatched",
  "logTerms",
];
/**
 * Features a model leaves out (weight 0). The fused model has no lexical lead of its own (calibration.ts,
 * weakerLead); it reads coverage beside ln(1 + matched) and ln(1 + terms): without them one shared word of a short
 * request that a tool has in every field read as a confident match. The lexical model reads ln(1 + matched) instead of coverage:
 * beside it coverage took a weight just below 0 (the two measure much the same there), and a probability must never
 * fall as a tool accounts for more of the request.
 */
const NOT_FUSED = [FEATURES.indexOf("lexicalLead")];
const NOT_LEXICAL = [
  FEATURES.indexOf("coverage"),
  FEATURES.indexOf("semantic"),
  FEATURES.indexOf("semanticLead"),
  FEATURES.indexOf("logTerms"),
];
const fused: Example[] = [];
const lexical: Example[] = [];

function add(ranked: ReturnType<Router["rank"]>, expected: string, examples: Example[], both: boolean): void {
  if (ranked.length === 0) return;
  const x = featuresOf(ranked[0].evidence);
  for (const j of both ? NOT_FUSED : NOT_LEXICAL) x[j] = 0;
  examples.push({ x, y: ranked[0].tool.name === expected ? 1 : 0 });
}

function collect(router: Router, query: string, expected: string, scores: Float64Array | undefined): void {
  add(router.index.rank(query, 1), expected, lexical, false);
  if (scores) add(router.index.rank(query, 1, { scores, weight, calibrate: false }), expected, fused, true);
}

/** The full catalog's indices without one tool: the same request, with nothing here that fits it. */
const without = (name: string) =>
  new Set(full.registry.tools.filter((t) => t.name !== name).map((t) => t.index)) as ReadonlySet<number>;

for (const q of queries) {
  const scores = await full.semantic.score(q.query);
  collect(full, q.query, q.expected, scores);
  add(full.index.rank(q.query, 1, undefined, without(q.expected)), q.expected, lexical, false);
  // A random sub-catalog, with the expected tool or without it.
  const size = SIZES[Math.floor(rnd() * SIZES.length)];
  const inScope = rnd() < 0.5;
  const others = tools.filter((t) => t.name !== q.expected);
  const picked: MetaTool[] = [];
  while (picked.length < (inScope ? size - 1 : size)) {
    const t = others[Math.floor(rnd() * others.length)];
    if (!picked.includes(t)) picked.push(t);
  }
  if (inScope) picked.splice(Math.floor(rnd() * (picked.length + 1)), 0, tools.find((t) => t.name === q.expected)!);
  const sub = routerOf(picked);
  const subScores = scores
    ? Float64Array.from(sub.registry.tools.map((t) => scores[full.registry.byName.get(t.name)!.index]))
    : undefined;
  collect(sub, q.query, q.expected, subScores);
}

for (const [label, examples] of [
  ["FUSED_MODEL", fused],
  ["LEXICAL_MODEL", lexical],
] as const) {
  const model = fitLogistic(examples);
  const knots = fitIsotonic(examples.map((e) => ({ p: predict(model, e.x), y: e.y })));
  const mapped = examples.map((e) => ({ confidence: monotoneMap(predict(model, e.x), knots), right: e.y === 1 }));
  const weights = FEATURES.map((k, j) => `  ${k}: ${model.weights[j].toFixed(4)},`);
  const knotText = knots.map(([x, y]) => `[${x.toFixed(4)}, ${y.toFixed(4)}]`).join(", ");
  console.log(
    [`export const ${label}: CalibrationModel = {`, `  bias: ${model.bias.toFixed(4)},`, ...weights].join("\n"),
  );
  console.log(`  knots: [${knotText}],\n};`);
  const before = ece(examples, model).toFixed(4);
  console.log(
    `development examples ${examples.length}, ECE: logistic ${before}, mapped ${expectedCalibrationError(mapped).toFixed(4)}`,
  );
  for (const b of bins(mapped).filter((x) => x.n > 0)) {
    const line = `${b.from.toFixed(1)}–${b.to.toFixed(1)}: n ${b.n}, confidence ${b.confidence.toFixed(3)}, accuracy ${b.accuracy.toFixed(3)}`;
    console.log(`  ${line}`);
  }
}
process.exit(0);
