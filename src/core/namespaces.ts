/**
 * Namespaces and operations of tool names: `mcp__github__delete_repo` is operation `delete_repo` in namespace
 * `mcp__github`. The matcher compares only what differs and never lets a shared prefix carry a fix.
 */
import { confirmScore, osa } from "./similarity.js";

/** Edit budget for an input of n characters: none for 1–2, one for 3–4, two above. */
export function editBudget(n: number): number {
  if (n <= 2) return 0;
  if (n <= 4) return 1;
  return 2;
}

export const NAMESPACE_SEPARATORS = ["__", ".", "/", ":"] as const;

/** Splits `mcp__github__delete_repo` into namespace `mcp__github` and operation `delete_repo`. */
export function splitNamespace(name: string): { namespace: string; operation: string } {
  for (const sep of NAMESPACE_SEPARATORS) {
    const at = name.lastIndexOf(sep);
    if (at > 0 && at + sep.length < name.length) {
      return { namespace: name.slice(0, at), operation: name.slice(at + sep.length) };
    }
  }
  return { namespace: "", operation: name };
}

/**
 * A misspelt namespace is corrected only by a single edit on the differing part, unique and confirmed: `llawyer` →
 * `lawyer`, `mcp__dwin` → `mcp__dwim`, but never `mcp__gitlab` → `mcp__github` (another server, not a typo).
 */
export function uniqueNamespaceFix(input: string, names: readonly string[], threshold: number): string | undefined {
  let best: string | undefined;
  let tie = false;
  for (const name of names) {
    const [a, b] = differingParts(input, name);
    if (a.length < 3 || osa(a, b, 1) > 1 || confirmScore(a, b) < threshold) continue;
    if (best) tie = true;
    best = name;
  }
  return tie ? undefined : best;
}

const SEGMENT = /[_\s.:/-]+/u;

/** The parts of two names left after removing their shared leading and trailing segments. */
export function differingParts(a: string, b: string): [string, string] {
  const sa = a.split(SEGMENT).filter(Boolean);
  const sb = b.split(SEGMENT).filter(Boolean);
  let head = 0;
  while (head < sa.length && head < sb.length && sa[head] === sb[head]) head++;
  let tail = 0;
  while (tail < sa.length - head && tail < sb.length - head && sa[sa.length - 1 - tail] === sb[sb.length - 1 - tail]) {
    tail++;
  }
  return [sa.slice(head, sa.length - tail).join("_"), sb.slice(head, sb.length - tail).join("_")];
}

/**
 * Operation guard: after dropping shared segments, what differs must itself be a typo of the target's part, so a
 * shared prefix cannot carry a wrong fix. `strict`: within that part's own budget and confirmed (`contnt`/`content`)
 * — auto-correction allowed. `loose`: one edit on a short part (`nax`/`max`, but also `set`/`get`) — only a
 * likely_fix, since the two may be different operations. `fail`: `dirs`/`files`, `fold`/`file` — hints only.
 */
export function operationGuard(input: string, target: string, threshold: number): "strict" | "loose" | "fail" {
  const [a, b] = differingParts(input, target);
  if (a === "" || b === "") return a === b || Math.abs(a.length - b.length) <= 1 ? "strict" : "fail";
  if (a === input && b === target) return "strict";
  const budget = editBudget(b.length);
  const d = osa(a, b, Math.max(1, budget));
  if (d <= budget && confirmScore(a, b) >= threshold) return "strict";
  return d <= Math.max(1, budget) ? "loose" : "fail";
}

export function opOf(name: string): string {
  return splitNamespace(name).operation;
}
