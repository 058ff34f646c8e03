/**
 * A quick, sound test of whether any of a query's terms could match a path. A term matches a text only if
 * the text holds, for each of the term's characters, some code unit the matcher reads as it (codesMatching, the
 * premise the prefilter regexes rest on). Most listed paths hold no such full set for any term, and for them every
 * term-against-path check comes out false: the caller can decide such a path once for all of them instead of folding
 * and matching each (on the Rust corpus, 22,331 paths per search).
 */
import { isWhitespaceCode } from "./fzf/charclass.js";
import { codesMatching } from "./fzf/forms.js";
import type { Term } from "./fzf/pattern.js";

/** Characters per term the gate requires (a bit each); requiring fewer of them is still a necessary condition. */
const MAX_GATED_CHARS = 31;

interface TermGate {
  /** For each ASCII code unit, the bits of the term's characters it can stand for. */
  ascii: Uint32Array;
  /** The same for other code units. */
  other: Map<number, number>;
  /** All bits: the path holds something for every gated character. */
  full: number;
}

function termGate(term: Term): TermGate {
  const gate: TermGate = { ascii: new Uint32Array(128), other: new Map(), full: 0 };
  let bit = 0;
  for (let i = 0; i < term.text.length && bit < MAX_GATED_CHARS; i++) {
    const code = term.text.charCodeAt(i);
    // Whitespace is trimmed and compared loosely around some term types: it is not required.
    if (isWhitespaceCode(code)) continue;
    const mask = 1 << bit++;
    gate.full |= mask;
    for (const c of codesMatching(code, term.caseSensitive, term.normalize)) {
      if (c < 128) gate.ascii[c] |= mask;
      else gate.other.set(c, (gate.other.get(c) ?? 0) | mask);
    }
  }
  return gate;
}

export class PathGate {
  private readonly gates: TermGate[];
  private readonly seen: Uint32Array;
  /** A term with no required character (all whitespace) could match anything. */
  private readonly open: boolean;

  constructor(terms: readonly Term[]) {
    this.gates = terms.map(termGate);
    this.seen = new Uint32Array(this.gates.length);
    this.open = this.gates.some((g) => g.full === 0);
  }

  /** False only when no term can match `path`; true when one might. */
  mayMatch(path: string): boolean {
    const { gates, seen } = this;
    if (this.open) return true;
    seen.fill(0);
    for (let i = 0; i < path.length; i++) {
      const c = path.charCodeAt(i);
      for (let t = 0; t < gates.length; t++) {
        const g = gates[t];
        const bits = c < 128 ? g.ascii[c] : (g.other.get(c) ?? 0);
        if (bits === 0) continue;
        seen[t] |= bits;
        if (seen[t] === g.full) return true;
      }
    }
    return false;
  }
}
