import { rng } from "../lib/random.js";
/** Seeded generation of typos (deletion, insertion, substitution, transposition, double edits) and garbage strings. */

export type EditClass = "deletion" | "insertion" | "substitution" | "transposition" | "double";

export interface Typo {
  input: string;
  truth: string;
  edit: EditClass;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function pick(r: () => number, n: number): number {
  return Math.floor(r() * n);
}

function randomLetter(r: () => number, not?: string): string {
  for (;;) {
    const c = LETTERS[pick(r, LETTERS.length)];
    if (c !== not) return c;
  }
}

function applyEdit(word: string, edit: Exclude<EditClass, "double">, r: () => number): string {
  const i = pick(r, word.length);
  switch (edit) {
    case "deletion":
      return word.slice(0, i) + word.slice(i + 1);
    case "insertion":
      return word.slice(0, i) + randomLetter(r) + word.slice(i);
    case "substitution":
      return word.slice(0, i) + randomLetter(r, word[i]) + word.slice(i + 1);
    case "transposition": {
      const j = Math.min(i, word.length - 2);
      if (word[j] === word[j + 1]) return word.slice(0, j) + randomLetter(r, word[j]) + word.slice(j + 1);
      return word.slice(0, j) + word[j + 1] + word[j] + word.slice(j + 2);
    }
  }
}

const SINGLE: Array<Exclude<EditClass, "double">> = ["deletion", "insertion", "substitution", "transposition"];

/** For every name of >= 4 characters: one typo of each single-edit class and one double edit; typos that are keys are dropped. */
export function generateTypos(names: readonly string[], seed: number): Typo[] {
  const r = rng(seed);
  const keys = new Set(names);
  const out: Typo[] = [];
  for (const name of names) {
    if (name.length < 4) continue;
    for (const edit of SINGLE) {
      const input = applyEdit(name, edit, r);
      if (!keys.has(input) && input !== name) out.push({ input, truth: name, edit });
    }
    const first = SINGLE[pick(r, SINGLE.length)];
    const second = SINGLE[pick(r, SINGLE.length)];
    const input = applyEdit(applyEdit(name, first, r), second, r);
    if (!keys.has(input) && input !== name) out.push({ input, truth: name, edit: "double" });
  }
  return out;
}

/** Common words that are no tool, parameter or unit name. */
const NON_REGISTRY_WORDS = [
  "banana",
  "window",
  "coffee",
  "purple",
  "guitar",
  "holiday",
  "pencil",
  "garden",
  "rocket",
  "violin",
  "blanket",
  "mirror",
  "cactus",
  "dragon",
  "lemonade",
  "puzzle",
  "tomato",
  "kitchen",
  "wizard",
  "pirate",
  "sunset",
  "island",
  "penguin",
  "castle",
  "marble",
  "orchid",
  "biscuit",
  "compass",
  "lantern",
  "meadow",
  "noodle",
  "pepper",
  "quartz",
  "saddle",
  "thunder",
  "umbrella",
  "velvet",
  "walrus",
  "yogurt",
  "zephyr",
  "anchor",
  "bubble",
  "candle",
  "donkey",
  "feather",
  "giraffe",
  "harbor",
  "igloo",
  "jungle",
  "koala",
  "ladder",
  "muffin",
  "nectar",
  "oyster",
  "parrot",
  "raisin",
  "spider",
  "tunnel",
  "unicorn",
  "volcano",
];

/** Random lower-case strings of 4–9 letters plus the common words above, minus anything in the registry. */
export function generateGarbage(names: readonly string[], count: number, seed: number): string[] {
  const r = rng(seed);
  const keys = new Set(names.map((n) => n.toLowerCase()));
  const out = new Set<string>();
  while (out.size < count) {
    const len = 4 + pick(r, 6);
    let s = "";
    for (let i = 0; i < len; i++) s += randomLetter(r);
    if (!keys.has(s)) out.add(s);
  }
  for (const w of NON_REGISTRY_WORDS) if (!keys.has(w)) out.add(w);
  return [...out];
}
