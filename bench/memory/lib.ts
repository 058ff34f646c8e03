/** What the memory benchmarks use from the library, in one place. */
export {
  anyOf,
  closeAllStores,
  type Memory,
  type MemoryContext,
  memorySection,
  openMemory,
  queryTerms,
  recall,
  remember,
  rememberBatch,
  searchMemories,
} from "../../src/memory/index.js";
