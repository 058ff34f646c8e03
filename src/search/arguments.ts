/**
 * Checks on the search tools' text arguments that hold before anything runs. A NUL byte cannot be passed to a
 * process (ripgrep's arguments are C strings) and no file name or line of text holds one, so an argument carrying
 * one is rejected with the form the agent most likely meant, rather than failing inside the spawn.
 */
import { ToolError } from "../core/errors.js";
import type { FlagsInput } from "./flags.js";

const NUL = "\u0000";

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
    throw new ToolError({
      error: "fuzzy_filter contains a NUL byte (\\0), which no file name or line of text holds",
      error_type: "SEARCH_INVALID_ARGUMENT",
      parameter: "fuzzy_filter",
      got: filter,
      likely_fix: spaced === "" ? undefined : spaced,
      hints: ["Remove the NUL byte; separate words with spaces"],
    });
  }
}

/**
 * regex_pattern carries no raw NUL byte. Not even the escape `\x00` helps: ripgrep reads a NUL as the mark of a binary
 * file and refuses a pattern that could match one, so the fix drops the byte.
 */
export function checkRegexPattern(pattern: string): void {
  if (!pattern.includes(NUL)) return;
  const without = pattern.split(NUL).join("");
  throw new ToolError({
    error: "regex_pattern contains a NUL byte (\\0), which no line of text holds",
    error_type: "SEARCH_INVALID_ARGUMENT",
    parameter: "regex_pattern",
    got: pattern,
    likely_fix: without === "" ? undefined : without,
    hints: ["Remove the NUL byte: ripgrep cannot match one, even written as \\x00"],
  });
}

/** rg_flags words carry no NUL byte (no glob, type or path can hold one); the fix drops them. */
export function checkFlagWords(input: FlagsInput): void {
  const words = typeof input === "string" ? [input] : input;
  if (!words.some((w) => w.includes(NUL))) return;
  const drop = (w: string) => w.split(NUL).join("");
  throw new ToolError({
    error: "rg_flags contains a NUL byte (\\0), which no file name, glob or flag value holds",
    error_type: "SEARCH_INVALID_ARGUMENT",
    parameter: "rg_flags",
    got: input,
    likely_fix: typeof input === "string" ? drop(input) : input.map(drop),
    hints: ["Remove the NUL byte from the flag's value"],
  });
}
