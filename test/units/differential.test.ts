/** Differential test against mathjs and js-quantities (devDependencies, oracles only): temperatures and linear factors. */
import Qty from "js-quantities";
import { all, create } from "mathjs";
import { describe, expect, it } from "vitest";
import { conv, units } from "./helpers.js";
import { oracleRows, relDiff } from "./oracle.js";
import { ORACLE_EXCEPTIONS } from "./oracle-exceptions.js";

const math = create(all);
const rows = oracleRows(units);

describe("differential: dwim vs mathjs vs js-quantities", () => {
  it("covers a meaningful share of the catalog", () => {
    expect(rows.length).toBeGreaterThan(250);
  });

  it("agrees to 1e-9 wherever an oracle parses the spelling, except reviewed exceptions", () => {
    const unexplained: string[] = [];
    const stale: string[] = [];
    for (const r of rows) {
      const libs = [r.mathjs, r.jsq].filter((x): x is number => x !== undefined);
      const bothAgree = libs.length === 2 && relDiff(libs[0], libs[1]) <= 1e-9;
      if (libs.length === 2 && !bothAgree) {
        // The oracles disagree with each other: dwim must match at least one of them unless listed.
        const matchesOne = libs.some((x) => relDiff(x, r.dwim) <= 1e-9);
        if (!matchesOne && !ORACLE_EXCEPTIONS[r.spelling])
          unexplained.push(`${r.spelling}: dwim ${r.dwim}, mathjs ${r.mathjs}, jsq ${r.jsq}`);
        continue;
      }
      const ok = libs.every((x) => relDiff(x, r.dwim) <= 1e-9);
      if (!ok && !ORACLE_EXCEPTIONS[r.spelling])
        unexplained.push(`${r.spelling}: dwim ${r.dwim}, mathjs ${r.mathjs}, jsq ${r.jsq}`);
      if (ok && ORACLE_EXCEPTIONS[r.spelling]) stale.push(r.spelling);
    }
    expect(unexplained).toEqual([]);
    expect(stale).toEqual([]);
  });

  it("pairwise conversions match the oracles where both agree (same-dimension pairs)", () => {
    const agreed = rows.filter(
      (r) =>
        r.mathjs !== undefined &&
        r.jsq !== undefined &&
        relDiff(r.mathjs, r.jsq) <= 1e-9 &&
        !ORACLE_EXCEPTIONS[r.spelling],
    );
    let pairs = 0;
    for (const a of agreed) {
      for (const b of agreed) {
        if (a.si !== b.si || a === b) continue;
        const ours = conv(1, a.spelling, b.spelling);
        if (!ours.ok) {
          // Kinds of quantity refused on purpose (J vs N·m style) are not conversions.
          expect(["koq_mismatch"]).toContain(ours.error.error_type);
          continue;
        }
        const theirs = math.unit(1, a.spelling).toNumber(b.spelling);
        expect(relDiff(ours.out.quantity, theirs), `${a.spelling}→${b.spelling}`).toBeLessThanOrEqual(1e-9);
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(300);
  });

  it("temperatures, alone and inside products, match both oracles to 1e-9", () => {
    const cases: Array<[number, string, string]> = [
      [72, "degF", "degC"],
      [-40, "degC", "degF"],
      [300, "K", "degF"],
      [0, "degC", "K"],
      [491.67, "degR", "degF"],
    ];
    for (const [v, a, b] of cases) {
      const ours = conv(v, a, b);
      if (!ours.ok) throw new Error(JSON.stringify(ours.error));
      const m = math.unit(v, a).toNumber(b);
      expect(relDiff(ours.out.quantity, m) <= 1e-9 || Math.abs(ours.out.quantity - m) < 1e-9, `${v} ${a}→${b}`).toBe(
        true,
      );
      const j = Qty(`${v} temp${a.replace("deg", "")}`).to(`temp${b.replace("deg", "")}`).scalar;
      expect(Math.abs(ours.out.quantity - j), `${v} ${a}→${b} jsq`).toBeLessThan(1e-9 * Math.max(1, Math.abs(j)));
    }
    // Inside a product the temperature is an interval (mathjs fixed this class in josdejong/mathjs#2499).
    const u = conv(1, "BTU/(h*ft^2*degF)", "W/(m^2*K)");
    if (!u.ok) throw new Error(JSON.stringify(u.error));
    expect(relDiff(u.out.quantity, math.unit(1, "BTU/(h ft^2 degF)").toNumber("W/(m^2 K)"))).toBeLessThanOrEqual(1e-9);
  });
});
