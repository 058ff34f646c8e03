/**
 * Stage 2: lossless repairs of channel artifacts (docs/edit.md, stage 2). Each repair undoes something a transport or a model's
 * habit added to `old_str`: read_file line-number prefixes, a Markdown fence, outer blank lines, one level of
 * over-escaping, HTML entities. A repair is only ever accepted by the exact matcher, never on its own say-so.
 */
import { toLf } from "../text.js";

type RepairType = "line_number_prefix" | "code_fence" | "outer_whitespace" | "unescape" | "html_entity";
/**
 * Variants of outer_whitespace, least removed first: whole blank lines; also trailing blanks; also the last newline.
 * Variants of unescape: the classic escapes; also `\u`; `\u` alone (a `\n` in the text is meant literally).
 */
type RepairKind =
  | RepairType
  | "outer_whitespace_keep_eol"
  | "outer_whitespace_all"
  | "unescape_with_unicode"
  | "unescape_unicode_only";

/** The escape set each variant of `unescape` reads; the variants exclude each other. */
const UNESCAPE_SETS: Partial<Record<RepairKind, EscapeSet>> = {
  unescape: { classic: true },
  unescape_with_unicode: { classic: true, unicode: true },
  unescape_unicode_only: { unicode: true },
};

const REPAIR_ORDER: readonly RepairKind[] = [
  "line_number_prefix",
  "code_fence",
  "outer_whitespace_keep_eol",
  "outer_whitespace",
  "outer_whitespace_all",
  "unescape",
  "unescape_with_unicode",
  "unescape_unicode_only",
  "html_entity",
];

/** What a repair took from `old_str`, so the same artifact can be taken from `new_str` (at most as much). */
interface OuterTrim {
  leadingLines: number;
  trailingLines: number;
  trailingBlanks: boolean;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "'": "'", "`": "`", "\\": "\\" };

/** Which escapes one level of unescaping reads: the classic ones, `\uXXXX` and `\u{…}`, or both. */
export interface EscapeSet {
  classic?: boolean;
  unicode?: boolean;
}

const HEX4 = /^[0-9a-fA-F]{4}$/u;
const BRACED = /^\{([0-9a-fA-F]{1,6})\}/u;

/** The character a `\u` escape at `s[i]` (the backslash) stands for and its length, or undefined. */
function unicodeEscape(s: string, i: number): { char: string; length: number } | undefined {
  if (s[i + 1] !== "u") return undefined;
  const four = s.slice(i + 2, i + 6);
  if (HEX4.test(four)) return { char: String.fromCharCode(Number.parseInt(four, 16)), length: 6 };
  const braced = BRACED.exec(s.slice(i + 2, i + 11));
  if (!braced) return undefined;
  const code = Number.parseInt(braced[1], 16);
  return code <= 0x10ffff ? { char: String.fromCodePoint(code), length: 2 + braced[0].length } : undefined;
}

/**
 * One level of unescaping (as Go's strconv.Unquote reads a string once): each backslash pair is consumed once, so
 * `\\n` becomes `\n` (backslash, n), never a newline. The classic set reads `\n \t \r \" \' \` \\`; the unicode set
 * reads `\uXXXX` and `\u{…}` (JSON's and JavaScript's escapes of non-ASCII text). `\`+newline, `\$`, `\x` and every
 * other pair are left alone.
 */
export function unescapeOnce(s: string, set: EscapeSet = { classic: true }): string {
  if (!s.includes("\\")) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length) {
      const u = set.unicode ? unicodeEscape(s, i) : undefined;
      if (u) {
        out += u.char;
        i += u.length - 1;
        continue;
      }
      const r = ESCAPES[s[i + 1]];
      if (r !== undefined) {
        // Without the classic set a pair is still consumed whole (`\\u20AC` is a backslash and u20AC), but kept.
        out += set.classic ? r : c + s[i + 1];
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#39;": "'" };

export function decodeHtmlEntities(s: string): string {
  return s.replace(/&(?:lt|gt|amp|quot|#39);/gu, (m) => ENTITIES[m]);
}

/** `cat -n` layout (ours), Claude Code's `→`, and `N | ` as editors print it. */
const PREFIX_STYLES: readonly RegExp[] = [/^ *(\d+)\t/u, /^ *(\d+)→/u, /^ *(\d+) \| /u];
/** A numbered empty line whose trailing TAB was lost. */
const BARE_NUMBER = /^ *(\d+) *$/u;

/** Lines without prefixes, or undefined when not every line carries one (consecutive numbers for `old_str`). */
export function stripLineNumbers(s: string, requireConsecutive: boolean): string | undefined {
  const lines = s.split("\n");
  const last = lines.length > 1 && lines[lines.length - 1] === "" ? lines.pop() : undefined;
  for (const style of PREFIX_STYLES) {
    const out: string[] = [];
    let prev = -1;
    let ok = true;
    let styled = 0;
    for (const line of lines) {
      const m = style.exec(line) ?? BARE_NUMBER.exec(line);
      if (!m) {
        ok = false;
        break;
      }
      if (m.length > 0 && style.test(line)) styled++;
      const n = Number(m[1]);
      if (requireConsecutive && prev >= 0 && n !== prev + 1) {
        ok = false;
        break;
      }
      prev = n;
      out.push(line.slice(m[0].length));
    }
    if (ok && styled > 0) return [...out, ...(last !== undefined ? [last] : [])].join("\n");
  }
  return undefined;
}

const FENCE = /^[ \t]*(?:[^\s`~]+\n)?[ \t]*(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n?[ \t]*\1[ \t]*\n?$/u;

/** The inside of a whole-string Markdown fence (an optional file-name line may precede it). */
export function stripCodeFence(s: string): string | undefined {
  const m = FENCE.exec(s);
  return m ? m[2] : undefined;
}

/** Outer blank lines and trailing blanks removed; `keepEol` keeps one final newline (it may be content). */
function trimOuter(s: string, mode: "keep_eol" | "blanks" | "all"): { text: string; trim: OuterTrim } {
  let start = 0;
  let leadingLines = 0;
  for (;;) {
    const m = /^[ \t]*\n/u.exec(s.slice(start));
    if (!m) break;
    start += m[0].length;
    leadingLines++;
  }
  let end = s.length;
  let trailingLines = 0;
  for (;;) {
    const m = /\n[ \t]*$/u.exec(s.slice(start, end));
    if (!m) break;
    end -= m[0].length;
    trailingLines++;
  }
  const body = s.slice(start, end);
  // One final newline stays (it may be content); whole blank lines go, and in the second variant the last
  // line's trailing blanks too.
  const eol = trailingLines > 0 && mode !== "all" ? "\n" : "";
  const rest = mode === "all" ? trailingLines : Math.max(0, trailingLines - 1);
  if (mode === "keep_eol")
    return { text: body + eol, trim: { leadingLines, trailingLines: rest, trailingBlanks: false } };
  const text = body.replace(/[ \t]+$/u, "");
  return { text: text + eol, trim: { leadingLines, trailingLines: rest, trailingBlanks: text.length < body.length } };
}

/** Takes at most as many outer blank lines (and trailing blanks) from `new_str` as `old_str` lost. */
function trimOuterLike(s: string, t: OuterTrim): string {
  let out = s;
  for (let i = 0; i < t.leadingLines; i++) {
    const m = /^[ \t]*\n/u.exec(out);
    if (!m) break;
    out = out.slice(m[0].length);
  }
  for (let i = 0; i < t.trailingLines; i++) {
    const m = /\n[ \t]*$/u.exec(out);
    if (!m) break;
    out = out.slice(0, out.length - m[0].length);
  }
  return t.trailingBlanks ? out.replace(/[ \t]+(\n?)$/u, "$1") : out;
}

export interface RepairStep {
  type: RepairType;
  old: string;
  /** `new_str` after the same repair, or unchanged when it does not show the artifact. */
  next: (newStr: string) => string;
}

/** The repair `type` applied to `old_str`, or undefined when it changes nothing. */
export function applyRepair(type: RepairKind, old: string): RepairStep | undefined {
  let out: string | undefined;
  let next: (n: string) => string = (n) => n;
  switch (type) {
    case "line_number_prefix":
      out = stripLineNumbers(old, true);
      next = (n) => stripLineNumbers(n, false) ?? n;
      break;
    case "code_fence":
      out = stripCodeFence(old);
      next = (n) => stripCodeFence(n) ?? n;
      break;
    case "outer_whitespace":
    case "outer_whitespace_keep_eol":
    case "outer_whitespace_all": {
      const mode =
        type === "outer_whitespace_keep_eol" ? "keep_eol" : type === "outer_whitespace_all" ? "all" : "blanks";
      const { text, trim } = trimOuter(old, mode);
      if (text !== old && text !== "") {
        out = text;
        next = (n) => trimOuterLike(n, trim);
      }
      break;
    }
    case "unescape":
    case "unescape_with_unicode":
    case "unescape_unicode_only": {
      const set = UNESCAPE_SETS[type] as EscapeSet;
      out = toLf(unescapeOnce(old, set));
      // The channel is proven to over-escape once old_str needed it: new_str went through the same channel.
      next = (n) => toLf(unescapeOnce(n, set));
      break;
    }
    case "html_entity":
      out = decodeHtmlEntities(old);
      next = (n) => decodeHtmlEntities(n);
      break;
  }
  if (out === undefined || out === old || out === "") return undefined;
  return { type: reportedType(type), old: out, next };
}

function reportedType(kind: RepairKind): RepairType {
  if (kind.startsWith("outer_whitespace")) return "outer_whitespace";
  if (kind.startsWith("unescape")) return "unescape";
  return kind as RepairType;
}

/** Every ordered combination of the applicable repairs, smallest first (one repair, then two, ...). */
export function repairCombinations(old: string): RepairStep[][] {
  // A variant that reads old_str as an earlier one of its kind does would only repeat that one's combinations.
  const seen = new Set<string>();
  const applicable = REPAIR_ORDER.filter((t) => {
    const step = applyRepair(t, old);
    if (step === undefined) return false;
    const key = `${step.type}\0${step.old}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const combos: RepairStep[][] = [];
  const n = applicable.length;
  const masks: number[] = [];
  for (let mask = 1; mask < 1 << n; mask++) masks.push(mask);
  masks.sort((a, b) => popcount(a) - popcount(b) || a - b);
  const outer = applicable.reduce((m, t, i) => (t.startsWith("outer_whitespace") ? m | (1 << i) : m), 0);
  const unescaping = applicable.reduce((m, t, i) => (t.startsWith("unescape") ? m | (1 << i) : m), 0);
  for (const mask of masks) {
    // The variants of one repair exclude each other.
    if (popcount(mask & outer) > 1 || popcount(mask & unescaping) > 1) continue;
    const steps: RepairStep[] = [];
    let cur = old;
    let ok = true;
    for (let i = 0; i < n; i++) {
      if (!(mask & (1 << i))) continue;
      const step = applyRepair(applicable[i], cur);
      if (!step) {
        ok = false;
        break;
      }
      steps.push(step);
      cur = step.old;
    }
    if (ok) combos.push(steps);
  }
  return combos;
}

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v; v &= v - 1) c++;
  return c;
}
