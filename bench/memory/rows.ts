/** Rows of the memory evaluation set (bench/memory/data), written by make-eval.ts and read by eval.ts. */
export interface MemoryRow {
  id: string;
  category: string;
  content: string;
  rationale?: string;
  tags?: string[];
  file_path?: string;
  created_at: string;
  worked?: boolean;
  outcome?: string;
  supersedes?: string[];
}

export interface QueryRow {
  qid: string;
  bucket: string;
  query: string;
  filters?: { file_path?: string; categories?: string[]; tags?: string[] };
  relevant: Record<string, number>;
  stale?: string[];
  answerable: boolean;
  now: string;
}
