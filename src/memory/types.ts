/** The memory data model shared by the store, the retrieval pipeline and the tools. */

export const CATEGORIES = ["decision", "pattern", "warning", "learning"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Other words agents use for a category; applied as aliases and reported. */
export const CATEGORY_ALIASES: Readonly<Record<string, Category>> = {
  lesson: "learning",
  gotcha: "warning",
  convention: "pattern",
};

export const MAX_CONTENT_CHARS = 8000;
export const MAX_BATCH = 500;

/** A stored memory as the tools return it (snake_case, ISO times). */
export interface Memory {
  id: number;
  category: Category;
  content: string;
  rationale: string | null;
  /** Explicit and inferred tags together. */
  tags: string[];
  inferred_tags: string[];
  file_path: string | null;
  context: string | null;
  worked: boolean | null;
  outcome: string | null;
  pinned: boolean;
  archived: boolean;
  superseded_by: number | null;
  /** Null only for a damaged row whose stored time cannot be read. */
  created_at: string | null;
  happened_at: string | null;
  recall_count: number;
}

/** A memory ready to be written: validated and normalised by the service, embedded before the lock. */
export interface NewMemory {
  category: Category;
  content: string;
  rationale: string | null;
  tags: string[];
  inferred_tags: string[];
  file_path: string | null;
  context: string | null;
  pinned: boolean;
  /** Epoch milliseconds. */
  created_at: number;
  happened_at: number | null;
  supersedes: number[];
  worked: boolean | null;
  outcome: string | null;
}

/** Filters every retrieval lane applies in SQL. */
export interface MemoryFilter {
  /** Exact file, or a directory prefix ending in `/`. */
  file_path?: string;
  /** Every tag must be present. */
  tags?: string[];
  categories?: Category[];
  worked?: boolean;
  /** Epoch ms: only memories that happened (or were created) at or after this. */
  since?: number;
  include_archived?: boolean;
  include_superseded?: boolean;
}

/** A candidate as the lanes return it: the row plus its lane scores. */
export interface Candidate {
  memory: Memory;
  /** Raw bm25 (negative, lower is better), when found by the lexical lane. */
  bm25?: number;
  /** Rank in the lexical lane, 1-based. */
  lexRank?: number;
  /** Cosine similarity, when found by the vector lane. */
  cosine?: number;
  vecRank?: number;
}
