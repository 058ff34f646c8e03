/** Filters as SQL over `memories m`: every value bound, never spliced (Daem0n built SQL with f-strings). */
import type { MemoryFilter } from "./types.js";

export interface SqlWhere {
  sql: string;
  params: unknown[];
}

export function filterSql(filter: MemoryFilter): SqlWhere {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (!filter.include_archived) clauses.push("m.archived = 0");
  if (!filter.include_superseded) clauses.push("m.superseded_by IS NULL");
  if (filter.file_path !== undefined) {
    const path = filter.file_path;
    if (path.endsWith("/")) {
      clauses.push("substr(m.file_path, 1, ?) = ?");
      params.push(path.length, path);
    } else {
      // A path without a trailing slash names a file, or a directory when memories lie below it.
      clauses.push("(m.file_path = ? OR substr(m.file_path, 1, ?) = ?)");
      params.push(path, path.length + 1, `${path}/`);
    }
  }
  for (const tag of filter.tags ?? []) {
    clauses.push("EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = m.id AND t.tag = ?)");
    params.push(tag);
  }
  if (filter.categories && filter.categories.length > 0) {
    clauses.push(`m.category IN (${filter.categories.map(() => "?").join(", ")})`);
    params.push(...filter.categories);
  }
  if (filter.worked !== undefined) {
    clauses.push("m.worked = ?");
    params.push(filter.worked ? 1 : 0);
  }
  if (filter.since !== undefined) {
    clauses.push("coalesce(m.happened_at, m.created_at) >= ?");
    params.push(filter.since);
  }
  return { sql: clauses.length > 0 ? clauses.join(" AND ") : "1", params };
}

/** True when the filter narrows beyond the default visibility rules. */
export function isNarrowing(filter: MemoryFilter): boolean {
  return (
    filter.file_path !== undefined ||
    (filter.tags?.length ?? 0) > 0 ||
    (filter.categories?.length ?? 0) > 0 ||
    filter.worked !== undefined ||
    filter.since !== undefined
  );
}
