/**
 * rg_flags as written by agents: shell words split without expansion, and a mistyped flag name read by the core's
 * name matcher (the one every did-you-mean uses), never by rules of its own.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolError } from "../../src/core/errors.js";
import { suggest } from "../../src/core/suggest.js";
import { ALLOWED_FLAGS, parseRgFlags, splitShellWords } from "../../src/search/flags.js";

describe("splitShellWords", () => {
  it("quotes and escapes without expansion", () => {
    expect(splitShellWords(`-g '*.go' --glob "!vendor" a\\ b $HOME`)).toEqual([
      "-g",
      "*.go",
      "--glob",
      "!vendor",
      "a b",
      "$HOME",
    ]);
  });
  it("an unclosed quote is an input error with a fix", () => {
    expect(() => splitShellWords("-g '*.go")).toThrow(/unclosed/u);
  });
});

/** The long names of the allowed flags (ALLOWED_FLAGS lists `-s/--long` or `--long`). */
const LONG = ALLOWED_FLAGS.map((f) => f.slice(f.indexOf("--")));

/** `name` with one edit at `at`: a deletion, a doubled letter or a swap of two neighbours. */
function oneEdit(name: string, at: number, kind: number): string {
  const i = 2 + (at % (name.length - 2));
  if (kind === 0) return name.slice(0, i) + name.slice(i + 1);
  if (kind === 1) return name.slice(0, i) + name[i] + name.slice(i);
  if (i + 1 >= name.length) return name.slice(0, i);
  return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
}

describe("mistyped flag names", () => {
  it("--hiden is read as --hidden, with the matcher's confidence", () => {
    const r = parseRgFlags("--hiden");
    expect(r.argv).toEqual(["--hidden"]);
    expect(r.corrections).toEqual([
      { original: "--hiden", corrected: "--hidden", confidence: expect.any(Number), correction_type: "flag_typo" },
    ]);
    expect(r.corrections[0].confidence).toBeGreaterThanOrEqual(0.8);
  });
  it("a flag of the opposite meaning two edits away is never the fix: --case-insensitive is --ignore-case", () => {
    expect(parseRgFlags("--case-insensitive").argv).toEqual(["--ignore-case"]);
    expect(parseRgFlags("--ignore_case").argv).toEqual(["--ignore-case"]);
  });
  it("a name the matcher is not sure of is refused with its likely fix as the call's rg_flags", () => {
    const e = (() => {
      try {
        parseRgFlags(["-w", "--no-ignore-vsc"]);
      } catch (err) {
        return err as ToolError;
      }
      throw new Error("expected a refusal");
    })();
    expect(e.payload).toMatchObject({
      error_type: "SEARCH_FLAG_NOT_ALLOWED",
      got: "--no-ignore-vsc",
      likely_fix: ["-w", "--no-ignore-vcs"],
    });
  });
  it("a name near nothing is refused without a guess", () => {
    expect(() => parseRgFlags("--frobnicate")).toThrow(ToolError);
    try {
      parseRgFlags("--frobnicate");
    } catch (err) {
      expect((err as ToolError).payload.likely_fix).toBeUndefined();
    }
  });
  it("corrects exactly what the core matcher auto-corrects, and refuses the rest", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LONG), fc.nat(), fc.integer({ min: 0, max: 2 }), (name, at, kind) => {
        const typed = oneEdit(name, at, kind);
        fc.pre(!LONG.includes(typed));
        const reading = suggest(
          typed,
          LONG.map((target) => ({ target, aliases: target === "--ignore-case" ? ["--case-insensitive"] : undefined })),
          { namespaces: false },
        );
        let argv: string[] | undefined;
        try {
          argv = parseRgFlags([
            typed,
            ...(typed.startsWith("--") && needsValue(reading.match?.target) ? ["1"] : []),
          ]).argv;
        } catch (err) {
          expect(err).toBeInstanceOf(ToolError);
        }
        if (reading.tier === "auto") expect(argv?.[0]?.split("=")[0]).toBe(reading.match?.target);
        else expect(argv).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });
});

function needsValue(flag: string | undefined): boolean {
  return flag !== undefined && ALLOWED_FLAGS.some((f) => f.endsWith(flag)) && VALUE_FLAGS.has(flag);
}

const VALUE_FLAGS = new Set([
  "--glob",
  "--iglob",
  "--type",
  "--type-not",
  "--max-depth",
  "--max-filesize",
  "--engine",
  "--encoding",
  "--max-count",
  "--threads",
]);
