/**
 * "The limit": ripgrep alone scanning for the query's subsequence regex — each term's characters in
 * order (`p.*a.*r.*s.*e`), the terms in the order typed, an OR group as an alternation, smart case per term, inverse
 * terms left out. It is not an fzf filter (terms in another order, path matches and folded diacritics are missed);
 * it is what the scan itself costs, the floor any ripgrep-based search pays.
 */
import { parseQuery, type Term } from "../../src/search/fzf/pattern.js";

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\#&~-]/gu, "\\$&");

function termRegex(t: Term): string {
  const flags = t.caseSensitive ? "" : "(?i)";
  if (t.type === "fuzzy") return `${flags}${[...t.text].map(escapeRegex).join(".*")}`;
  const body = `${flags}${escapeRegex(t.text)}`;
  if (t.type === "prefix") return `^\\s*${body}`;
  if (t.type === "suffix") return `${body}\\s*$`;
  if (t.type === "equal") return `^\\s*${body}\\s*$`;
  return body;
}

export function limitRegex(query: string): string {
  const sets = parseQuery(query)
    .map((set) => set.filter((t) => !t.inverse).map(termRegex))
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => (alternatives.length > 1 ? `(?:${alternatives.join("|")})` : alternatives[0]));
  return sets.length === 0 ? "." : sets.map((s) => `(?:${s})`).join(".*");
}
