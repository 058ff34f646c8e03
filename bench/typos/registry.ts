/**
 * The benchmark's registry of real names, grouped by target: every spelling of one unit (`metric_ton`, `metric ton`,
 * `t`) is one target, as in dwim's own matchers ("dedupe by target"); a spelling claimed by two targets, or two
 * spellings equal after normalisation, keep only the first claim.
 */
import { normalize } from "../../src/core/similarity.js";
import { CATALOG } from "../../src/units/catalog.js";

export interface Group {
  target: string;
  spellings: string[];
  source: "unit" | "name";
}

export function unitGroups(): Group[] {
  return CATALOG.map((entry) => ({
    target: entry.name,
    spellings: [entry.name, ...(entry.symbol ? [entry.symbol] : []), ...(entry.symbols ?? []), ...(entry.names ?? [])],
    source: "unit" as const,
  }));
}

export function buildRegistry(groups: readonly Group[]): Group[] {
  const claimed = new Set<string>();
  const byTarget = new Map<string, Group>();
  for (const g of groups) {
    const kept = g.spellings.filter((s) => {
      const key = normalize(s);
      if (s.length === 0 || claimed.has(key)) return false;
      claimed.add(key);
      return true;
    });
    if (kept.length === 0) continue;
    const existing = byTarget.get(g.target);
    if (existing) existing.spellings.push(...kept);
    else byTarget.set(g.target, { target: g.target, spellings: kept, source: g.source });
  }
  return [...byTarget.values()];
}
