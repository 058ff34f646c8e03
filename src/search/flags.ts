/**
 * `rg_flags`: split with shell quoting (no expansion), checked against an allow-list, normalised to one argv element
 * per flag (`--glob=value`, so a value can never be read as another flag). Flags that run programs, leave the roots or
 * change the output format are refused; a mistyped flag name is read by the core's name matcher (core/suggest.ts, with
 * the thresholds tool names get): corrected when it auto-corrects to one allowed flag, else refused with what it
 * offers.
 */

import { availableParallelism } from "node:os";
import { ToolError } from "../core/errors.js";
import { NameIndex, type Suggestion } from "../core/suggest.js";
import { checkFlagWords } from "./arguments.js";
import { MAX_GLOB_BRACE_DEPTH } from "./convert.js";
import { type FileTypes, readFileType, ripgrepFileTypes } from "./file-types.js";

interface FlagSpec {
  long: string;
  short?: string;
  takesValue: boolean;
}

const ALLOWED: readonly FlagSpec[] = [
  { long: "--ignore-case", short: "-i", takesValue: false },
  { long: "--case-sensitive", short: "-s", takesValue: false },
  { long: "--smart-case", short: "-S", takesValue: false },
  { long: "--fixed-strings", short: "-F", takesValue: false },
  { long: "--word-regexp", short: "-w", takesValue: false },
  { long: "--line-regexp", short: "-x", takesValue: false },
  { long: "--invert-match", short: "-v", takesValue: false },
  { long: "--glob", short: "-g", takesValue: true },
  { long: "--iglob", takesValue: true },
  { long: "--glob-case-insensitive", takesValue: false },
  { long: "--type", short: "-t", takesValue: true },
  { long: "--type-not", short: "-T", takesValue: true },
  { long: "--max-depth", short: "-d", takesValue: true },
  { long: "--max-filesize", takesValue: true },
  { long: "--no-ignore", takesValue: false },
  { long: "--no-ignore-vcs", takesValue: false },
  { long: "--no-ignore-parent", takesValue: false },
  { long: "--no-ignore-dot", takesValue: false },
  { long: "--no-ignore-global", takesValue: false },
  { long: "--no-ignore-exclude", takesValue: false },
  { long: "--no-ignore-files", takesValue: false },
  { long: "--unrestricted", short: "-u", takesValue: false },
  { long: "--text", short: "-a", takesValue: false },
  { long: "--binary", takesValue: false },
  { long: "--pcre2", short: "-P", takesValue: false },
  { long: "--engine", takesValue: true },
  { long: "--multiline", short: "-U", takesValue: false },
  { long: "--multiline-dotall", takesValue: false },
  { long: "--crlf", takesValue: false },
  { long: "--encoding", short: "-E", takesValue: true },
  { long: "--max-count", short: "-m", takesValue: true },
  { long: "--one-file-system", takesValue: false },
  { long: "--threads", short: "-j", takesValue: true },
  { long: "--hidden", short: "-.", takesValue: false },
];

/** Flags the tool sets itself or that only change presentation: dropped with a warning. */
const IGNORED: Record<string, boolean> = {
  "--sort": true,
  "--sortr": true,
  "--line-number": false,
  "-n": false,
  "--with-filename": false,
  "-H": false,
  "--color": true,
  "--colors": true,
  "--no-heading": false,
  "--heading": false,
};

const CONTEXT: Record<string, string> = {
  "-A": "after",
  "--after-context": "after",
  "-B": "before",
  "--before-context": "before",
  "-C": "context",
  "--context": "context",
};

/**
 * grep's flags, which agents bring to ripgrep: the file selections become ripgrep's globs (reported as corrections),
 * and what ripgrep does anyway is dropped with a warning. `-r` is ripgrep's `--replace`, refused here in any case, so
 * it can only mean grep's recursion; `-E` is ripgrep's `--encoding` when a value follows it (see parseRgFlags).
 */
const GREP_GLOBS: Record<string, (value: string) => string> = {
  "--include": (v) => v,
  "--exclude": (v) => `!${v}`,
  "--exclude-dir": (v) => `!${v.replace(/\/+$/u, "")}`,
};
const GREP_DONE: Record<string, string> = {
  "-r": "ripgrep searches directories recursively already",
  "-R": "ripgrep searches directories recursively already (symlinks are not followed)",
  "--recursive": "ripgrep searches directories recursively already",
  "--dereference-recursive": "ripgrep searches directories recursively already (symlinks are not followed)",
  "--extended-regexp": "ripgrep's regex syntax is already extended",
  "-I": "ripgrep skips binary files already",
};

const DENIED: Record<string, string> = {
  "--pre": "runs a program on every file",
  "--pre-glob": "runs a program on every file",
  "--search-zip": "runs decompression programs",
  "-z": "runs decompression programs",
  "--hostname-bin": "runs a program",
  "--follow": "follows symlinks out of the allowed roots",
  "-L": "follows symlinks out of the allowed roots",
  "--ignore-file": "reads a file outside the search",
  "--file": "reads patterns from a file; use regex_pattern",
  "-f": "reads patterns from a file; use regex_pattern",
  "--regexp": "sets the pattern; use regex_pattern",
  "-e": "sets the pattern; use regex_pattern",
  "--json": "changes the output format the tool parses",
  "--null": "is always set by the tool",
  "-0": "is always set by the tool",
  "--vimgrep": "changes the output format the tool parses",
  "--only-matching": "changes the output format the tool parses",
  "-o": "changes the output format the tool parses",
  "--replace": "changes the output format the tool parses",
  "--count": "changes the output format the tool parses",
  "-c": "changes the output format the tool parses",
  "--count-matches": "changes the output format the tool parses",
  "--files-with-matches": "lists files; use fuzzy_search_files",
  "-l": "lists files; use fuzzy_search_files",
  "--files-without-match": "lists files; use fuzzy_search_files",
  "--files": "lists files; use fuzzy_search_files",
  "--max-columns": "is set by the tool",
  "-M": "is set by the tool",
  "--no-config": "is always set by the tool",
  "--type-add": "changes ripgrep's configuration",
  "--type-clear": "changes ripgrep's configuration",
};

/** Splits a flag string like a POSIX shell would, without any expansion. */
export function splitShellWords(s: string): string[] {
  const out: string[] = [];
  let cur = "";
  let has = false;
  let quote: '"' | "'" | "" = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote === "'") {
      if (c === "'") quote = "";
      else cur += c;
    } else if (quote === '"') {
      if (c === '"') quote = "";
      else if (c === "\\" && i + 1 < s.length && '"\\$`'.includes(s[i + 1])) cur += s[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === "\\" && i + 1 < s.length) {
      cur += s[++i];
      has = true;
    } else if (/\s/u.test(c)) {
      if (has || cur !== "") out.push(cur);
      cur = "";
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (quote !== "") {
    throw new ToolError({
      error: `rg_flags has an unclosed ${quote} quote`,
      error_type: "SEARCH_INVALID_ARGUMENT",
      parameter: "rg_flags",
      got: s,
      likely_fix: `${s}${quote}`,
      hints: ["Pass rg_flags as an array of strings to avoid quoting"],
    });
  }
  if (has || cur !== "") out.push(cur);
  return out;
}

interface FlagCorrection {
  original: string;
  corrected: string;
  confidence: number;
  /** A flag's name one edit off, a file type (`-t`) read as the one ripgrep knows, or grep's flag as ripgrep's. */
  correction_type: "flag_typo" | "file_type" | "grep_flag";
}

export interface ParsedFlags {
  /** Normalised argv elements to hand to rg. */
  argv: string[];
  warnings: string[];
  corrections: FlagCorrection[];
  /** Largest of -A/-B/-C given in the flags (mapped to context_lines). */
  context?: number;
  hidden: boolean;
  noIgnore: boolean;
  pcre2: boolean;
  fixedStrings: boolean;
  multiline: boolean;
}

const byLong = new Map(ALLOWED.map((f) => [f.long, f]));
const byShort = new Map(ALLOWED.filter((f) => f.short).map((f) => [f.short as string, f]));

function lookup(name: string): FlagSpec | undefined {
  return byLong.get(name) ?? byShort.get(name);
}

/** Other spellings agents give an allowed flag: matched as aliases, so a near name of the opposite meaning loses. */
const OTHER_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  "--ignore-case": ["--case-insensitive"],
};

/** The allowed long names, for the core's matcher (built once). */
const FLAG_NAMES = new NameIndex(ALLOWED.map((f) => ({ target: f.long, aliases: OTHER_SPELLINGS[f.long] })));

/** How the core's matcher reads a long flag name that is not allowed as written (short flags are not guessed). */
function readFlagName(name: string): Suggestion | undefined {
  return name.startsWith("--") ? FLAG_NAMES.suggest(name, { namespaces: false }) : undefined;
}

export type FlagsInput = string | readonly string[];

/** What one call may make ripgrep use (docs/search.md, "Bounded work"). */
export interface FlagLimits {
  /** Upper bound of `-j/--threads`: the machine's cores. */
  threads: number;
  /** Upper bound of `--max-filesize`, in bytes (the `[search] max_filesize` setting), when there is one. */
  maxFilesize?: number;
}

export const DEFAULT_FLAG_LIMITS: FlagLimits = { threads: availableParallelism() };

const SIZE = /^(\d+)([KMG]?)$/u;

/** ripgrep's size syntax (`50M`, `200K`, `1G`, bytes) in bytes, or undefined when it is not one. */
export function parseSize(value: string): number | undefined {
  const m = SIZE.exec(value.trim());
  if (!m) return undefined;
  const unit = { "": 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2] as "" | "K" | "M" | "G"];
  const n = Number(m[1]) * unit;
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Deepest nesting of `{` in a glob (escaped braces do not count). */
function braceDepth(glob: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") i++;
    else if (c === "{") max = Math.max(max, ++depth);
    else if (c === "}" && depth > 0) depth--;
  }
  return max;
}

function invalidValue(flag: string, value: string, why: string, fix: string | undefined, hint: string): ToolError {
  return new ToolError({
    error: `rg flag ${flag}=${value.length > 80 ? `${value.slice(0, 80)}…` : value} ${why}`,
    error_type: "SEARCH_INVALID_ARGUMENT",
    parameter: "rg_flags",
    got: value.length > 200 ? `${value.slice(0, 200)}…` : value,
    likely_fix: fix,
    hints: [hint],
  });
}

/** Checks a flag's value and caps what one call may use; returns the value to pass on. */
function boundedValue(flag: string, value: string, limits: FlagLimits, warnings: string[]): string {
  if (flag === "--threads") {
    if (!/^\d+$/u.test(value)) throw invalidValue(flag, value, "is not a number of threads", undefined, "Use -j N");
    if (Number(value) > limits.threads) {
      warnings.push(`rg flag --threads=${value} capped to this machine's ${limits.threads} cores`);
      return String(limits.threads);
    }
  } else if (flag === "--max-filesize") {
    const bytes = parseSize(value);
    if (bytes === undefined) {
      throw invalidValue(flag, value, "is not a size", undefined, "Write a size such as 10M, 500K or 1G");
    }
    if (limits.maxFilesize !== undefined && bytes > limits.maxFilesize) {
      warnings.push(`rg flag --max-filesize=${value} capped to the configured ${limits.maxFilesize} bytes`);
      return String(limits.maxFilesize);
    }
  } else if ((flag === "--glob" || flag === "--iglob") && braceDepth(value) > MAX_GLOB_BRACE_DEPTH) {
    throw invalidValue(
      flag,
      value,
      `nests braces ${braceDepth(value)} deep (at most ${MAX_GLOB_BRACE_DEPTH})`,
      undefined,
      "Split the glob into several -g flags, one per alternative",
    );
  }
  return value;
}

/** Flags that select lines or read contents: nothing to do when only listing files. */
const LINE_ONLY_FLAGS = new Set([
  "--ignore-case",
  "--case-sensitive",
  "--smart-case",
  "--fixed-strings",
  "--word-regexp",
  "--line-regexp",
  "--invert-match",
  "--pcre2",
  "--engine",
  "--multiline",
  "--multiline-dotall",
  "--crlf",
  "--encoding",
  "--max-count",
  "--text",
  "--binary",
]);

/**
 * Parses rg_flags. With `types` (what this ripgrep knows, see file-types.ts), a `-t`/`-T` value it does not know is
 * read as the one type it means, reported in `corrections`, or refused with the nearest names.
 */
export function parseRgFlags(
  input: FlagsInput,
  forFiles = false,
  limits: FlagLimits = DEFAULT_FLAG_LIMITS,
  types?: FileTypes,
): ParsedFlags {
  checkFlagWords(input);
  const words = typeof input === "string" ? splitShellWords(input) : [...input];
  return new FlagReader(input, words, forFiles, limits, types).read();
}

/** One pass over the flag words: each word is grep's, ignored, refused, or an allowed flag (after a typo fix). */
class FlagReader {
  private readonly result: ParsedFlags = {
    argv: [],
    warnings: [],
    corrections: [],
    hidden: false,
    noIgnore: false,
    pcre2: false,
    fixedStrings: false,
    multiline: false,
  };
  private i = 0;
  /** The current flag's name and its `=value` (or bundled value), when it came with one. */
  private word = "";
  private value: string | undefined;

  constructor(
    private readonly input: FlagsInput,
    private readonly words: string[],
    private readonly forFiles: boolean,
    private readonly limits: FlagLimits,
    private readonly types: FileTypes | undefined,
  ) {}

  read(): ParsedFlags {
    for (this.i = 0; this.i < this.words.length; this.i++) {
      if (this.words[this.i] === "" || !this.split()) continue;
      if (this.grepOrPresentation()) continue;
      this.refuseDenied();
      this.allowed(this.allowedSpec());
    }
    return this.result;
  }

  /** Sets word and value from the current word; false when it was a bundle of short flags, spread in its place. */
  private split(): boolean {
    let word = this.words[this.i];
    if (!word.startsWith("-") || word === "-" || word === "--") {
      throw new ToolError({
        error: `rg_flags may hold flags only, got '${word}'`,
        error_type: "SEARCH_INVALID_ARGUMENT",
        parameter: "rg_flags",
        got: word,
        hints: ["Put the pattern in regex_pattern and the directory in path"],
      });
    }
    let value: string | undefined;
    const eq = word.startsWith("--") ? word.indexOf("=") : -1;
    if (eq > 0) {
      value = word.slice(eq + 1);
      word = word.slice(0, eq);
    }
    // Bundled short flags: `-iw` → `-i -w`; `-gfoo` → `-g foo`.
    if (!word.startsWith("--") && word.length > 2) {
      const first = lookup(word.slice(0, 2));
      if (!(first?.takesValue || CONTEXT[word.slice(0, 2)])) {
        this.words.splice(this.i, 1, ...[...word.slice(1)].map((c) => `-${c}`));
        this.i--;
        return false;
      }
      value = word.slice(2);
      word = word.slice(0, 2);
    }
    this.word = word;
    this.value = value;
    return true;
  }

  /** The current flag's value: given with it, or the next word. */
  private takeValue(): string {
    if (this.value !== undefined) return this.value;
    const next = this.words[this.i + 1];
    if (next === undefined) {
      throw new ToolError({
        error: `rg flag ${this.word} needs a value`,
        error_type: "SEARCH_INVALID_ARGUMENT",
        parameter: "rg_flags",
        got: this.input,
        hints: [`Write it as ${this.word}=VALUE`],
      });
    }
    this.i++;
    return next;
  }

  /** grep's file selections (as globs) and what ripgrep does anyway, context counts, presentation: true if handled. */
  private grepOrPresentation(): boolean {
    const { word, result } = this;
    if (word in GREP_GLOBS) {
      const given = this.takeValue();
      const glob = GREP_GLOBS[word](given);
      result.corrections.push({
        original: `${word}=${given}`,
        corrected: `--glob=${glob}`,
        confidence: 0.95,
        correction_type: "grep_flag",
      });
      result.argv.push(`--glob=${boundedValue("--glob", glob, this.limits, result.warnings)}`);
      return true;
    }
    const grepExtended = word === "-E" && this.value === undefined && (this.words[this.i + 1] ?? "-").startsWith("-");
    if (word in GREP_DONE || grepExtended) {
      result.warnings.push(`rg flag ${word} (grep's) is dropped: ${GREP_DONE[word] ?? GREP_DONE["--extended-regexp"]}`);
      return true;
    }
    if (word in CONTEXT) {
      const n = Number(this.takeValue());
      if (Number.isInteger(n) && n >= 0) result.context = Math.max(result.context ?? 0, Math.min(n, 10));
      return true;
    }
    if (word in IGNORED) {
      const next = this.words[this.i + 1];
      if (IGNORED[word] && this.value === undefined && next !== undefined && !next.startsWith("-")) this.i++;
      result.warnings.push(`rg flag ${word} is ignored: the tool sets its own output order and format`);
      return true;
    }
    return false;
  }

  private refuseDenied(): void {
    const { word } = this;
    if (!(word in DENIED)) return;
    const hint = DENIED[word].includes("fuzzy_search_files") ? "Use fuzzy_search_files to list files" : undefined;
    throw new ToolError({
      error: `rg flag ${word} is not allowed: it ${DENIED[word]}`,
      error_type: "SEARCH_FLAG_NOT_ALLOWED",
      parameter: "rg_flags",
      got: word,
      expected: "one of the allowed flags (see the tool description)",
      hints: hint ? [hint] : [],
    });
  }

  /** The allowed flag the current word names, as written or as the core's matcher corrects it (a flag_typo). */
  private allowedSpec(): FlagSpec {
    const spec = lookup(this.word);
    if (spec) return spec;
    const reading = readFlagName(this.word);
    const fixed = reading?.tier === "auto" ? reading.match : undefined;
    const fixedSpec = fixed && lookup(fixed.target);
    if (!fixed || !fixedSpec) throw notAllowed(this.input, this.words[this.i], this.word, reading);
    this.result.corrections.push({
      original: this.word,
      corrected: fixed.target,
      confidence: fixed.confidence,
      correction_type: "flag_typo",
    });
    this.word = fixed.target;
    return fixedSpec;
  }

  /** Records an allowed flag, its value checked and bounded (a file type read as one ripgrep knows). */
  private allowed(spec: FlagSpec): void {
    const { result } = this;
    if (this.forFiles && LINE_ONLY_FLAGS.has(spec.long)) {
      result.warnings.push(`rg flag ${spec.long} has no effect when listing files; ignored`);
      if (spec.takesValue) this.takeValue();
      return;
    }
    if (spec.long === "--hidden") result.hidden = true;
    if (spec.long.startsWith("--no-ignore") || spec.long === "--unrestricted") result.noIgnore = true;
    let flagValue: string | undefined;
    if (spec.takesValue) {
      const raw = this.takeValue();
      if (this.types && (spec.long === "--type" || spec.long === "--type-not")) {
        const known = knownTypes(spec.long, raw, this.types, result.corrections, this.input);
        for (const t of known.slice(0, -1)) result.argv.push(`${spec.long}=${t}`);
        flagValue = known[known.length - 1];
      } else flagValue = boundedValue(spec.long, raw, this.limits, result.warnings);
    }
    if (spec.long === "--pcre2" || (spec.long === "--engine" && flagValue === "pcre2")) result.pcre2 = true;
    if (spec.long === "--fixed-strings") result.fixedStrings = true;
    if (spec.long === "--multiline") result.multiline = true;
    result.argv.push(spec.takesValue ? `${spec.long}=${flagValue}` : spec.long);
  }
}

/**
 * parseRgFlags for a run of the ripgrep at `rg`: when the flags name a file type, the values are checked against that
 * ripgrep's own list (asked once per binary, and only then).
 */
export async function parseRgFlagsFor(
  rg: string,
  cwd: string,
  input: FlagsInput,
  forFiles = false,
  limits: FlagLimits = DEFAULT_FLAG_LIMITS,
): Promise<ParsedFlags> {
  const parsed = parseRgFlags(input, forFiles, limits);
  const namesType = parsed.argv.some((a) => a.startsWith("--type=") || a.startsWith("--type-not="));
  return namesType ? parseRgFlags(input, forFiles, limits, await ripgrepFileTypes(rg, cwd)) : parsed;
}

/** rg_flags with one more `--glob` (a path that was a glob, see resolveSearchPathOrGlob), as an array. */
export function withGlob(input: FlagsInput, glob: string): string[] {
  return [...(typeof input === "string" ? splitShellWords(input) : input), `--glob=${glob}`];
}

/**
 * A `--type`/`--type-not` value as the types ripgrep knows, each fix recorded in `corrections`, or a refusal. A list
 * (`py,ts`: ripgrep takes one type per flag) becomes one flag per type.
 */
function knownTypes(
  flag: string,
  value: string,
  types: FileTypes,
  corrections: FlagCorrection[],
  input: FlagsInput,
): string[] {
  const parts = value.split(/[,\s]+/u).filter((p) => p !== "");
  const readings = (parts.length > 0 ? parts : [value]).map((part) => ({ part, reading: readFileType(part, types) }));
  const unknown = readings.find((r) => r.reading.kind === "unknown");
  if (unknown?.reading.kind === "unknown") {
    const { likely, near } = unknown.reading;
    throw new ToolError({
      error: `rg flag ${flag}: ripgrep has no file type '${unknown.part}'`,
      error_type: "SEARCH_INVALID_ARGUMENT",
      parameter: "rg_flags",
      got: input,
      expected: "a file type of `rg --type-list`",
      likely_fix: likely === undefined ? undefined : replaceFirst(input, value, value.replace(unknown.part, likely)),
      hints: [...(near.length > 0 ? [`Nearest types: ${near.join(", ")}`] : []), "Or select files with -g '*.ext'"],
    });
  }
  const known = readings.map((r) => (r.reading.kind === "unknown" ? r.part : r.reading.type));
  if (readings.length > 1 || readings[0].reading.kind === "fixed") {
    const confidences = readings.map((r) => (r.reading.kind === "fixed" ? r.reading.confidence : 1));
    corrections.push({
      original: `${flag}=${value}`,
      corrected: known.map((t) => `${flag}=${t}`).join(" "),
      confidence: Math.round(Math.min(...confidences) * 1000) / 1000,
      correction_type: "file_type",
    });
  }
  return known;
}

/** `input` with the first occurrence of `from` (in a string, or within one of its words) replaced by `to`. */
function replaceFirst(input: FlagsInput, from: string, to: string): FlagsInput {
  if (typeof input === "string") return input.replace(from, to);
  const at = input.findIndex((w) => w.includes(from));
  return input.map((w, i) => (i === at ? w.replace(from, to) : w));
}

/** An unknown flag's refusal: the matcher's likely fix as the call's rg_flags, else the names it found near. */
function notAllowed(input: FlagsInput, written: string, name: string, reading: Suggestion | undefined): ToolError {
  const likely = reading?.tier === "likely_fix" ? reading.likely_fix : undefined;
  const near = reading?.tier === "hints" ? reading.hints : [];
  return new ToolError({
    error: `rg flag ${name} is not allowed`,
    error_type: "SEARCH_FLAG_NOT_ALLOWED",
    parameter: "rg_flags",
    got: name,
    expected: ALLOWED.map((f) => f.long),
    likely_fix: likely === undefined ? undefined : replaceFlag(input, written, likely),
    hints:
      likely !== undefined ? [`Did you mean ${likely}?`] : near.length > 0 ? [`Nearest flags: ${near.join(", ")}`] : [],
  });
}

function replaceFlag(input: FlagsInput, from: string, to: string): FlagsInput {
  if (typeof input === "string") return input.replace(from, to);
  return input.map((w) => (w === from ? to : w));
}

export const ALLOWED_FLAGS: readonly string[] = ALLOWED.map((f) => (f.short ? `${f.short}/${f.long}` : f.long));
