/**
 * A parenthesis after a whole unit expression, as standards print them:
 * - a qualifier of one factor: SP 811's `oz/gal (UK)`, `mi/gal (US)` qualify the unit written just before it (the
 *   gallon), so the qualifier is read on the last factor, or on the only factor that takes it;
 * - the definition of the reading meant: `year (365 days)` is the 365-day year, `ton (2000 lb)` the short ton: read
 *   only as a catalog unit named after the word before it with exactly that value, never as an arbitrary quantity
 *   (`m (5 ft)`, `m (1.1 m)`).
 * Both are explicit readings, so no warning about conventions is added, only a note of what was read.
 */
import { equal } from "./dimension.js";
import type { Evaluation } from "./evaluate.js";
import { collectAtoms, isParseFailure, type Node, parseUnit } from "./parse.js";
import { decompose, qualifiersOnly } from "./qualifiers.js";
import { type AtomReading, type Term, termLabel, type UnitDef } from "./registry.js";

export interface TrailingReader {
  /** With the caller's options (the other endpoint narrows ambiguous factors). */
  evaluate(text: string): Evaluation;
  /** Without them: cached, for spellings whose reading the text alone decides. */
  evaluatePlain(text: string): Evaluation;
  readings(atom: string): AtomReading[];
  units(): readonly UnitDef[];
}

/** `head (inside)` with nothing after the parenthesis and no other parenthesis inside it; linear time. */
export function splitTrailing(text: string): { head: string; inside: string } | undefined {
  if (!text.endsWith(")")) return undefined;
  const open = text.lastIndexOf("(");
  if (open <= 0) return undefined;
  const inside = text.slice(open + 1, -1).trim();
  const head = text.slice(0, open).trim();
  if (inside === "" || head === "" || /[()]/u.test(inside)) return undefined;
  return { head, inside };
}

/** `oz/gal (UK)` → `oz/gal_imp`: the qualifier read on the last factor that takes it, or the only one that does. */
export function qualifierAfterComposite(text: string, r: TrailingReader): Evaluation | undefined {
  const split = splitTrailing(text);
  const qualifiers = split && qualifiersOnly(split.inside);
  // One qualifier group, after an expression of units (`oz/gal (UK) (US)` is no reading of anything).
  if (!split || qualifiers === undefined || /[()]/u.test(split.head)) return undefined;
  const parsed = parseUnit(split.head);
  if (isParseFailure(parsed)) return undefined;
  const atoms: Array<Extract<Node, { t: "atom" }>> = [];
  collectAtoms(parsed.ast, atoms);
  // A single unit with its qualifier (`gal (UK)`) is a whole-field name, read elsewhere.
  if (atoms.length < 2) return undefined;
  const taking = atoms.map((a) => {
    const q = r.evaluatePlain(`${a.text} (${split.inside})`);
    return q.ok && q.q.terms.length === 1 && q.q.terms[0].exp === 1 ? q.q.terms[0] : undefined;
  });
  const last = atoms.length - 1;
  const index = taking[last] ? last : taking.filter(Boolean).length === 1 ? taking.findIndex(Boolean) : -1;
  if (index < 0) return undefined;
  const chars = Array.from(split.head);
  const a = atoms[index];
  const term = taking[index] as Term;
  const rewritten = chars.slice(0, a.start).join("") + spellingOf(term, qualifiers, r) + chars.slice(a.end).join("");
  const ev = r.evaluate(rewritten);
  if (!ev.ok) return ev;
  // Other factors that have a reading with the same qualifier keep their usual one: said, with the spelling for it.
  const others = atoms
    .map((o, i) => ({ o, t: taking[i] }))
    .filter(({ o, t }, i) => i !== index && t && !r.readings(o.text).some((x) => x.terms[0]?.unit === t.unit))
    .map(
      ({ o, t }) => `${o.text} stays ${o.text} (${spellingOf(t as Term, qualifiers, r)} for the (${split.inside}) one)`,
    );
  const which = index === last ? "the factor before it" : "the only factor that takes it";
  const note = `(${split.inside}) read on ${a.text}, ${which}${others.length > 0 ? `; ${others.join(", ")}` : ""}`;
  return { ok: true, q: { ...ev.q, warnings: [...ev.q.warnings, note] } };
}

/**
 * A spelling of the unit that names its qualifiers and reads as one atom (`us_gallon`, `gal_imp`), so that no
 * convention warning is repeated for the reading the caller chose; the plain label otherwise.
 */
function spellingOf(t: Term, qualifiers: string, r: TrailingReader): string {
  for (const s of [...t.unit.symbols, ...t.unit.names]) {
    if (/\s/u.test(s) || decompose(s)?.qualifiers !== qualifiers) continue;
    const readings = r.readings(s);
    if (readings.length === 1 && readings[0].terms.length === 1 && readings[0].terms[0].unit === t.unit) return s;
  }
  return termLabel(t);
}

/**
 * `year (365 days)` → common_year, `ton (2000 lb)` → short ton: a catalog unit whose spelling has the word before the
 * parenthesis in it (common_year, short_ton, gal_imp) and whose value is the stated one exactly. Nothing else is
 * read as a definition: `m (1.1 m)` names no unit, and stays a product.
 */
export function definitionInParentheses(text: string, r: TrailingReader): Evaluation | undefined {
  const split = splitTrailing(text);
  if (!split || !/\d/u.test(split.inside) || !/^[\p{L}_]+$/u.test(split.head)) return undefined;
  const stated = r.evaluatePlain(split.inside);
  if (!stated.ok || stated.q.offset !== undefined || stated.q.log) return undefined;
  const head = split.head.toLowerCase();
  for (const u of r.units()) {
    if (!equal(u.dim, stated.q.dim) || Math.abs(u.factor / stated.q.factor - 1) > 1e-12 || u.offset !== undefined)
      continue;
    for (const s of [...u.names, ...u.symbols]) {
      const words = s.toLowerCase().split(/[\s_-]+/u);
      if (words.length < 2 || !words.includes(head)) continue;
      const ev = r.evaluatePlain(s);
      if (!ev.ok || ev.q.terms.length !== 1 || ev.q.terms[0].unit !== u) continue;
      const note = `Read '${text}' as ${s}, the ${head} of ${split.inside}`;
      return { ok: true, q: { ...ev.q, warnings: [...ev.q.warnings, note] } };
    }
  }
  return undefined;
}
