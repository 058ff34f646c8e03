/**
 * Transplanting `new_str` onto a span that matched only canonically (docs/edit.md, stage 3): re-indent `old_str` and `new_str`
 * once into the file's indentation, then a character-level three-way merge with base = re-indented `old_str`,
 * ours = the file's text, theirs = re-indented `new_str`. Every base→theirs change is taken; the file keeps its own
 * quotes, trailing spaces and Unicode on every character the edit does not touch. Overlapping changes conflict.
 */
import { diffTokens } from "../diff.js";

const INDENT = /^[ \t]*/u;

function indentOf(line: string): string {
  return INDENT.exec(line)?.[0] ?? "";
}

/** An indentation unit: a TAB, or a number of spaces. */
export type Unit = "\t" | number;

const UNITS: readonly Unit[] = ["\t", 4, 2, 8, 3];

interface Depth {
  depth: number;
  rem: number;
}

function depthOf(indent: string, unit: Unit): Depth {
  if (unit === "\t") {
    let tabs = 0;
    while (tabs < indent.length && indent[tabs] === "\t") tabs++;
    const rest = indent.slice(tabs);
    const spaces = [...rest].reduce((w, c) => w + (c === "\t" ? 4 : 1), 0);
    return { depth: tabs + Math.floor(spaces / 4), rem: spaces % 4 };
  }
  const width = [...indent].reduce((w, c) => w + (c === "\t" ? unit : 1), 0);
  return { depth: Math.floor(width / unit), rem: width % unit };
}

function render(d: Depth, unit: Unit): string {
  const depth = Math.max(0, d.depth);
  return (unit === "\t" ? "\t".repeat(depth) : " ".repeat(depth * unit)) + " ".repeat(d.rem);
}

/** The file's indentation unit from its indented lines: TAB if most use tabs, else the commonest indent step. */
export function detectUnit(lines: readonly string[]): Unit {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  let prev = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const ind = indentOf(line);
    if (ind.startsWith("\t")) tabs++;
    else if (ind.startsWith(" ")) spaces++;
    const w = ind.replaceAll("\t", "    ").length;
    if (w > prev && !ind.includes("\t")) steps.set(w - prev, (steps.get(w - prev) ?? 0) + 1);
    prev = w;
  }
  if (tabs > spaces) return "\t";
  let best = 4;
  let bestCount = 0;
  for (const [step, count] of steps) {
    if (step >= 2 && step <= 8 && count > bestCount) {
      best = step;
      bestCount = count;
    }
  }
  return best;
}

interface Reindented {
  base: string;
  theirs: string;
  /** Every indented line of old_str landed on the file's own indentation. */
  exact: boolean;
}

/**
 * Re-indents `old` and `new` for the matched text `ours` (same count of non-blank lines as `old` when the match is
 * canonical). The units and the depth offset are chosen so that the most old lines render to the file's indentation;
 * the first line is the reference of the offset, unless old's other lines contradict it.
 */
function reindent(old: string, neu: string, ours: string, fileUnit: Unit, midLine = false): Reindented {
  const oldLines = old.split("\n");
  const newLines = neu.split("\n");
  const ourLines = ours.split("\n");
  const oldNb = oldLines.map((l, i) => ({ l, i })).filter((x) => x.l.trim() !== "");
  const ourNb = ourLines.filter((l) => l.trim() !== "");
  const paired = oldNb.length === ourNb.length;
  if (paired && oldNb.every((x, k) => indentOf(x.l) === indentOf(ourNb[k]))) {
    return { base: old, theirs: neu, exact: true };
  }
  const firstOld = oldNb[0]?.l ?? "";
  const firstOurs = ourNb[0] ?? "";
  // The file's line 1 indentation is kept as it is when old_str starts there without indentation (copied from the
  // middle of a line, or written relative to its first line).
  const firstInline =
    midLine || (indentOf(firstOld) === "" && indentOf(firstOurs) !== "" && ourLines[0].trim() === firstOurs.trim());
  const pairs: Array<[string, string]> = paired ? oldNb.map((x, k) => [indentOf(x.l), indentOf(ourNb[k])]) : [];
  const agentUnits: Unit[] = [detectUnit([...oldLines, ...newLines]), ...UNITS];
  const fileUnits: Unit[] = [fileUnit, ...UNITS];
  let best: { ua: Unit; uf: Unit; offset: number; score: number } | undefined;
  for (const uf of fileUnits) {
    for (const ua of agentUnits) {
      if (ua === "\t" && !old.includes("\t") && !neu.includes("\t")) continue;
      const offsets = new Set<number>();
      offsets.add(depthOf(indentOf(firstOurs), uf).depth - depthOf(indentOf(firstOld), ua).depth);
      for (const [a, f] of pairs) offsets.add(depthOf(f, uf).depth - depthOf(a, ua).depth);
      for (const offset of offsets) {
        let score = 0;
        for (let k = 0; k < pairs.length; k++) {
          if (k === 0 && firstInline) continue;
          const d = depthOf(pairs[k][0], ua);
          if (render({ depth: d.depth + offset, rem: d.rem }, uf) === pairs[k][1]) score++;
        }
        if (!best || score > best.score) best = { ua, uf, offset, score };
      }
    }
  }
  if (!best) return { base: old, theirs: neu, exact: false };
  const { ua, uf, offset } = best;
  const firstIndent = indentOf(firstOld);
  const renderLines = (lines: string[]): string =>
    lines
      .map((line, i) => {
        if (line.trim() === "") return line;
        const ind = indentOf(line);
        if (i === 0 && midLine) return line;
        if (i === 0 && firstInline && ind === firstIndent) return indentOf(ourLines[0]) + line.slice(ind.length);
        const d = depthOf(ind, ua);
        return render({ depth: d.depth + offset, rem: d.rem }, uf) + line.slice(ind.length);
      })
      .join("\n");
  const expected = pairs.length - (firstInline && pairs.length > 0 ? 1 : 0);
  return { base: renderLines(oldLines), theirs: renderLines(newLines), exact: best.score === expected };
}

export type MergeResult = { ok: true; text: string } | { ok: false; reason: string };

/** Character three-way merge: theirs' changes applied onto ours; a change of both at one base character conflicts. */
export function merge3(base: string, ours: string, theirs: string): MergeResult {
  if (ours === base) return { ok: true, text: theirs };
  if (theirs === base) return { ok: true, text: ours };
  interface Change {
    aStart: number;
    aEnd: number;
    text: string;
    src: "o" | "t";
    /** Order among changes at one base position: lower first. */
    rank: number;
  }
  const os: Change[] = diffTokens(base, ours).map((h) => ({
    ...h,
    text: ours.slice(h.bStart, h.bEnd),
    src: "o",
    rank: 0,
  }));
  const ts: Change[] = [];
  for (const h of diffTokens(base, theirs)) {
    const text = theirs.slice(h.bStart, h.bEnd);
    const o = os.find((x) => x.aStart === h.aStart && x.aEnd === h.aEnd && x.aStart < x.aEnd);
    // Theirs made ours' change and added text before or after it: split into the shared change and an insertion.
    if (o && o.text !== text && text.startsWith(o.text)) {
      ts.push({ aStart: h.aStart, aEnd: h.aEnd, text: o.text, src: "t", rank: 1 });
      ts.push({ aStart: h.aEnd, aEnd: h.aEnd, text: text.slice(o.text.length), src: "t", rank: 1 });
    } else if (o && o.text !== text && text.endsWith(o.text)) {
      ts.push({
        aStart: h.aStart,
        aEnd: h.aStart,
        text: text.slice(0, text.length - o.text.length),
        src: "t",
        rank: 1,
      });
      ts.push({ aStart: h.aStart, aEnd: h.aEnd, text: o.text, src: "t", rank: 1 });
    } else ts.push({ aStart: h.aStart, aEnd: h.aEnd, text, src: "t", rank: 1 });
  }
  const superseded = new Set<Change>();
  const blank = (x: string) => /^[ \t\n]*$/u.test(x);
  for (const t of ts) {
    for (const o of os) {
      if (t.aStart === o.aStart && t.aEnd === o.aEnd && t.text === o.text) continue;
      const overlap = t.aStart < o.aEnd && o.aStart < t.aEnd;
      const bothInsert = t.aStart === t.aEnd && o.aStart === o.aEnd && t.aStart === o.aStart;
      const insertInside =
        (t.aStart === t.aEnd && o.aStart < t.aStart && t.aStart < o.aEnd) ||
        (o.aStart === o.aEnd && t.aStart < o.aStart && o.aStart < t.aEnd);
      // Theirs deleted a region, or rewrote one inside which the file differed only in whitespace: theirs wins
      // (nothing of the file's version of those characters could survive anyway).
      const oWhitespace = blank(o.text) && blank(base.slice(o.aStart, o.aEnd));
      const inside =
        o.aStart === o.aEnd ? t.aStart < o.aStart && o.aStart < t.aEnd : t.aStart <= o.aStart && o.aEnd <= t.aEnd;
      if ((oWhitespace || t.text === "") && t.aStart < t.aEnd && inside) {
        superseded.add(o);
        continue;
      }
      // Both insert at one place: whole new lines go after the file's trailing blanks and before its indentation.
      if (bothInsert && oWhitespace && (t.text.startsWith("\n") || t.text.endsWith("\n"))) {
        if (!t.text.startsWith("\n")) {
          t.rank = 0;
          o.rank = 1;
        }
        continue;
      }
      if (overlap || bothInsert || insertInside) {
        return {
          ok: false,
          reason: `the edit and the file's differences both touch base characters ${t.aStart}–${t.aEnd}`,
        };
      }
    }
  }
  const all = [...os.filter((o) => !superseded.has(o)), ...ts].sort(
    (x, y) => x.aStart - y.aStart || x.aEnd - x.aStart - (y.aEnd - y.aStart) || x.rank - y.rank,
  );
  let out = "";
  let pos = 0;
  let prev: Change | undefined;
  for (const h of all) {
    if (prev && h.aStart === prev.aStart && h.aEnd === prev.aEnd && h.text === prev.text && h.src !== prev.src)
      continue;
    out += base.slice(pos, h.aStart) + h.text;
    pos = Math.max(pos, h.aEnd);
    prev = h;
  }
  return { ok: true, text: out + base.slice(pos) };
}

export interface Transplant {
  ok: boolean;
  text: string;
  reindented: boolean;
  reason?: string;
}

/** `new_str` carried onto the matched text `ours` in the file's style. */
export function transplant(old: string, neu: string, ours: string, fileUnit: Unit, midLine = false): Transplant {
  const r = reindent(old, neu, ours, fileUnit, midLine);
  const m = merge3(r.base, ours, r.theirs);
  if (!m.ok) return { ok: false, text: ours, reindented: r.base !== old, reason: m.reason };
  if (!r.exact) {
    // Indentation we could not explain: accept only edits inside lines, never new or removed lines.
    const structural = diffTokens(r.base, r.theirs).some(
      (h) => r.base.slice(h.aStart, h.aEnd).includes("\n") || r.theirs.slice(h.bStart, h.bEnd).includes("\n"),
    );
    if (structural) {
      return {
        ok: false,
        text: ours,
        reindented: true,
        reason: "the indentation of old_str does not map onto the file's",
      };
    }
  }
  return { ok: true, text: m.text, reindented: r.base !== old };
}
