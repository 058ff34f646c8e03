/**
 * Staleness scenarios (docs/edit.md, "Stale reads"): the agent read version R of a real source file and writes its
 * edit against R; someone else changed the file to C meanwhile. dwim plans the edit knowing R (as edit_file does in a
 * session that read the file); the baseline is a plain exact-match str_replace on C. Each outcome is one of: applied
 * right, refused with enough to recover (the current text of the lines concerned is in the error text a model sees),
 * refused without it, silent wrong (applied, not right, no external change touched), overwrote an external change
 * (the edit replaced characters the external change wrote).
 */
import { isToolError, renderError } from "../../src/core/errors.js";
import { diffChars } from "../../src/edit/diff.js";
import { spliceText } from "../../src/edit/spans.js";
import { planKnowingRead } from "../../src/edit/stale.js";
import { decodeFile } from "../../src/edit/text.js";
import type { Row } from "../lib/report.js";
import { exactOnly } from "./baselines.js";
import type { Rng } from "./cases.js";
import type { SourceFile } from "./corpus.js";

const int = (rng: Rng, n: number) => Math.floor(rng() * n);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[int(rng, xs.length)];

interface StaleCase {
  cls: string;
  path: string;
  read: string;
  current: string;
  old: string;
  neu: string;
  /** Acceptable results; empty when the edit must be refused. */
  truths: string[];
  /** Lines (trimmed) of the current file an agent needs to redo the edit; a refusal must show them all. */
  recover: string[];
}

export type Outcome = "right" | "refused_enough" | "refused_short" | "silent_wrong" | "overwrote";
export const OUTCOMES: readonly Outcome[] = ["right", "refused_enough", "refused_short", "silent_wrong", "overwrote"];

function count(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1 && n < 3; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

/** A deterministic edit of a target's text: rename one identifier, or change one number. */
interface AgentEdit {
  apply(text: string): string;
}

function agentEdit(rng: Rng, text: string): AgentEdit | undefined {
  const ids = [...new Set(text.match(/\b[A-Za-z_][A-Za-z0-9_]{2,}\b/gu) ?? [])];
  const nums = [...new Set(text.match(/\b\d+\b/gu) ?? [])];
  if (ids.length > 0 && (nums.length === 0 || rng() < 0.7)) {
    const id = pick(rng, ids);
    const re = new RegExp(`\\b${id}\\b`, "gu");
    return { apply: (t) => t.replace(re, `${id}Renamed`) };
  }
  if (nums.length > 0) {
    const n = pick(rng, nums);
    const re = new RegExp(`\\b${n}\\b`, "gu");
    return { apply: (t) => t.replace(re, String(Number(n) + 1)) };
  }
  return undefined;
}

/** A real line changed the way a colleague would: a renamed identifier or a changed number, never blanks only. */
function externalLineEdit(rng: Rng, line: string): string | undefined {
  const e = agentEdit(rng, line);
  if (!e) return undefined;
  const out = e.apply(line).replace(/Renamed\b/gu, "Theirs");
  return out.replace(/\s/gu, "") === line.replace(/\s/gu, "") ? undefined : out;
}

interface Target {
  lines: string[];
  /** 0-based first line and line count of the target. */
  s: number;
  n: number;
  old: string;
}

/** 1–maxLen whole lines, unique in the file, with enough text to edit. */
function pickTarget(rng: Rng, lines: string[], text: string, maxLen = 5, minLen = 1): Target | undefined {
  for (let attempt = 0; attempt < 30; attempt++) {
    const s = int(rng, lines.length);
    const n = minLen + int(rng, maxLen - minLen + 1);
    if (s + n > lines.length) continue;
    const part = lines.slice(s, s + n);
    if (part[0].trim().length < 4 || part[n - 1].trim() === "") continue;
    const old = part.join("\n");
    if (old.trim().length < 12 || count(text, old) !== 1) continue;
    return { lines, s, n, old };
  }
  return undefined;
}

const join = (lines: string[]) => lines.join("\n");

/** The nearest non-blank line before line s (or else after line e): what shows where removed lines were. */
function neighbour(lines: readonly string[], s: number, e: number): string[] {
  for (let k = s - 1; k >= 0; k--) if (lines[k].trim() !== "") return [lines[k]];
  for (let k = e + 1; k < lines.length; k++) if (lines[k].trim() !== "") return [lines[k]];
  return [];
}

/** Non-blank lines between two line indices. */
function nonBlankBetween(lines: readonly string[], a: number, b: number): number {
  let n = 0;
  for (let k = Math.max(0, a); k < Math.min(lines.length, b); k++) if (lines[k].trim() !== "") n++;
  return n;
}

type Maker = (rng: Rng, src: SourceFile) => StaleCase | undefined;

/** The scenarios, one maker per class. */
const STALE_CLASSES: Record<string, Maker> = {
  /** Someone changed a line inside the target; half the time the agent's old_str is a fragment that still matches. */
  changed_target_line(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text, 4);
    if (!t) return undefined;
    const k = t.s + int(rng, t.n);
    const changed = externalLineEdit(rng, lines[k]);
    if (!changed) return undefined;
    const current = join([...lines.slice(0, k), changed, ...lines.slice(k + 1)]);
    let old = t.old;
    if (rng() < 0.5) {
      // The longest run of the line the external edit left alone, as a fragment the agent remembered.
      let p = 0;
      while (p < changed.length && changed[p] === lines[k][p]) p++;
      old = lines[k].slice(0, p).trimStart();
      if (old.length < 8 || count(src.text, old) !== 1 || count(current, old) !== 1) return undefined;
    }
    const edit = agentEdit(rng, old);
    if (!edit || edit.apply(old) === old) return undefined;
    return base("changed_target_line", src, current, old, edit.apply(old), [], [changed]);
  },

  /** Someone rewrote a range overlapping the end of the target and the lines after it. */
  changed_range(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text, 4, 2);
    if (!t) return undefined;
    const from = t.s + t.n - 1;
    const to = Math.min(lines.length, from + 1 + int(rng, 3));
    const rewritten = lines.slice(from, to).map((l, i) => externalLineEdit(rng, l) ?? `${l} // changed ${i}`);
    const current = join([...lines.slice(0, from), ...rewritten, ...lines.slice(to)]);
    const edit = agentEdit(rng, t.old);
    if (!edit || edit.apply(t.old) === t.old) return undefined;
    return base("changed_range", src, current, t.old, edit.apply(t.old), [], [rewritten[0]]);
  },

  /** The agent inserts a line after line X while someone else inserted one there too. */
  insert_race(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text, 2);
    if (!t || t.s + t.n >= lines.length) return undefined;
    const x = t.s + t.n - 1;
    const indent = /^[ \t]*/u.exec(lines[x])?.[0] ?? "";
    const ours = `${indent}agent_inserted()`;
    const theirs = `${indent}external_inserted()`;
    const current = join([...lines.slice(0, x + 1), theirs, ...lines.slice(x + 1)]);
    // Half the time old_str also holds the line after X, between which and X the other insert landed.
    const withNext = rng() < 0.5 && lines[x + 1].trim() !== "";
    const old = withNext ? `${t.old}\n${lines[x + 1]}` : t.old;
    if (count(src.text, old) !== 1) return undefined;
    const neu = withNext ? `${t.old}\n${ours}\n${lines[x + 1]}` : `${t.old}\n${ours}`;
    const truths = [
      join([...lines.slice(0, x + 1), ours, theirs, ...lines.slice(x + 1)]),
      join([...lines.slice(0, x + 1), theirs, ours, ...lines.slice(x + 1)]),
    ];
    return base("insert_race", src, current, old, neu, truths, [theirs]);
  },

  /** Someone changed a line at least 20 lines away. */
  far_change(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text);
    if (!t) return undefined;
    const far = [...lines.keys()].filter((k) => Math.abs(k - t.s) >= 20 && lines[k].trim().length > 3);
    if (far.length === 0) return undefined;
    const k = pick(rng, far);
    const changed = externalLineEdit(rng, lines[k]);
    if (!changed) return undefined;
    const current = join([...lines.slice(0, k), changed, ...lines.slice(k + 1)]);
    const edit = agentEdit(rng, t.old);
    if (!edit || edit.apply(t.old) === t.old || count(current, t.old) !== 1) return undefined;
    const neu = edit.apply(t.old);
    return base("far_change", src, current, t.old, neu, [current.replace(t.old, () => neu)], []);
  },

  /** Someone changed the target and changed it back (and, half the time, kept a change far away). */
  change_revert(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text);
    if (!t) return undefined;
    let current = src.text;
    if (rng() < 0.5) {
      const far = [...lines.keys()].filter((k) => Math.abs(k - t.s) >= 20 && lines[k].trim().length > 3);
      const k = far.length > 0 ? pick(rng, far) : -1;
      const changed = k >= 0 ? externalLineEdit(rng, lines[k]) : undefined;
      if (changed) current = join([...lines.slice(0, k), changed, ...lines.slice(k + 1)]);
    }
    const edit = agentEdit(rng, t.old);
    if (!edit || edit.apply(t.old) === t.old || count(current, t.old) !== 1) return undefined;
    const neu = edit.apply(t.old);
    return base("change_revert", src, current, t.old, neu, [current.replace(t.old, () => neu)], []);
  },

  /**
   * Someone deleted the target. Half the time the file also holds a look-alike of it (trailing blanks differ) that a
   * whitespace-tolerant editor would take.
   */
  deleted_target(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text, 4, 2);
    if (!t) return undefined;
    let read = src.text;
    if (rng() < 0.5) read = `${src.text}\n${t.old.split("\n").join("  \n")}  \n`;
    if (count(read, t.old) !== 1) return undefined;
    const readLines = read.split("\n");
    const current = join([...readLines.slice(0, t.s), ...readLines.slice(t.s + t.n)]);
    const edit = agentEdit(rng, t.old);
    if (!edit || edit.apply(t.old) === t.old) return undefined;
    const around = neighbour(readLines, t.s, t.s + t.n - 1);
    return { ...base("deleted_target", src, current, t.old, edit.apply(t.old), [], around), read };
  },

  /** Someone pasted a copy of the target elsewhere (the edit belongs where it was read), or moved it there. */
  duplicate_drift(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text, 3);
    if (!t) return undefined;
    const edit = agentEdit(rng, t.old);
    if (!edit || edit.apply(t.old) === t.old) return undefined;
    const neu = edit.apply(t.old);
    const copy = t.old.split("\n");
    if (rng() < 0.5) {
      const current = join([...lines, ...copy]);
      const truth = join([...lines.slice(0, t.s), ...neu.split("\n"), ...lines.slice(t.s + t.n), ...copy]);
      return base("duplicate_drift", src, current, t.old, neu, [truth], []);
    }
    // Moved: far enough from where it was that it is not the same place.
    if (nonBlankBetween(lines, t.s + t.n, lines.length) < 10) return undefined;
    const current = join([...lines.slice(0, t.s), ...lines.slice(t.s + t.n), ...copy]);
    return base("duplicate_drift", src, current, t.old, neu, [], neighbour(lines, t.s, t.s + t.n - 1));
  },

  /** A formatter changed only whitespace (indentation unit, trailing blanks), the target's lines included. */
  noop_drift(rng, src) {
    const lines = src.text.split("\n");
    const t = pickTarget(rng, lines, src.text, 4);
    if (!t?.old.split("\n").some((l) => /^[ \t]+\S/u.test(l))) return undefined;
    const reindent = (l: string) =>
      l.replace(/^[ \t]+/u, (ind) => (ind.includes("\t") ? "  ".repeat(ind.length) : "\t".repeat(ind.length >> 1)));
    const drifted = lines.map((l) => reindent(l).replace(/[ \t]+$/u, ""));
    const current = join(drifted);
    const edit = agentEdit(rng, t.old);
    if (!edit || edit.apply(t.old) === t.old) return undefined;
    const truth = join([
      ...drifted.slice(0, t.s),
      ...edit.apply(join(drifted.slice(t.s, t.s + t.n))).split("\n"),
      ...drifted.slice(t.s + t.n),
    ]);
    return base("noop_drift", src, current, t.old, edit.apply(t.old), [truth], []);
  },
};

function base(
  cls: string,
  src: SourceFile,
  current: string,
  old: string,
  neu: string,
  truths: string[],
  recover: string[],
): StaleCase {
  return { cls, path: src.path, read: src.text, current, old, neu, truths, recover: recover.map((l) => l.trim()) };
}

/** Characters of `current` the external change wrote: C-side ranges of the R → C character diff. */
function externalRanges(read: string, current: string): Array<[number, number]> {
  return diffChars(read, current).map((h) => [h.bStart, h.bEnd]);
}

/** The region [p, q) of `current` an edit producing `after` replaced. */
function editedRegion(current: string, after: string): [number, number] {
  let p = 0;
  while (p < current.length && p < after.length && current[p] === after[p]) p++;
  let s = 0;
  while (
    s < current.length - p &&
    s < after.length - p &&
    current[current.length - 1 - s] === after[after.length - 1 - s]
  )
    s++;
  return [p, current.length - s];
}

function judgeApplied(c: StaleCase, after: string): Outcome {
  if (c.truths.includes(after)) return "right";
  const [p, q] = editedRegion(c.current, after);
  const touches = externalRanges(c.read, c.current).some(([a, b]) => (a < b ? p < b && a < q : p < a && a < q));
  return touches ? "overwrote" : "silent_wrong";
}

function judgeRefused(c: StaleCase, shown: string): Outcome {
  if (c.recover.length === 0) return "refused_short";
  return c.recover.every((l) => shown.includes(l)) ? "refused_enough" : "refused_short";
}

/** dwim as edit_file runs it: knowing the version read (`knowsRead`), or for a file never read through dwim. */
async function runOurs(c: StaleCase, knowsRead = true): Promise<Outcome> {
  const read = knowsRead ? decodeFile(Buffer.from(c.read, "utf8"), c.path) : undefined;
  const current = decodeFile(Buffer.from(c.current, "utf8"), c.path);
  try {
    const plan = await planKnowingRead(
      read,
      current,
      {
        old_str: c.old,
        new_str: c.neu,
        expected_replacements: 1,
        replace_all: false,
        fuzzy_policy: "hint",
        fuzzy_work_budget: 2e7,
      },
      { path: c.path, sha256: current.sha256 },
    );
    return judgeApplied(c, await spliceText(current, plan.spans));
  } catch (e) {
    if (!isToolError(e)) throw e;
    // What a model sees of an error in a client that shows only its text (Claude Code).
    return judgeRefused(c, renderError(e.payload));
  }
}

function runPlain(c: StaleCase): Outcome {
  const after = exactOnly(c.current, c.old, c.neu);
  // A plain str_replace says "not found" or "found N times": no current text.
  return after === undefined ? judgeRefused(c, "") : judgeApplied(c, after);
}

type Tally = Record<Outcome, number>;

export interface StaleResult {
  rows: Row[];
  perClass: Record<string, { n: number; dwim: Tally; unread: Tally; plain: Tally }>;
  totals: { dwim: Tally; unread: Tally; plain: Tally; n: number };
}

const zero = (): Record<Outcome, number> => ({
  right: 0,
  refused_enough: 0,
  refused_short: 0,
  silent_wrong: 0,
  overwrote: 0,
});

export async function runStaleness(rng: Rng, sources: readonly SourceFile[], perClass: number): Promise<StaleResult> {
  const perCls: StaleResult["perClass"] = {};
  const totals = { dwim: zero(), unread: zero(), plain: zero(), n: 0 };
  for (const [cls, make] of Object.entries(STALE_CLASSES)) {
    const acc = { n: 0, dwim: zero(), unread: zero(), plain: zero() };
    for (let attempt = 0; attempt < perClass * 60 && acc.n < perClass; attempt++) {
      const c = make(rng, sources[int(rng, sources.length)]);
      if (!c) continue;
      acc.n++;
      acc.dwim[await runOurs(c)]++;
      acc.unread[await runOurs(c, false)]++;
      acc.plain[runPlain(c)]++;
    }
    perCls[cls] = acc;
    totals.n += acc.n;
    for (const o of OUTCOMES) {
      totals.dwim[o] += acc.dwim[o];
      totals.unread[o] += acc.unread[o];
      totals.plain[o] += acc.plain[o];
    }
  }
  const cell = (r: Tally) => OUTCOMES.map((o) => r[o]).join(" / ");
  const rows: Row[] = Object.entries(perCls).map(([cls, r]) => ({
    metric: `${cls} (n=${r.n})`,
    ours: cell(r.dwim),
    baseline: cell(r.plain),
    ratio: `never read: ${cell(r.unread)}`,
    target: "0 silent wrong, 0 overwrote, 0 refused short",
  }));
  rows.push({
    metric: `all classes (n=${totals.n})`,
    ours: cell(totals.dwim),
    baseline: cell(totals.plain),
    ratio: `never read: ${cell(totals.unread)}`,
    target: "– / – / 0 / 0 / 0",
  });
  return { rows, perClass: perCls, totals };
}
