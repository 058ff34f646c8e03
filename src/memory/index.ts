/** dwim/memory: a per-project, multi-process-safe memory of decisions, patterns, warnings and learnings. */
import { defineToolset } from "../core/index.js";
import { memorySection } from "./settings.js";
import { memoryTools } from "./tools.js";

export {
  cosine,
  createEndpointProvider,
  createOnnxProvider,
  type EmbeddingProvider,
  EndpointEmbeddings,
  HashEmbeddings,
  hashEmbed,
  missingModelFiles,
  OnnxEmbeddings,
  type ProviderChoice,
} from "../core/embeddings/index.js";
export { dateTerms, queryDayTokens, queryRelativeDayTokens, relativeDays } from "./dates.js";
/** Health of the memory for `dwim health`: store counts and repairs, provider, env clashes. */
export { memoryHealth } from "./health.js";
export { resolveCategory } from "./inputs.js";
export {
  anyOf,
  type LexNode,
  type ParsedSearch,
  parseSearchQuery,
  toFts5,
  toTsquery,
  wordsNode,
} from "./lexical-query.js";
export { closeAllStores, createProvider, databasePath, type MemoryContext, openMemory, openStore } from "./open.js";
export { PostgresMemoryStore } from "./postgres-store.js";
export {
  boostShare,
  coordinate,
  decayFactor,
  diversify,
  fuse,
  NEIGHBOUR_SHARE,
  rerank,
  withNeighbours,
} from "./rank.js";
export { type RecallInput, recall, type SearchInput, searchMemories } from "./read-ops.js";
export { memoryTime } from "./rows.js";
export { MIGRATIONS, SCHEMA_VERSION } from "./schema.js";
export {
  DEFAULT_MAX_PER_FILE,
  DEFAULT_RECENCY_WEIGHT,
  DEFAULT_VECTOR_WEIGHT,
  envClashes,
  type MemorySettings,
  memoryConfigErrors,
  memorySection,
  memorySettings,
  settingsFromEnv,
} from "./settings.js";
export { SqliteMemoryStore } from "./sqlite-store.js";
export type { LexicalHit, MemoryStore, StoredMemory, StoreHealth, VectorHit } from "./store.js";
export { infer_tags, inferTags, normalizeTag } from "./tags.js";
export { asksQuestion, embeddingText, identTerms, queryTerms } from "./text.js";
export {
  contextFor,
  forgetTool,
  memoryTools,
  recallTool,
  recordOutcomeTool,
  rememberBatchTool,
  rememberTool,
  searchMemoriesTool,
} from "./tools.js";
export { exportMemories, type ImportSummary, importMemories, parseExport } from "./transfer.js";
export {
  CATEGORIES,
  CATEGORY_ALIASES,
  type Candidate,
  type Category,
  MAX_BATCH,
  MAX_CONTENT_CHARS,
  type Memory,
  type MemoryFilter,
  type NewMemory,
} from "./types.js";
export { forget, type RememberInput, recordOutcome, remember, rememberBatch } from "./write-ops.js";

export const toolset = defineToolset({
  name: "memory",
  description: "Project memory: decisions, patterns, warnings and learnings shared by every agent, with hybrid search.",
  tools: memoryTools,
  configSections: [memorySection],
});
