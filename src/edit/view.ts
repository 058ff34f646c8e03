/** The file as the pipeline stages see it: lazily computed line tables, the canonical searcher, span snapping. */
import { CanonicalSearcher } from "./correct/search.js";
import { detectUnit, type Unit } from "./correct/transplant.js";
import { type DecodedFile, type LineRange, lineOf, lineStarts, rangeOf } from "./text.js";

/** Lazily computed views of the file shared by the stages. */
export class FileView {
  private starts?: number[];
  private lines?: string[];
  private unit?: Unit;
  readonly search: CanonicalSearcher;

  constructor(readonly file: DecodedFile) {
    this.search = new CanonicalSearcher(file.lf, () => this.lineStarts());
  }

  get lf(): string {
    return this.file.lf;
  }

  lineStarts(): number[] {
    this.starts ??= lineStarts(this.file.lf);
    return this.starts;
  }

  lineTexts(): string[] {
    this.lines ??= this.file.lf.split("\n");
    return this.lines;
  }

  /** The indentation unit of the code around offset `at` (±300 lines: local style, and cheap on large files). */
  indentUnit(at: number): Unit {
    if (this.unit === undefined) {
      const starts = this.lineStarts();
      const line = lineOf(starts, at) - 1;
      const from = starts[Math.max(0, line - 300)];
      const to = line + 300 < starts.length ? starts[line + 300] : this.lf.length;
      this.unit = detectUnit(this.lf.slice(from, to).split("\n"));
    }
    return this.unit;
  }

  range(start: number, end: number): LineRange {
    return rangeOf(this.lineStarts(), start, end);
  }
}

export interface SnappedSpan {
  start: number;
  end: number;
  midLine: boolean;
}

/** Snaps a canonical hit to the line start when only indentation precedes it, and over trailing blanks when old has them. */
export function snap(view: FileView, old: string, span: { start: number; end: number }): SnappedSpan {
  const lf = view.lf;
  let { start, end } = span;
  const lineStart = lf.lastIndexOf("\n", start - 1) + 1;
  const midLine = !/^[ \t]*$/u.test(lf.slice(lineStart, start));
  if (!midLine) start = lineStart;
  if (/[ \t]$/u.test(old)) {
    while (end < lf.length && (lf[end] === " " || lf[end] === "\t")) end++;
  }
  if (old.endsWith("\n") && lf[end - 1] !== "\n") {
    const nl = lf.indexOf("\n", end);
    if (nl !== -1 && /^[ \t]*$/u.test(lf.slice(end, nl))) end = nl + 1;
  }
  return { start, end, midLine };
}

/**
 * Where `old_str` as sent puts a line boundary: a line break before its first non-blank character (`start`), or after
 * its last (`end`); numbered lines pasted from read_file (`numbered`) begin where a line begins. A correction that
 * strips such a newline or prefix must still match there (docs/edit.md, "Corrections keep line structure").
 */
export interface LineClaims {
  start: boolean;
  end: boolean;
}

/** The claims of `old_str` and of each form a repair made of it (a fence's inside, numbered lines stripped). */
export function lineClaims(forms: ReadonlyArray<{ text: string; numbered?: boolean }>): LineClaims {
  return {
    start: forms.some((f) => f.numbered === true || /^[ \t]*\n/u.test(f.text)),
    end: forms.some((f) => /\n[ \t]*$/u.test(f.text)),
  };
}

/** Offset `i` of `lf` is at a line boundary: an end of the text, or next to a newline. */
export function atLineBoundary(lf: string, i: number): boolean {
  return i === 0 || i === lf.length || lf[i - 1] === "\n" || lf[i] === "\n";
}

/** The span starts and ends at a line boundary wherever `claims` say old_str does. */
export function keepsLines(lf: string, span: { start: number; end: number }, claims: LineClaims): boolean {
  return (!claims.start || atLineBoundary(lf, span.start)) && (!claims.end || atLineBoundary(lf, span.end));
}

/** A non-exact span that ran to the end of the file keeps the file's final newline (docs/edit.md, stage 7). */
export function keepFinalNewline(view: FileView, span: { end: number }, text: string, old: string): string {
  const lf = view.lf;
  // Only when the final newline joined the span through matching, not because old_str itself ended with it.
  if (old.endsWith("\n")) return text;
  if (span.end === lf.length && lf.endsWith("\n") && text !== "" && !text.endsWith("\n")) return `${text}\n`;
  return text;
}
