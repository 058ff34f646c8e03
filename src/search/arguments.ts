/**
 * Checks on the search tools' text arguments that hold before anything runs. A NUL byte cannot be passed to a
 * process (ripgrep's arguments are C strings) and no file name or line of text holds one, so an argument carrying
 * one is rejected with the form the agent most likely meant, rather than failing inside the spawn.
 */
import { ToolError } from "../core/errors.js";
import type { FlagsInput } from "./flags.js";

const NUL = "\u0000";

/** The contract's error for a NUL byte in `parameter`: what cannot hold one, the fix (none when empty), one hint. */
function nulError(parameter: string, got: unknown, cannot: string, fix: unknown, hint: string): ToolError {
  return new ToolError({
    error: `${parameter} contains a NUL byte (\\0), which ${cannot}`,
    error_type: "SEARCH_INVALID_ARGUMENT",
    parameter,
    got,
    likely_fix: fix === "" ? undefined : fix,
    hints: [hint],
  });
}

/** fuzzy_filter is neither blank nor carrying a NUL byte; `example` is the hint for a blank one. */
export function checkFuzzyFilter(filter: string, example: string): void {
  if (filter.trim() === "") {
    throw new ToolError({
      error: "fuzzy_filter is blank",
      error_type: "SEARCH_INVALID_ARGUMENT",
      parameter: "fuzzy_filter",
      got: filter,
      hints: [example],
    });
  }
  if (filter.includes(NUL)) {
    // The words the NUL bytes separate, as fzf terms: all of them must match, as the agent's letters did.
    const spaced = filter.split(NUL).join(" ").replace(/\s+/gu, " ").trim();
    throw nulError(
      "fuzzy_filter",
      filter,
      "no file name or line of text holds",
      spaced,
      "Remove the NUL byte; separate words with spaces",
    );
  }
}

/**
 * regex_pattern carries no raw NUL byte. Not even the escape `\x00` helps: ripgrep reads a NUL as the mark of a binary
 * file and refuses a pattern that could match one, so the fix drops the byte.
 */
export function checkRegexPattern(pattern: string): void {
  if (!pattern.includes(NUL)) return;
  throw nulError(
    "regex_pattern",
    pattern,
    "no line of text holds",
    pattern.split(NUL).join(""),
    "Remove the NUL byte: ripgrep cannot match one, even written as \\x00",
  );
}

/** rg_flags words carry no NUL byte (no glob, type or path can hold one); the fix drops them. */
export function checkFlagWords(input: FlagsInput): void {
  const words = typeof input === "string" ? [input] : input;
  if (!words.some((w) => w.includes(NUL))) return;
  const drop = (w: string) => w.split(NUL).join("");
  throw nulError(
    "rg_flags",
    input,
    "no file name, glob or flag value holds",
    typeof input === "string" ? drop(input) : input.map(drop),
    "Remove the NUL byte from the flag's value",
  );
}
