/**
 * edit_file: path checks, decoding, the pipeline (plan.ts), the optional LLM stage, and the write. Everything a
 * call reports (strategy, line ranges, diff, snippet, hashes, did_you_mean) is assembled here.
 */

import { limitsSection, sectionOf } from "../core/config.js";
import { type Correction, didYouMean } from "../core/corrections.js";
import { isToolError, ToolError } from "../core/errors.js";
import type { WriteIo } from "../core/files.js";
import type { ToolContext, ToolOutput } from "../core/tool.js";
import type { EditConfig } from "./config.js";
import { findAll } from "./correct/canonical.js";
import {
  cachedProposal,
  correctorAllowedFor,
  correctorFromConfig,
  type EditCorrector,
  INSTRUCTION,
} from "./correct/llm.js";
import { clip } from "./diagnostics.js";
import { Pacer } from "./pace.js";
import {
  closeEditTarget,
  type EditTarget,
  locatedFile,
  notFoundError,
  openEditTarget,
  readTarget,
  replaceBasename,
} from "./paths.js";
import { type Plan, validateStrings } from "./plan.js";
import { numberedLine } from "./read.js";
import { type Span, SpanList, spliceSpans } from "./spans.js";
import { planKnowingRead } from "./stale.js";
import {
  type DecodedFile,
  decodeFile,
  decodeFileOff,
  type LineRange,
  lineStarts,
  rangeOf,
  sha256Hex,
  sha256Off,
  toLf,
} from "./text.js";
import { editDiff } from "./unified.js";
import { seenVersions } from "./versions.js";
import { checkWritable, commitCreate, commitReplace, existsError } from "./write.js";

export interface EditArgs {
  path: string;
  old_str: string;
  new_str: string;
  expected_replacements?: number;
  replace_all?: boolean;
  dry_run?: boolean;
  expected_hash?: string;
}

export interface EditDeps {
  config: EditConfig;
  /** Overrides the corrector built from config (tests, embedding). */
  corrector?: EditCorrector;
  env?: Record<string, string | undefined>;
  /** Where written bytes go; tests inject ENOSPC and other mid-write failures here. */
  io?: WriteIo;
}

const SNIPPET_CONTEXT = 3;
const SNIPPET_BYTES = 2048;

function debugSink(deps: EditDeps): ((stage: string, detail: Record<string, unknown>) => void) | undefined {
  const env = deps.env ?? process.env;
  const on = deps.config.debug || /(^|,)(edit|all|\*)(,|$)/u.test(env.DWIM_DEBUG ?? "");
  if (!on) return undefined;
  return (stage, detail) => process.stderr.write(`${JSON.stringify({ tool: "edit_file", stage, ...detail })}\n`);
}

export async function editFile(args: EditArgs, ctx: ToolContext, deps: EditDeps): Promise<ToolOutput> {
  const creating = args.old_str === "";
  // Checked before opening: creation may make missing parent directories.
  if (creating) validateStrings(args.old_str, args.new_str);
  let target: EditTarget;
  try {
    target = openEditTarget(args.path, ctx, { createParents: creating && !args.dry_run });
  } catch (e) {
    if (creating && args.dry_run && isToolError(e) && e.errorType === "EDIT_FILE_NOT_FOUND") {
      return creationOutput(args, false);
    }
    throw e;
  }
  try {
    if (creating) return await createOrFill(args, ctx, target, deps);
    return await replaceIn(target, args, ctx, deps);
  } finally {
    closeEditTarget(target);
  }
}

interface Prepared {
  file: DecodedFile;
  plan: Plan;
  /** The new text (original line endings, no BOM), its bytes and their hash. */
  text: string;
  bytes: Buffer;
  sha256: string;
}

/** The call's pacing: the event loop gets turns during long work, which stops at [limits] timeout_ms. */
function pacerFor(ctx: ToolContext): Pacer {
  return new Pacer(Date.now() + sectionOf(ctx.config, limitsSection).timeout_ms, ctx.signal);
}

async function replaceIn(target: EditTarget, args: EditArgs, ctx: ToolContext, deps: EditDeps): Promise<ToolOutput> {
  if (!target.file) throw notFoundError(args.path, target);
  validateStrings(args.old_str, args.new_str);
  checkWritable(target, target.file.stat, args.path, deps.config.allow_read_only);
  const maxBytes = deps.config.max_file_bytes;
  const limits = { maxBytes, allowReadOnly: deps.config.allow_read_only };
  const file = await decodeFileOff(await readTarget(target, args.path, maxBytes), args.path);
  checkExpectedHash(args, file);
  const trace = debugSink(deps);
  const pacer = pacerFor(ctx);
  let used = await prepareEdit(args, file, ctx, target.absolute, deps, trace, pacer, true);
  let hardLinks = 0;
  if (!args.dry_run) {
    const committed = await commitReplace(
      target,
      args.path,
      limits,
      async (current) => {
        if (current.equals(file.bytes)) return used.bytes;
        // Another process wrote the file since it was read: apply the edit to that version, as if it came after.
        const now = await decodeFileOff(current, args.path);
        checkExpectedHash(args, now);
        used = await prepareEdit(args, now, ctx, target.absolute, deps, trace, pacer, false);
        return used.bytes;
      },
      deps.io,
    );
    hardLinks = committed.stat.nlink - 1;
    seenVersions(ctx).remember(target.absolute, used.bytes, used.sha256);
  }
  trace?.("write", { dry_run: args.dry_run === true, strategy: used.plan.strategy });
  const out = await successOutput(args, used, pacer);
  // The edited name got a new inode (an atomic rename); other hard links keep the old content.
  if (hardLinks > 0) out.hard_links_split = hardLinks;
  return out;
}

function checkExpectedHash(args: EditArgs, file: DecodedFile): void {
  if (args.expected_hash === undefined || args.expected_hash.toLowerCase() === file.sha256) return;
  throw new ToolError({
    error: `'${args.path}' changed since the hash you hold was taken; nothing was written`,
    error_type: "EDIT_FILE_CHANGED",
    parameter: "expected_hash",
    got: args.expected_hash,
    current_sha256: file.sha256,
    hints: ["Re-read the file with read_file and redo the edit against its current text"],
  });
}

/** Plans the edit on `file` (the LLM stage only on the first attempt) and splices it; throws when nothing applies. */
async function prepareEdit(
  args: EditArgs,
  file: DecodedFile,
  ctx: ToolContext,
  absolute: string,
  deps: EditDeps,
  trace: ReturnType<typeof debugSink>,
  pacer: Pacer,
  allowLlm: boolean,
): Promise<Prepared> {
  const expected = args.expected_replacements ?? 1;
  const input = {
    old_str: args.old_str,
    new_str: args.new_str,
    expected_replacements: expected,
    replace_all: args.replace_all === true,
    fuzzy_policy: deps.config.fuzzy_policy,
    fuzzy_work_budget: deps.config.fuzzy_work_budget,
    pacer,
    trace,
  };
  // The version this session last saw, when the file changed since and no expected_hash names the current one.
  const seen = seenVersions(ctx).get(absolute);
  const stale =
    seen !== undefined && seen.sha256 !== file.sha256 && args.expected_hash?.toLowerCase() !== file.sha256
      ? decodeFile(seen.bytes, args.path, seen.sha256)
      : undefined;
  let plan: Plan;
  try {
    plan = await planKnowingRead(stale, file, input, { path: args.path, sha256: file.sha256 });
  } catch (e) {
    if (!isToolError(e) || e.errorType !== "EDIT_NO_OCCURRENCE_FOUND") throw e;
    // An LLM's guess is no match for lines someone else changed: re-reading them is the fix then.
    const fromLlm = allowLlm && !stale ? await llmStage(args, file, expected, e, deps, ctx.signal) : undefined;
    if (allowLlm) trace?.("llm", { outcome: fromLlm ? "applied" : "none" });
    if (!fromLlm) throw stale ? staleHint(e, file.sha256) : e;
    plan = fromLlm;
  }
  const spliced = await spliceSpans(file, plan.spans, pacer);
  if (spliced.bytes.equals(file.bytes)) {
    throw new ToolError({
      error: "Carried into the file's style, new_str equals the text it replaces: the edit would change nothing",
      error_type: "EDIT_NO_CHANGE",
      parameter: "new_str",
      hints: ["Indentation, trailing spaces and quote style follow the file; change the content itself"],
    });
  }
  await pacer.tick();
  pacer.check();
  return { file, plan, text: spliced.text, bytes: spliced.bytes, sha256: await sha256Off(spliced.bytes) };
}

async function createOrFill(args: EditArgs, ctx: ToolContext, target: EditTarget, deps: EditDeps): Promise<ToolOutput> {
  if (target.stat && target.stat.size > 0) throw existsError(args.path);
  // `app.ts:12` beside app.ts is a place in that file, copied from a compiler's output, not a new file's name.
  const located = target.file ? undefined : locatedFile(target);
  if (located) {
    const file = replaceBasename(args.path, located.name);
    throw new ToolError({
      error: `'${args.path}' would be a new file beside '${file}'; the rest reads as line ${located.line} of it`,
      error_type: "EDIT_INVALID_PATH",
      parameter: "path",
      got: args.path,
      hints: [`To change '${file}', give path '${file}' and an old_str from it (read_file shows line ${located.line})`],
    });
  }
  const bytes = Buffer.from(args.new_str, "utf8");
  if (target.file) checkWritable(target, target.file.stat, args.path, deps.config.allow_read_only);
  if (!args.dry_run) {
    if (target.file) {
      await commitReplace(
        target,
        args.path,
        { maxBytes: deps.config.max_file_bytes, allowReadOnly: deps.config.allow_read_only },
        (current) => {
          if (current.length > 0) throw existsError(args.path);
          return bytes;
        },
        deps.io,
      );
    } else {
      await commitCreate(target, args.path, bytes, deps.io);
    }
    seenVersions(ctx).remember(target.absolute, bytes, sha256Hex(bytes));
  }
  debugSink(deps)?.("create", { created: !target.file, dry_run: args.dry_run === true });
  return creationOutput(args, target.file !== undefined);
}

async function creationOutput(args: EditArgs, existed: boolean): Promise<ToolOutput> {
  const after = sha256Hex(Buffer.from(args.new_str, "utf8"));
  const lf = toLf(args.new_str);
  const out: ToolOutput = {
    path: args.path,
    replacements: 1,
    strategy: "exact",
    line_ranges: lf === "" ? [] : [rangeOf(lineStarts(lf), 0, lf.length)],
    diff: await editDiff(args.path, "", lf, SpanList.of([{ start: 0, end: 0, text: lf }])),
    snippet: snippetOf(lf, lineStarts(lf), 1, 1 + SNIPPET_CONTEXT * 2),
    sha256_before: existed ? sha256Hex(Buffer.alloc(0)) : null,
    sha256_after: after,
    eol: lf.includes("\n") ? (args.new_str.includes("\r\n") ? "crlf" : "lf") : "none",
    atomic: true,
  };
  if (!existed) out.created = true;
  if (args.dry_run) out.dry_run = true;
  return out;
}

/** Line ranges (in the new file) of this many replacements are listed. */
const LISTED_RANGES = 20;

async function successOutput(args: EditArgs, used: Prepared, pacer: Pacer): Promise<ToolOutput> {
  const { file, plan } = used;
  const after = toLf(used.text);
  const starts = lineStarts(after);
  const ranges: LineRange[] = [];
  let delta = 0;
  for (const s of plan.spans.head(LISTED_RANGES)) {
    const start = s.start + delta;
    ranges.push(rangeOf(starts, start, start + s.text.length));
    delta += s.text.length - (s.end - s.start);
  }
  const first = ranges[0];
  const out: ToolOutput = {
    path: args.path,
    replacements: plan.spans.size,
    strategy: plan.strategy,
    line_ranges: ranges,
    diff: await editDiff(args.path, file.lf, after, plan.spans, 4096, pacer),
    snippet: first
      ? snippetOf(after, starts, first.start_line - SNIPPET_CONTEXT, first.end_line + SNIPPET_CONTEXT)
      : "",
    sha256_before: file.sha256,
    sha256_after: used.sha256,
    eol: file.eol,
    atomic: true,
  };
  if (args.dry_run) out.dry_run = true;
  if (plan.strategy !== "exact") out.did_you_mean = didYouMean(plan.corrections, correctionMessage(plan, ranges));
  return out;
}

function correctionMessage(plan: Plan, ranges: readonly LineRange[]): string {
  const where = ranges.map((r) =>
    r.start_line === r.end_line ? `line ${r.start_line}` : `lines ${r.start_line}–${r.end_line}`,
  );
  const kinds = [...new Set(plan.corrections.filter((c) => c.parameter === "old_str").map((c) => c.correction_type))];
  const carried = plan.corrections.some((c) => c.parameter === "new_str");
  return (
    `old_str matched ${where.join(", ")} after ${kinds.join(" + ").replaceAll("_", " ")} (${plan.strategy})` +
    (carried ? "; new_str was adjusted the same way" : "")
  );
}

/** `read_file` lines [from, to] of an LF text (with its line starts), cut to 2 KB. */
function snippetOf(lf: string, starts: readonly number[], from: number, to: number): string {
  const count = lf.endsWith("\n") ? starts.length - 1 : starts.length;
  const a = Math.max(1, from);
  const b = Math.min(count, to);
  const out: string[] = [];
  let size = 0;
  for (let n = a; n <= b; n++) {
    const end = n < starts.length ? starts[n] - 1 : lf.length;
    const line = numberedLine(n, clip(lf.slice(starts[n - 1], Math.min(end, starts[n - 1] + 301)), 300));
    size += line.length + 1;
    if (size > SNIPPET_BYTES) break;
    out.push(line);
  }
  return out.join("\n");
}

/** Adds the "file changed since your last read" hint to a failure on a file this session saw in another version. */
function staleHint(e: ToolError, current: string): ToolError {
  const p = e.payload;
  return new ToolError({
    ...p,
    hints: ["The file changed since your last read_file: re-read it before retrying", ...p.hints].slice(0, 4),
    current_sha256: current,
  });
}

async function llmStage(
  args: EditArgs,
  file: DecodedFile,
  expected: number,
  failure: ToolError,
  deps: EditDeps,
  signal?: AbortSignal,
): Promise<Plan | undefined> {
  if (deps.config.llm_fixer === "off" || args.replace_all || !correctorAllowedFor(args.path)) return undefined;
  const corrector = deps.corrector ?? correctorFromConfig(deps.config.llm, deps.env);
  if (!corrector) return undefined;
  const proposal = await cachedProposal(
    corrector,
    {
      instruction: INSTRUCTION,
      path: args.path,
      old_str: args.old_str,
      new_str: args.new_str,
      expected_replacements: expected,
      error: failure.message,
      file: excerpt(file.lf, failure),
    },
    file.sha256,
    signal,
  );
  if (!proposal) return undefined;
  const old = toLf(proposal.old_str);
  const hits = findAll(file.lf, old);
  // The proposal must pass the exact stage with exactly the expected count, like any other correction.
  if (hits.length !== expected || proposal.old_str === proposal.new_str) return undefined;
  const neu = toLf(proposal.new_str);
  if (deps.config.llm_fixer === "hint") {
    if (failure.payload.likely_fix === undefined) failure.payload.likely_fix = { old_str: old, new_str: neu };
    return undefined;
  }
  const corrections: Correction[] = [
    {
      parameter: "old_str",
      original: clip(args.old_str, 300),
      corrected: clip(old, 300),
      correction_type: "llm",
      confidence: 0.8,
    },
  ];
  if (neu !== toLf(args.new_str)) {
    corrections.push({
      parameter: "new_str",
      original: clip(args.new_str, 300),
      corrected: clip(neu, 300),
      correction_type: "llm",
      confidence: 0.8,
    });
  }
  const spans: Span[] = hits.map((p) => ({ start: p, end: p + old.length, text: neu }));
  return { strategy: "llm", spans: SpanList.of(spans), corrections, confidence: 0.8 };
}

const EXCERPT_LIMIT = 64 * 1024;

/** The whole file when small, else ±20 lines around each candidate of the failure. */
function excerpt(lf: string, failure: ToolError): string {
  if (lf.length <= EXCERPT_LIMIT) return lf;
  const lines = lf.split("\n");
  const cands = (failure.payload.candidates ?? []) as LineRange[];
  const parts = cands.map((c) => {
    const a = Math.max(1, c.start_line - 20);
    const b = Math.min(lines.length, c.end_line + 20);
    return lines
      .slice(a - 1, b)
      .map((l, i) => numberedLine(a + i, l))
      .join("\n");
  });
  return parts.length > 0 ? parts.join("\n…\n") : lines.slice(0, 400).join("\n");
}
