/**
 * Text handling for the lexical lane, shared by both backends: the words an engine indexes, identifier terms stored
 * beside the content (so `getUserById` and "get user by id" meet), and the terms of a natural-language query.
 * Query syntax and its rendering per engine live in lexical-query.ts.
 */
import { createHash } from "node:crypto";
import { tokens as identifierParts } from "../core/similarity.js";
import { FUNCTION_WORDS } from "../core/stopwords.js";
import { dateTerms, queryDayTokens } from "./dates.js";

/** Words FTS5's unicode61 tokenizer would produce (letters and digits), lower-cased. */
export function plainWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * A word without its diacritics (`café` → `cafe`), as FTS5's unicode61 tokenizer indexes it; the PostgreSQL backend
 * folds both the indexed text and the query the same way, so both engines match the same words.
 */
export function foldWord(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC");
}

/** A text as the space-separated folded words an engine indexes. */
export function indexText(text: string | null | undefined): string {
  return text ? plainWords(text).map(foldWord).join(" ") : "";
}

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/gu;

/** An identifier worth splitting: camelCase, snake_case, or letters mixed with digits. */
function isCompound(word: string): boolean {
  return /\p{Ll}\p{Lu}/u.test(word) || /\p{Lu}{2}\p{Ll}/u.test(word) || /[\p{L}\p{N}]_[\p{L}\p{N}]/u.test(word);
}

/**
 * Split and whole forms of the identifiers in a text: `getUserById` → `get user by id getuserbyid`,
 * `MAX_RETRY_COUNT` → `max retry count maxretrycount`. Plain words are left to the tokenizer.
 */
export function identTerms(...texts: ReadonlyArray<string | null | undefined>): string {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.normalize("NFKC").matchAll(IDENTIFIER)) {
      const word = m[0];
      if (!isCompound(word)) continue;
      const parts = identifierParts(word);
      for (const p of parts) out.add(p);
      out.add(parts.join(""));
    }
  }
  return [...out].join(" ");
}

export function isStopWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}

/**
 * The terms of a natural-language query: words plus the parts of any compound identifier in it, stop words
 * dropped (kept when the query is nothing but stop words), de-duplicated, in order.
 */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const m of query.normalize("NFKC").matchAll(/[\p{L}\p{N}_$]+/gu)) {
    const word = m[0];
    const forms = isCompound(word) ? [...identifierParts(word), identifierParts(word).join("")] : plainWords(word);
    for (const f of forms) if (!terms.includes(f)) terms.push(f);
  }
  const content = terms.filter((t) => !FUNCTION_WORDS.has(t));
  // A full date in the query also searches its day (see dates.ts); first, so that the cap never drops it.
  return [...queryDayTokens(query), ...(content.length > 0 ? content : terms)].slice(0, 32);
}

/**
 * Whether a memory's text ends by asking something: its last sentence is a question, after any closing bracketed
 * asides ("How did it go? [shared a photo: a cake]") and closing quotes. In a thread such a turn is answered by the
 * next one (see withNeighbours). A scan from the end, so a text of any length costs one pass.
 */
export function asksQuestion(text: string): boolean {
  let end = text.length;
  for (;;) {
    while (end > 0 && /[\s"'\u201d\u2019)]/u.test(text[end - 1])) end--;
    if (end === 0 || text[end - 1] !== "]") break;
    const open = text.lastIndexOf("[", end - 1);
    if (open < 0) break;
    end = open;
  }
  return end > 0 && (text[end - 1] === "?" || text[end - 1] === "\uff1f");
}

/** The derived terms stored beside a memory's text (`ident_terms`): identifier parts and its date's words. */
export function derivedTerms(m: {
  content: string;
  rationale: string | null;
  file_path: string | null;
  happened_at: number | null;
}): string {
  return [identTerms(m.content, m.rationale, m.file_path), dateTerms(m.happened_at, m.content)]
    .filter((t) => t !== "")
    .join(" ");
}

/** Key of a content up to case, punctuation and spacing: equal keys are duplicates. */
export function contentKey(content: string): string {
  return createHash("sha1").update(plainWords(content).join(" ")).digest("hex").slice(0, 20);
}

/** The text a memory is embedded from: what it says, why, its tags and its file. */
export function embeddingText(m: {
  content: string;
  rationale: string | null;
  tags: string | readonly string[];
  file_path: string | null;
}): string {
  const tags = typeof m.tags === "string" ? m.tags : m.tags.join(" ");
  return [m.content, m.rationale ?? "", tags, m.file_path ?? ""].filter((s) => s !== "").join("\n");
}
