/**
 * The confirmation sets (bench/router/confirm-requests.ts, confirm2-requests.ts) measured: each catalog's requests and
 * off-topic requests, and the plain requests over dwim's served tools. Reported on their own, never used to choose
 * anything.
 */
import type { RouterConfig } from "../../src/router/config.js";
import { Router } from "../../src/router/router.js";
import { Bm25Router } from "./baseline.js";
import { type ConfidenceOutcome, measureConfidence } from "./confidence.js";
import { CONFIRM_CATALOGS, CONFIRM_PLAIN, type ConfirmCatalog } from "./confirm-requests.js";
import { CONFIRM2_CATALOGS, CONFIRM2_PLAIN } from "./confirm2-requests.js";

export interface ConfirmSet {
  /** The file that holds it, for labels. */
  file: string;
  catalogs: readonly ConfirmCatalog[];
  plain: ReadonlyArray<{ query: string; expected: string }>;
}

export const FIRST_CONFIRMATION: ConfirmSet = {
  file: "confirm-requests.ts",
  catalogs: CONFIRM_CATALOGS,
  plain: CONFIRM_PLAIN,
};
export const SECOND_CONFIRMATION: ConfirmSet = {
  file: "confirm2-requests.ts",
  catalogs: CONFIRM2_CATALOGS,
  plain: CONFIRM2_PLAIN,
};

export interface ConfirmOutcomes {
  /** Every catalog's requests, in scope and off-topic. */
  catalogs: ConfidenceOutcome[];
  /** The plain requests over dwim's tools. */
  plain: ConfidenceOutcome[];
  /** Off-topic requests against catalogs of at most 10 tools, lexical lane alone: whether each got no match. */
  smallOffLexical: boolean[];
  /** Off-topic outcomes against catalogs of at most 10 tools. */
  smallOff: ConfidenceOutcome[];
}

const bm25Of = (r: Router) =>
  new Bm25Router(r.registry.tools.map((t) => ({ name: t.name, description: t.description })));

export async function measureConfirm(
  served: Router,
  withTools: (tools: RouterConfig["tools"]) => RouterConfig,
  waitMs: number,
  set: ConfirmSet,
): Promise<ConfirmOutcomes> {
  const catalogs: ConfidenceOutcome[] = [];
  const smallOffLexical: boolean[] = [];
  const smallOff: ConfidenceOutcome[] = [];
  for (const c of set.catalogs) {
    const r = new Router(
      [],
      withTools(
        c.tools.map((t) => ({ name: t.name, description: t.description, keywords: [], parameters: t.parameters })),
      ),
    );
    await r.semantic.ready(waitMs);
    const outcomes = await measureConfidence(r, bm25Of(r), [
      ...c.requests,
      ...c.offTopic.map((query) => ({ query, expected: null })),
    ]);
    catalogs.push(...outcomes);
    if (c.tools.length > 10) continue;
    smallOff.push(...outcomes.filter((x) => !x.inScope));
    for (const q of c.offTopic) smallOffLexical.push(r.analyze(q).matches.length === 0);
  }
  const plain = await measureConfidence(served, bm25Of(served), set.plain);
  return { catalogs, plain, smallOffLexical, smallOff };
}

/** Both sets' outcomes as one. */
export function joinConfirm(a: ConfirmOutcomes, b: ConfirmOutcomes): ConfirmOutcomes {
  return {
    catalogs: [...a.catalogs, ...b.catalogs],
    plain: [...a.plain, ...b.plain],
    smallOffLexical: [...a.smallOffLexical, ...b.smallOffLexical],
    smallOff: [...a.smallOff, ...b.smallOff],
  };
}
