import { loadConfig } from "./src/core/config.js";
import { ROUTER_CONFIG_SECTIONS, routerConfigFrom } from "./src/router/config.js";
import { Router } from "./src/router/router.js";
import { TOOLSETS } from "./src/server/toolsets.js";
const base = routerConfigFrom(loadConfig({ userFile: null, projectFile: null, env: {}, sections: [...ROUTER_CONFIG_SECTIONS] }));
const r = new Router(TOOLSETS.flatMap((t) => t.tools), base);
for (const q of process.argv.slice(2)) {
  const a = await r.analyzeIntent(q, 3, true);
  console.log(q, JSON.stringify(a.matches.slice(0, 2), null, 0).slice(0, 900));
  const lex = r.index.rank(q, 2);
  for (const x of lex) console.log("  lex", x.tool.name, x.score.toFixed(3), JSON.stringify(x.breakdown), JSON.stringify(x.evidence));
}
process.exit(0);
