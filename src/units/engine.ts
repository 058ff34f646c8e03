/**
 * dwim/units/engine: the conversion engine without the MCP tool layer (no zod, no schemas), for libraries that convert
 * units in-process and care about start-up time. The errors are the same structured ToolErrors as the tools', except
 * that a fix of several arguments is an argument patch, which the tools turn into the whole call (docs/units.md,
 * Library use without the tool layer).
 */
export { type ComputeInput, type ComputeOutput, compute, type Factor } from "./compute.js";
export { type ConvertInput, type ConvertOutput, checkDimensions, convert } from "./convert.js";
export { listDimensions, listScales, listUnits } from "./listing.js";
export { parseUnit } from "./parse.js";
export { formatUnit, type UnitDef } from "./registry.js";
export { UNIT_ERROR_TYPES, type UnitErrorType } from "./suggestions.js";
export { builtinUnits, Units } from "./system.js";
