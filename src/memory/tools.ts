/** The memory toolset's tool definitions: thin wrappers over the operations in write-ops.ts and read-ops.ts. */
import * as z from "zod";
import { defineTool, type ToolContext, type ToolOutput } from "../core/index.js";
import { LIMITS } from "./bounds.js";
import { type MemoryContext, openMemory } from "./open.js";
import {
  forgetOutput,
  recallOutput,
  recordOutcomeOutput,
  rememberBatchOutput,
  rememberOutput,
  searchMemoriesOutput,
} from "./outputs.js";
import { recall, searchMemories } from "./read-ops.js";
import { forget, recordOutcome, remember, rememberBatch } from "./write-ops.js";

const TOOLSET = "memory";

/**
 * Tests and embedders may supply the clock. `create: false` for a tool that adds no memory: on a project without a
 * database it reads an empty store and leaves nothing on disk.
 */
export function contextFor(ctx: ToolContext, options: { create?: boolean } = {}): Promise<MemoryContext> {
  const now = ctx.session.get<(() => number) | undefined>("memory.now", () => undefined);
  return openMemory({ config: ctx.config, root: ctx.cwd, now, create: options.create });
}

const ADDS_NO_MEMORY = { create: false } as const;

/** A read of a project with no database says so, beside its empty results. */
function notingAbsence(mc: MemoryContext, output: Record<string, unknown>): Record<string, unknown> {
  if (!mc.absent) return output;
  return { ...output, note: `No memories yet in this project: the first remember creates ${mc.absent}` };
}

const id = z.number().int().positive();
const date = z.union([z.string(), z.number()]);

const memoryFields = {
  content: z.string(),
  category: z.string().describe("decision | pattern | warning | learning"),
  rationale: z.string().optional(),
  tags: z.array(z.string()).optional().describe("Lowercase kebab-case"),
  file_path: z.string().optional().describe("Project-relative file it is about"),
  context: z
    .string()
    .optional()
    .describe(
      "Free-form context (task, ticket, branch, conversation session); memories written with the same context form a thread and recall reads each with its neighbours",
    ),
  happened_at: date
    .optional()
    .describe("When it happened (ISO date); default now. Its month, year and weekday become searchable"),
  supersedes: z.array(id).optional().describe("Ids this memory replaces: they stop appearing in recall"),
  pinned: z.boolean().optional().describe("Never decays"),
};

const filterFields = {
  file_path: z.string().optional().describe("A file, or a directory ending in /"),
  tags: z.array(z.string()).optional().describe("All must be present"),
  categories: z.array(z.string()).optional(),
  worked: z.boolean().optional(),
  since: date.optional().describe("From this date on"),
  include_archived: z.boolean().optional(),
  include_superseded: z.boolean().optional(),
};

/** How a broadened search_memories result matched, as the text rendering shows it (all-word matches show nothing). */
const MATCH_LABEL: Readonly<Record<string, string>> = { some_words: " [some words]", meaning: " [by meaning]" };

function renderResults(output: ToolOutput): string {
  const results = (output.results as Array<Record<string, unknown>> | undefined) ?? [];
  const notes = [
    ...(output.broadened && typeof output.note === "string" ? [output.note] : []),
    ...(output.incomplete === "timeout" ? ["Incomplete: a search step ran out of time; narrow the query"] : []),
  ];
  if (results.length === 0 && typeof output.note === "string" && !output.broadened) return output.note;
  if (output.abstained) return "No memory is about that (abstained).";
  if (results.length === 0) return ["No memories found.", ...notes].join("\n");
  const lines = results.map((r) => {
    const where = r.file_path ? ` (${r.file_path})` : "";
    const failed = r.worked === false ? " [failed]" : "";
    const match = MATCH_LABEL[String(r.match)] ?? "";
    return `#${r.id} ${r.category}${failed}${match}${where}: ${r.content ?? r.snippet}`;
  });
  return [...lines, ...notes].join("\n");
}

export const rememberTool = defineTool({
  name: "remember",
  title: "Remember",
  description: "Store a decision, pattern, warning or learning in the project's memory, shared by every agent.",
  details:
    "Returns its id, the inferred tags and related memories (similar failures, warnings, duplicates). content holds " +
    `at most ${LIMITS.textChars.toLocaleString("en-US")} characters; category also accepts lesson, gotcha and ` +
    `convention; at most ${LIMITS.tags} tags, and bugfix, tech-debt, perf and warning are inferred from the content.`,
  examples: [
    "remember that the api uses snake_case field names",
    "save this decision: we deploy on fridays only after review",
    "store a warning that the cache must be flushed after migrations",
    "note for later that the flaky test is caused by a timezone bug",
    "record the lesson that retries need jitter",
    "add to the project memory that staging uses port 8443",
    "write down that we use UTC everywhere",
    "keep in mind that the billing service is flaky",
    "save a note that the staging database is read only",
    "make a note that we chose vitest over jest",
  ],
  toolset: TOOLSET,
  keywords: ["memory", "save", "note", "decision", "store", "learn"],
  aliases: ["remember_memory", "add_memory", "save_memory"],
  input: memoryFields,
  paramAliases: {
    text: "content",
    type: "category",
    kind: "category",
    path: "file_path",
    file: "file_path",
    why: "rationale",
  },
  advanced: ["context", "happened_at", "supersedes", "pinned"],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  output: rememberOutput,
  handler: async (args, ctx) => remember(await contextFor(ctx), args),
  render: (o) => `Remembered #${o.id}${(o.tags as string[]).length > 0 ? ` [${(o.tags as string[]).join(", ")}]` : ""}`,
});

export const rememberBatchTool = defineTool({
  name: "remember_batch",
  title: "Remember a batch",
  description: "Store up to 500 memories in one transaction, all or nothing; each item takes remember's parameters.",
  details:
    "content and category are required in each item. A bad item fails the whole batch, naming memories[i].field.",
  examples: [
    "store these twenty learnings in one transaction",
    "bulk import a list of decisions into memory",
    "save all of these notes at once",
    "import the memories from this file in a batch",
    "save these 50 decisions together",
    "add many notes to memory in one call",
    "load a batch of lessons learned",
    "store all of this list as separate memories",
  ],
  toolset: TOOLSET,
  keywords: ["memory", "bulk", "import", "batch", "save"],
  aliases: ["remember_many"],
  input: { memories: z.array(z.object(memoryFields)).describe("The memories, each like remember's arguments") },
  paramAliases: { items: "memories" },
  advanced: ["memories"],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  output: rememberBatchOutput,
  handler: async (args, ctx) => rememberBatch(await contextFor(ctx), args.memories),
});

export const recallTool = defineTool({
  name: "recall",
  title: "Recall",
  description: "Recall what the project's memory knows about a topic, ranked by relevance, recency and outcome.",
  details:
    "Ranked by lexical and semantic match, recency and outcome (failed approaches and warnings surface). Returns abstained: true when nothing is about it. " +
    `10 results unless limit says otherwise (at most 50); topic holds at most ${LIMITS.queryChars.toLocaleString("en-US")} characters.`,
  examples: [
    "what did we decide about the database schema",
    "do we have any past context on the auth service",
    "why did we choose this logging library",
    "what have earlier sessions learned about flaky tests",
    "what does the memory say about deployments",
    "remind me of previous decisions on error handling",
    "what do we know about the payment service",
    "have we dealt with this timeout before",
    "what was decided about the API versioning",
    "any earlier notes on why the build is slow",
  ],
  toolset: TOOLSET,
  keywords: [
    "memory",
    "remember",
    "recall",
    "context",
    "past decisions",
    "decided",
    "decide",
    "earlier",
    "previous",
    "why",
    "history",
  ],
  aliases: ["recall_memories", "get_memories"],
  input: {
    topic: z.string().optional().describe("What you are about to work on"),
    ...filterFields,
    limit: z.number().int().min(1).max(50).optional(),
    condensed: z.boolean().optional().describe("Shorter content, no rationale"),
    explain: z.boolean().optional().describe("Add the score breakdown as why"),
  },
  paramAliases: { query: "topic", q: "topic", path: "file_path", category: "categories", tag: "tags" },
  advanced: ["worked", "include_archived", "include_superseded", "condensed", "explain"],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  cli: { optionalPositional: ["topic"] },
  output: recallOutput,
  handler: async (args, ctx) => {
    const mc = await contextFor(ctx, ADDS_NO_MEMORY);
    return notingAbsence(mc, await recall(mc, { ...args, query: args.topic }));
  },
  render: renderResults,
});

export const searchMemoriesTool = defineTool({
  name: "search_memories",
  title: "Search memories",
  description:
    "Full-text search of the project's memory. A plain question lists memories holding every word first, then " +
    "partial and meaning matches.",
  details:
    "Results are snippets, by relevance or newest first (sort), each saying how it matched, paged by offset. " +
    `query holds at most ${LIMITS.queryChars.toLocaleString("en-US")} characters, ${LIMITS.queryTerms} terms and ${LIMITS.queryPrefixes} prefix* terms.`,
  examples: [
    "search the memories for the word redis",
    "find stored notes mentioning docker",
    "list memories tagged with security",
    "full text search of saved decisions about caching",
    "which memories contain the phrase rate limit",
    "search memory for postgres",
    "find memories with the text connection pool",
    "list all saved notes about testing",
    "which notes mention the word migration",
  ],
  toolset: TOOLSET,
  keywords: ["memory", "memories", "search", "find", "full text", "stored", "notes", "decisions"],
  aliases: [],
  input: {
    query: z.string().describe('Words, "a phrase", prefix*, a OR b, -excluded'),
    ...filterFields,
    sort: z.enum(["relevance", "newest"]).optional(),
    limit: z.number().int().min(1).max(50).optional(),
    offset: z.number().int().min(0).optional(),
  },
  paramAliases: { q: "query", topic: "query", path: "file_path", category: "categories", tag: "tags" },
  advanced: ["worked", "include_archived", "include_superseded", "sort", "offset"],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  output: searchMemoriesOutput,
  handler: async (args, ctx) => {
    const mc = await contextFor(ctx, ADDS_NO_MEMORY);
    return notingAbsence(mc, await searchMemories(mc, args));
  },
  render: renderResults,
});

export const recordOutcomeTool = defineTool({
  name: "record_outcome",
  title: "Record outcome",
  description: "Record whether a remembered decision or approach worked; failed decisions rank higher in recall.",
  details: "Every outcome is kept as an event; the latest sets the memory's worked.",
  examples: [
    "the decision to switch to pnpm worked well, record that",
    "mark that approach as failed",
    "log that the caching strategy turned out badly",
    "update the memory to say the fix succeeded",
    "record the result of the decision we made last week",
    "that approach failed, mark it",
    "the fix we tried worked, record the success",
    "note that the decision did not work out",
    "report the outcome of the caching decision",
  ],
  toolset: TOOLSET,
  keywords: ["memory", "outcome", "result", "worked", "failed"],
  input: {
    memory_id: id,
    worked: z.boolean(),
    outcome: z.string().optional(),
  },
  paramAliases: { id: "memory_id", result: "outcome" },
  noAutoCorrect: ["memory_id"],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  output: recordOutcomeOutput,
  handler: async (args, ctx) =>
    recordOutcome(await contextFor(ctx, ADDS_NO_MEMORY), {
      id: args.memory_id,
      worked: args.worked,
      outcome: args.outcome,
    }),
});

export const forgetTool = defineTool({
  name: "forget",
  title: "Forget",
  description: "Archive memories so recall and search no longer show them; purge: true deletes them for good.",
  details:
    "Archived memories are still found with include_archived. purge deletes the row, its index entries, vector, " +
    "links and outcome events.",
  examples: [
    "delete the memory about the old build system",
    "archive that outdated decision",
    "remove memory 17",
    "purge the notes about the retired service for good",
    "stop showing that stale memory in recall",
    "forget memory 12",
    "remove that note, it is wrong",
    "delete all memories about the old vendor",
    "archive the outdated memory about node 16",
  ],
  toolset: TOOLSET,
  keywords: ["memory", "delete", "archive", "remove"],
  input: {
    memory_id: z.union([id, z.array(id).min(1).max(500)]),
    purge: z.boolean().optional(),
  },
  paramAliases: { id: "memory_id", ids: "memory_id" },
  noAutoCorrect: ["memory_id"],
  // Archiving is reversible, but the router must never turn a misspelt tool name into this one.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  output: forgetOutput,
  handler: async (args, ctx) =>
    forget(await contextFor(ctx, ADDS_NO_MEMORY), {
      ids: Array.isArray(args.memory_id) ? args.memory_id : [args.memory_id],
      purge: args.purge,
    }),
});

export const memoryTools = [
  rememberTool,
  rememberBatchTool,
  recallTool,
  searchMemoriesTool,
  recordOutcomeTool,
  forgetTool,
];
