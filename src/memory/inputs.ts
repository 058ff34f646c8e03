/**
 * Normalisation of tool inputs into stored form, with the recovery contract: a misspelt category is auto-corrected
 * when the core matcher is confident (and reported), an alias is applied (and reported), anything else is a
 * structured error with a likely_fix or hints.
 */
import { isAbsolute, relative } from "node:path";
import { type Correction, type SuggestThresholds, suggest, ToolError } from "../core/index.js";
import { checkCount, checkNoNul, checkText, LIMITS } from "./bounds.js";
import { relativeTime } from "./dates.js";
import { MAX_TIME, MIN_TIME } from "./rows.js";
import { normalizeTag } from "./tags.js";
import { CATEGORIES, CATEGORY_ALIASES, type Category, MAX_CONTENT_CHARS } from "./types.js";

const CATEGORY_CANDIDATES = CATEGORIES.map((c) => ({
  target: c,
  aliases: Object.entries(CATEGORY_ALIASES)
    .filter(([, to]) => to === c)
    .map(([alias]) => alias),
}));

export interface Resolved<T> {
  value: T;
  correction?: Correction;
}

/** `decision` as is; `Decision`/`lesson`/`desicion` corrected and reported; `idea` → `invalid_category` with hints. */
export function resolveCategory(
  raw: string,
  parameter: string,
  thresholds: Partial<SuggestThresholds> = {},
  step?: number,
): Resolved<Category> {
  if ((CATEGORIES as readonly string[]).includes(raw)) return { value: raw as Category };
  checkText(raw, parameter, LIMITS.tagChars, step);
  const s = suggest(raw, CATEGORY_CANDIDATES, { ...thresholds, namespaces: false });
  if (s.tier === "auto" && s.match) {
    const kind = s.match.kind;
    return {
      value: s.match.target as Category,
      correction: {
        parameter,
        original: raw,
        corrected: s.match.target,
        correction_type: kind === "alias" ? "alias" : kind === "normalization" ? "normalization" : "typo",
        confidence: Math.round(s.match.confidence * 1000) / 1000,
      },
    };
  }
  const likely = s.tier === "likely_fix" ? s.likely_fix : undefined;
  throw new ToolError({
    error: `Unknown category '${raw}'`,
    error_type: "invalid_category",
    parameter,
    step,
    got: raw,
    expected: [...CATEGORIES],
    likely_fix: likely,
    hints: [
      ...(likely ? [] : s.hints.map((h) => `Did you mean '${h}'?`)),
      "decision: a choice made and why; pattern: a convention to follow; warning: something to avoid; learning: a fact discovered",
    ],
  });
}

function invalidArgument(
  parameter: string,
  error: string,
  extra: { got?: unknown; expected?: unknown; likely_fix?: unknown; hints?: string[]; step?: number } = {},
): ToolError {
  return new ToolError({ error, error_type: "invalid_argument", parameter, ...extra });
}

/** Trimmed, non-empty, at most 8,000 characters. */
export function checkContent(raw: string, parameter: string, step?: number): string {
  const content = raw.trim();
  if (content === "") {
    throw invalidArgument(parameter, "Memory content is empty", {
      step,
      got: raw,
      hints: ["Say what was decided, learnt or must be avoided"],
    });
  }
  if (content.length > MAX_CONTENT_CHARS) {
    throw new ToolError({
      error: `Memory content is ${content.length} characters, over the limit of ${MAX_CONTENT_CHARS}`,
      error_type: "content_too_long",
      parameter,
      step,
      got: content.length,
      expected: `<= ${MAX_CONTENT_CHARS} characters`,
      hints: ["Keep the gist in content and move detail into rationale, or split it into several memories"],
    });
  }
  checkNoNul(content, parameter, step);
  return content;
}

/**
 * Lowercase kebab tags, de-duplicated; a tag with nothing left after normalisation is an error. At most LIMITS.tags
 * of at most LIMITS.tagChars characters each.
 */
export function normalizeTags(raw: readonly string[] | undefined, parameter: string, step?: number): string[] {
  checkCount(raw ?? [], parameter, LIMITS.tags, step);
  const out = new Set<string>();
  (raw ?? []).forEach((t, i) => {
    checkText(t, `${parameter}[${i}]`, LIMITS.tagChars, step);
    const tag = normalizeTag(t);
    if (tag === "")
      throw invalidArgument(`${parameter}[${i}]`, `Tag '${t}' has no letters or digits`, { step, got: t });
    out.add(tag);
  });
  return [...out];
}

/** An optional free text (rationale, context, outcome): trimmed, null when empty, within `max` characters. */
export function optionalText(raw: string | undefined, parameter: string, max: number, step?: number): string | null {
  if (raw === undefined) return null;
  checkText(raw, parameter, max, step);
  return raw.trim() || null;
}

/**
 * Project-relative path with `/`: `./src\\a.ts` → `src/a.ts`; an absolute path inside the project becomes relative.
 * A trailing `/` is kept (it marks a directory filter).
 */
export function normalizeFilePath(
  raw: string | undefined,
  root: string,
  parameter: string,
  step?: number,
): string | undefined {
  if (raw === undefined) return undefined;
  checkText(raw, parameter, LIMITS.filePathChars, step);
  let p = raw.trim().replaceAll("\\", "/");
  if (p === "") return undefined;
  if (isAbsolute(p)) {
    const rel = relative(root, p).replaceAll("\\", "/");
    if (rel.startsWith("..")) {
      throw invalidArgument(parameter, `'${raw}' is outside the project root ${root}`, {
        step,
        got: raw,
        hints: ["Give a path relative to the project root"],
      });
    }
    p = rel + (p.endsWith("/") && rel !== "" ? "/" : "");
  }
  p = p.replace(/^(\.\/)+/u, "").replace(/\/{2,}/gu, "/");
  return p === "" || p === "." ? undefined : p;
}

/**
 * ISO date/time or epoch milliseconds → epoch ms, within the representable range (years 0000–9999): a time outside it
 * could not be shown as ISO 8601 and would break every later read of the row, so it is refused here. With
 * `relativeTo`, also words relative to its `now` ("yesterday", "3 days ago", "last week", see relativeTime), reported
 * through `read` with the date they were read as.
 */
export function parseTime(
  raw: string | number | undefined,
  parameter: string,
  step?: number,
  relativeTo?: { now: number; read: (c: Correction) => void },
): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === "string") checkText(raw, parameter, LIMITS.dateChars, step);
  let t = typeof raw === "number" ? raw : Date.parse(raw);
  if (!Number.isFinite(t) && typeof raw === "string" && relativeTo) {
    const words = relativeTime(raw, relativeTo.now);
    if (words !== undefined) {
      t = words;
      relativeTo.read({
        parameter,
        original: raw,
        corrected: new Date(t).toISOString(),
        correction_type: "relative_time",
        confidence: 1,
      });
    }
  }
  const expected =
    "ISO 8601 date or date-time between 0000-01-01 and 9999-12-31, e.g. 2025-03-01 or 2025-03-01T12:00:00Z";
  if (!Number.isFinite(t)) {
    throw invalidArgument(parameter, `'${raw}' is not a date`, {
      step,
      got: raw,
      expected,
      hints: relativeTo ? ["Or words relative to now: yesterday, 3 days ago, last week"] : undefined,
    });
  }
  if (t < MIN_TIME || t > MAX_TIME) {
    throw invalidArgument(parameter, `'${raw}' is outside the representable date range (years 0000 to 9999)`, {
      step,
      got: raw,
      expected,
      hints: ["Give the date as ISO 8601, e.g. 2025-03-01; numbers are epoch milliseconds"],
    });
  }
  return t;
}

export function memoryNotFound(ids: readonly number[], parameter: string): ToolError {
  return new ToolError({
    error: ids.length === 1 ? `No memory with id ${ids[0]}` : `No memories with ids ${ids.join(", ")}`,
    error_type: "memory_not_found",
    parameter,
    got: ids.length === 1 ? ids[0] : ids,
    hints: ["Use recall or search_memories to find the id"],
  });
}
