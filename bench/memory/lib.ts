/** What the memory benchmarks use from the library, in one place. */
export {
  closeAllStores,
  type Memory,
  memorySection,
  openMemory,
  queryTerms,
  recall,
  remember,
  rememberBatch,
} from "../../src/memory/index.js";

import { quoteTerm } from "../../src/memory/text.js";

/** The lexical lane's OR query over terms (as recall builds it). */
export function orQueryOf(terms: readonly string[]): string {
  return terms.map(quoteTerm).join(" OR ");
}
