/**
 * Filters as SQL over `memories m`, for both backends: every value bound, never spliced (Daem0n built SQL with
 * f-strings). Placeholders are `?`; the PostgreSQL store numbers them.
 */
import type { MemoryFilter } from "./types.js";

export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/** What differs between the engines here: how booleans are stored and where the tag table lives. */
export interface SqlDialect {
  /** The tag table's (qualified) name. */
  tagTable: string;
  /** A stored boolean as a literal and as a bound value. */
  bool(value: boolean): { literal: string; param: unknown };
}

const SQLITE_DIALECT: SqlDialect = {
  tagTable: "memory_tags",
  bool: (v) => ({ literal: v ? "1" : "0", param: v ? 1 : 0 }),
};

export function filterSql(filter: MemoryFilter, dialect: SqlDialect = SQLITE_DIALECT): SqlWhere {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const no = dialect.bool(false).literal;
  if (!filter.include_archived) clauses.push(`m.archived = ${no}`);
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
    clauses.push(`EXISTS (SELECT 1 FROM ${dialect.tagTable} t WHERE t.memory_id = m.id AND t.tag = ?)`);
    params.push(tag);
  }
  if (filter.categories && filter.categories.length > 0) {
    clauses.push(`m.category IN (${filter.categories.map(() => "?").join(", ")})`);
    params.push(...filter.categories);
  }
  if (filter.worked !== undefined) {
    clauses.push("m.worked = ?");
    params.push(dialect.bool(filter.worked).param);
  }
  if (filter.since !== undefined) {
    clauses.push("coalesce(m.happened_at, m.created_at) >= ?");
    params.push(filter.since);
  }
  return { sql: clauses.length > 0 ? clauses.join(" AND ") : "1 = 1", params };
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

/**
 * Thread neighbours, for both backends: for each candidate `c` (selected by `candidates`), the memories `m` with the
 * same non-null context among the `radius` before and the `radius` after it by id (two `?`: radius, radius), when
 * they pass `filter` (over `m`), with their distance in turns. Uses the (context, id) index.
 */
export function threadNeighboursSql(table: string, candidates: string, filter: string): string {
  return `SELECT c.id AS id, m.id AS neighbour,
      (SELECT count(*) FROM ${table} x WHERE x.context = c.context
         AND x.id > CASE WHEN m.id < c.id THEN m.id ELSE c.id END
         AND x.id <= CASE WHEN m.id < c.id THEN c.id ELSE m.id END) AS distance
    FROM ${table} c JOIN ${table} m ON m.context = c.context AND (
      m.id IN (SELECT p.id FROM ${table} p WHERE p.context = c.context AND p.id < c.id ORDER BY p.id DESC LIMIT ?)
      OR m.id IN (SELECT n.id FROM ${table} n WHERE n.context = c.context AND n.id > c.id ORDER BY n.id LIMIT ?))
    WHERE ${candidates} AND c.context IS NOT NULL AND ${filter}`;
}
