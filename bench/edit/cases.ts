/**
 * Seeded case generator: a true edit (old_str with enough context to be unique, a synthetic change, truth = naive
 * splice), then one mistake class (docs/edit.md, "Benchmark") applied to what the "agent" sends.
 */

import { rng as mulberry32 } from "../lib/random.js";
import type { SourceFile } from "./corpus.js";

export { mulberry32 };

export type Rng = () => number;

const int = (rng: Rng, n: number) => Math.floor(rng() * n);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[int(rng, xs.length)];

type Group = "lossless" | "repairable" | "hint" | "refuse" | "adversarial" | "must_not";

export interface Case {
  cls: string;
  group: Group;
  corpus: string;
  path: string;
  /** File content the edit runs on. */
  file: string;
  old: string;
  neu: string;
  /** Expected file after the edit; undefined when no edit may be applied (ambiguous target). */
  truth: string | undefined;
  /** 1-based line range of the true target in `file`. */
  start_line: number;
  end_line: number;
  /** The true old_str (exact file text). */
  trueOld: string;
}

function count(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1 && n < 3; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

interface Span {
  s: number;
  e: number;
  old: string;
}

/** A span of 1–12 lines starting on a non-blank line, extended with context until unique. */
function pickSpan(
  rng: Rng,
  lines: readonly string[],
  text: string,
  ok: (old: string, s: number, e: number) => boolean,
  start?: number,
  maxLen = 12,
): Span | undefined {
  for (let attempt = 0; attempt < 40; attempt++) {
    const s0 = start ?? int(rng, lines.length);
    if (lines[s0] === undefined || lines[s0].trim().length < 3) continue;
    let s = s0;
    let e = Math.min(lines.length - 1, s0 + int(rng, maxLen));
    let old = lines.slice(s, e + 1).join("\n");
    let grow = 0;
    while (count(text, old) !== 1 && grow < 30) {
      if (grow % 2 === 0 && e + 1 < lines.length) e++;
      else if (s > 0) s--;
      else if (e + 1 < lines.length) e++;
      else break;
      old = lines.slice(s, e + 1).join("\n");
      grow++;
    }
    if (count(text, old) === 1 && old.trim().length >= 8 && ok(old, s, e)) return { s, e, old };
    if (start !== undefined) return undefined;
  }
  return undefined;
}

/** A realistic change: rename a token, change a literal, insert or delete a line. */
function synthesizeEdit(rng: Rng, old: string): string | undefined {
  const kinds = ["rename", "literal", "insert", "delete"];
  for (let attempt = 0; attempt < 6; attempt++) {
    const kind = pick(rng, kinds);
    if (kind === "rename") {
      const ids = [...new Set(old.match(/\b[A-Za-z_][A-Za-z0-9_]{2,}\b/gu) ?? [])];
      if (ids.length === 0) continue;
      const id = pick(rng, ids);
      return old.replace(new RegExp(`\\b${id}\\b`, "gu"), `${id}Renamed`);
    }
    if (kind === "literal") {
      const nums = [...old.matchAll(/\b\d+\b/gu)];
      if (nums.length === 0) continue;
      const m = pick(rng, nums);
      const at = m.index ?? 0;
      return `${old.slice(0, at)}${Number(m[0]) + 1}${old.slice(at + m[0].length)}`;
    }
    const lines = old.split("\n");
    if (kind === "insert") {
      const i = int(rng, lines.length);
      let k = i;
      while (k > 0 && lines[k].trim() === "") k--;
      const indent = /^[ \t]*/u.exec(lines[k])?.[0] ?? "";
      lines.splice(i + 1, 0, `${indent}inserted_call(${i})`);
      return lines.join("\n");
    }
    if (kind === "delete" && lines.length >= 3) {
      lines.splice(1 + int(rng, lines.length - 2), 1);
      return lines.join("\n");
    }
  }
  return undefined;
}

export interface Perturbation {
  group: Group;
  /** Spans this class can be applied to. */
  applies: (old: string) => boolean;
  /** The agent's (old, new) for the true (old, new); may also rewrite the file. */
  apply: (
    rng: Rng,
    c: { old: string; neu: string; s: number },
  ) => { old: string; neu: string; crlf?: boolean } | undefined;
}

const mapLines = (s: string, f: (l: string, i: number) => string) => s.split("\n").map(f).join("\n");
const commonIndent = (s: string) => {
  const ind = s
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => /^[ \t]*/u.exec(l)?.[0] ?? "");
  return ind.reduce((a, b) => {
    let k = 0;
    while (k < a.length && k < b.length && a[k] === b[k]) k++;
    return a.slice(0, k);
  }, ind[0] ?? "");
};
const jsonEscape = (s: string) =>
  s.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n").replaceAll("\t", "\\t");

export const PERTURBATIONS: Record<string, Perturbation> = {
  indentation: {
    group: "lossless",
    applies: () => true,
    apply: (_rng, { old, neu }) => {
      const ci = commonIndent(old);
      if (ci.length > 0) {
        const strip = (s: string) => mapLines(s, (l) => (l.startsWith(ci) ? l.slice(ci.length) : l.trimStart()));
        return { old: strip(old), neu: strip(neu) };
      }
      const add = (s: string) => mapLines(s, (l) => (l.trim() === "" ? l : `    ${l}`));
      return { old: add(old), neu: add(neu) };
    },
  },
  relative_indent: {
    group: "lossless",
    applies: (old) => /^[ \t]+\S/u.test(old) && old.includes("\n"),
    apply: (_rng, { old, neu }) => ({ old: old.replace(/^[ \t]+/u, ""), neu: neu.replace(/^[ \t]+/u, "") }),
  },
  tabs: {
    group: "lossless",
    applies: (old) => /^\t/mu.test(old),
    apply: (_rng, { old, neu }) => {
      const f = (s: string) => mapLines(s, (l) => l.replace(/^\t+/u, (m) => "    ".repeat(m.length)));
      return { old: f(old), neu: f(neu) };
    },
  },
  trailing_whitespace: {
    group: "lossless",
    applies: () => true,
    apply: (rng, { old, neu }) => {
      const o = mapLines(old, (l) => (rng() < 0.5 && l.trim() !== "" ? `${l}  ` : l));
      return { old: o === old ? old.replace(/\S$/u, (m) => `${m} `) : o, neu };
    },
  },
  crlf: {
    group: "lossless",
    applies: () => true,
    apply: (_rng, { old, neu }) => ({ old, neu, crlf: true }),
  },
  line_numbers: {
    group: "lossless",
    applies: () => true,
    apply: (_rng, { old, neu, s }) => {
      const f = (x: string) => mapLines(x, (l, i) => `${String(s + 1 + i).padStart(6)}\t${l}`);
      return { old: f(old), neu: f(neu) };
    },
  },
  code_fence: {
    group: "lossless",
    applies: () => true,
    apply: (_rng, { old, neu }) => ({ old: `\`\`\`\n${old}\n\`\`\``, neu: `\`\`\`\n${neu}\n\`\`\`` }),
  },
  outer_blank_lines: {
    group: "lossless",
    applies: () => true,
    apply: (_rng, { old, neu }) => ({ old: `\n${old}\n\n`, neu: `\n${neu}\n\n` }),
  },
  over_escape: {
    group: "repairable",
    applies: (old) => /["\\\n\t]/u.test(old),
    apply: (_rng, { old, neu }) => ({ old: jsonEscape(old), neu: jsonEscape(neu) }),
  },
  intra_line_whitespace: {
    group: "repairable",
    applies: (old) => /\S[ \t]*[=,:][ \t]*\S/u.test(old),
    apply: (_rng, { old, neu }) => {
      const f = (s: string) =>
        mapLines(s, (l) => {
          const ind = /^[ \t]*/u.exec(l)?.[0] ?? "";
          return ind + l.slice(ind.length).replace(/[ \t]*([=,:])[ \t]*/gu, "$1");
        });
      const o = f(old);
      return o === old ? undefined : { old: o, neu: f(neu) };
    },
  },
  html_entities: {
    group: "repairable",
    applies: (old) => /[<>&]/u.test(old),
    apply: (_rng, { old, neu }) => {
      const f = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
      return { old: f(old), neu: f(neu) };
    },
  },
  unicode: {
    group: "repairable",
    applies: (old) => /['"]/u.test(old),
    apply: (_rng, { old, neu }) => {
      const f = (s: string) => {
        let open = true;
        return s.replaceAll("'", "\u2019").replace(/"/gu, () => {
          open = !open;
          return open ? "\u201d" : "\u201c";
        });
      };
      return { old: f(old), neu: f(neu) };
    },
  },
  quote_swap: {
    group: "hint",
    applies: (old) => /['"]/u.test(old),
    apply: (_rng, { old, neu }) => {
      const f = (s: string) => s.replace(/['"]/gu, (q) => (q === "'" ? '"' : "'"));
      return { old: f(old), neu: f(neu) };
    },
  },
  punctuation: {
    group: "hint",
    applies: (old) => /[;,][ \t]*$/mu.test(old),
    apply: (_rng, { old, neu }) => {
      const f = (s: string) => s.replace(/[;,]([ \t]*)$/mu, "$1");
      return { old: f(old), neu: f(neu) };
    },
  },
  under_escape: {
    group: "refuse",
    applies: (old) => /\\[nt"'\\]/u.test(old),
    apply: (_rng, { old, neu }) => {
      const f = (s: string) =>
        s.replace(/\\([nt"'\\])/gu, (_m, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
      return { old: f(old), neu: f(neu) };
    },
  },
  elision: {
    group: "refuse",
    applies: (old) => old.split("\n").length >= 6,
    apply: (_rng, { old, neu }) => {
      const lines = old.split("\n");
      const ind = /^[ \t]*/u.exec(lines[2])?.[0] ?? "";
      const elided = [...lines.slice(0, 2), `${ind}...`, ...lines.slice(-2)].join("\n");
      const nl = neu.split("\n");
      return { old: elided, neu: [...nl.slice(0, 2), `${ind}...`, ...nl.slice(-2)].join("\n") };
    },
  },
  hallucinated_middle: {
    group: "refuse",
    applies: (old) => old.split("\n").length >= 3,
    apply: (rng, { old, neu }) => {
      const lines = old.split("\n");
      const i = 1 + int(rng, lines.length - 2);
      const ids = lines[i].match(/\b[A-Za-z_][A-Za-z0-9_]{3,}\b/gu);
      if (!ids) return undefined;
      const id = pick(rng, ids);
      const wrong = (s: string) => s.replace(new RegExp(`\\b${id}\\b`, "u"), `${id}Typo`);
      const o = lines.map((l, k) => (k === i ? wrong(l) : l)).join("\n");
      return o === old
        ? undefined
        : { old: o, neu: neu.includes(lines[i]) ? neu.replace(lines[i], wrong(lines[i])) : neu };
    },
  },
};

const LOSSLESS_FOR_ADVERSARIAL = [
  "indentation",
  "trailing_whitespace",
  "line_numbers",
  "relative_indent",
  "quote_swap",
  "intra_line_whitespace",
];

function toCrlf(s: string): string {
  return s.replaceAll("\n", "\r\n");
}

export function makeCase(rng: Rng, src: SourceFile, cls: string): Case | undefined {
  const p = PERTURBATIONS[cls];
  const lines = src.text.split("\n");
  const span = pickSpan(rng, lines, src.text, (old) => p.applies(old));
  if (!span) return undefined;
  const neuTrue = synthesizeEdit(rng, span.old);
  if (!neuTrue || neuTrue === span.old) return undefined;
  const agent = p.apply(rng, { old: span.old, neu: neuTrue, s: span.s });
  if (!agent || agent.old === agent.neu) return undefined;
  const at = src.text.indexOf(span.old);
  let truth = src.text.slice(0, at) + neuTrue + src.text.slice(at + span.old.length);
  let file = src.text;
  if (agent.crlf) {
    file = toCrlf(file);
    truth = toCrlf(truth);
  }
  return {
    cls,
    group: p.group,
    corpus: src.corpus,
    path: src.path,
    file,
    old: agent.old,
    neu: agent.neu,
    truth,
    start_line: span.s + 1,
    end_line: span.e + 1,
    trueOld: span.old,
  };
}

/**
 * Adversarial: the target's first line also occurs elsewhere (sibling functions, braces, imports). Half keep enough
 * context to be unique (truth exists, perturbed by a lossless class); half drop it (no unique target: must refuse).
 */
export function makeAdversarial(rng: Rng, src: SourceFile, byLine: Map<string, number[]>): Case | undefined {
  const dupes = [...byLine.entries()].filter(([l, at]) => at.length >= 2 && l.trim().length >= 6);
  if (dupes.length === 0) return undefined;
  const [line, at] = pick(rng, dupes);
  const lines = src.text.split("\n");
  const s = pick(rng, at);
  const ambiguous = rng() < 0.5;
  const cls = pick(rng, LOSSLESS_FOR_ADVERSARIAL);
  const p = PERTURBATIONS[cls];
  if (ambiguous) {
    // The duplicated block itself, perturbed: it occurs at least twice, so nothing may be applied.
    let e = s;
    while (e + 1 < lines.length && e - s < 3 && at.every((o) => lines[o + (e + 1 - s)] === lines[e + 1])) e++;
    const old = lines.slice(s, e + 1).join("\n");
    if (old !== line && count(src.text, old) < 2) return undefined;
    const neuTrue = synthesizeEdit(rng, old);
    if (!neuTrue || neuTrue === old) return undefined;
    const agent = p.apply(rng, { old, neu: neuTrue, s });
    if (!agent || agent.old === agent.neu) return undefined;
    return {
      cls: "adversarial_ambiguous",
      group: "adversarial",
      corpus: src.corpus,
      path: src.path,
      file: src.text,
      old: agent.old,
      neu: agent.neu,
      truth: undefined,
      start_line: s + 1,
      end_line: e + 1,
      trueOld: old,
    };
  }
  const span = pickSpan(rng, lines, src.text, () => true, s, 4);
  if (!span) return undefined;
  const neuTrue = synthesizeEdit(rng, span.old);
  if (!neuTrue || neuTrue === span.old) return undefined;
  const agent = p.apply(rng, { old: span.old, neu: neuTrue, s: span.s });
  if (!agent || agent.old === agent.neu) return undefined;
  const pos = src.text.indexOf(span.old);
  return {
    cls: "adversarial_unique",
    group: "adversarial",
    corpus: src.corpus,
    path: src.path,
    file: src.text,
    old: agent.old,
    neu: agent.neu,
    truth: src.text.slice(0, pos) + neuTrue + src.text.slice(pos + span.old.length),
    start_line: span.s + 1,
    end_line: span.e + 1,
    trueOld: span.old,
  };
}

/** Must-not: exact old_str over text with `\n`, `\"`, LaTeX commands, Windows-like paths or entities. */
export function makeMustNot(rng: Rng, src: SourceFile): Case | undefined {
  const lines = src.text.split("\n");
  const span = pickSpan(rng, lines, src.text, (old) => /\\[a-zA-Z"'\\]|&[a-z]+;/u.test(old));
  if (!span) return undefined;
  const neu = synthesizeEdit(rng, span.old);
  if (!neu || neu === span.old) return undefined;
  const at = src.text.indexOf(span.old);
  return {
    cls: "must_not",
    group: "must_not",
    corpus: src.corpus,
    path: src.path,
    file: src.text,
    old: span.old,
    neu,
    truth: src.text.slice(0, at) + neu + src.text.slice(at + span.old.length),
    start_line: span.s + 1,
    end_line: span.e + 1,
    trueOld: span.old,
  };
}

/**
 * Line boundary: old_str is the start of a line written as if the line ended there (`bbb\n` for the line
 * `bbb-x`), new_str inserts a line after it. The text without its newline occurs once, inside that line, so a
 * correction that drops the newline lands mid-line; nothing may be applied (docs/edit.md, "Corrections keep line
 * structure").
 */
export function makeLineBoundary(rng: Rng, src: SourceFile): Case | undefined {
  const lines = src.text.split("\n");
  for (let attempt = 0; attempt < 20; attempt++) {
    const i = int(rng, lines.length);
    const line = lines[i];
    const cuts = [...line.matchAll(/\b(?=\W)|(?<=\W)\b/gu)].map((m) => m.index ?? 0).filter((k) => k >= 8);
    if (cuts.length === 0) continue;
    const k = pick(rng, cuts);
    const head = line.slice(0, k);
    if (line.slice(k).trim() === "" || /\s$/u.test(head) || count(src.text, head) !== 1) continue;
    if (src.text.includes(`${head}\n`)) continue;
    const indent = /^[ \t]*/u.exec(line)?.[0] ?? "";
    return {
      cls: "line_boundary",
      group: "refuse",
      corpus: src.corpus,
      path: src.path,
      file: src.text,
      old: `${head}\n`,
      neu: `${head}\n${indent}inserted_call(${i})\n`,
      truth: undefined,
      start_line: i + 1,
      end_line: i + 1,
      trueOld: line,
    };
  }
  return undefined;
}
