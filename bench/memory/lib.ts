/** What the memory benchmarks use from the library, in one place. */
export {
  anyOf,
  closeAllStores,
  type Memory,
  memorySection,
  openMemory,
  queryTerms,
  recall,
  remember,
  rememberBatch,
} from "../../src/memory/index.js";
