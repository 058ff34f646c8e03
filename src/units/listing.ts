/** list_units, list_scales, list_dimensions: the discovery half of recovery ("Use list_units()"). */
import { suggest } from "../core/suggest.js";
import { equal } from "./dimension.js";
import { ALL_PREFIXES, type PrefixPolicy } from "./prefixes.js";
import type { UnitDef } from "./registry.js";
import { unknownDimension } from "./session.js";
import { unitError } from "./suggestions.js";
import type { Units } from "./system.js";
import { checkLength } from "./unit-error.js";

export interface ListUnitsInput {
  dimension?: string;
  kind?: string;
  query?: string;
  limit?: number;
  cursor?: string;
}

export interface UnitListing {
  [key: string]: unknown;
  name: string;
  symbol?: string;
  aliases: string[];
  dimension: string;
  kind?: string;
  scalable: boolean;
  prefixes: PrefixPolicy;
  session?: boolean;
}

function knownKinds(units: Units): string[] {
  return [
    ...new Set(
      units.system
        .allUnits()
        .map((u) => u.kind)
        .filter((k): k is string => k !== undefined),
    ),
    "torque",
  ].sort();
}

/**
 * A kind of quantity must be known, or (with `open`, for declarations on convert) at least not look like a typo of
 * a known kind: `enthalpy` vs `gibbs_energy` are the caller's own kinds and only compared with each other.
 */
export function checkKind(units: Units, kind: string, parameter: string, open = false): void {
  checkLength(kind, parameter);
  const kinds = knownKinds(units);
  if (kinds.includes(kind)) return;
  const s = suggest(kind, kinds, { allowAuto: false });
  const fix = s.tier === "auto" || s.tier === "likely_fix" ? s.likely_fix : undefined;
  if (open && fix === undefined) return;
  throw unitError(
    "unknown_kind",
    `Unknown kind of quantity '${kind}'`,
    { parameter },
    {
      got: kind,
      likely_fix: fix,
      hints: [...(fix ? [] : s.hints.map((h) => `Did you mean '${h}'?`)), `Kinds: ${kinds.slice(0, 12).join(", ")}…`],
    },
  );
}

export function listUnits(
  units: Units,
  input: ListUnitsInput,
): { units: UnitListing[]; total: number; next_cursor?: string } {
  for (const key of ["dimension", "kind", "query", "cursor"] as const) {
    const v = input[key];
    if (v !== undefined) checkLength(v, key);
  }
  let all: UnitDef[] = units.system.allUnits();
  if (input.dimension !== undefined) {
    const info = units.dimensionByName(input.dimension);
    if (!info) throw unknownDimension(units, input.dimension, "dimension");
    all = all.filter((u) => equal(u.dim, info.dim));
  }
  if (input.kind !== undefined) {
    checkKind(units, input.kind, "kind");
    all = all.filter((u) => u.kind === input.kind);
  }
  if (input.query !== undefined && input.query.trim() !== "") {
    const q = input.query.trim().toLowerCase();
    const direct = all.filter((u) => [...u.names, ...u.symbols].some((s) => s.toLowerCase().includes(q)));
    if (direct.length > 0) all = direct;
    else {
      const s = suggest(
        q,
        all.map((u) => ({ target: u.id, aliases: [...u.names, ...u.symbols] })),
        { allowAuto: false },
      );
      const ids = new Set([s.likely_fix, ...s.hints].filter(Boolean));
      all = all.filter((u) => ids.has(u.id));
    }
  }
  const limit = Math.max(1, Math.min(input.limit ?? 50, 500));
  const start = input.cursor ? Number.parseInt(input.cursor, 10) : 0;
  if (!Number.isInteger(start) || start < 0) {
    throw unitError(
      "invalid_input",
      `Invalid cursor '${input.cursor}'`,
      { parameter: "cursor" },
      { hints: ["Pass the next_cursor of the previous page"] },
    );
  }
  const page = all.slice(start, start + limit).map((u) => {
    const out: UnitListing = {
      name: u.name,
      aliases: [...u.aliases],
      dimension: units.dimensionName(u.dim),
      scalable: u.prefixes !== "none",
      prefixes: u.prefixes,
    };
    if (u.symbol) out.symbol = u.symbol;
    if (u.kind) out.kind = u.kind;
    if (u.source === "session") out.session = true;
    return out;
  });
  const result: { units: UnitListing[]; total: number; next_cursor?: string } = { units: page, total: all.length };
  if (start + limit < all.length) result.next_cursor = String(start + limit);
  return result;
}

export function listScales(): Array<{ name: string; prefix: string; factor: number; base: number; aliases: string[] }> {
  return ALL_PREFIXES.map((p) => ({
    name: p.name,
    prefix: p.symbol,
    factor: p.factor,
    base: p.base,
    aliases: [...p.aliases],
  }));
}

export function listDimensions(
  units: Units,
): Array<{ name: string; aliases: string[]; formula: string; kinds: string[]; example_units: string[] }> {
  const all = units.system.allUnits();
  return units.dimensions.map((d) => ({
    name: d.name,
    aliases: [...d.aliases],
    formula: formulaOf(d.dim),
    kinds: [...new Set(all.filter((u) => equal(u.dim, d.dim) && u.kind).map((u) => u.kind as string))],
    example_units: d.examples,
  }));
}

import { formula as formulaOf } from "./dimension.js";
