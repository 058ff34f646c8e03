/**
 * A quick look at the confidence figures of `npm run bench -- router` (e) without the MetaTool, typo and latency
 * parts: `npx tsx bench/router/quick-confidence.ts [--confirm]`. The confirmation set is printed only with
 * --confirm, so that a change is judged on the other sets and the confirmation figure is read, not chosen on.
 */
import { loadConfig } from "../../src/core/config.js";
import { ROUTER_CONFIG_SECTIONS, type RouterConfig, routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { TOOLSETS } from "../../src/server/toolsets.js";
import { Bm25Router } from "./baseline.js";
import { answerStats, type ConfidenceOutcome, measureConfidence, reliabilityLines } from "./confidence.js";
import { FIRST_CONFIRMATION, joinConfirm, measureConfirm, SECOND_CONFIRMATION } from "./confirm.js";
import { HELDOUT_OUT_OF_SCOPE, HELDOUT_QUERIES, HELDOUT_TOOLS } from "./heldout.js";
import { HELDOUT_CATALOG, MORE_REQUESTS } from "./more-requests.js";
import { PLAIN_DEV_OFF_TOPIC, PLAIN_DEV_REQUESTS } from "./plain-dev-requests.js";
import { PLAIN_REQUESTS } from "./plain-requests.js";
import { expectedCalibrationError } from "./reliability.js";
import { SMALL_CATALOGS } from "./small-catalogs.js";

const WAIT = 60_000;
const base = routerConfigFrom(
  loadConfig({ userFile: null, projectFile: null, env: {}, sections: [...ROUTER_CONFIG_SECTIONS] }),
);
const withTools = (tools: RouterConfig["tools"]): RouterConfig => ({ ...base, tools });
const bm25Of = (r: Router) =>
  new Bm25Router(r.registry.tools.map((t) => ({ name: t.name, description: t.description })));
const plainTools = (ts: ReadonlyArray<{ name: string; description: string }>) =>
  withTools(ts.map((t) => ({ name: t.name, description: t.description, keywords: [], parameters: [] })));

const served = new Router(
  TOOLSETS.flatMap((t) => t.tools),
  base,
);
await served.semantic.ready(WAIT);
const held = new Router([], plainTools(HELDOUT_TOOLS));
await held.semantic.ready(WAIT);
const plain = await measureConfidence(served, bm25Of(served), PLAIN_REQUESTS);
const devCases = [...PLAIN_DEV_REQUESTS, ...PLAIN_DEV_OFF_TOPIC.map((query) => ({ query, expected: null }))];
const dev = await measureConfidence(served, bm25Of(served), devCases);
const rest: ConfidenceOutcome[] = [];
const smallOff: ConfidenceOutcome[] = [];
const routers = new Map<string, Router>();
for (const c of SMALL_CATALOGS) {
  const r = new Router([], plainTools(c.tools));
  await r.semantic.ready(WAIT);
  routers.set(c.label, r);
  const o = await measureConfidence(r, bm25Of(r), [
    ...c.requests,
    ...c.offTopic.map((query) => ({ query, expected: null })),
  ]);
  rest.push(...o);
  smallOff.push(...o.filter((x) => !x.inScope));
}
rest.push(
  ...(await measureConfidence(held, bm25Of(held), [
    ...HELDOUT_QUERIES,
    ...HELDOUT_OUT_OF_SCOPE.map((query) => ({ query, expected: null })),
  ])),
);
for (const m of MORE_REQUESTS) {
  const r = m.catalog === HELDOUT_CATALOG ? held : routers.get(m.catalog);
  if (!r) throw new Error(m.catalog);
  const o = await measureConfidence(r, bm25Of(r), [
    ...m.requests,
    ...m.offTopic.map((query) => ({ query, expected: null })),
  ]);
  rest.push(...o);
  if (r !== held) smallOff.push(...o.filter((x) => !x.inScope));
}

const at = base.settings.suggest_threshold;
function summary(label: string, set: ConfidenceOutcome[]) {
  const j = set.map((x) => x.calibrated);
  const s5 = answerStats(
    j,
    set.map((x) => x.inScope),
    at,
  );
  const s85 = answerStats(
    j,
    set.map((x) => x.inScope),
    base.settings.auto_threshold,
  );
  const top1 =
    set.filter((x) => x.inScope && x.calibrated.right).length / Math.max(1, set.filter((x) => x.inScope).length);
  console.log(
    `${label}: n ${set.length}, ECE ${expectedCalibrationError(j).toFixed(3)}, top-1 ${(100 * top1).toFixed(1)} %, answered@0.5 ${s5.answered.toFixed(1)} %, precision@0.5 ${s5.precision.toFixed(1)} %, answered@0.85 ${s85.answered.toFixed(1)} %, precision@0.85 ${s85.precision.toFixed(1)} %, abstained@0.5 ${s5.abstained.toFixed(1)} %`,
  );
}
summary("plain (plain-requests.ts)", plain);
summary("dev plain (plain-dev-requests.ts)", dev);
{
  const inDev = dev.filter((x) => x.inScope);
  const share = (f: (x: ConfidenceOutcome) => boolean) => ((100 * inDev.filter(f).length) / inDev.length).toFixed(1);
  // The lexical lane alone, calibrated with its own model (the semantic lane still loading, or embeddings off).
  const lexOff = PLAIN_DEV_OFF_TOPIC.filter((q) => (served.index.rank(q, 1)[0]?.score ?? 0) < at).length;
  console.log(
    `dev plain: top-1 lexical alone ${share((x) => x.lexicalRight)} %, semantic alone ${share((x) => x.semanticRight)} %, plain BM25 ${share((x) => x.bm25Right)} %; off-topic no match, lexical alone ${lexOff} / ${PLAIN_DEV_OFF_TOPIC.length}`,
  );
  if (process.argv.includes("--dev-misses")) {
    for (const [k, c] of devCases.entries()) {
      const o = dev[k];
      const bad =
        c.expected === null ? o.calibrated.confidence >= at : !o.calibrated.right || o.calibrated.confidence < at;
      if (!bad) continue;
      const r = await served.rankFused(c.query, 3);
      const lex = served.index.rank(c.query, 1)[0];
      console.log(
        `  dev miss: ${c.query} → want ${c.expected ?? "none"}; conf ${o.calibrated.confidence.toFixed(2)}; fused ${r.map((x) => `${x.tool.name} ${x.score.toFixed(2)}`).join(", ")}; lexical ${lex?.tool.name ?? "-"} ${lex?.score.toFixed(2) ?? ""}`,
      );
    }
  }
}
summary("held-out all", [...plain, ...rest]);
summary("small catalogs off-topic", smallOff);
for (const line of reliabilityLines(
  "held-out all",
  [...plain, ...rest].map((x) => x.calibrated),
))
  console.log(line);
const laneShare = (f: (x: ConfidenceOutcome) => boolean) => ((100 * plain.filter(f).length) / plain.length).toFixed(1);
console.log(
  `plain (plain-requests.ts): top-1 of the lexical lane alone ${laneShare((x) => x.lexicalRight)} %, of the semantic lane alone ${laneShare((x) => x.semanticRight)} %`,
);
const plainMiss = PLAIN_REQUESTS.map((p, k) => ({ ...p, o: plain[k] })).filter(
  (x) => !x.o.calibrated.right || x.o.calibrated.confidence < at,
);
for (const m of plainMiss) {
  const a = await served.analyzeIntent(m.query, 3, false);
  const r = await served.rankFused(m.query, 3);
  console.log(
    `  miss: ${m.query} → want ${m.expected}; got ${r.map((x) => `${x.tool.name} ${x.score.toFixed(2)}`).join(", ")}; conf ${a.matches[0]?.confidence?.toFixed(2) ?? "-"}`,
  );
}
if (process.argv.includes("--confirm")) {
  const first = await measureConfirm(served, withTools, WAIT, FIRST_CONFIRMATION);
  const second = await measureConfirm(served, withTools, WAIT, SECOND_CONFIRMATION);
  summary("confirm first set", [...first.catalogs, ...first.plain]);
  summary("confirm second set", [...second.catalogs, ...second.plain]);
  const c = joinConfirm(first, second);
  summary("confirm catalogs", c.catalogs);
  summary("confirm plain", c.plain);
  summary("confirm all", [...c.catalogs, ...c.plain]);
  summary("confirm small off-topic", c.smallOff);
  console.log(
    `confirm small off-topic, lexical alone: ${c.smallOffLexical.filter(Boolean).length} / ${c.smallOffLexical.length}`,
  );
  for (const line of reliabilityLines(
    "confirm all",
    [...c.catalogs, ...c.plain].map((x) => x.calibrated),
  ))
    console.log(line);
}
