/** Property tests: P1 (R8, an exact edit is a plain splice) and P2 (bytes outside the edited spans never change). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { planEdit } from "../../src/edit/plan.js";
import { decodeFile, spliceSpans, toOriginal } from "../../src/edit/text.js";

const base = { expected_replacements: 1, replace_all: false, fuzzy_policy: "hint" as const, fuzzy_work_budget: 2e7 };

function occurrences(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

describe("P1: one exact occurrence → the result is the naive splice", () => {
  const text = fc.string({ unit: fc.constantFrom(..."ab \n\t'\"\\{}xé…\u00a0"), maxLength: 200 });
  it("for random content and old_str", () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), text, (content, x, y, neu) => {
        fc.pre(content.length > 0);
        const start = x % content.length;
        const old = content.slice(start, start + 1 + (y % 12));
        fc.pre(occurrences(content, old) === 1 && old !== neu);
        const file = decodeFile(Buffer.from(content, "utf8"), "p1");
        const plan = planEdit(file, { ...base, old_str: old, new_str: neu });
        expect(plan.strategy).toBe("exact");
        const at = content.indexOf(old);
        expect(spliceSpans(file, plan.spans).text).toBe(content.slice(0, at) + neu + content.slice(at + old.length));
      }),
      { numRuns: 1500 },
    );
  });
});

describe("P2: bytes outside the edited spans are identical", () => {
  const line = fc.tuple(
    fc.constantFrom("", " ", "  ", "    ", "\t", "\t\t"),
    fc.stringMatching(/^[a-z][a-z0-9 =(),.'"]{0,24}$/u),
    fc.constantFrom("", " ", "  "),
    fc.constantFrom("\n", "\r\n"),
  );
  it("for mixed EOLs, BOM, missing final newline, and any stage", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        fc.constantFrom("exact", "dedent", "trim", "quotes"),
        (lines, bom, finalNewline, x, y, mistake) => {
          let content = lines.map(([ind, body, trail, eol]) => ind + body + trail + eol).join("");
          if (!finalNewline) content = content.replace(/\r?\n$/u, "");
          const lf = content.replaceAll("\r\n", "\n").split("\n");
          const from = x % lf.length;
          const to = Math.min(lf.length, from + 1 + (y % 4));
          let old = lf.slice(from, to).join("\n");
          fc.pre(old.trim().length > 3);
          if (mistake === "dedent") old = old.replace(/^[ \t]+/gmu, "");
          if (mistake === "trim") old = old.replace(/[ \t]+$/gmu, "");
          if (mistake === "quotes") old = old.replaceAll("'", '"');
          const bytes = Buffer.concat([Buffer.from(bom ? [0xef, 0xbb, 0xbf] : []), Buffer.from(content, "utf8")]);
          const file = decodeFile(bytes, "p2");
          let plan: ReturnType<typeof planEdit>;
          try {
            plan = planEdit(file, { ...base, old_str: old, new_str: `${old.trim()} + 1` });
          } catch (e) {
            if (isToolError(e)) return; // no unique match: nothing written, nothing to compare
            throw e;
          }
          const out = spliceSpans(file, plan.spans);
          const spans = [...plan.spans].sort((a, b) => a.start - b.start);
          const first = toOriginal(file, spans[0].start);
          const last = toOriginal(file, spans[spans.length - 1].end);
          const prefix = (bom ? "\uFEFF" : "") + file.text.slice(0, first);
          const suffix = file.text.slice(last);
          const after = out.bytes.toString("utf8");
          expect(after.startsWith(prefix)).toBe(true);
          expect(after.endsWith(suffix)).toBe(true);
        },
      ),
      { numRuns: 800 },
    );
  });
});
