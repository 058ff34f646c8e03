/**
 * The part of a request the sentence model reads: the framing of an ask (greetings, "can you please", "I would like
 * to", "help me") carries no meaning about which tool is wanted, yet it pulls every request toward every other
 * request in the model's space and costs model time. The lexical lane reads the query as written (its idf already
 * discounts such words); this is for the semantic lane only.
 */

/** Interjections that open a request: "Sure!", "Hi there,", "Okay so". */
const OPENERS =
  /^(?:(?:sure|certainly|okay|ok|(?:hi|hello|hey)(?: there)?|well|so|yes|great|thanks|thank you)\b[,.!]?\s*)+/iu;

/** English request framing, anywhere in the text (a question often ends "Can you do that for me?"). */
const FRAMES: readonly RegExp[] = [
  /\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:help\s+me\s+(?:to\s+)?|assist\s+me\s+(?:in|with|to)?\s*)?/giu,
  /\b(?:please|kindly)\b\s*/giu,
  /\bi(?:'d|\s+would)\s+(?:like|love|want)\s+(?:you\s+)?to\s+/giu,
  /\bi(?:'d|\s+would)\s+like\s+/giu,
  /\bi\s+(?:want|need|wish)\s+(?:you\s+)?to\s+/giu,
  /\bi(?:'m|\s+am)\s+(?:looking|searching)\s+for\s+/giu,
  /\b(?:help|assist)\s+me\s+(?:to\s+|in\s+|with\s+)?/giu,
  /\bfor\s+me\b/giu,
];

/**
 * Words of a request the model reads at most. The model's cost grows with the length of its input (about half a
 * millisecond of CPU per token on two cores, measured), so the longest requests set the latency's p95; the tool a
 * request wants is named in its first clauses, and cutting at 24 words (about the 75th percentile of MetaTool's
 * requests) left routing quality unchanged on MetaTool and on the held-out catalog (bench/router).
 */
export const MODEL_QUERY_WORDS = 24;

/** The request without its framing, cut to MODEL_QUERY_WORDS words; the request itself when nothing else is left. */
export function requestForModel(query: string): string {
  let s = query.replace(OPENERS, "");
  for (const frame of FRAMES) s = s.replace(frame, "");
  const words = s
    .replace(/\s+([?.!,;:])/gu, "$1")
    .split(/\s+/u)
    .filter((w) => w !== "");
  if (words.length === 0) return query.trim().split(/\s+/u).slice(0, MODEL_QUERY_WORDS).join(" ");
  return words.slice(0, MODEL_QUERY_WORDS).join(" ");
}
