/**
 * Stored rows to the tools' Memory shape, for both backends. Total by design: a row that is already bad (a time out
 * of range or not a number, a NULL where a value belongs) is shown with the bad field unknown, never an exception
 * that would make recall, search, forget or record_outcome fail for every caller.
 */
import type { MemoryLink, OutcomeEvent, RelatedRow, StoredMemory } from "./store.js";
import type { Category, Memory } from "./types.js";

/** The representable range of a memory's times: ISO 8601 years 0000 to 9999 (what every consumer can parse). */
export const MIN_TIME = Date.parse("0000-01-01T00:00:00.000Z");
export const MAX_TIME = Date.parse("9999-12-31T23:59:59.999Z");

/** An epoch-ms value as stored (number, numeric string, or anything a damaged row holds) → ms, or undefined. */
function storedTime(value: unknown): number | undefined {
  const t = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(t) && t >= MIN_TIME && t <= MAX_TIME ? t : undefined;
}

function iso(value: unknown): string | null {
  const t = storedTime(value);
  return t === undefined ? null : new Date(t).toISOString();
}

/** A stored boolean: 0/1 (SQLite) or true/false (PostgreSQL). */
function flag(value: unknown): boolean {
  return value === true || value === 1 || value === "1";
}

function words(value: unknown): string[] {
  return typeof value === "string" && value !== "" ? value.split(" ") : [];
}

/** A `memories` row as either backend returns it. */
export interface MemoryRow {
  id: number | string;
  category: unknown;
  content: unknown;
  rationale: unknown;
  tags: unknown;
  inferred_tags: unknown;
  file_path: unknown;
  context: unknown;
  worked: unknown;
  outcome: unknown;
  pinned: unknown;
  archived: unknown;
  superseded_by: unknown;
  created_at: unknown;
  happened_at: unknown;
  recall_count: unknown;
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function id(value: unknown): number | null {
  const n = Number(value);
  return value === null || value === undefined || !Number.isSafeInteger(n) ? null : n;
}

export function rowToMemory(r: MemoryRow): Memory {
  return {
    id: Number(r.id),
    category: String(r.category) as Category,
    content: text(r.content) ?? "",
    rationale: text(r.rationale),
    tags: words(r.tags),
    inferred_tags: words(r.inferred_tags),
    file_path: text(r.file_path),
    context: text(r.context),
    worked: r.worked === null || r.worked === undefined ? null : flag(r.worked),
    outcome: text(r.outcome),
    pinned: flag(r.pinned),
    archived: flag(r.archived),
    superseded_by: id(r.superseded_by),
    created_at: iso(r.created_at),
    happened_at: iso(r.happened_at),
    recall_count: Number(r.recall_count) || 0,
  };
}

/** When a memory happened (else when it was stored), epoch ms; 0 when neither time is readable. */
export function memoryTime(m: Pick<Memory, "happened_at" | "created_at">): number {
  const t = Date.parse(m.happened_at ?? m.created_at ?? "");
  return Number.isFinite(t) ? t : 0;
}

/** Related-check rows from several queries, first occurrence of each id kept. */
export function distinctRelated(
  rows: ReadonlyArray<{ id: number; content: string; category: string; worked: unknown; file_path: string | null }>,
): RelatedRow[] {
  const seen = new Set<number>();
  const out: RelatedRow[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      id,
      content: r.content,
      category: r.category,
      file_path: r.file_path,
      worked: r.worked === null || r.worked === undefined ? null : r.worked === true || r.worked === 1,
    });
  }
  return out;
}

/** Memory rows plus their tags, outcome events and links, as export records (times stay epoch ms). */
export function assembleStored(
  rows: readonly MemoryRow[],
  tags: ReadonlyArray<{ memory_id: number; tag: string; inferred: boolean }>,
  outcomes: ReadonlyArray<OutcomeEvent & { memory_id: number }>,
  links: readonly MemoryLink[],
): StoredMemory[] {
  const group = <T>(items: readonly T[], key: (t: T) => number) => {
    const map = new Map<number, T[]>();
    for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  const tagsOf = group(tags, (t) => Number(t.memory_id));
  const outcomesOf = group(outcomes, (o) => Number(o.memory_id));
  const linksOf = group(links, (l) => Number(l.from_id));
  return rows.map((r) => {
    const m = rowToMemory(r);
    const own = tagsOf.get(m.id) ?? [];
    return {
      id: m.id,
      category: m.category,
      content: m.content,
      rationale: m.rationale,
      tags: own.filter((t) => !t.inferred).map((t) => t.tag),
      inferred_tags: own.filter((t) => t.inferred).map((t) => t.tag),
      file_path: m.file_path,
      context: m.context,
      worked: m.worked,
      outcome: m.outcome,
      pinned: m.pinned,
      archived: m.archived,
      superseded_by: m.superseded_by,
      created_at: Number(r.created_at),
      happened_at: r.happened_at === null || r.happened_at === undefined ? null : Number(r.happened_at),
      recall_count: m.recall_count,
      outcomes: (outcomesOf.get(m.id) ?? []).map((o) => ({ worked: o.worked, outcome: o.outcome, at: Number(o.at) })),
      links: (linksOf.get(m.id) ?? []).map((l) => ({
        from_id: Number(l.from_id),
        to_id: Number(l.to_id),
        kind: l.kind,
        at: Number(l.at),
      })),
    };
  });
}
