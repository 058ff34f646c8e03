/**
 * Moving a memory between backends: `dwim memory export` writes JSONL (a header line, then one memory per line with
 * its tags, inferred tags, outcome events, supersession links, counters and exact times); `dwim memory import` reads
 * it into whatever store the configuration opens. Lossless both ways: ids are kept where the store has never given
 * them out, a memory already present (same id, content and creation time) is skipped, so an interrupted import can
 * simply run again, and ids the store has given out (to another memory, or to one purged since) are renumbered, with
 * every reference to them rewritten. Vectors are not
 * exported: the importing side embeds with its own provider.
 */
import * as z from "zod";
import { ToolError } from "../core/index.js";
import type { MemoryContext } from "./open.js";
import { MAX_TIME, MIN_TIME } from "./rows.js";
import type { MemoryLink, StoredMemory } from "./store.js";
import { contentKey, embeddingText } from "./text.js";
import { CATEGORIES } from "./types.js";

const EXPORT_FORMAT = "dwim-memory";
const EXPORT_VERSION = 1;
const PAGE = 500;

/** ISO 8601 for a representable time; the stored number otherwise (a damaged row is exported as it is). */
function timeOut(ms: number): string | number {
  return Number.isFinite(ms) && ms >= MIN_TIME && ms <= MAX_TIME ? new Date(ms).toISOString() : ms;
}

function exportLine(m: StoredMemory): string {
  return JSON.stringify({
    ...m,
    created_at: timeOut(m.created_at),
    happened_at: m.happened_at === null ? null : timeOut(m.happened_at),
    outcomes: m.outcomes.map((o) => ({ ...o, at: timeOut(o.at) })),
    links: m.links.map((l) => ({ ...l, at: timeOut(l.at) })),
  });
}

/** Writes the whole memory as JSONL, page by page, in id order; returns how many memories were written. */
export async function exportMemories(
  mc: MemoryContext,
  write: (line: string) => void | Promise<void>,
): Promise<{ count: number }> {
  const health = await mc.store.health();
  await write(
    JSON.stringify({
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: new Date(mc.now()).toISOString(),
      source: { backend: health.backend, path: health.path },
      count: health.memories,
    }),
  );
  let count = 0;
  for (let after = 0; ; ) {
    const page = await mc.store.exportPage(after, PAGE);
    if (page.length === 0) break;
    for (const m of page) await write(exportLine(m));
    count += page.length;
    after = page[page.length - 1].id;
  }
  return { count };
}

const time = z.union([z.number().int(), z.string().refine((s) => Number.isFinite(Date.parse(s)), "an ISO date")]);
const toMs = (t: string | number) => (typeof t === "number" ? t : Date.parse(t));
const id = z.number().int().positive();
/** Neither backend stores a NUL byte (see bounds.ts): a file carrying one is refused before anything is written. */
const text = z
  .string()
  .refine((s) => !s.includes("\u0000"), "contains a NUL byte (\\0), which no memory backend stores");

const recordSchema = z.object({
  id,
  category: z.enum(CATEGORIES),
  content: text.min(1),
  rationale: text.nullable(),
  tags: z.array(text),
  inferred_tags: z.array(text),
  file_path: text.nullable(),
  context: text.nullable(),
  worked: z.boolean().nullable(),
  outcome: text.nullable(),
  pinned: z.boolean(),
  archived: z.boolean(),
  superseded_by: id.nullable(),
  created_at: time,
  happened_at: time.nullable(),
  recall_count: z.number().int().min(0),
  outcomes: z.array(z.object({ worked: z.boolean(), outcome: text.nullable(), at: time })),
  links: z.array(z.object({ from_id: id, to_id: id, kind: z.string().min(1), at: time })),
});

const headerSchema = z.object({ format: z.literal(EXPORT_FORMAT), version: z.literal(EXPORT_VERSION) });

function badLine(line: number, message: string): ToolError {
  return new ToolError({
    error: `Import line ${line}: ${message}. Nothing was imported.`,
    error_type: "invalid_argument",
    parameter: `line ${line}`,
    hints: ["The file must be the output of `dwim memory export` (JSONL: a header line, then one memory per line)"],
  });
}

/** Parses and validates every line before anything is written. */
export async function parseExport(lines: AsyncIterable<string> | Iterable<string>): Promise<StoredMemory[]> {
  const out: StoredMemory[] = [];
  let n = 0;
  let header = false;
  for await (const raw of lines) {
    n++;
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw badLine(n, "not JSON");
    }
    if (!header) {
      const h = headerSchema.safeParse(value);
      if (!h.success) throw badLine(n, `not a ${EXPORT_FORMAT} v${EXPORT_VERSION} header`);
      header = true;
      continue;
    }
    const r = recordSchema.safeParse(value);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw badLine(n, `${issue.path.join(".") || "record"}: ${issue.message}`);
    }
    const m = r.data;
    out.push({
      ...m,
      created_at: toMs(m.created_at),
      happened_at: m.happened_at === null ? null : toMs(m.happened_at),
      outcomes: m.outcomes.map((o) => ({ ...o, at: toMs(o.at) })),
      links: m.links.map((l) => ({ ...l, at: toMs(l.at) })),
    });
  }
  if (!header) throw badLine(n, "the file is empty");
  const ids = new Set<number>();
  for (const m of out) {
    if (ids.has(m.id)) throw badLine(0, `memory id ${m.id} appears twice`);
    ids.add(m.id);
  }
  return out;
}

export interface ImportSummary {
  imported: number;
  /** Already present: same id, content and creation time. */
  skipped: number;
  /** Ids the store had given out (to another memory, or to one purged since) that got new ones: old → new. */
  renumbered: Record<string, number>;
  /** References to memories neither in the file nor in the store, dropped. */
  warnings: string[];
}

/** Imports parsed records into the context's store (see the module comment for the id rules). */
export async function importMemories(mc: MemoryContext, records: readonly StoredMemory[]): Promise<ImportSummary> {
  const present = new Map<number, { content: string; created_at: string | null }>();
  for (let i = 0; i < records.length; i += PAGE) {
    for (const m of await mc.store.get(records.slice(i, i + PAGE).map((r) => r.id))) present.set(m.id, m);
  }
  const isSame = (r: StoredMemory, m: { content: string; created_at: string | null } | undefined) =>
    m !== undefined && m.content === r.content && m.created_at === new Date(r.created_at).toISOString();
  // Where each record already is: at its own id, or (renumbered by an earlier import) at another id.
  const already = new Map<number, number>();
  for (const r of records) {
    if (isSame(r, present.get(r.id))) already.set(r.id, r.id);
    else if (present.has(r.id)) {
      const elsewhere = await mc.store.get(await mc.store.idsWithContentKey(contentKey(r.content)));
      const match = elsewhere.find((m) => isSame(r, m));
      if (match) already.set(r.id, match.id);
    }
  }
  const fresh = records.filter((r) => !already.has(r.id));
  // An id the store has given out before (purged since) is never given to another memory: only ids above it are kept.
  const highest = await mc.store.highestId();
  const clashing = fresh.filter((r) => present.has(r.id) || r.id <= highest);
  let next = records.reduce((m, r) => Math.max(m, r.id), highest);
  const mapping = new Map<number, number>([
    ...[...already].filter(([from, to]) => from !== to),
    ...clashing.map((r): [number, number] => [r.id, ++next]),
  ]);
  const inFile = new Set(records.map((r) => r.id));
  const warnings: string[] = [];
  const target = (ref: number, what: string): number | null => {
    const mapped = mapping.get(ref) ?? ref;
    if (inFile.has(ref) || present.has(ref)) return mapped;
    warnings.push(`${what} refers to memory ${ref}, which is neither in the file nor in the store: dropped`);
    return null;
  };
  const rows: StoredMemory[] = fresh.map((r) => ({ ...r, id: mapping.get(r.id) ?? r.id }));
  const supersededBy: Array<{ id: number; by: number }> = [];
  const links: MemoryLink[] = [];
  for (const [i, r] of fresh.entries()) {
    const newId = rows[i].id;
    if (r.superseded_by !== null) {
      const by = target(r.superseded_by, `memory ${r.id}'s superseded_by`);
      if (by !== null) supersededBy.push({ id: newId, by });
    }
    for (const l of r.links) {
      const to = target(l.to_id, `memory ${r.id}'s ${l.kind} link`);
      if (to !== null) links.push({ from_id: newId, to_id: to, kind: l.kind, at: l.at });
    }
  }
  const provider = mc.store.provider;
  for (let i = 0; i < rows.length; i += PAGE) {
    const chunk = rows.slice(i, i + PAGE);
    const vectors = provider
      ? await provider.embedDocuments(chunk.map((m) => embeddingText(m)))
      : chunk.map(() => null);
    await mc.store.importMemories(chunk, vectors);
  }
  for (let i = 0; i < Math.max(supersededBy.length, links.length); i += PAGE) {
    await mc.store.importLinks(supersededBy.slice(i, i + PAGE), links.slice(i, i + PAGE));
  }
  return {
    imported: rows.length,
    skipped: records.length - rows.length,
    renumbered: Object.fromEntries(clashing.map((r) => [String(r.id), mapping.get(r.id) as number])),
    warnings,
  };
}
