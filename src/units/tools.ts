/**
 * The unit tools as definitions: thin handlers over the pure functions of src/units. The engine's fixes that change
 * several arguments are argument patches; here, where the tool's name and the call are known, they become the whole
 * call to make, which is what a model can apply at once.
 */
import * as z from "zod";
import { defineConfigSection, sectionOf } from "../core/config.js";
import { isToolError } from "../core/errors.js";
import { applyLikelyFix, argumentPatch } from "../core/fix.js";
import { defineTool, type ToolContext } from "../core/tool.js";
import { compute } from "./compute.js";
import { type ConvertInput, checkDimensions, convert } from "./convert.js";
import { checkKind, listDimensions, listScales, listUnits } from "./listing.js";
import {
  checkDimensionsOutput,
  computeOutput,
  convertOutput,
  definedOutput,
  listDimensionsOutput,
  listScalesOutput,
  listUnitsOutput,
  resetOutput,
} from "./outputs.js";
import { SessionUnits } from "./session.js";
import { builtinUnits, type Units } from "./system.js";

export const unitsSection = defineConfigSection({
  key: "units",
  schema: z
    .strictObject({
      /** Opt-in: apply single-edit unit typo fixes that fit the other endpoint's dimension (reported in did_you_mean). */
      auto_correct: z.boolean().default(false),
      /** Reject `a/b*c` instead of reading it left to right with a hint. */
      strict_syntax: z.boolean().default(false),
    })
    .default({ auto_correct: false, strict_syntax: false }),
  env: { DWIM_UNITS_AUTO_CORRECT: "auto_correct", DWIM_UNITS_STRICT_SYNTAX: "strict_syntax" },
});

const TOOLSET = "units";
const SESSION_KEY = "units";

/** The session's own units (one SessionState per MCP session, so sessions never see each other's units). */
export function sessionUnits(ctx: ToolContext): SessionUnits {
  return ctx.session.get(SESSION_KEY, () => new SessionUnits(builtinUnits()));
}

const customUnit = z.object({
  name: z.string(),
  dimension: z.string(),
  symbol: z.string().optional(),
  aliases: z.array(z.string()).optional(),
  kind: z.string().optional(),
  scalable: z.boolean().optional(),
});
const customEdge = z.object({
  src: z.string(),
  dst: z.string(),
  factor: z.number(),
  offset: z.number().optional(),
});

/** Units for one call: the session's, plus inline custom units for stateless clients. */
function unitsFor(
  ctx: ToolContext,
  custom?: { units?: Array<z.infer<typeof customUnit>>; edges?: Array<z.infer<typeof customEdge>> },
): Units {
  const session = sessionUnits(ctx);
  if (!custom?.units?.length && !custom?.edges?.length) return session.units;
  const scratch = session.clone();
  for (const [i, u] of (custom.units ?? []).entries()) scratch.defineUnit(u, `custom_units[${i}]`);
  for (const [i, e] of (custom.edges ?? []).entries()) scratch.defineConversion(e, `custom_edges[${i}]`);
  return scratch.units;
}

const fmt = (x: unknown) => (typeof x === "number" ? String(Number(x.toPrecision(10))) : String(x));

/** Runs a tool's engine call; an error whose likely_fix is an argument patch gets the whole call instead. */
function asWholeCalls<T>(name: string, args: Record<string, unknown>, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (isToolError(e) && argumentPatch(e.payload)) {
      e.payload.likely_fix = applyLikelyFix({ name, arguments: args }, e.payload);
    }
    throw e;
  }
}

export const convertTool = defineTool({
  name: "convert",
  title: "Convert units",
  description: "Convert a value between units (mg/dL→mmol/L with a molar mass in context).",
  details:
    'Refuses dimension and kind-of-quantity mismatches (J vs N·m, Gy vs Sv) with a structured error; unknown units get a likely_fix like "kilogram (kg)".',
  examples: [
    "convert 10 kilometers to miles",
    "how many ounces are in a kilogram",
    "what is 72 fahrenheit in celsius",
    "5 feet 11 inches in centimeters",
    "change 250 grams into cups of flour",
    "glucose 5.5 mmol/L in mg/dL",
    "how many bytes is 3 gigabytes",
    "how many liters is 2 gallons",
    "turn 30 celsius into fahrenheit",
    "what is 100 km/h in mph",
    "express 1500 meters in miles",
  ],
  toolset: TOOLSET,
  keywords: [
    "units",
    "convert",
    "conversion",
    "how many",
    "measure",
    "metric",
    "imperial",
    "miles",
    "kilometers",
    "feet",
    "grams",
    "pounds",
    "celsius",
    "fahrenheit",
    "si",
  ],
  aliases: ["convert_units", "unit_convert"],
  input: {
    value: z.number(),
    from_unit: z.string().describe("kg, km/h, °F, …"),
    to_unit: z.string(),
    kind: z.string().optional().describe("Kind of quantity of the value (energy, torque, absorbed_dose, …)"),
    target_kind: z.string().optional().describe("Kind of quantity of the target, when it differs from kind"),
    koq_policy: z.enum(["refuse", "warn"]).optional().describe("Kind-of-quantity mismatch: refuse (default) or warn"),
    delta: z.boolean().optional().describe("Temperature differences, not points"),
    context: z
      .object({
        molar_mass: z.union([z.number(), z.string()]).optional(),
        density: z.union([z.number(), z.string()]).optional(),
      })
      .optional()
      .describe("molar_mass (g/mol) for mass↔amount, density (g/mL) for mass↔volume"),
    equivalence: z
      .enum(["reciprocal", "spectral"])
      .optional()
      .describe("Relate different dimensions: reciprocal (Hz → period), spectral (nm ↔ THz ↔ eV ↔ 1/cm)"),
    valence: z
      .number()
      .optional()
      .describe("Charge number of the ion, to relate equivalents to moles (mEq/L ↔ mmol/L: 2 for Ca²⁺)"),
    particles: z
      .number()
      .optional()
      .describe(
        "Particles per formula unit (van 't Hoff factor), to relate osmoles to moles (mOsm/L ↔ mmol/L: 2 for NaCl)",
      ),
    custom_units: z.array(customUnit).optional().describe("Units defined for this call only"),
    custom_edges: z.array(customEdge).optional().describe("Conversions for custom_units: dst = src·factor + offset"),
    strict_syntax: z.boolean().optional().describe("Reject ambiguous a/b*c instead of reading it left to right"),
  },
  paramAliases: { from: "from_unit", to: "to_unit", amount: "value" },
  advanced: [
    "kind",
    "target_kind",
    "koq_policy",
    "context",
    "equivalence",
    "valence",
    "particles",
    "custom_units",
    "custom_edges",
    "strict_syntax",
  ],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { command: "convert" },
  output: convertOutput,
  handler(args, ctx) {
    const settings = sectionOf(ctx.config, unitsSection);
    const units = unitsFor(ctx, { units: args.custom_units, edges: args.custom_edges });
    // Kinds of quantity are open-ended (enthalpy vs Gibbs energy): a declared kind outside the catalog is accepted
    // unless it looks like a typo of a known one.
    if (args.kind) checkKind(units, args.kind, "kind", true);
    if (args.target_kind) checkKind(units, args.target_kind, "target_kind", true);
    const input: ConvertInput = {
      value: args.value,
      from_unit: args.from_unit,
      to_unit: args.to_unit,
      kind: args.kind,
      target_kind: args.target_kind,
      koq_policy: args.koq_policy,
      delta: args.delta,
      context: args.context,
      equivalence: args.equivalence,
      valence: args.valence,
      particles: args.particles,
      strict_syntax: args.strict_syntax ?? settings.strict_syntax,
    };
    return asWholeCalls("convert", args, () => convert(units, input, { autoCorrect: settings.auto_correct }));
  },
  render: (o) =>
    `${fmt(o.quantity)} ${String(o.unit)}${Array.isArray(o.warnings) ? `\nwarnings: ${o.warnings.join("; ")}` : ""}`,
});

const factorSchema = z.object({
  value: z.number().optional(),
  numerator: z.string().optional(),
  denominator: z.string().optional(),
});

export const computeTool = defineTool({
  name: "compute",
  title: "Compute a factor chain",
  description: "Multiply a quantity through a chain of conversion factors (dosage, rates) with dimensional tracking.",
  details:
    "A factor's value defaults to 1; its numerator and denominator are units, each optionally with a number " +
    '("2.205 lb"). Each failing step is located (step, factors[i].numerator), and factors whose numerator and ' +
    "denominator measure the same thing are checked numerically (1 kg / 2.0 lb is flagged).",
  examples: [
    "calculate the dose for a child weighing 18 kg at 10 mg per kg",
    "how long does it take to travel 450 km at 90 km per hour",
    "work out the flow rate in drops per minute for 1 liter over 8 hours",
    "multiply 3 hours by 65 miles per hour and give the distance in kilometers",
    "what is the energy of 2 kilowatts running for 90 minutes in kWh",
    "chain these conversion factors to get the answer in grams",
    "dimensional analysis for this rate problem",
    "how many tablets a day for 40 mg per kg per day at 250 mg per tablet for a 25 kg child",
    "what does 12 liters per minute for 45 minutes come to in cubic meters",
    "work out the cost of 350 kWh at 0.28 euros per kWh",
    "calculate the total weight of 24 boxes at 3.5 kg each in pounds",
  ],
  toolset: TOOLSET,
  keywords: ["units", "dimensional analysis", "factor label", "dosage", "chain", "calculation"],
  aliases: ["compute_units", "factor_chain"],
  input: {
    initial_value: z.number(),
    initial_unit: z.string(),
    factors: z
      .array(factorSchema)
      .describe('Applied in order, each value × numerator / denominator: {numerator: "2.205 lb", denominator: "1 kg"}'),
    expected_unit: z.string().optional().describe("Unit to give the result in"),
    audit: z
      .enum(["error", "warn", "off"])
      .optional()
      .describe("Numeric check of same-quantity factors (default error)"),
    tolerance: z.number().min(0).max(1).optional().describe("Relative tolerance of the audit (default 1e-3)"),
    valence: z
      .number()
      .optional()
      .describe("Charge number of the ion, when expected_unit turns equivalents into moles or back"),
    particles: z
      .number()
      .optional()
      .describe("Particles per formula unit, when expected_unit turns osmoles into moles or back"),
    custom_units: z.array(customUnit).optional().describe("Units defined for this call only"),
    custom_edges: z.array(customEdge).optional().describe("Conversions for custom_units: dst = src·factor + offset"),
  },
  advanced: ["audit", "tolerance", "valence", "particles", "custom_units", "custom_edges"],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { command: "compute" },
  output: computeOutput,
  handler(args, ctx) {
    const { custom_units, custom_edges, ...input } = args;
    const units = unitsFor(ctx, { units: custom_units, edges: custom_edges });
    return asWholeCalls("compute", args, () => compute(units, input));
  },
  render: (o) => `${fmt(o.quantity)} ${String(o.unit)}`,
});

export const checkDimensionsTool = defineTool({
  name: "check_dimensions",
  title: "Check dimensional compatibility",
  description: "Tell whether two units convert into each other (same dimension and kind of quantity), with the factor.",
  details: "Also returns both dimensions; the answer agrees exactly with convert's.",
  examples: [
    "can I convert liters to kilograms",
    "are pascals and newtons per square meter the same dimension",
    "is a kilowatt hour compatible with joules",
    "do these two units measure the same kind of quantity",
    "check whether miles per gallon converts to liters per 100 km",
    "is torque commensurable with energy",
    "can joules be converted to watts",
    "is a newton metre the same kind of thing as a joule",
    "do grams and milliliters measure the same quantity",
    "are knots and meters per second compatible",
  ],
  toolset: TOOLSET,
  keywords: ["units", "dimension", "compatible", "commensurable", "same dimension", "comparable", "check"],
  aliases: ["check_units", "compare_dimensions"],
  input: {
    unit_a: z.string(),
    unit_b: z.string(),
  },
  paramAliases: { unit1: "unit_a", unit2: "unit_b" },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  output: checkDimensionsOutput,
  handler(args, ctx) {
    return asWholeCalls("check_dimensions", args, () =>
      checkDimensions(sessionUnits(ctx).units, args.unit_a, args.unit_b),
    );
  },
});

export const listUnitsTool = defineTool({
  name: "list_units",
  title: "List units",
  description: "List known units, filtered by dimension, kind of quantity or name; paginated.",
  details: "Built-in units and the ones this session defined; query matches a substring or an approximate name.",
  examples: [
    "which units of length do you support",
    "list the volume units you know",
    "what units are available for temperature",
    "show me all the pressure units",
    "what symbols can I use for energy",
    "give me the catalog of supported units",
    "what units can I use for speed",
    "show the mass units",
    "which energy units are supported",
    "name the units of area you know",
  ],
  toolset: TOOLSET,
  keywords: ["units", "list", "catalog", "available", "known", "supported", "which units", "what units", "symbols"],
  input: {
    dimension: z.string().optional().describe("length, pressure, … (list_dimensions)"),
    kind: z.string().optional().describe("Kind of quantity: torque, …"),
    query: z.string().optional(),
    limit: z.number().int().min(1).max(500).optional(),
    cursor: z.string().optional().describe("next_cursor of the previous page"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  output: listUnitsOutput,
  handler(args, ctx) {
    return listUnits(sessionUnits(ctx).units, args);
  },
});

export const listScalesTool = defineTool({
  name: "list_scales",
  title: "List prefixes",
  description: "List SI and binary prefixes (kilo, Ki, …) with their factors.",
  details: "SI prefixes run from quecto to quetta, binary ones from Ki to Yi.",
  examples: [
    "list the si prefixes",
    "what is the factor of the prefix micro",
    "show binary prefixes like kibi and mebi",
    "which prefixes can I put in front of a unit",
    "how much is nano as a power of ten",
    "what prefixes are there",
    "how many bytes is a mebi prefix worth",
    "what does the prefix giga mean",
    "list the metric multipliers from pico to tera",
  ],
  toolset: TOOLSET,
  keywords: ["units", "prefix", "scale", "kilo", "milli", "kibi"],
  input: {},
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  output: listScalesOutput,
  handler() {
    return { scales: listScales() };
  },
});

export const listDimensionsTool = defineTool({
  name: "list_dimensions",
  title: "List dimensions",
  description: "List named dimensions with their other names, formula, kinds of quantity and example units.",
  examples: [
    "which physical dimensions do you know",
    "list the dimensions with their formulas",
    "what is the dimension of force in base quantities",
    "show the kinds of quantity for energy",
    "what quantities like length, mass and time are defined",
    "what dimensions are defined",
    "which quantities can you convert between",
    "what is the formula of pressure in base dimensions",
    "list every physical quantity you support",
  ],
  toolset: TOOLSET,
  keywords: ["units", "dimension", "quantity", "physics"],
  input: {},
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  output: listDimensionsOutput,
  handler(_args, ctx) {
    return { dimensions: listDimensions(sessionUnits(ctx).units) };
  },
});

export const defineUnitTool = defineTool({
  name: "define_unit",
  title: "Define a unit",
  description: "Define a unit for this session only; give it a conversion with define_conversion.",
  details: "Other sessions never see it.",
  examples: [
    "define a unit called a banana for this session",
    "add a custom unit named story point",
    "create a new unit for my recipe called a scoop",
    "register a made-up unit I can convert with",
    "make up a unit called a football field",
    "I want to use a custom unit named sprint",
    "declare a new unit for this conversation",
    "introduce a unit called a cup of rice",
  ],
  toolset: TOOLSET,
  keywords: ["units", "custom unit", "define", "session"],
  input: {
    name: z.string(),
    dimension: z.string().describe("A dimension (list_dimensions) or a unit of it"),
    symbol: z.string().optional(),
    aliases: z.array(z.string()).optional().describe("Other spellings"),
    kind: z.string().optional().describe("Kind of quantity"),
    scalable: z.boolean().optional().describe("Takes SI prefixes (default false)"),
  },
  advanced: ["aliases", "kind", "scalable"],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  output: definedOutput,
  handler(args, ctx) {
    return sessionUnits(ctx).defineUnit(args);
  },
});

export const defineConversionTool = defineTool({
  name: "define_conversion",
  title: "Define a conversion",
  description: "Define how a session unit converts: dst = src·factor + offset (1 smoot = 1.7018 m).",
  details: "offset is 0 unless given (affine units).",
  examples: [
    "set one scoop to 60 milliliters",
    "make a banana equal 18 centimeters",
    "define the factor between my custom unit and grams",
    "specify the offset and factor for my own temperature scale",
    "one football field is 105 meters",
    "tell it that a sprint equals two weeks",
    "a cup of rice weighs 185 grams, use that",
    "give my custom unit a conversion to liters",
  ],
  toolset: TOOLSET,
  keywords: ["units", "conversion factor", "define", "session"],
  input: {
    src: z.string(),
    dst: z.string(),
    factor: z.number(),
    offset: z.number().optional(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  output: definedOutput,
  handler(args, ctx) {
    return sessionUnits(ctx).defineConversion(args);
  },
});

export const resetSessionTool = defineTool({
  name: "reset_session",
  title: "Reset session units",
  description: "Remove every unit and conversion this session defined; built-in units are untouched.",
  examples: [
    "clear the custom units I defined",
    "remove all session unit definitions",
    "reset the unit session to the defaults",
    "forget every conversion I added in this session",
    "start fresh without my custom units",
    "delete the units I defined",
    "undo all the session conversions",
    "go back to the built-in units only",
  ],
  toolset: TOOLSET,
  keywords: ["units", "reset", "clear", "session"],
  input: {},
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  output: resetOutput,
  handler(_args, ctx) {
    return { cleared: sessionUnits(ctx).reset() };
  },
});

export const UNIT_TOOLS = [
  convertTool,
  computeTool,
  checkDimensionsTool,
  listUnitsTool,
  listScalesTool,
  listDimensionsTool,
  defineUnitTool,
  defineConversionTool,
  resetSessionTool,
] as const;
