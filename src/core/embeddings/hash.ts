/**
 * The default provider: signed feature hashing, no model weights, no network. Each word contributes itself, its
 * character 3- and 4-grams (with word boundaries) and, for identifiers, its parts. What it captures: shared words,
 * morphology (`crashed` ~ `crashes`), small typos and identifier splits (`getUserById` ~ "get user by id"). What it does
 * not capture: synonyms and paraphrase ("blocking database calls" vs "synchronous queries") — that needs a model.
 */

import { tokens as identifierParts } from "../similarity.js";
import { FUNCTION_WORDS } from "../stopwords.js";
import { yieldEvery } from "../yielding.js";
import type { EmbeddingProvider } from "./provider.js";
import { l2normalize } from "./provider.js";

const DIM = 256;

/** FNV-1a, 32 bit. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function addFeature(v: Float32Array, feature: string, weight: number): void {
  const h = fnv1a(feature);
  // Low bits pick the slot, the top bit the sign, so that collisions cancel out on average instead of piling up.
  v[h % DIM] += h & 0x80000000 ? -weight : weight;
}

function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize("NFKC").matchAll(/[\p{L}\p{N}_$]+/gu)) {
    const parts = identifierParts(m[0]);
    if (parts.length > 1) out.push(parts.join(""));
    out.push(...parts);
  }
  return out.filter((w) => !FUNCTION_WORDS.has(w));
}

export function hashEmbed(text: string): Float32Array {
  const v = new Float32Array(DIM);
  for (const word of wordsOf(text)) {
    addFeature(v, `w:${word}`, 1);
    const padded = `<${word}>`;
    const grams: string[] = [];
    for (const n of [3, 4]) for (let i = 0; i + n <= padded.length; i++) grams.push(padded.slice(i, i + n));
    // Grams share one unit of weight per word, so long words do not drown short ones.
    const w = grams.length > 0 ? 1.5 / Math.sqrt(grams.length) : 0;
    for (const g of grams) addFeature(v, `g:${g}`, w);
  }
  return l2normalize(v);
}

export class HashEmbeddings implements EmbeddingProvider {
  readonly id = "hash-v1";
  readonly dim = DIM;

  /** A long batch (500 memories of 16,000 characters) takes seconds: it yields between texts. */
  async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    const turn = yieldEvery();
    const out: Float32Array[] = [];
    for (const text of texts) {
      await turn();
      out.push(hashEmbed(text));
    }
    return out;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return hashEmbed(text);
  }
}
