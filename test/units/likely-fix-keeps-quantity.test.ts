/**
 * A likely_fix never changes the quantity (docs/units.md, Errors). Over generated slips of every unit's spellings (one
 * deletion, insertion, substitution or adjacent swap; another letter case; the words of a qualified name in another
 * order), any likely_fix that convert, check_dimensions or compute emits, applied verbatim, gives the value the
 * intended unit gives; otherwise it must not be emitted. Spellings of one or two letters are not slipped (`k` is
 * neither kelvin nor kilo), as in the benchmark's typo recipe.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { applyLikelyFix } from "../../src/core/fix.js";
import { convert } from "../../src/units/convert.js";
import type { UnitDef } from "../../src/units/registry.js";
import { check, comp, conv, units } from "./helpers.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Spellings worth slipping: 4+ characters, letters with spaces, underscores or hyphens between them. */
const spellings: Array<{ unit: UnitDef; spelling: string }> = [];
for (const unit of units.system.allUnits()) {
  for (const s of new Set([...unit.names, ...unit.symbols])) {
    if (/^[A-Za-z][A-Za-z _-]{3,}$/u.test(s)) spellings.push({ unit, spelling: s });
  }
}

type Slip = "deletion" | "insertion" | "substitution" | "swap" | "upper" | "reorder";

function slip(word: string, kind: Slip, at: number, letter: number): string {
  const i = at % word.length;
  const c = LETTERS[letter % LETTERS.length];
  switch (kind) {
    case "deletion":
      return word.slice(0, i) + word.slice(i + 1);
    case "insertion":
      return word.slice(0, i) + c + word.slice(i);
    case "substitution":
      return word.slice(0, i) + (word[i] === c ? LETTERS[(letter + 1) % 26] : c) + word.slice(i + 1);
    case "swap": {
      const j = Math.min(i, word.length - 2);
      return word.slice(0, j) + word[j + 1] + word[j] + word.slice(j + 2);
    }
    case "upper":
      return word.toUpperCase();
    case "reorder": {
      const words = word.split(/[ _]/u);
      return words.length < 2 ? word : [...words.slice(1), words[0]].join(" ");
    }
  }
}

/**
 * A slip that is itself a spelling of another unit once case, brackets and separators are set aside (`gil_us` is
 * UCUM's [gil_us], the US gill, though it came from `gal_us`) has no intended unit but that one: such inputs are not
 * slips and are left out.
 */
function spellsAnotherUnit(input: string, unit: UnitDef): boolean {
  const s = units.nameIndexFor([...input].length).suggest(input, { allowAuto: false });
  return s.match?.distance === 0 && units.unitById(s.match.target) !== unit;
}

/** The unit itself, spelled so that it resolves on its own (its symbol, else its name). */
const plain = (u: UnitDef) => u.symbol ?? u.name;

/** The value of 1 `text` in `to`, or undefined when the call is refused. */
function converted(args: Record<string, unknown>): number | undefined {
  try {
    return convert(units, args as never).quantity;
  } catch (e) {
    if (isToolError(e)) return undefined;
    throw e;
  }
}

const cases = fc.record({
  pick: fc.nat({ max: spellings.length - 1 }),
  kind: fc.constantFrom<Slip>("deletion", "insertion", "substitution", "swap", "upper", "reorder"),
  at: fc.nat({ max: 63 }),
  letter: fc.nat({ max: 25 }),
});

describe("a likely_fix never changes the quantity", () => {
  it("convert: a fix for a slipped spelling converts to the intended unit's value, beside the intended unit", () => {
    let fixes = 0;
    fc.assert(
      fc.property(cases, ({ pick, kind, at, letter }) => {
        const { unit, spelling } = spellings[pick];
        const input = slip(spelling, kind, at, letter);
        if (input === spelling || units.evaluator.evaluate(input).ok || spellsAnotherUnit(input, unit)) return true;
        const to = plain(unit);
        const call = { name: "convert", arguments: { value: 1, from_unit: input, to_unit: to } };
        const o = conv(1, input, to);
        if (o.ok) return Math.abs(o.out.quantity - 1) < 1e-9;
        const fixed = applyLikelyFix(call, o.error);
        if (!fixed) return true;
        fixes++;
        const value = converted(fixed.arguments as Record<string, unknown>);
        return value !== undefined && Math.abs(value - 1) < 1e-9;
      }),
      { numRuns: 1500, seed: 16 },
    );
    expect(fixes).toBeGreaterThan(100);
  });

  it("compute (no other unit to lean on): a fix of initial_unit leads to the intended unit", () => {
    fc.assert(
      fc.property(cases, ({ pick, kind, at, letter }) => {
        const { unit, spelling } = spellings[pick];
        const input = slip(spelling, kind, at, letter);
        if (input === spelling || units.evaluator.evaluate(input).ok || spellsAnotherUnit(input, unit)) return true;
        const args = { initial_value: 1, initial_unit: input, factors: [] };
        const o = comp(args);
        if (o.ok || o.error.likely_fix === undefined) return true;
        const fixed = applyLikelyFix({ name: "compute", arguments: args }, o.error);
        if (!fixed) return true;
        const again = comp({ ...(fixed.arguments as typeof args), expected_unit: plain(unit) });
        return again.ok && Math.abs(again.out.quantity - 1) < 1e-9;
      }),
      { numRuns: 800, seed: 1616 },
    );
  });

  it("check_dimensions: a fix leads to a call that answers, with factor 1 against the intended unit", () => {
    fc.assert(
      fc.property(cases, ({ pick, kind, at, letter }) => {
        const { unit, spelling } = spellings[pick];
        const input = slip(spelling, kind, at, letter);
        if (input === spelling || units.evaluator.evaluate(input).ok || spellsAnotherUnit(input, unit)) return true;
        const args = { unit_a: input, unit_b: plain(unit) };
        const o = check(args.unit_a, args.unit_b);
        if (o.ok || o.error.likely_fix === undefined) return true;
        const fixed = applyLikelyFix({ name: "check_dimensions", arguments: args }, o.error);
        if (!fixed) return true;
        const a = fixed.arguments as typeof args;
        const again = check(a.unit_a, a.unit_b);
        return again.ok && again.out.compatible && Math.abs((again.out.factor ?? 1) - 1) < 1e-9;
      }),
      { numRuns: 800, seed: 161616 },
    );
  });

  it("a dimension mismatch is never fixed with an equivalence for a spelling read by a guess", () => {
    // Nmi read as N·mi (a torque): the spectral relation would give 1.2e-31 m. Beside a length it is the nautical mile.
    const nmi = conv(1, "Nmi", "km");
    expect(nmi.ok && nmi.out.quantity).toBeCloseTo(1.852, 12);
    for (const [from, to] of [
      ["N*mi", "m"],
      ["N·m", "nm"],
      ["lbf·ft", "THz"],
    ]) {
      const o = conv(1, from, to);
      expect(o.ok, `${from} → ${to}`).toBe(false);
      if (!o.ok) expect(o.error.likely_fix, `${from} → ${to}`).toBeUndefined();
    }
    // Between spellings read as written the relation is offered, and applying it works.
    const nm = conv(632.8, "nm", "THz");
    expect(nm.ok).toBe(false);
    if (!nm.ok) expect(nm.error.likely_fix).toMatchObject({ equivalence: "spectral" });
  });

  it("a fix that would still fail is demoted to a hint (m H₂O no longer yields 'm HO')", () => {
    const water = conv(1, "m H₂O", "kPa");
    expect(water.ok && water.out.quantity).toBeCloseTo(9.80665, 12);
    // A stray character whose removal leaves an unknown unit: no likely_fix, the removal is only a hint.
    const o = conv(1, "xq$z", "m");
    expect(o.ok).toBe(false);
    if (!o.ok) expect(o.error.likely_fix).toBeUndefined();
  });
});
