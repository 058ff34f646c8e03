/**
 * Generates src/generated/units/precompiled.ts: the SI factor and dimension of every catalog entry and named
 * dimension, evaluated from the definitions, so that a cold start reads numbers instead of parsing 400 expressions.
 * Each value is keyed by its definition, so an edited entry is evaluated at load until the file is generated again.
 */
import { CATALOG } from "../../src/units/catalog.js";
import { NAMED_DIMENSIONS } from "../../src/units/dimension.js";
import { precompileKey } from "../../src/units/registry.js";
import { compileUnits } from "../../src/units/system.js";
import { generatedHeader } from "./header.js";

/** The source text of precompiled.ts for the current catalog. */
export function renderPrecompiled(): string {
  const units = compileUnits(false);
  const all = units.system.allUnits();
  const rows = CATALOG.map((entry, i) => {
    const u = all[i];
    return `  [${JSON.stringify(precompileKey(entry))}, ${JSON.stringify(u.factor)}, [${u.dim.join(", ")}]],`;
  });
  const dims = NAMED_DIMENSIONS.map(
    (d, i) => `  [${JSON.stringify(d.definition)}, [${units.dimensions[i].dim.join(", ")}]],`,
  );
  return [
    generatedHeader("scripts/codegen/precompiled.ts", "src/units/catalog.ts and src/units/dimension.ts"),
    'import type { PrecompiledUnit } from "../../units/registry.js";',
    "",
    "export const PRECOMPILED_UNITS: readonly PrecompiledUnit[] = [",
    ...rows,
    "];",
    "",
    "export const PRECOMPILED_DIMENSIONS: ReadonlyArray<readonly [definition: string, dim: readonly number[]]> = [",
    ...dims,
    "];",
    "",
  ].join("\n");
}
