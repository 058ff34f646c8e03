/** The differential oracle: dwim vs mathjs vs js-quantities on every catalog spelling both libraries parse. */
import Qty from "js-quantities";
import { all, create } from "mathjs";
import { COMPONENTS } from "../../src/units/dimension.js";
import type { Units } from "../../src/units/system.js";

const math = create(all);

export interface OracleRow {
  spelling: string;
  /** The coherent SI expression compared against. */
  si: string;
  dwim: number;
  mathjs?: number;
  jsq?: number;
}

const SI_SYMBOL: Record<string, string> = {
  length: "m",
  mass: "kg",
  time: "s",
  current: "A",
  temperature: "K",
  amount: "mol",
  luminous_intensity: "cd",
  angle: "rad",
};

/** `kg m^2 / s^2` for a dimension made only of the components both libraries know; undefined otherwise. */
function siExpression(dim: readonly number[]): string | undefined {
  const num: string[] = [];
  const den: string[] = [];
  for (let i = 0; i < dim.length; i++) {
    const e = dim[i];
    if (e === 0) continue;
    const sym = SI_SYMBOL[COMPONENTS[i]];
    if (!sym || !Number.isInteger(e)) return undefined;
    const part = Math.abs(e) === 1 ? sym : `${sym}^${Math.abs(e)}`;
    (e > 0 ? num : den).push(part);
  }
  if (num.length === 0 && den.length === 0) return undefined;
  const head = num.length > 0 ? num.join(" ") : "1";
  return den.length > 0 ? `${head} / ${den.join(" ")}` : head;
}

function tryNumber(f: () => number): number | undefined {
  try {
    const v = f();
    return Number.isFinite(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Rows for every spelling of every built-in unit (lone, linear, with a dimension both libraries can express). */
export function oracleRows(units: Units): OracleRow[] {
  const rows: OracleRow[] = [];
  const seen = new Set<string>();
  for (const u of units.system.allUnits()) {
    if (u.offset !== undefined && u.offset !== 0) continue;
    if (u.log) continue;
    for (const spelling of [...u.symbols, ...u.names]) {
      if (seen.has(spelling) || /\s/u.test(spelling)) continue;
      seen.add(spelling);
      const ev = units.evaluator.evaluate(spelling);
      if (!ev.ok || ev.q.terms.length !== 1 || ev.q.terms[0].unit !== u) continue;
      const si = siExpression(ev.q.dim);
      if (!si) continue;
      const mj = tryNumber(() => math.unit(1, spelling).toNumber(si));
      const jq = tryNumber(() => Qty(`1 ${spelling}`).to(si.replaceAll(" / ", "/").replaceAll(" ", "*")).scalar);
      if (mj === undefined && jq === undefined) continue;
      rows.push({ spelling, si, dwim: ev.q.factor, mathjs: mj, jsq: jq });
    }
  }
  return rows;
}

export function relDiff(a: number, b: number): number {
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1e-300);
}
