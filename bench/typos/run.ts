/**
 * Typo-matcher benchmark: dwim's suggest() against ucon's difflib suggestions as the baseline on
 * (a) generated typos over >= 500 real names plus >= 300 garbage strings, (b) real misspellings (codespell dev split)
 * and (c) real LLM tool/parameter name errors (dev split). `--generated-only` runs what needs no evaluation data
 * ((a) over dwim's own and the units' names, latency, (d)) and records nothing: the recorded registry also holds the
 * data's names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type CandidateSpec, NameIndex, parameterNames, type SuggestOptions } from "../../src/core/index.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { DATA_FILES, requireData } from "../lib/datasets.js";
import { percentile, publish, type Row } from "../lib/report.js";
import { measureConvergence } from "./agent.js";
import { baselineSuggest } from "./baseline.js";
import { type EditClass, generateGarbage, generateTypos } from "./generate.js";
import { buildRegistry, type Group, unitGroups } from "./registry.js";

interface Verdict {
  fix?: string;
  auto?: boolean;
  hints: string[];
}
type Matcher = (input: string) => Verdict;

function specsOf(groups: readonly Group[]): CandidateSpec[] {
  return groups.map((g) => ({ target: g.target, aliases: g.spellings.filter((s) => s !== g.target) }));
}

function oursOver(names: readonly string[] | readonly Group[], options: SuggestOptions = {}): Matcher {
  const index = new NameIndex(typeof names[0] === "string" ? (names as string[]) : specsOf(names as Group[]));
  return (input) => {
    const s = index.suggest(input, options);
    const fix = s.tier === "auto" || s.tier === "likely_fix" ? s.likely_fix : undefined;
    return { fix, auto: s.tier === "auto", hints: s.hints };
  };
}

/** The baseline sees every spelling as a key (as ucon's registry does) and answers with the key's target. */
function baselineOver(names: readonly string[] | readonly Group[]): Matcher {
  const groups: Group[] =
    typeof names[0] === "string"
      ? (names as string[]).map((n) => ({ target: n, spellings: [n], source: "name" as const }))
      : (names as Group[]);
  const lower = new Map<string, string>();
  for (const g of groups)
    for (const sp of g.spellings) if (!lower.has(sp.toLowerCase())) lower.set(sp.toLowerCase(), g.target);
  const corpus = [...lower.keys()];
  return (input) => {
    const v = baselineSuggest(input, corpus);
    const hints = [...new Set(v.hints.map((h) => lower.get(h) ?? h))];
    return { fix: v.fix ? lower.get(v.fix) : undefined, hints };
  };
}

interface Scores {
  n: number;
  fixes: number;
  correct: number;
  autos: number;
  autoCorrect: number;
  fixOrHint: number;
}

function score(matcher: Matcher, cases: ReadonlyArray<{ input: string; truth: string }>): Scores {
  const s: Scores = { n: cases.length, fixes: 0, correct: 0, autos: 0, autoCorrect: 0, fixOrHint: 0 };
  for (const c of cases) {
    const v = matcher(c.input);
    if (v.fix !== undefined) {
      s.fixes++;
      if (v.fix === c.truth) s.correct++;
      if (v.auto) {
        s.autos++;
        if (v.fix === c.truth) s.autoCorrect++;
      }
    }
    if (v.fix === c.truth || v.hints.includes(c.truth)) s.fixOrHint++;
  }
  return s;
}

const pct = (a: number, b: number) => (b === 0 ? Number.NaN : (100 * a) / b);

function garbageRate(matcher: Matcher, garbage: readonly string[]): number {
  return pct(garbage.filter((g) => matcher(g).fix !== undefined).length, garbage.length);
}

function latencies(matcher: Matcher, inputs: readonly string[]): number[] {
  for (const i of inputs.slice(0, 200)) matcher(i); // warm-up
  return inputs.map((i) => {
    const t0 = process.hrtime.bigint();
    matcher(i);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  });
}

function dwimNames(): string[] {
  const names = new Set<string>();
  for (const set of TOOLSETS)
    for (const t of set.tools) {
      names.add(t.name);
      for (const a of t.aliases) names.add(a);
      for (const p of parameterNames(t)) names.add(p);
    }
  return [...names];
}

interface LlmCase {
  case_id: string;
  kind: string;
  got: string;
  valid_names: string[];
  expected: string;
  acceptable_hints: string[];
}

const generatedOnly = process.argv.includes("--generated-only");

function readLines(path: string): string[] {
  return readFileSync(path, "utf8").trim().split("\n");
}

async function main(): Promise<void> {
  const data = generatedOnly
    ? undefined
    : requireData(
        "npm run bench -- typos",
        [DATA_FILES.codespell, DATA_FILES.llmNameErrors, DATA_FILES.metatoolTools],
        "npm run bench -- typos --generated-only measures (a) over dwim's own and the units' names, the latency " +
          "and (d), and records nothing",
      );
  const llm = data ? readLines(join(data, DATA_FILES.llmNameErrors.path)).map((l) => JSON.parse(l) as LlmCase) : [];
  const routerTools = data
    ? readLines(join(data, DATA_FILES.metatoolTools.path)).map((l) => (JSON.parse(l) as { name: string }).name)
    : [];

  // (a) registry of real names: dwim's tool/parameter names, unit names, real tool and parameter names from BFCL,
  // LiveMCPBench and MetaTool catalogs.
  const nameGroups: Group[] = [...dwimNames(), ...llm.flatMap((c) => c.valid_names), ...routerTools].map((n) => ({
    target: n,
    spellings: [n],
    source: "name",
  }));
  const registry = buildRegistry([...unitGroups(), ...nameGroups]);
  const spellings = registry.flatMap((g) => g.spellings);
  const targetOf = new Map(registry.flatMap((g) => g.spellings.map((sp) => [sp, g.target] as const)));
  const typos = generateTypos(spellings, 20261121).map((t) => ({ ...t, truth: targetOf.get(t.truth) ?? t.truth }));
  const garbage = generateGarbage(spellings, 330, 7);
  const ours = oursOver(registry);
  const base = baselineOver(registry);
  const o = score(ours, typos);
  const b = score(base, typos);
  const byClass = (m: Matcher, edit: EditClass) =>
    score(
      m,
      typos.filter((t) => t.edit === edit),
    );
  const single = typos.filter((t) => t.edit !== "double");
  const double = typos.filter((t) => t.edit === "double");

  const rowsA: Row[] = [
    {
      metric: "fix precision (auto + likely_fix)",
      ours: pct(o.correct, o.fixes),
      baseline: pct(b.correct, b.fixes),
      unit: "%",
      target: ">= 99.5 %",
    },
    { metric: "fix recall", ours: pct(o.correct, o.n), baseline: pct(b.correct, b.n), unit: "%", target: ">= 88 %" },
    {
      metric: "auto-correct precision (applied without asking)",
      ours: pct(o.autoCorrect, o.autos),
      baseline: "–",
      unit: "%",
    },
    { metric: "auto-correct recall", ours: pct(o.autoCorrect, o.n), baseline: "–", unit: "%" },
    {
      metric: "fix-or-hint recall, single edits",
      ours: pct(score(ours, single).fixOrHint, single.length),
      baseline: pct(score(base, single).fixOrHint, single.length),
      unit: "%",
      target: ">= 98 %",
    },
    {
      metric: "fix-or-hint recall, double edits",
      ours: pct(score(ours, double).fixOrHint, double.length),
      baseline: pct(score(base, double).fixOrHint, double.length),
      unit: "%",
      target: ">= 90 %",
    },
    {
      metric: "garbage false fix",
      ours: garbageRate(ours, garbage),
      baseline: garbageRate(base, garbage),
      unit: "%",
      target: "<= 1 %",
    },
  ];
  for (const edit of ["deletion", "insertion", "substitution", "transposition", "double"] as const) {
    const so = byClass(ours, edit);
    const sb = byClass(base, edit);
    rowsA.push({
      metric: `fix recall, ${edit} (precision ${pct(so.correct, so.fixes).toFixed(1)} % vs ${pct(sb.correct, sb.fixes).toFixed(1)} %)`,
      ours: pct(so.correct, so.n),
      baseline: pct(sb.correct, sb.n),
      unit: "%",
    });
  }

  // Latency over exactly 1,000 candidates.
  const thousand = spellings.slice(0, 1000);
  const queries = generateTypos(thousand, 99)
    .map((t) => t.input)
    .slice(0, 3000);
  const lo = latencies(oursOver(thousand), queries);
  const lb = latencies(baselineOver(thousand), queries);
  const rowsLatency: Row[] = [
    {
      metric: "p50 per suggestion (1,000 candidates)",
      ours: percentile(lo, 50),
      baseline: percentile(lb, 50),
      unit: "ms",
    },
    { metric: "p95", ours: percentile(lo, 95), baseline: percentile(lb, 95), unit: "ms", target: "< 1 ms" },
    { metric: "p99", ours: percentile(lo, 99), baseline: percentile(lb, 99), unit: "ms", target: "< 1 ms" },
  ];

  // (b) real misspellings: codespell pairs with one correction, registries of 1,000 correction words each.
  const pairs = (data ? readFileSync(join(data, DATA_FILES.codespell.path), "utf8") : "")
    .split("\n")
    .map((l) => l.split("\t"))
    .filter(
      (p) => p.length === 2 && !p[1].includes(",") && !p[1].includes(" ") && p[0].toLowerCase() !== p[1].toLowerCase(),
    );
  const words = [...new Set(pairs.map((p) => p[1]))].sort();
  const chunk = 1000;
  const tb = { ours: { n: 0, fixes: 0, correct: 0, fixOrHint: 0 }, base: { n: 0, fixes: 0, correct: 0, fixOrHint: 0 } };
  const maxChunks = Number(process.env.DWIM_BENCH_CHUNKS ?? 12);
  for (let c = 0; c < Math.min(maxChunks, Math.ceil(words.length / chunk)); c++) {
    const reg = words.filter((_, i) => i % Math.ceil(words.length / chunk) === c);
    const inReg = new Set(reg);
    const cases = pairs.filter((p) => inReg.has(p[1]) && !inReg.has(p[0])).map(([input, truth]) => ({ input, truth }));
    for (const [key, m] of [
      ["ours", oursOver(reg)],
      ["base", baselineOver(reg)],
    ] as const) {
      const s = score(m, cases);
      tb[key].n += s.n;
      tb[key].fixes += s.fixes;
      tb[key].correct += s.correct;
      tb[key].fixOrHint += s.fixOrHint;
    }
  }
  const rowsB: Row[] = [
    {
      metric: "fix precision",
      ours: pct(tb.ours.correct, tb.ours.fixes),
      baseline: pct(tb.base.correct, tb.base.fixes),
      unit: "%",
    },
    {
      metric: "fix recall",
      ours: pct(tb.ours.correct, tb.ours.n),
      baseline: pct(tb.base.correct, tb.base.n),
      unit: "%",
    },
    {
      metric: "fix-or-hint recall",
      ours: pct(tb.ours.fixOrHint, tb.ours.n),
      baseline: pct(tb.base.fixOrHint, tb.base.n),
      unit: "%",
    },
  ];

  // (c) real LLM name errors: expected likely_fix / hints / none.
  const llmScore = (kind: "ours" | "base") => {
    const r = { fixCases: 0, fixed: 0, wrongFix: 0, noneCases: 0, noneFixed: 0, hintCases: 0, hintFixed: 0, fixes: 0 };
    for (const c of llm) {
      const m =
        kind === "ours"
          ? oursOver(c.valid_names, { tokenMatch: c.kind === "unknown_param", allowAuto: true })
          : baselineOver(c.valid_names);
      const v = m(c.got);
      const [label, target] = c.expected.split(":");
      if (v.fix !== undefined) r.fixes++;
      if (label === "likely_fix") {
        r.fixCases++;
        if (v.fix === target) r.fixed++;
        else if (v.fix !== undefined) r.wrongFix++;
      } else if (label === "none") {
        r.noneCases++;
        if (v.fix !== undefined) r.noneFixed++;
      } else {
        r.hintCases++;
        if (v.fix !== undefined) r.hintFixed++;
      }
    }
    return r;
  };
  const lo2 = llmScore("ours");
  const lb2 = llmScore("base");
  const rowsC: Row[] = [
    {
      metric: `fixed right (of ${lo2.fixCases} likely_fix cases)`,
      ours: pct(lo2.fixed, lo2.fixCases),
      baseline: pct(lb2.fixed, lb2.fixCases),
      unit: "%",
    },
    { metric: "fixed wrong (likely_fix cases)", ours: lo2.wrongFix, baseline: lb2.wrongFix },
    {
      metric: `false fix on 'none' cases (of ${lo2.noneCases}: hallucinated names)`,
      ours: pct(lo2.noneFixed, lo2.noneCases),
      baseline: pct(lb2.noneFixed, lb2.noneCases),
      unit: "%",
      target: "0",
    },
    {
      metric: `fix where only hints are right (of ${lo2.hintCases})`,
      ours: pct(lo2.hintFixed, lo2.hintCases),
      baseline: pct(lb2.hintFixed, lb2.hintCases),
      unit: "%",
    },
  ];

  // (d) one-retry convergence of a scripted agent through the real pipeline.
  const conv = await measureConvergence();
  const rowsD: Row[] = [
    {
      metric: `converged without a retry (auto-corrected), of ${conv.calls} misspelled calls`,
      ours: pct(conv.auto, conv.calls),
      unit: "%",
    },
    { metric: "converged after applying likely_fix once", ours: pct(conv.oneRetry, conv.calls), unit: "%" },
    {
      metric: "converged within one retry",
      ours: pct(conv.auto + conv.oneRetry, conv.calls),
      unit: "%",
      target: ">= 95 %",
    },
    { metric: "ended on the wrong tool or parameter", ours: conv.wrong, target: "0" },
    { metric: "auto-corrections into destructive tools", ours: conv.autoIntoDestructive, target: "0" },
  ];

  const fromData = <T>(items: T[]): T[] => (data ? items : []);
  publish({
    name: "typos",
    record: !generatedOnly,
    title: "Typo matcher (core suggest) vs ucon's difflib baseline",
    inputs: [
      `registry: ${registry.length} targets with ${spellings.length} spellings (dwim tools, parameters and aliases; the units catalog, every spelling of a unit one target${data ? "; BFCL/LiveMCPBench/MetaTool tool and parameter names" : ""})`,
      `generated typos: ${typos.length} (${single.length} single edits, ${double.length} double edits), seed 20261121; garbage: ${garbage.length} strings`,
      ...fromData([
        `real misspellings: ${tb.ours.n} codespell dev pairs in registries of ~1,000 correction words`,
        `real LLM name errors: ${llm.length} dev cases (BFCL, LiveMCPBench)`,
      ]),
      ...(data ? [] : ["--generated-only: (b) and (c) need the evaluation data (bench/DATA.md) and are left out"]),
      "baseline: difflib get_close_matches cutoff 0.6; likely fix when top >= 0.7 and leads the second by >= 0.1 (as ucon does)",
      "'fix' = a single mechanical correction: dwim's auto + likely_fix tiers, the baseline's likely_fix",
    ],
    tables: [
      { caption: "(a) generated typos over real names", rows: rowsA, baselineLabel: "difflib baseline" },
      { caption: "latency", rows: rowsLatency, baselineLabel: "difflib baseline" },
      ...fromData([
        { caption: "(b) real misspellings (codespell, dev split)", rows: rowsB, baselineLabel: "difflib baseline" },
        {
          caption: "(c) real LLM tool/parameter name errors (dev split)",
          rows: rowsC,
          baselineLabel: "difflib baseline",
        },
      ]),
      {
        caption: "(d) scripted agent over dwim's own tools: misspelled tool and parameter names, one retry",
        rows: rowsD,
        baselineLabel: "–",
      },
    ],
    data: {
      registry_targets: registry.length,
      registry_spellings: spellings.length,
      typos: typos.length,
      garbage: garbage.length,
    },
  });
}

await main();
