/** dwim/units: dimensional conversion with structured recovery (docs/units.md). */
import { defineToolset } from "../core/tool.js";
import { UNIT_TOOLS, unitsSection } from "./tools.js";

export { CATALOG, type CatalogEntry } from "./catalog.js";
export { type ComputeInput, type ComputeOutput, compute, type Factor } from "./compute.js";
export { applyPlan, type ConvertInput, type ConvertOutput, checkDimensions, convert, plan } from "./convert.js";
export { COMPONENTS, type Dim, formula } from "./dimension.js";
export { EQUIVALENCES, type EquivalenceName, equivalenceBetween, equivalenceFor } from "./equivalence.js";
export { Evaluator, type Quantity } from "./evaluate.js";
export { listDimensions, listScales, listUnits } from "./listing.js";
export { parseUnit } from "./parse.js";
export { ALL_PREFIXES, type Prefix } from "./prefixes.js";
export { formatUnit, type UnitDef } from "./registry.js";
export { SessionUnits } from "./session.js";
export {
  buildAmbiguousError,
  buildDimensionMismatchError,
  buildNoPathError,
  buildParseError,
  buildUnknownUnitError,
  prefixAwareFix,
  resolveUnit,
  suggestUnit,
  UNIT_ERROR_TYPES,
  type UnitErrorType,
} from "./suggestions.js";
export { builtinUnits, compatibility, Units } from "./system.js";
export {
  checkDimensionsTool,
  computeTool,
  convertTool,
  defineConversionTool,
  defineUnitTool,
  listDimensionsTool,
  listScalesTool,
  listUnitsTool,
  resetSessionTool,
  sessionUnits,
  UNIT_TOOLS,
  unitsSection,
} from "./tools.js";

export const toolset = defineToolset({
  name: "units",
  description: "Unit conversion with dimensional and kind-of-quantity checks, factor chains, and structured recovery.",
  tools: [...UNIT_TOOLS],
  configSections: [unitsSection],
});
