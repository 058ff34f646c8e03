/**
 * Suggestion logic of the unit tools, isolated from MCP: resolveUnit and the builders of each error type. Unit typos
 * are not applied unless the caller opts in (a wrong guess silently changes a number): a confident fix is a likely_fix
 * in the "kilogram (kg)" format, which the resolver accepts back verbatim (docs/units.md, Errors).
 */

import type { ToolError } from "../core/errors.js";
import { confirmScore, osa } from "../core/similarity.js";
import { DEFAULT_THRESHOLDS, editBudget, type Suggestion } from "../core/suggest.js";
import { type Dim, equal } from "./dimension.js";
import type { Quantity, UnitFailure } from "./evaluate.js";
import type { ParseFailure } from "./parse.js";
import { PREFIX_BY_NAME, PREFIX_BY_SYMBOL, type Prefix } from "./prefixes.js";
import { decompose, qualifiersOnly } from "./qualifiers.js";
import { buildAmbiguousError } from "./refusals.js";
import { formatUnit, type Term, termFactor, termLabel, type UnitDef } from "./registry.js";
import { compatibility, type Units } from "./system.js";
import { tidy } from "./tidy.js";
import { type ArgumentPatch, stepText, unitError, type Where } from "./unit-error.js";
import { RefusalMeter, startRefusal } from "./work.js";

export {
  buildAmbiguousError,
  buildDimensionMismatchError,
  buildKoqError,
  buildNoPathError,
} from "./refusals.js";
export { UNIT_ERROR_TYPES, type UnitErrorType, unitError, type Where } from "./unit-error.js";

export interface ResolveOptions extends Where {
  /** Dimension of the other endpoint: narrows ambiguous spellings and orders suggestions. */
  other?: Dim;
  strict?: boolean;
  /**
   * The value the field's unit measures and where it is (`value`): a prefixed non-scalable unit then has a mechanical
   * fix, the value rescaled (`5 kft` → `{value: 5000, from_unit: "ft"}`).
   */
  value?: { parameter: string; amount: number };
  /** Errors without suggestions: a retry that checks a likely_fix only needs to know whether it fails, and where. */
  quiet?: boolean;
  /** Read a whole-field typo as the unit the core matcher would auto-correct it to, when that unit fits `other`. */
  autoCorrect?: boolean;
}

/** Resolves a unit field or throws the structured error the agent can act on. */
export function resolveUnit(units: Units, text: string, options: ResolveOptions): Quantity {
  const ev = units.evaluator.evaluate(text, {
    other: options.other,
    compatible: (a, b) => compatibility(a, b).ok,
    strict: options.strict,
  });
  if (ev.ok) return ev.q;
  const corrected = options.autoCorrect ? autoCorrection(units, ev.failure, text, options) : undefined;
  if (corrected) return corrected;
  throw failureToError(units, ev.failure, text, options);
}

/**
 * An unknown whole field read as its typo fix, recorded in `resolved` (`correction_type: "typo"`): only beside another
 * unit, and only a fix the core matcher rates for auto-correction that the checks of a likely_fix keep.
 */
function autoCorrection(units: Units, f: UnitFailure, text: string, options: ResolveOptions): Quantity | undefined {
  const atom = text.trim();
  if (f.type !== "unknown" || f.atom !== atom || options.other === undefined) return undefined;
  const suggested = suggestUnit(units, atom, options.other, undefined, startRefusal());
  if (!suggested.fix || suggested.auto === undefined) return undefined;
  const spelling = formatUnit(suggested.fix);
  const ev = units.evaluator.evaluate(spelling, {
    other: options.other,
    compatible: (a, b) => compatibility(a, b).ok,
    strict: options.strict,
  });
  if (!ev.ok) return undefined;
  const typo = { original: atom, corrected: spelling, reason: "typo", confidence: suggested.auto };
  return { ...ev.q, resolved: [...ev.q.resolved, typo], guessed: true };
}

function failureToError(units: Units, f: UnitFailure, text: string, options: ResolveOptions): ToolError {
  const work = startRefusal();
  if (options.quiet && (f.type === "unknown" || f.type === "non_scalable")) {
    return unitError(f.type === "unknown" ? "unknown_unit" : "non_scalable_unit", `Cannot read '${text}'`, options);
  }
  if (f.type === "unknown" || f.type === "non_scalable") {
    const other = options.other;
    const qualified = qualifiedFix(
      units,
      text.trim(),
      (t) => other === undefined || compatibility(t.unit.dim, other).ok,
      work,
    );
    if (qualified) {
      return unitError("unknown_unit", `Unknown unit '${text.trim()}'${stepText(options)}`, options, {
        got: text.trim(),
        likely_fix: formatUnit(qualified),
        hints: [`Did you mean ${formatUnit(qualified)}?`],
      });
    }
  }
  if (f.type === "unknown" && qualifiersOnly(f.atom) !== undefined && /\)\s*$/u.test(text)) {
    // `m/s (UK)`: a qualifier after an expression none of whose factors has such a reading.
    return unitError(
      "unknown_unit",
      `No unit in '${text.trim()}' has a (${f.atom}) reading${stepText(options)}`,
      options,
      {
        got: f.atom,
        position: f.start,
        hints: [
          `A qualifier in parentheses names the reading of the unit before it (oz/gal (UK) is oz per imperial gallon)`,
          "Write the qualified unit itself instead (gal_imp, fl_oz_imp, mi_us), or leave the qualifier out",
          "Use list_units(query=…) to see the qualified units",
        ],
      },
    );
  }
  switch (f.type) {
    case "parse":
      return buildParseError(text, f.failure, options);
    case "unknown":
      return buildUnknownUnitError(units, f.atom, text, f.start, f.end, options, work);
    case "non_scalable":
      return buildNonScalableError(units, f.atom, text, f.unit, f.prefix, options, work);
    case "ambiguous":
      return buildAmbiguousError(units, f.atom, f.start, f.candidates, options);
    case "unbounded":
      return unitError("computation_error", `${f.message}${stepText(options)}`, options, {
        got: text,
        hints: ["Write the unit without a zero or out-of-range number in it"],
      });
  }
}

export function buildParseError(text: string, failure: ParseFailure, where: Partial<Where>): ToolError {
  return unitError(
    "parse_error",
    `Cannot parse unit expression '${text}'${stepText(where)}: ${failure.message}`,
    where,
    {
      got: text,
      position: failure.position,
      likely_fix: failure.fix,
      hints: failure.hints,
    },
  );
}

interface UnitSuggestion {
  fix?: Term;
  /**
   * The core matcher's confidence when `fix` is its own match of the whole spelling, one it rates for auto-correction
   * (unique best within the edit budget, confirmed at its auto threshold); undefined for any other fix.
   */
  auto?: number;
  hints: Term[];
}

/** The core matcher on the whole spelling, then the prefix-aware pass when that gives no fix (docs/units.md, Errors). */
export function suggestUnit(
  units: Units,
  atom: string,
  other?: Dim,
  /** Whether a reading of the atom lets the field convert to the other endpoint (the whole field's test by default). */
  fitsOther?: (t: Term) => boolean,
  work = new RefusalMeter(),
): UnitSuggestion {
  const s = work.query(units.nameIndexFor([...atom].length), atom);
  const hintUnits = s.hints.map((id) => units.unitById(id)).filter((u): u is UnitDef => u !== undefined);
  const hints: Term[] = hintUnits.map((unit) => ({ unit, exp: 1 }));
  let fix: Term | undefined;
  // Confirmation: a unique best within the edit budget must also score the core's auto threshold, else it is a hint.
  if ((s.tier === "likely_fix" || s.tier === "auto") && s.likely_fix && (s.match?.confidence ?? 0) >= CONFIRM) {
    const unit = units.unitById(s.likely_fix);
    if (unit) fix = { unit, exp: 1 };
  }
  let matched: { fix: Term; auto?: number } | undefined = fix ? { fix, auto: autoGrade(s) } : undefined;
  if (!fix && s.likely_fix && (s.tier === "likely_fix" || s.tier === "auto")) {
    const unit = units.unitById(s.likely_fix);
    if (unit) hints.unshift({ unit, exp: 1 });
  }
  if (fix && [...atom].length <= 2) {
    // Tokens of one or two characters get no fix (`k` is not kelvin): the candidate becomes a hint.
    hints.unshift(fix);
    fix = undefined;
  }
  const fits = (t: Term) => (fitsOther ? fitsOther(t) : other === undefined || compatibility(t.unit.dim, other).ok);
  if (fix && !fits(fix)) {
    // A likely_fix must lead to a call that can succeed: a unit the other endpoint cannot convert to (`hrem` → rem
    // beside kg) is a hint, never the fix.
    hints.unshift(fix);
    fix = undefined;
  }
  if (!fix && other && [...atom].length > 2) fix = fixByDimension(units, atom, s.candidates, fits);
  // The prefix-aware reading competes with a whole-token fix: `centigra` is one edit from centigram but two from
  // centigrade, so the fewer edits win; a tie is no fix.
  // (A whole-token fix one edit away can only be tied, not beaten: the prefix pass runs when there is no fix or the
  // fix took two edits.)
  const wholeDistance = fix ? (s.match?.distance ?? 0) : Number.POSITIVE_INFINITY;
  const prefixed = wholeDistance >= 2 ? prefixAwareMatch(units, atom, fits, work) : undefined;
  if (prefixed) {
    const wholeEdits = fix ? (s.match?.distance ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
    if (!fix || prefixed.edits < wholeEdits) {
      fix = prefixed.term;
      matched = { fix, auto: prefixed.auto };
    } else if (prefixed.edits === wholeEdits && !sameQuantity(fix, prefixed.term)) {
      hints.unshift(fix, prefixed.term);
      fix = undefined;
    }
  }
  if (other) {
    // Units that fit the other endpoint first.
    hints.sort((a, b) => Number(!compatibility(b.unit.dim, other).ok) - Number(!compatibility(a.unit.dim, other).ok));
  }
  // A spelling that names a qualifier (imperial, survey, troy) is only fixed to a unit that carries it: the imperial
  // fluid ounce is never "fixed" to the US one, 4 % larger.
  const qualifiers = decompose(atom, true)?.qualifiers;
  if (fix && qualifiers !== undefined && !units.system.qualifiedIndex.carries(fix.unit, qualifiers)) {
    hints.unshift(fix);
    fix = undefined;
  }
  if (fix && wordsOf(atom).length > 1 && !sameShape(atom, fix.unit)) {
    hints.unshift(fix);
    fix = undefined;
  }
  // With a fix, other candidates are noise unless they fit the other endpoint.
  const rest = hints.filter((h) => h.unit !== fix?.unit || h.prefix !== fix?.prefix);
  return {
    fix,
    auto: fix !== undefined && fix === matched?.fix ? matched.auto : undefined,
    hints: fix ? rest.filter((h) => other !== undefined && compatibility(h.unit.dim, other).ok) : rest,
  };
}

/** The confidence of a match the core would have auto-corrected, had the query allowed it (units queries never do). */
function autoGrade(s: Suggestion): number | undefined {
  return s.blocked_reason === "disabled" ? s.match?.confidence : undefined;
}

/**
 * The other endpoint's dimension settles what the spelling alone cannot, counting each unit once (`hr` and `hour` are
 * one hour):
 * - two units one edit away (`mle`: mole, mile): when exactly one of the closest fits (`mle → km`), it is the fix;
 * - a three-letter input needs a two-edit lead over the runner-up, and among the units that fit it may have one
 *   (`hur` beside `s`: hour one edit away, no other time unit within two; hartley, two away, is not a time unit).
 */
function fixByDimension(
  units: Units,
  atom: string,
  candidates: readonly Candidate[],
  fits: (t: Term) => boolean,
): Term | undefined {
  const length = [...atom].length;
  const budget = editBudget(length);
  const best = Math.min(...candidates.map((c) => c.distance));
  if (!Number.isFinite(best) || best === 0 || best > budget) return undefined;
  const [first, second] = fittingUnits(units, candidates, (unit) => fits({ unit, exp: 1 }));
  if (!first || first.distance !== best || first.confidence < CONFIRM) return undefined;
  const tiedOverall = new Set(candidates.filter((c) => c.distance === best).map((c) => units.unitById(c.target)?.id))
    .size;
  // Only the two refusals the dimension resolves: a tie between units, and the short-input lead.
  const lead = tiedOverall > 1 ? 1 : length <= 3 && best === 1 ? 2 : undefined;
  if (lead === undefined) return undefined;
  return second === undefined || second.distance >= first.distance + lead ? { unit: first.unit, exp: 1 } : undefined;
}

type Candidate = { target: string; distance: number; confidence: number };

/** The candidates' units that `fits` admits, each once at its closest spelling, closest first. */
function fittingUnits(
  units: Units,
  candidates: readonly Candidate[],
  fits: (u: UnitDef) => boolean,
): Array<{ unit: UnitDef; distance: number; confidence: number }> {
  const byUnit = new Map<string, { unit: UnitDef; distance: number; confidence: number }>();
  for (const c of candidates) {
    const unit = units.unitById(c.target);
    if (!unit || !fits(unit)) continue;
    const seen = byUnit.get(unit.id);
    if (!seen || c.distance < seen.distance)
      byUnit.set(unit.id, { unit, distance: c.distance, confidence: c.confidence });
  }
  return [...byUnit.values()].sort((a, b) => a.distance - b.distance);
}

/**
 * A whole field that names qualifiers (`imperial galon`, `survey fot`, `imperal gallon`): fixed only among the units
 * that carry the same qualifiers, by the rest of the spelling; a qualifier word may be one edit off.
 */
function qualifiedFix(
  units: Units,
  text: string,
  fits: (t: Term) => boolean,
  work = new RefusalMeter(),
): Term | undefined {
  const d = decompose(text, true);
  if (!d) return undefined;
  const index = units.system.qualifiedIndex;
  const exact = index
    .lookupDecomposed(d)
    .map((unit) => ({ unit, exp: 1 }))
    .filter(fits);
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) return undefined;
  const bases = index.baseIndex(d.qualifiers);
  if (!bases || [...d.base].length < 3) return undefined;
  const s = work.query(bases.index, d.base);
  const best = new Map<UnitDef, { distance: number; confidence: number }>();
  for (const c of s.candidates) {
    const unit = bases.units[Number(c.target.slice(1))];
    if (!unit || c.distance > editBudget([...d.base].length) || !fits({ unit, exp: 1 })) continue;
    const prev = best.get(unit);
    if (!prev || c.distance < prev.distance) best.set(unit, c);
  }
  const ranked = [...best].sort((a, b) => a[1].distance - b[1].distance);
  // Unique best by distance (`tup_us` is cup or tsp: no fix), then confirmed.
  if (ranked.length === 0 || (ranked.length > 1 && ranked[1][1].distance === ranked[0][1].distance)) return undefined;
  return ranked[0][1].confidence >= CONFIRM ? { unit: ranked[0][0], exp: 1 } : undefined;
}

/** `kilomter` → kilometer, `mililiter` → milliliter: a prefix name (4+ letters may be one edit off) + a unit name. */
export function prefixAwareFix(units: Units, atom: string): Term | undefined {
  return prefixAwareMatch(units, atom)?.term;
}

/** `kilopond` and kilo + pond: two spellings of one unit are no tie. */
function sameQuantity(a: Term, b: Term): boolean {
  return Math.abs(termFactor(a) / termFactor(b) - 1) < 1e-12 && equal(a.unit.dim, b.unit.dim);
}

function prefixAwareMatch(
  units: Units,
  atom: string,
  fits: (t: Term) => boolean = () => true,
  work = new RefusalMeter(),
): { term: Term; edits: number; auto?: number } | undefined {
  const budget = editBudget(atom.length);
  if (budget === 0) return undefined;
  const lower = atom.toLowerCase();
  const found = new Map<string, { term: Term; edits: number; rebuilt: string; auto?: number }>();
  for (const [pname, p] of PREFIX_BY_NAME) {
    for (let k = Math.max(1, pname.length - 1); k <= pname.length + 1 && k < lower.length; k++) {
      const head = lower.slice(0, k);
      const prefixEdits = head === pname ? 0 : pname.length >= 4 ? osa(head, pname, 1) : 2;
      if (prefixEdits > 1) continue;
      const rest = lower.slice(k);
      if (rest.length < 3) continue;
      const s = work.query(units.prefixIndex(p, rest.length).names, rest);
      // Every candidate counts, ties included: `kiloleter` is kilometer or kiloliter, so neither is a fix.
      const near = s.tier === "auto" && s.match ? [s.match] : s.candidates;
      for (const c of near) {
        const edits = prefixEdits + c.distance;
        // Confidence confirms the winner below, never thins the field first: a poorly scored candidate at the same
        // distance is still a tie (`tup_us`: cup or tsp).
        if (edits > budget) continue;
        const unit = units.unitById(c.target);
        // Readings the other endpoint cannot take are no candidates (`centigra` beside kg: centigram, not centigray).
        if (!unit || !fits({ unit, prefix: p, exp: 1 })) continue;
        const key = unit.id;
        const prev = found.get(key);
        // Rated for auto-correction when the prefix is written exactly and the core rates the rest's match so.
        const auto = prefixEdits === 0 && c.target === s.match?.target ? autoGrade(s) : undefined;
        if (!prev || edits < prev.edits)
          found.set(key, { term: { unit, prefix: p, exp: 1 }, edits, rebuilt: pname + unit.name, auto });
      }
    }
  }
  if (found.size === 0) return undefined;
  const ranked = [...found.values()].sort((a, b) => a.edits - b.edits);
  if (ranked.length > 1 && ranked[1].edits === ranked[0].edits) return undefined;
  const best = ranked[0];
  return confirmScore(lower, best.rebuilt.toLowerCase()) >= CONFIRM ? best : undefined;
}

/** Confirmation score of a unit fix: the core matcher's bar for auto-correction, since a unit fix changes a number. */
const CONFIRM = DEFAULT_THRESHOLDS.autoThreshold;

export function buildUnknownUnitError(
  units: Units,
  atom: string,
  text: string,
  start: number,
  end: number,
  options: ResolveOptions,
  work = new RefusalMeter(),
): ToolError {
  const whole = text.trim() === atom;
  const phrase = text.trim();
  // A phrase of words (`square uinch`, `droy gallon`) is a multi-word name with a slip far more often than a product
  // of units: it is fixed as a whole or not at all, never by turning one word into another unit (`quire uinch`).
  if (!whole && isPhrase(phrase))
    return buildUnknownUnitError(units, phrase, phrase, 0, [...phrase].length, options, work);
  const chars = Array.from(text);
  const replaceWith = (s: string) => chars.slice(0, start).join("") + s + chars.slice(end).join("");
  const replace = (t: Term) => replaceWith(termLabel(t));
  const other = options.other;
  // Inside a composite (`gramm/L` beside kg/m³) the test is on the repaired expression, not on the atom alone; when
  // the rest of it does not resolve either (another unknown unit), no repair of this atom can work, and none is tried.
  const restResolves = whole || units.evaluator.evaluate(replaceWith("1")).ok;
  const fitsOther =
    (other === undefined && restResolves) || whole
      ? undefined
      : (t: Term) => {
          if (!restResolves || other === undefined || !work.chargeEvaluation()) return false;
          const ev = units.evaluator.evaluate(replace(t));
          return ev.ok && compatibility(ev.q.dim, other).ok;
        };
  const suggested = suggestUnit(units, atom, other, fitsOther, work);
  // Past the allowance some candidate went untested, so a fix could hide a tie: hints only.
  if (work.exhausted && suggested.fix) {
    suggested.hints.unshift(suggested.fix);
    suggested.fix = undefined;
  }
  const hints = suggested.hints;
  // Two lower-case letters are not read in another case (`to`), but one unit in another case that fits is the fix
  // (`kw` beside W → kilowatt).
  const fix =
    suggested.fix ??
    caseFix(units, atom, (t) =>
      fitsOther ? fitsOther(t) : other === undefined || compatibility(t.unit.dim, other).ok,
    );
  const likely_fix = fix ? (whole ? formatUnit(fix) : replace(fix)) : undefined;
  const hintText: string[] = [];
  // Short spellings: case variants and bare prefixes (`k` → kelvin (K), kilo).
  if ([...atom].length <= 3) {
    for (const v of units.system.caseVariants(atom).slice(0, 2)) {
      const r = units.evaluator.atom(v).readings;
      if (r.length === 1 && r[0].terms.length === 1) hintText.push(formatUnit(r[0].terms[0]));
    }
    const prefix = PREFIX_BY_SYMBOL.find(([s]) => s === atom)?.[1];
    if (prefix) {
      hintText.push(
        `'${atom}' is the prefix ${prefix.name} (×${prefix.factor}): attach it to a unit, e.g. ${atom}m, ${atom}g`,
      );
    }
  }
  for (const h of hints) {
    const f = formatUnit(h);
    if (!hintText.includes(f)) hintText.push(`Did you mean ${f}?`);
  }
  if (!fix && hintText.length === 0) hintText.push("No similar units found");
  if (
    !fix &&
    hintText.length > 0 &&
    !hintText.includes("No similar units found") &&
    /^[a-zµ]{1,2}(?:[A-Z]|[a-z]{4,})/u.test(atom)
  ) {
    hintText.push("For scaled variants, combine a prefix and a unit (see list_scales)");
  }
  const dimensionName = options.other ? units.dimensionName(options.other) : undefined;
  hintText.push(
    dimensionName
      ? `Use list_units(dimension="${dimensionName}") to see matching units`
      : "Use list_units() to see all available units",
  );
  const inside = whole ? "" : ` in '${text}'`;
  return unitError("unknown_unit", `Unknown unit '${atom}'${inside}${stepText(options)}`, options, {
    got: atom,
    position: whole ? undefined : start,
    likely_fix,
    hints: fix ? hintText.filter((h) => !h.includes(formatUnit(fix))).slice(0, 2) : hintText,
  });
}

/** The one single-term reading of the atom in another letter case that fits, for two-letter atoms. */
function caseFix(units: Units, atom: string, fits: (t: Term) => boolean): Term | undefined {
  if ([...atom].length !== 2) return undefined;
  const fitting = units.system
    .caseVariants(atom)
    .flatMap((v) => units.evaluator.atom(v).readings)
    .filter((r) => r.terms.length === 1 && r.terms[0].exp === 1 && fits(r.terms[0]));
  return fitting.length === 1 ? fitting[0].terms[0] : undefined;
}

/** Two to four words of letters, one of them 4+ long: how multi-word unit names are written (`inch of water`). */
function isPhrase(text: string): boolean {
  const words = wordsOf(text);
  return /^\p{L}+(?:[\s-]+\p{L}+){1,3}$/u.test(text) && words.some((w) => w.length >= 4);
}

const wordsOf = (s: string) => s.split(/[\s_-]+/u).filter((w) => w !== "");

/**
 * A fix of a multi-word spelling must itself be a spelling of as many words, near the input word for word in all:
 * `ton net` is not `tonne` because the letters run together.
 */
function sameShape(phrase: string, unit: UnitDef): boolean {
  const n = wordsOf(phrase).length;
  const flat = wordsOf(phrase).join(" ").toLowerCase();
  const budget = editBudget([...flat].length);
  return [...unit.names, ...unit.symbols].some(
    (s) => wordsOf(s).length === n && osa(wordsOf(s).join(" ").toLowerCase(), flat, budget) <= budget,
  );
}

/** Kilo, milli, centi, deci, hecto, deca (and kibi): the prefixes a rescaled call may take on a unit without them. */
const MAX_RESCALE_DECADES = 3.1;

function buildNonScalableError(
  units: Units,
  atom: string,
  text: string,
  unit: UnitDef,
  prefix: Prefix,
  options: ResolveOptions,
  work = new RefusalMeter(),
): ToolError {
  const label = unit.symbol ?? unit.name;
  const whole = text.trim() === atom;
  // The rescaled call is only a fix when the unit can convert to the other endpoint (`hrem` beside kg is no rem)...
  const fits = (u: UnitDef) => options.other === undefined || compatibility(u.dim, options.other).ok;
  // ...when no other unit that fits is a typo away (`yrd` beside m is yocto-rod or a yard), and when the prefix is
  // within three decades: `ztablespoons` is far likelier a typo than zepto-tablespoons, and a wrong 1e-21 is silent.
  const typo = typoReading(units, atom, unit, fits, work);
  const plausible = Math.abs(Math.log10(prefix.factor)) <= MAX_RESCALE_DECADES;
  // A prefix symbol on a unit's name (`meach`, `mitem`) is no form anyone writes for a scaled unit (that is `mea`,
  // or `millieach`): it is as likely a stray letter before the name, which would mean a factor of 1. Only the forms
  // of the SI (symbol on symbol `kft`, name on name `kilofoot`) are rescaled.
  const mixed = strayLetter(atom, unit, prefix);
  const value = options.value;
  const likely_fix: ArgumentPatch | undefined =
    whole && fits(unit) && !typo && plausible && !mixed && value
      ? { [value.parameter]: tidy(value.amount * prefix.factor), [options.parameter]: label }
      : undefined;
  const hints = [
    `Use ${label} and scale the value by ${prefix.factor}`,
    unit.prefixes === "multiples" ? `${unit.name} takes only multiples (k, M, G…)` : `${unit.name} is not scalable`,
  ];
  if (mixed) hints.unshift(`If '${mixed}' is a stray letter, the unit is ${formatUnit({ unit })}`);
  if (typo) hints.unshift(`Did you mean ${formatUnit({ unit: typo })}?`);
  return unitError(
    "non_scalable_unit",
    `'${atom}' puts the prefix ${prefix.name} on ${unit.name}, which takes no prefixes${stepText(options)}`,
    options,
    { got: atom, expected: label, likely_fix, hints },
  );
}

/**
 * The prefix symbol when `atom` is that symbol glued to a spelling of 4+ characters (`m` in `meach`, `msqft`), else
 * undefined. The SI's own forms are a prefix symbol on a short unit symbol (`kft`, `mB`) and a prefix name on a name
 * (`kilofoot`); a lone letter before a longer spelling is as likely a stray key.
 */
function strayLetter(atom: string, unit: UnitDef, prefix: Prefix): string | undefined {
  for (const psym of [prefix.symbol, ...prefix.aliases]) {
    if (!atom.startsWith(psym)) continue;
    const rest = atom.slice(psym.length);
    if ([...rest].length >= 4 && (unit.names.includes(rest) || unit.symbols.includes(rest))) return psym;
  }
  return undefined;
}

/** A unit other than `unit` within the atom's edit budget that fits the other endpoint, if any. */
function typoReading(
  units: Units,
  atom: string,
  unit: UnitDef,
  fits: (u: UnitDef) => boolean,
  work: RefusalMeter,
): UnitDef | undefined {
  const budget = editBudget([...atom].length);
  const { candidates } = work.query(units.nameIndexFor([...atom].length), atom);
  return fittingUnits(units, candidates, (u) => u.id !== unit.id && fits(u)).find(
    (f) => f.distance > 0 && f.distance <= budget && f.confidence >= CONFIRM,
  )?.unit;
}
