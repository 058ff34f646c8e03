/**
 * The error half of the recovery contract: a structured payload an agent can act on, carried by a ToolError inside
 * the capabilities and rendered as an MCP `isError` result at the edge.
 */

/** `structuredContent` of an error result (snake_case, as the seeds name it). */
export interface ErrorPayload {
  /** One human sentence. */
  error: string;
  /** From a closed, documented enum per tool family. */
  error_type: string;
  /** JSON path of the input at fault: `old_str`, `factors[1].numerator`. */
  parameter?: string;
  /** 0-based step of a multi-step input. */
  step?: number;
  got?: unknown;
  expected?: unknown;
  /** High confidence, mechanical: an agent may apply it without further thought. */
  likely_fix?: unknown;
  /** Lower confidence, most useful first, at most MAX_HINTS. */
  hints: string[];
  candidates?: unknown[];
  /**
   * Text the agent needs verbatim to act (the current lines of a file that changed): shown after the summary in the
   * text rendering, which clients that read only `content` (Claude Code, for errors) pass to the model.
   */
  detail?: string;
  [extra: string]: unknown;
}

export const MAX_HINTS = 5;

export interface ErrorInit {
  error: string;
  error_type: string;
  parameter?: string;
  step?: number;
  got?: unknown;
  expected?: unknown;
  likely_fix?: unknown;
  hints?: readonly string[];
  candidates?: unknown[];
  detail?: string;
  [extra: string]: unknown;
}

/** Shared by every copy of this module (the bundled `dwim/units/engine`, two installed versions). */
const TOOL_ERROR = Symbol.for("dwim.ToolError");

/** Thrown by handlers and pure functions; the call pipeline turns it into an isError result. */
export class ToolError extends Error {
  readonly payload: ErrorPayload;

  /** `instanceof` tests the brand, not the class object, so an error from another copy of dwim still counts. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [TOOL_ERROR]?: unknown })[TOOL_ERROR] === true;
  }

  constructor(init: ErrorInit) {
    super(init.error);
    this.name = "ToolError";
    this.payload = errorPayload(init);
    Object.defineProperty(this, TOOL_ERROR, { value: true });
  }

  get errorType(): string {
    return this.payload.error_type;
  }
}

/** Builds a payload: drops undefined fields, de-duplicates and caps hints. */
export function errorPayload(init: ErrorInit): ErrorPayload {
  const hints = [...new Set((init.hints ?? []).filter((h) => h.trim() !== ""))].slice(0, MAX_HINTS);
  const payload: ErrorPayload = { error: init.error, error_type: init.error_type, hints };
  for (const [k, v] of Object.entries(init)) {
    if (k === "hints" || k === "error" || k === "error_type" || v === undefined) continue;
    payload[k] = v;
  }
  return payload;
}

export function isToolError(e: unknown): e is ToolError {
  return e instanceof ToolError;
}

/** MCP CallToolResult for a failure the model can fix. */
export interface ErrorResult {
  [key: string]: unknown;
  isError: true;
  structuredContent: ErrorPayload;
  content: Array<{ type: "text"; text: string }>;
}

export function errorResult(payload: ErrorPayload): ErrorResult {
  return { isError: true, structuredContent: payload, content: [{ type: "text", text: renderError(payload) }] };
}

/** Characters of candidate text in an error's text rendering, all candidates together. */
const CANDIDATE_TEXT_BUDGET = 1200;
/** Candidates rendered at most (the structured list keeps them all). */
const MAX_RENDERED_CANDIDATES = 5;
/** Characters of an error's `detail` in its text rendering. */
const DETAIL_BUDGET = 4000;

/**
 * The error as text, for the clients that show the model only `content` (docs/clients.md): everything an agent
 * needs to build the corrected call. `likely_fix` is written as JSON, so that it reads back exactly (a string keeps
 * its quotes, escapes and line breaks); each candidate with the text it found, bounded, and its line range; last,
 * any `detail` (the current lines of a file that changed), as it is.
 */
export function renderError(p: ErrorPayload): string {
  const lines = [`Error (${p.error_type}): ${p.error}`];
  if (p.parameter !== undefined)
    lines.push(`parameter: ${p.parameter}${p.step !== undefined ? ` (step ${p.step})` : ""}`);
  if (p.likely_fix !== undefined) lines.push(`likely_fix: ${JSON.stringify(p.likely_fix)}`);
  const candidates = Array.isArray(p.candidates) ? p.candidates.slice(0, MAX_RENDERED_CANDIDATES) : [];
  if (candidates.length > 0) {
    const share = Math.floor(CANDIDATE_TEXT_BUDGET / candidates.length);
    lines.push("candidates:", ...candidates.map((c) => `- ${renderCandidate(c, share)}`));
  }
  if (p.hints.length > 0) lines.push("hints:", ...p.hints.map((h) => `- ${h}`));
  if (p.detail) lines.push(clip(p.detail, DETAIL_BUDGET));
  return lines.join("\n");
}

/**
 * One candidate: found text as `lines a–b (similarity s):` and the text itself, indented, cut to `max` characters
 * (a cut is marked); any other candidate as compact JSON.
 */
function renderCandidate(candidate: unknown, max: number): string {
  if (candidate === null || typeof candidate !== "object") return JSON.stringify(candidate);
  const c = candidate as Record<string, unknown>;
  if (typeof c.text !== "string" || typeof c.start_line !== "number") return clip(JSON.stringify(c), max);
  const end = typeof c.end_line === "number" ? c.end_line : c.start_line;
  const score = typeof c.similarity === "number" ? ` (similarity ${c.similarity})` : "";
  const text = c.text.length <= max ? c.text : `${c.text.slice(0, max)}… [cut: ${c.text.length} characters in all]`;
  return `lines ${c.start_line}–${end}${score}:\n${text.replace(/^/gmu, "    ")}`;
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`;
}

/** A failure nobody anticipated: reported without a stack trace, and the server keeps serving. */
export function internalErrorPayload(e: unknown): ErrorPayload {
  const message = e instanceof Error ? e.message : String(e);
  return errorPayload({
    error: `Internal error: ${message.split("\n")[0].slice(0, 200)}`,
    error_type: "internal_error",
    hints: ["This is a bug in dwim, not in your call; retrying the same call will fail the same way."],
  });
}
