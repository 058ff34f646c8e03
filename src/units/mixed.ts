/**
 * One quantity written in several units: `5 ft 6 in`, `1 h 30 min`, `2 lb 3 oz`, `5'11"`. As a unit expression
 * that is a product (5 ft · 6 in is an area), or a parse error (`'` and `"` are no operators); people mean the sum.
 * When the expression as written fails, its parts read as a sum, in the unit that writes it shortest, are the fix.
 */

import type { Quantity } from "./evaluate.js";
import { resolveUnit } from "./suggestions.js";
import type { Units } from "./system.js";
import { tidy } from "./tidy.js";

/** Foot and inch marks after a number (straight and typographic primes). */
const MARKS: ReadonlyArray<[RegExp, string]> = [
  [/(\d)\s*['′]/gu, "$1 ft "],
  [/(\d)\s*["″]/gu, "$1 in "],
];

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/u;

/**
 * The sum of the parts of `text`, in the part's unit that writes it shortest, as `{total, unit, parts}`, when `text`
 * is two or more `number unit` parts whose units all resolve to one dimension without an offset (temperatures do not
 * add up so); undefined otherwise.
 */
export function mixedQuantity(
  units: Units,
  text: string,
): { total: number; unit: string; parts: Array<[number, string]> } | undefined {
  let t = text;
  for (const [mark, unit] of MARKS) t = t.replace(mark, unit);
  const words = t.trim().split(/\s+/u);
  const parts: Array<[number, string]> = [];
  for (const w of words) {
    if (NUMBER.test(w)) parts.push([Number(w), ""]);
    else if (parts.length > 0) parts[parts.length - 1][1] = `${parts[parts.length - 1][1]} ${w}`.trim();
    else return undefined;
  }
  if (parts.length < 2 || parts.some(([, unit]) => unit === "")) return undefined;
  const quantities: Quantity[] = [];
  for (const [, unit] of parts) {
    try {
      quantities.push(resolveUnit(units, unit, { parameter: "from_unit" }));
    } catch {
      return undefined;
    }
  }
  const [first] = quantities;
  const same = (a: readonly number[], b: readonly number[]) => a.every((x, i) => x === b[i]);
  if (quantities.some((q) => q.offset !== undefined || q.log || !same(q.dim, first.dim))) return undefined;
  // The sum in each part's unit; the one written shortest keeps the number exact (5'11" is 71 in, not 5.91666… ft).
  const sums = quantities.map((q, k) => ({
    unit: parts[k][1],
    total: parts.reduce((sum, [n], i) => sum + (n * quantities[i].factor) / q.factor, 0),
  }));
  const shortest = sums.reduce((best, s) =>
    String(tidy(s.total)).length < String(tidy(best.total)).length ? s : best,
  );
  return { total: tidy(shortest.total), unit: shortest.unit, parts };
}
