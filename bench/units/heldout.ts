/**
 * Figures that do not depend on having seen the development data:
 * - the project's own conformance cases written from NIST SP 811 App. B, UCUM 2.1 and the SI Brochure
 *   (test/fixtures/units/standards.ts), scored for dwim and for mathjs on the same calls;
 * - a sweep of generated slips of every unit spelling, counting likely_fixes that lead to another value;
 * - the worst time to refuse a unit string, over adversarial shapes at the expression limit and the argument limit.
 */
import fc from "fast-check";
import { isToolError } from "../../src/core/errors.js";
import { applyLikelyFix } from "../../src/core/fix.js";
import type { ConvertInput } from "../../src/units/convert.js";
import { MAX_UNIT_CHARS } from "../../src/units/parse.js";
import type { Units } from "../../src/units/system.js";
import type { RefusalWork } from "../../src/units/work.js";
import { otherUnit, unitString } from "../../test/fixtures/units/adversarial.js";
import { type ConvertCall, type StandardsScore, scoreStandards } from "../../test/fixtures/units/score-standards.js";
import { REVIEWED_MISSES } from "../../test/fixtures/units/standards.js";
import { rng } from "../lib/random.js";
import { percentile } from "../lib/report.js";
import { edit } from "./typos.js";

export interface HeldOut {
  dwim: StandardsScore;
  baseline: StandardsScore;
  /** Misses with the reviewed reason, or "(not reviewed)". */
  misses: string[];
}

export function heldOutStandards(dwim: ConvertCall, baseline: ConvertCall): HeldOut {
  const ours = scoreStandards(dwim);
  const theirs = scoreStandards(baseline);
  const misses = ours.results
    .filter((r) => r.verdict !== "pass")
    .map(
      (r) =>
        `${r.case.id} (${r.case.call.from_unit} → ${r.case.call.to_unit}: ${r.verdict}, ${r.detail}): ${REVIEWED_MISSES[r.case.id] ?? "(not reviewed)"}`,
    );
  return { dwim: ours, baseline: theirs, misses };
}

const SLIPS = ["deletion", "insertion", "substitution", "swap"] as const;

export interface SweepResult {
  inputs: number;
  fixes: number;
  wrong: string[];
}

/**
 * Seeded slips (deletion, insertion, substitution, adjacent swap, upper case) of every spelling of 4+ characters,
 * each converted to the intended unit itself; a likely_fix applied verbatim must give 1. Slips that spell another
 * unit outright (`gil_us` is UCUM's US gill) have no other intended unit and are left out.
 */
export function fixSweep(
  units: Units,
  convert: (u: Units, a: ConvertInput) => { quantity: number },
  perSpelling = 6,
): SweepResult {
  const rand = rng(16);
  const result: SweepResult = { inputs: 0, fixes: 0, wrong: [] };
  const run = (args: ConvertInput) => {
    try {
      return { ok: true as const, q: convert(units, args).quantity };
    } catch (e) {
      if (isToolError(e)) return { ok: false as const, e: e.payload };
      throw e;
    }
  };
  for (const unit of units.system.allUnits()) {
    for (const spelling of new Set([...unit.names, ...unit.symbols])) {
      if (!/^[A-Za-z][A-Za-z _-]{3,}$/u.test(spelling)) continue;
      for (let k = 0; k < perSpelling; k++) {
        const kind = Math.floor(rand() * (SLIPS.length + 1));
        const input = kind === SLIPS.length ? spelling.toUpperCase() : edit(spelling, SLIPS[kind], rand);
        if (input === spelling || units.evaluator.evaluate(input).ok) continue;
        const m = units.nameIndexFor([...input].length).suggest(input, { allowAuto: false }).match;
        if (m?.distance === 0 && units.unitById(m.target) !== unit) continue;
        result.inputs++;
        const args = { value: 1, from_unit: input, to_unit: unit.symbol ?? unit.name };
        const o = run(args);
        if (o.ok) {
          if (Math.abs(o.q - 1) > 1e-9) result.wrong.push(`${input} read as ${o.q} ${args.to_unit}`);
          continue;
        }
        const fixed = applyLikelyFix({ name: "convert", arguments: args }, o.e);
        if (!fixed) continue;
        result.fixes++;
        const again = run(fixed.arguments as unknown as ConvertInput);
        if (!again.ok || Math.abs(again.q - 1) > 1e-9) {
          result.wrong.push(`${spelling} ← ${input}: ${JSON.stringify(o.e.likely_fix)}`);
        }
      }
    }
  }
  return result;
}

/** Shapes of unit strings that stress each stage of reading one: at the expression limit, and far past it. */
function adversarialInputs(): Record<string, string> {
  const L = MAX_UNIT_CHARS;
  const fill = (unit: string, n = L) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  return {
    "100k spaces (the issue's reproduction)": " ".repeat(100_000),
    "4 MB of letters (the argument limit)": "a".repeat(4_000_000),
    "spaces between two units": `m${" ".repeat(L - 2)}s`,
    "one long atom": fill("a"),
    "products of units": fill("m "),
    "ambiguous atoms": fill("Nmi "),
    "misspelt atoms": fill("kilgoram "),
    "misspelt words of a multi-word name": fill("imperial galon "),
    "subscripts and UCUM brackets": fill("H₂O[x] "),
    "name (symbol) form": `${fill("a", L - 4)} (b)`,
    "nested parentheses": `${"(".repeat(L / 2 - 1)}m${")".repeat(L / 2 - 1)}`,
    "exponent tower": `m${fill("^9", L - 1)}`,
    "digits and periods": fill("9.9."),
    "qualifier words": fill("UK US survey "),
    "one misspelt atom among 31 units": `centigra${" m".repeat(31)}`,
    "a misspelt prefixed name after 31 quotients": `${"s/".repeat(31)}kilomeeter`,
    "trailing qualifier groups": `oz/gal (UK)${" (US)".repeat(30)}`,
    "definitions in parentheses": `year${" (365 d)".repeat(31)}`,
    "unknown words": fill("qwzx "),
  };
}

export interface WorstCase {
  family: string;
  p50Ms: number;
  maxMs: number;
  /** CPU time of the slowest run (the process's, so time lost to other processes is left out; GC threads are in). */
  maxCpuMs: number;
}

/** Wall and CPU time of one call, in ms. */
function timed(f: () => void): { wallMs: number; cpuMs: number } {
  const c = process.cpuUsage();
  const t = process.hrtime.bigint();
  f();
  const wallMs = Number(process.hrtime.bigint() - t) / 1e6;
  const d = process.cpuUsage(c);
  return { wallMs, cpuMs: (d.user + d.system) / 1e3 };
}

/**
 * Time to refuse each adversarial shape, warm, over `runs` variants that defeat the caches (a different unit appended
 * each time): the figure is the median per shape and the worst shape's maximum.
 */
export function rejectionTimes(convert: (args: ConvertInput) => unknown, runs = 9): WorstCase[] {
  const tails = ["", " m", " s", " g", " A", " K", " L", " J", " W", " N", " V", " T"];
  const out: WorstCase[] = [];
  for (const [family, text] of Object.entries(adversarialInputs())) {
    const times: number[] = [];
    let maxCpuMs = 0;
    for (let i = -2; i < runs; i++) {
      const input = `${text.slice(0, text.length - 3)}${tails[(i + 2) % tails.length]}`;
      const t = timed(() => refuse(convert, input, "m"));
      if (i >= 0) times.push(t.wallMs);
      if (i >= 0) maxCpuMs = Math.max(maxCpuMs, t.cpuMs);
    }
    out.push({ family, p50Ms: percentile(times, 50), maxMs: Math.max(...times), maxCpuMs });
  }
  return out;
}

function refuse(convert: (args: ConvertInput) => unknown, from: string, to: string): void {
  try {
    convert({ value: 1, from_unit: from, to_unit: to });
  } catch {
    // the refusal is the point
  }
}

export interface FuzzedRefusals {
  n: number;
  slowestWallMs: number;
  slowestWall: string;
  slowestCpuMs: number;
  slowestCpu: string;
  p99WallMs: number;
  /** The most work one refusal did (counted, not timed). */
  work: RefusalWork;
}

/**
 * Generated adversarial unit strings (test/fixtures/units/adversarial.ts, seeded), each refused once after a warm-up
 * over the first ones: the slowest refusal by wall and by CPU time, and the most counted work.
 */
export function fuzzedRefusals(
  convert: (args: ConvertInput) => unknown,
  meter: { reset: () => void; work: () => RefusalWork },
  n: number,
): FuzzedRefusals {
  const calls = fc.sample(fc.tuple(unitString, otherUnit), { numRuns: n, seed: 165 });
  for (const [from, to] of calls.slice(0, 50)) refuse(convert, `${from} `, to);
  const most: RefusalWork = { queries: 0, spellingsScanned: 0, evaluations: 0 };
  const out = { slowestWallMs: 0, slowestWall: "", slowestCpuMs: 0, slowestCpu: "" };
  const walls: number[] = [];
  for (const [from, to] of calls) {
    meter.reset();
    const t = timed(() => refuse(convert, from, to));
    const w = meter.work();
    for (const k of ["queries", "spellingsScanned", "evaluations"] as const) most[k] = Math.max(most[k], w[k]);
    walls.push(t.wallMs);
    const label = `${JSON.stringify(from.slice(0, 60))} → ${to}`;
    if (t.wallMs > out.slowestWallMs) Object.assign(out, { slowestWallMs: t.wallMs, slowestWall: label });
    if (t.cpuMs > out.slowestCpuMs) Object.assign(out, { slowestCpuMs: t.cpuMs, slowestCpu: label });
  }
  return { n: calls.length, ...out, p99WallMs: percentile(walls, 99), work: most };
}
