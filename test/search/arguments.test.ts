/**
 * A NUL byte in a search argument: ripgrep's arguments are C strings, so one used to reach the spawn and come back as
 * an internal error ("a bug in dwim"). Each argument that reaches ripgrep is checked first and rejected with the
 * contract's error and a fix the agent can apply, on both search tools.
 */
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchContent } from "../../src/search/content.js";
import { searchFiles } from "../../src/search/files.js";
import { rejectionOf } from "../helpers/errors.js";
import { envFor, makeTree } from "./fixture.js";

let root: string;
beforeAll(() => {
  root = makeTree();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a NUL byte in a search argument", () => {
  it("in regex_pattern: the fix drops it, and the fixed call runs", async () => {
    const e = await rejectionOf(
      searchContent({ fuzzy_filter: "session", regex_pattern: "time\u0000out" }, envFor(root)),
    );
    expect(e.payload).toMatchObject({
      error_type: "SEARCH_INVALID_ARGUMENT",
      parameter: "regex_pattern",
      likely_fix: "timeout",
    });
    const fixed = await searchContent(
      { fuzzy_filter: "session", regex_pattern: e.payload.likely_fix as string },
      envFor(root),
    );
    expect(fixed.matches.map((m) => m.content)).toEqual(["    # TODO: fix the session timeout"]);
  });

  it("in fuzzy_filter, on both tools: the fix spaces the words it separated", async () => {
    const content = await rejectionOf(searchContent({ fuzzy_filter: "ses\u0000sion" }, envFor(root)));
    expect(content.payload).toMatchObject({ parameter: "fuzzy_filter", likely_fix: "ses sion" });
    const files = await rejectionOf(searchFiles({ fuzzy_filter: "reader\u0000" }, envFor(root)));
    expect(files.payload).toMatchObject({
      error_type: "SEARCH_INVALID_ARGUMENT",
      parameter: "fuzzy_filter",
      likely_fix: "reader",
    });
    const found = await searchFiles({ fuzzy_filter: files.payload.likely_fix as string }, envFor(root));
    expect(found.matches.map((m) => m.file)).toContain("src/utils/reader.go");
  });

  it("in fuzzy_filter made of NUL bytes alone: rejected, with no fix to offer", async () => {
    const e = await rejectionOf(searchFiles({ fuzzy_filter: "\u0000\u0000" }, envFor(root)));
    expect(e.payload.parameter).toBe("fuzzy_filter");
    expect(e.payload.likely_fix).toBeUndefined();
  });

  it("in an rg_flags value, as a string or as an array: the fix drops it", async () => {
    const asString = await rejectionOf(
      searchContent({ fuzzy_filter: "session", rg_flags: "-g '*.p\u0000y'" }, envFor(root)),
    );
    expect(asString.payload).toMatchObject({ parameter: "rg_flags", likely_fix: "-g '*.py'" });
    const asArray = await rejectionOf(
      searchFiles({ fuzzy_filter: "reader", rg_flags: ["-g", "*.g\u0000o"] }, envFor(root)),
    );
    expect(asArray.payload).toMatchObject({ parameter: "rg_flags", likely_fix: ["-g", "*.go"] });
  });

  it("anywhere in any of the three: always the contract's error, never an internal one", async () => {
    const withNul = fc
      .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
      .map(([a, b]) => `${a}\u0000${b}`);
    await fc.assert(
      fc.asyncProperty(withNul, fc.constantFrom("fuzzy_filter", "regex_pattern", "rg_flags"), async (text, field) => {
        const input =
          field === "fuzzy_filter"
            ? { fuzzy_filter: text }
            : field === "regex_pattern"
              ? { fuzzy_filter: "session", regex_pattern: text }
              : { fuzzy_filter: "session", rg_flags: ["-g", text] };
        const e = await rejectionOf(searchContent(input, envFor(root)));
        expect(e.payload.error_type).toBe("SEARCH_INVALID_ARGUMENT");
        expect(e.payload.parameter).toBe(field);
      }),
      { numRuns: 60 },
    );
  });
});
