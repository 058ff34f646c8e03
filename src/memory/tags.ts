/**
 * Tag inference (docs/memory.md, `remember`) and tag normalisation. Daem0n-MCP matched substrings, so
 * "prefix" was a bug fix and "breakfast" was fast; upstream's word-boundary fix then missed "fixed" and "errors".
 * Here words are matched as explicit families: every inflection is listed, nothing is matched inside another word.
 */

const BUGFIX = new Set([
  "fix",
  "fixes",
  "fixed",
  "fixing",
  "bugfix",
  "bugfixes",
  "hotfix",
  "hotfixes",
  "bug",
  "bugs",
  "buggy",
  "error",
  "errors",
  "errored",
  "issue",
  "issues",
  "broke",
  "broken",
  "crash",
  "crashes",
  "crashed",
  "crashing",
  "fail",
  "fails",
  "failed",
  "failing",
  "failure",
  "failures",
]);
const TECH_DEBT = new Set([
  "todo",
  "todos",
  "fixme",
  "hack",
  "hacks",
  "hacky",
  "workaround",
  "workarounds",
  "temporary",
]);
const TECH_DEBT_BIGRAMS = new Set(["temp fix", "quick fix", "tech debt", "technical debt", "refactor later"]);
const PERF = new Set([
  "perf",
  "performance",
  "performant",
  "slow",
  "slower",
  "slowness",
  "fast",
  "faster",
  "optimize",
  "optimized",
  "optimizes",
  "optimizing",
  "optimise",
  "optimised",
  "optimises",
  "optimising",
  "optimization",
  "optimizations",
  "optimisation",
  "optimisations",
  "speed",
  "speedup",
  "latency",
  "cache",
  "caches",
  "cached",
  "caching",
]);
const WARNING = new Set([
  "warn",
  "warns",
  "warned",
  "warning",
  "warnings",
  "avoid",
  "avoids",
  "avoided",
  "avoiding",
  "don't",
  "dont",
]);
const WARNING_BIGRAMS = new Set(["do not"]);

/** NFKC, lower case, typographic apostrophe as `'`, split on anything but a-z, 0-9 and `'`; quotes trimmed. */
function inferenceTokens(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2019\u2018\u02bc]/gu, "'")
    .split(/[^a-z0-9']+/u)
    .map((t) => t.replace(/^'+|'+$/gu, ""))
    .filter((t) => t.length > 0);
}

function hasWord(words: readonly string[], family: ReadonlySet<string>): boolean {
  return words.some((w) => family.has(w));
}

function hasBigram(words: readonly string[], bigrams: ReadonlySet<string>): boolean {
  for (let i = 0; i + 1 < words.length; i++) if (bigrams.has(`${words[i]} ${words[i + 1]}`)) return true;
  return false;
}

/**
 * Tags implied by the content and category, in the order bugfix, tech-debt, perf, warning. Only adds: a tag already
 * in `existing` (compared after normalisation) is never returned.
 */
export function inferTags(content: string, category: string, existing: readonly string[] = []): string[] {
  const have = new Set(existing.map(normalizeTag));
  const words = inferenceTokens(content);
  const out: string[] = [];
  const add = (tag: string, when: boolean) => {
    if (when && !have.has(tag) && !out.includes(tag)) out.push(tag);
  };
  add("bugfix", hasWord(words, BUGFIX));
  add("tech-debt", hasWord(words, TECH_DEBT) || hasBigram(words, TECH_DEBT_BIGRAMS));
  add("perf", hasWord(words, PERF));
  add("warning", category === "warning" || hasWord(words, WARNING) || hasBigram(words, WARNING_BIGRAMS));
  return out;
}

/** Daem0n-MCP's name for the same function. @alias */
export const infer_tags = inferTags;

/** Lowercase kebab: `Tech Debt` → `tech-debt`, `perf_fix` → `perf-fix`. Empty when nothing is left. */
export function normalizeTag(tag: string): string {
  return tag
    .normalize("NFKC")
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/gu, "");
}
