/**
 * Abstention in small catalogs on the development set (small-dev-catalogs.ts): the share of off-topic requests that
 * get no match, with both lanes and with the lexical lane alone (the model still loading, or embeddings off), and
 * the in-scope requests' top-1 and answered share. `npx tsx bench/router/small-dev.ts [--failures]` (--failures
 * lists each miss with its evidence).
 */
import { loadConfig } from "../../src/core/config.js";
import { ROUTER_CONFIG_SECTIONS, routerConfigFrom } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { SMALL_DEV_CATALOGS } from "./small-dev-catalogs.js";

const base = routerConfigFrom(
  loadConfig({ userFile: null, projectFile: null, env: {}, sections: [...ROUTER_CONFIG_SECTIONS] }),
);
const at = base.settings.suggest_threshold;
const failures = process.argv.includes("--failures");
const counts = { off: 0, offFused: 0, offLexical: 0, in: 0, inTop: 0, inAnswered: 0, inLexicalAnswered: 0 };
const round = (x: number) => x.toFixed(2);

for (const c of SMALL_DEV_CATALOGS) {
  const tools = c.tools.map((t) => ({ name: t.name, description: t.description, keywords: [], parameters: [] }));
  const router = new Router([], { ...base, tools }, "config", {});
  if (!(await router.semantic.ready(120_000))) throw new Error("the semantic lane did not load");
  const top = async (query: string) => (await router.rankFused(query, 1))[0];
  for (const query of c.offTopic) {
    counts.off++;
    const fused = await top(query);
    const lexical = router.index.rank(query, 1)[0];
    const fusedQuiet = (fused?.score ?? 0) < at;
    const lexicalQuiet = (lexical?.score ?? 0) < at;
    if (fusedQuiet) counts.offFused++;
    if (lexicalQuiet) counts.offLexical++;
    if (failures && (!fusedQuiet || !lexicalQuiet)) {
      const e = fused?.evidence;
      console.log(
        `  off-topic answered [${c.label}] "${query}": fused ${fused?.tool.name} ${round(fused?.score ?? 0)}${fusedQuiet ? " (quiet)" : ""}, lexical ${lexical?.tool.name} ${round(lexical?.score ?? 0)}${lexicalQuiet ? " (quiet)" : ""}; ${e ? `lex ${round(e.lexical)} cov ${round(e.coverage)} sem ${round(e.semantic)} semLead ${round(e.semanticLead)} lexLead ${round(e.lexicalLead)} matched ${e.matched} terms ${e.terms}` : ""}`,
      );
    }
  }
  for (const r of c.requests) {
    counts.in++;
    const fused = await top(r.query);
    const lexical = router.index.rank(r.query, 1)[0];
    const right = fused?.tool.name === r.expected;
    if (right) counts.inTop++;
    if (right && fused.score >= at) counts.inAnswered++;
    if (lexical?.tool.name === r.expected && lexical.score >= at) counts.inLexicalAnswered++;
    if (failures && (!right || fused.score < at)) {
      console.log(
        `  in-scope missed [${c.label}] "${r.query}": want ${r.expected}, got ${fused?.tool.name} ${round(fused?.score ?? 0)}`,
      );
    }
  }
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(
  `small dev catalogs (${SMALL_DEV_CATALOGS.length}): off-topic no match ${pct(counts.offFused, counts.off)} fused, ${pct(counts.offLexical, counts.off)} lexical alone (${counts.off}); in-scope top-1 ${pct(counts.inTop, counts.in)}, answered ${pct(counts.inAnswered, counts.in)} fused, ${pct(counts.inLexicalAnswered, counts.in)} lexical alone (${counts.in})`,
);
process.exit(0);
