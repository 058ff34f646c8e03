/**
 * The write operations: remember, remember_batch, record_outcome, forget. Each validates and normalises everything
 * first, embeds before the write lock is taken, and then writes in one transaction.
 */
import { type Correction, type DidYouMean, didYouMean, ToolError } from "../core/index.js";
import { yieldEvery } from "../core/yielding.js";
import { checkCount, LIMITS } from "./bounds.js";
import {
  checkContent,
  memoryNotFound,
  normalizeFilePath,
  normalizeTags,
  optionalText,
  parseTime,
  resolveCategory,
} from "./inputs.js";
import type { MemoryContext } from "./open.js";
import { inferTags } from "./tags.js";
import { contentKey, embeddingText, isStopWord, plainWords } from "./text.js";
import type { Memory, NewMemory } from "./types.js";
import { MAX_BATCH } from "./types.js";

export interface RememberInput {
  category: string;
  content: string;
  rationale?: string;
  tags?: string[];
  file_path?: string;
  context?: string;
  happened_at?: string | number;
  supersedes?: number[];
  pinned?: boolean;
  worked?: boolean;
  outcome?: string;
}

type RelatedKind = "similar_failed" | "existing_warning" | "potential_duplicate";

export interface RememberOutput {
  [key: string]: unknown;
  id: number;
  category: string;
  tags: string[];
  inferred_tags: string[];
  related: Array<{ id: number; kind: RelatedKind; content: string }>;
  did_you_mean?: DidYouMean;
}

/** Validated form of one item; `prefix` is `""` for remember and `memories[i].` for a batch item. */
function prepare(
  mc: MemoryContext,
  input: RememberInput,
  prefix = "",
  step?: number,
): { item: NewMemory; corrections: Correction[] } {
  const category = resolveCategory(input.category, `${prefix}category`, mc.thresholds, step);
  const corrections = category.correction ? [category.correction] : [];
  const now = mc.now();
  const content = checkContent(input.content, `${prefix}content`, step);
  const tags = normalizeTags(input.tags, `${prefix}tags`, step);
  const inferred = mc.settings.inferTags ? inferTags(content, category.value, tags) : [];
  const rationale = optionalText(input.rationale, `${prefix}rationale`, LIMITS.textChars, step);
  checkCount(input.supersedes ?? [], `${prefix}supersedes`, LIMITS.supersedes, step);
  return {
    item: {
      category: category.value,
      content,
      rationale,
      tags,
      inferred_tags: inferred,
      file_path: normalizeFilePath(input.file_path, mc.root, `${prefix}file_path`, step) ?? null,
      context: optionalText(input.context, `${prefix}context`, LIMITS.contextChars, step),
      pinned: input.pinned ?? false,
      created_at: now,
      happened_at:
        parseTime(input.happened_at, `${prefix}happened_at`, step, { now, read: (c) => corrections.push(c) }) ?? null,
      supersedes: [...new Set(input.supersedes ?? [])],
      worked: input.worked ?? null,
      outcome: optionalText(input.outcome, `${prefix}outcome`, LIMITS.textChars, step),
    },
    corrections,
  };
}

async function embedItems(mc: MemoryContext, items: readonly NewMemory[]): Promise<Array<Float32Array | null>> {
  const provider = mc.store.provider;
  if (!provider) return items.map(() => null);
  return provider.embedDocuments(items.map((m) => embeddingText(m)));
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/**
 * Memories the new one echoes: a failed attempt at the same thing, a warning about it, or a near-duplicate. Judged by
 * word overlap over a small candidate set (same content, recent failures and warnings, same file), so that remember
 * stays a few milliseconds at 100k memories.
 */
async function findRelated(mc: MemoryContext, item: NewMemory): Promise<RememberOutput["related"]> {
  const words = contentWords(item.content);
  const key = contentKey(item.content);
  const out: RememberOutput["related"] = [];
  for (const m of await mc.store.relatedCandidates(key, item.file_path)) {
    const overlap = jaccard(words, contentWords(m.content));
    const sameFile = item.file_path !== null && m.file_path === item.file_path;
    const similar = overlap >= 0.3 || (sameFile && overlap >= 0.15);
    let kind: RelatedKind | undefined;
    if (overlap >= 0.8) kind = "potential_duplicate";
    else if (similar && m.worked === false) kind = "similar_failed";
    else if (similar && m.category === "warning") kind = "existing_warning";
    if (kind) out.push({ id: m.id, kind, content: m.content.length > 160 ? `${m.content.slice(0, 159)}…` : m.content });
  }
  const order: Record<RelatedKind, number> = { potential_duplicate: 0, similar_failed: 1, existing_warning: 2 };
  return out.sort((a, b) => order[a.kind] - order[b.kind] || b.id - a.id).slice(0, 5);
}

function contentWords(text: string): Set<string> {
  return new Set(plainWords(text).filter((w) => !isStopWord(w)));
}

async function checkSupersedes(
  mc: MemoryContext,
  ids: readonly number[],
  parameter: string,
  step?: number,
): Promise<void> {
  if (ids.length === 0) return;
  const missing = await mc.store.missing(ids);
  if (missing.length > 0) {
    const e = memoryNotFound(missing, parameter);
    if (step !== undefined) e.payload.step = step;
    throw e;
  }
}

export async function remember(mc: MemoryContext, input: RememberInput): Promise<RememberOutput> {
  const { item, corrections } = prepare(mc, input);
  await checkSupersedes(mc, item.supersedes, "supersedes");
  const [vector] = await embedItems(mc, [item]);
  const related = await findRelated(mc, item);
  const [id] = await mc.store.insert([item], [vector]);
  const out: RememberOutput = {
    id,
    category: item.category,
    tags: [...item.tags, ...item.inferred_tags],
    inferred_tags: item.inferred_tags,
    related,
  };
  if (item.supersedes.length > 0) out.superseded = item.supersedes;
  if (corrections.length > 0) out.did_you_mean = didYouMean(corrections);
  return out;
}

export async function rememberBatch(
  mc: MemoryContext,
  inputs: readonly RememberInput[],
): Promise<Record<string, unknown>> {
  if (inputs.length === 0 || inputs.length > MAX_BATCH) {
    throw new ToolError({
      error: `remember_batch takes 1 to ${MAX_BATCH} memories, got ${inputs.length}`,
      error_type: "batch_invalid",
      parameter: "memories",
      got: inputs.length,
      expected: `1..${MAX_BATCH}`,
      hints: inputs.length > MAX_BATCH ? [`Split it into batches of ${MAX_BATCH}`] : ["Pass at least one memory"],
    });
  }
  const prepared: NewMemory[] = [];
  const corrections: Correction[] = [];
  const turn = yieldEvery();
  for (const [i, input] of inputs.entries()) {
    await turn();
    try {
      const { item, corrections: read } = prepare(mc, input, `memories[${i}].`, i);
      await checkSupersedes(mc, item.supersedes, `memories[${i}].supersedes`, i);
      prepared.push(item);
      corrections.push(...read);
    } catch (e) {
      // All or nothing: one bad item fails the batch, naming the item; nothing has been written yet.
      if (e instanceof ToolError) {
        e.payload.step = i;
        e.payload.item_error_type = e.payload.error_type;
        e.payload.error = `Item ${i}: ${e.payload.error}. Nothing was written.`;
        e.payload.error_type = "batch_invalid";
      }
      throw e;
    }
  }
  const vectors = await embedItems(mc, prepared);
  const ids = await mc.store.insert(prepared, vectors);
  const out: Record<string, unknown> = {
    ids,
    count: ids.length,
    items: ids.map((id, i) => ({
      id,
      tags: [...prepared[i].tags, ...prepared[i].inferred_tags],
      inferred_tags: prepared[i].inferred_tags,
    })),
  };
  if (corrections.length > 0) out.did_you_mean = didYouMean(corrections);
  return out;
}

export async function recordOutcome(
  mc: MemoryContext,
  input: { id: number; worked: boolean; outcome?: string },
): Promise<Record<string, unknown>> {
  const outcome = optionalText(input.outcome, "outcome", LIMITS.textChars);
  const [memory] = await mc.store.get([input.id]);
  if (!memory) throw memoryNotFound([input.id], "memory_id");
  const events = await mc.store.recordOutcome(input.id, input.worked, outcome, mc.now());
  const out: Record<string, unknown> = { id: input.id, worked: input.worked, outcome, events };
  if (!input.worked && memory.category === "decision") {
    out.hints = ["This decision failed: save what to avoid as a warning so the next recall surfaces it"];
    out.suggested_warning = {
      category: "warning",
      content: `Avoid: ${memory.content}${outcome ? ` (failed: ${outcome})` : ""}`.slice(0, 2000),
      file_path: memory.file_path ?? undefined,
      supersedes: undefined,
    };
  }
  return out;
}

export async function forget(
  mc: MemoryContext,
  input: { ids: number[]; purge?: boolean },
): Promise<Record<string, unknown>> {
  const ids = [...new Set(input.ids)];
  const missing = await mc.store.missing(ids);
  if (missing.length > 0) throw memoryNotFound(missing, "memory_id");
  if (input.purge) {
    const n = await mc.store.purge(ids);
    return { purged: ids, count: n };
  }
  const before: Memory[] = await mc.store.get(ids);
  const n = await mc.store.setArchived(ids, true);
  return {
    archived: ids,
    newly_archived: n,
    already_archived: before.filter((m) => m.archived).map((m) => m.id),
    note: "Archived memories are hidden from recall and search (include_archived shows them); purge: true deletes for good",
  };
}
