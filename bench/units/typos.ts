/**
 * Unit-typo evaluation (the recipe of docs/units.md, Benchmark, on dwim's own registry): one deletion, insertion, substitution and swap per
 * alphabetic name of 4+ letters, one double edit each, random garbage, and prefixed names with a typo in the unit.
 * ucon's difflib tiering runs on the same inputs as the baseline.
 */
import { rawRatio } from "../../src/core/similarity.js";
import type { Dim } from "../../src/units/dimension.js";
import { suggestUnit } from "../../src/units/suggestions.js";
import type { Units } from "../../src/units/system.js";
import { rng } from "../lib/random.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

export type EditKind = "deletion" | "insertion" | "substitution" | "swap" | "double";

export function edit(word: string, kind: Exclude<EditKind, "double">, rand: () => number): string {
  const i = Math.floor(rand() * word.length);
  const letter = () => LETTERS[Math.floor(rand() * LETTERS.length)];
  switch (kind) {
    case "deletion":
      return word.slice(0, i) + word.slice(i + 1);
    case "insertion":
      return word.slice(0, i) + letter() + word.slice(i);
    case "substitution": {
      let c = letter();
      while (c === word[i]) c = letter();
      return word.slice(0, i) + c + word.slice(i + 1);
    }
    case "swap": {
      const j = Math.min(i, word.length - 2);
      return word.slice(0, j) + word[j + 1] + word[j] + word.slice(j + 2);
    }
  }
}

export interface TypoCase {
  input: string;
  /** Intended unit id and prefix symbol ("" for none). */
  target: string;
  kind: EditKind | "prefixed" | "garbage";
}

/** Outcome of one matcher on one case. */
export interface Outcome {
  fix?: string;
  hints: string[];
}

export function generateCases(units: Units, seed = 20251121): TypoCase[] {
  const rand = rng(seed);
  const cases: TypoCase[] = [];
  const known = (s: string) => units.evaluator.atom(s).readings.length > 0;
  const seen = new Set<string>();
  for (const u of units.system.allUnits()) {
    for (const name of u.names) {
      const key = name.toLowerCase();
      if (!/^[a-z]{4,}$/u.test(key) || seen.has(key)) continue;
      seen.add(key);
      for (const kind of ["deletion", "insertion", "substitution", "swap"] as const) {
        const typo = edit(key, kind, rand);
        if (!known(typo) && typo !== key) cases.push({ input: typo, target: `${u.id}|`, kind });
      }
      const k1 = (["deletion", "insertion", "substitution", "swap"] as const)[Math.floor(rand() * 4)];
      const k2 = (["deletion", "insertion", "substitution", "swap"] as const)[Math.floor(rand() * 4)];
      const dbl = edit(edit(key, k1, rand), k2, rand);
      if (!known(dbl) && dbl !== key && dbl.length >= 3) cases.push({ input: dbl, target: `${u.id}|`, kind: "double" });
    }
  }
  // Prefixed names with one edit in the unit part .
  const prefixes = [
    ["kilo", "k"],
    ["milli", "m"],
    ["micro", "µ"],
    ["mega", "M"],
    ["centi", "c"],
    ["nano", "n"],
    ["giga", "G"],
  ] as const;
  const scalable = [
    "meter",
    "gram",
    "liter",
    "second",
    "watt",
    "joule",
    "hertz",
    "pascal",
    "newton",
    "volt",
    "ampere",
    "mole",
  ];
  for (const [pname, psym] of prefixes) {
    for (const uname of scalable) {
      const unit = units.system.name(uname);
      if (!unit) continue;
      const kind = (["deletion", "insertion", "substitution", "swap"] as const)[Math.floor(rand() * 4)];
      const typo = pname + edit(uname, kind, rand);
      if (!known(typo)) cases.push({ input: typo, target: `${unit.id}|${psym}`, kind: "prefixed" });
    }
  }
  // Garbage: random letter strings of 4–8 characters that are not units.
  let garbage = 0;
  while (garbage < 330) {
    const n = 4 + Math.floor(rand() * 5);
    let s = "";
    for (let i = 0; i < n; i++) s += LETTERS[Math.floor(rand() * LETTERS.length)];
    if (known(s)) continue;
    cases.push({ input: s, target: "", kind: "garbage" });
    garbage++;
  }
  return cases;
}

/**
 * dwim's matcher as convert uses it: the other endpoint's dimension (the intended unit's, as in a real call that
 * mistyped one unit) demotes fixes that could not convert and breaks ties; garbage gets the dimension of a unit drawn
 * by a fixed rule. Without `inCall`, the matcher sees the spelling alone.
 */
export function dwimMatcher(units: Units, inCall = false): (input: string, c?: TypoCase) => Outcome {
  const all = units.system.allUnits();
  let drawn = 0;
  return (input, c) => {
    let other: Dim | undefined;
    if (inCall && c) {
      other =
        c.kind === "garbage" ? all[(drawn++ * 7919) % all.length].dim : units.unitById(c.target.split("|")[0])?.dim;
    }
    const s = suggestUnit(units, input, other);
    const key = (t: { unit: { id: string }; prefix?: { symbol: string } }) => `${t.unit.id}|${t.prefix?.symbol ?? ""}`;
    return { fix: s.fix ? key(s.fix) : undefined, hints: s.hints.map(key) };
  };
}

/** ucon's `_suggest_units`: difflib get_close_matches (cutoff 0.6, n 3), then the 0.7 / 0.1-gap tiering. */
export function difflibMatcher(units: Units): (input: string) => Outcome {
  const corpus = new Map<string, string>();
  for (const u of units.system.allUnits()) {
    for (const s of [...u.names, ...u.symbols])
      if (!corpus.has(s.toLowerCase())) corpus.set(s.toLowerCase(), `${u.id}|`);
  }
  const keys = [...corpus.keys()];
  return (input) => {
    const word = input.toLowerCase();
    // get_close_matches scores SequenceMatcher(None, candidate, word) (seq1 = candidate).
    const scored = keys
      .map((k) => ({ k, score: rawRatio(k, word) }))
      .filter((x) => x.score >= 0.6)
      .sort((a, b) => b.score - a.score || (a.k < b.k ? 1 : -1))
      .slice(0, 3);
    if (scored.length === 0) return { hints: [] };
    const targets = scored.map((x) => corpus.get(x.k) as string);
    const top = rawRatio(word, scored[0].k);
    if (top >= 0.7) {
      if (scored.length >= 2) {
        const second = rawRatio(word, scored[1].k);
        if (top - second >= 0.1) return { fix: targets[0], hints: targets.slice(1) };
      } else return { fix: targets[0], hints: [] };
    }
    return { hints: targets };
  };
}

export interface TypoScores {
  precision: number;
  recall: number;
  fixOrHint: number;
  byKind: Record<string, { n: number; fixed: number }>;
  doubleFixOrHint: number;
  prefixed: number;
  garbageFalseFix: number;
  garbageAnyHint: number;
  cases: number;
}

export function score(cases: readonly TypoCase[], match: (input: string, c?: TypoCase) => Outcome): TypoScores {
  let fixes = 0;
  let correct = 0;
  let typos = 0;
  let single = 0;
  let singleFoH = 0;
  let dbl = 0;
  let dblFoH = 0;
  let prefixed = 0;
  let prefixedOk = 0;
  let garbage = 0;
  let garbageFix = 0;
  let garbageHint = 0;
  const byKind: Record<string, { n: number; fixed: number }> = {};
  for (const c of cases) {
    const o = match(c.input, c);
    if (c.kind === "garbage") {
      garbage++;
      if (o.fix) garbageFix++;
      if (o.fix || o.hints.length > 0) garbageHint++;
      continue;
    }
    const ok = o.fix === c.target;
    const foh = ok || o.hints.includes(c.target);
    if (c.kind === "prefixed") {
      prefixed++;
      if (ok) prefixedOk++;
      continue;
    }
    typos++;
    if (o.fix) fixes++;
    if (ok) correct++;
    byKind[c.kind] ??= { n: 0, fixed: 0 };
    byKind[c.kind].n++;
    if (ok) byKind[c.kind].fixed++;
    if (c.kind === "double") {
      dbl++;
      if (foh) dblFoH++;
    } else {
      single++;
      if (foh) singleFoH++;
    }
  }
  const pct = (a: number, b: number) => (b === 0 ? 0 : (100 * a) / b);
  return {
    precision: pct(correct, fixes),
    recall: pct(correct, typos),
    fixOrHint: pct(singleFoH, single),
    byKind,
    doubleFixOrHint: pct(dblFoH, dbl),
    prefixed: pct(prefixedOk, prefixed),
    garbageFalseFix: pct(garbageFix, garbage),
    garbageAnyHint: pct(garbageHint, garbage),
    cases: cases.length,
  };
}
