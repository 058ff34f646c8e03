/**
 * Property tests: P1 an exact edit is a plain splice; P2 bytes outside the edited spans never change; corrections
 * keep line structure; the reported diff applies.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isToolError } from "../../src/core/errors.js";
import { planEdit } from "../../src/edit/plan.js";
import { SpanList, spliceSpans, spliceText } from "../../src/edit/spans.js";
import { decodeFile, toOriginal } from "../../src/edit/text.js";
import { editDiff } from "../../src/edit/unified.js";

const base = { expected_replacements: 1, replace_all: false, fuzzy_policy: "hint" as const, fuzzy_work_budget: 2e7 };

function occurrences(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

describe("P1: one exact occurrence → the result is the naive splice", () => {
  const text = fc.string({ unit: fc.constantFrom(..."ab \n\t'\"\\{}xé…\u00a0"), maxLength: 200 });
  it("for random content and old_str", async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.nat(), fc.nat(), text, async (content, x, y, neu) => {
        fc.pre(content.length > 0);
        const start = x % content.length;
        const old = content.slice(start, start + 1 + (y % 12));
        fc.pre(occurrences(content, old) === 1 && old !== neu);
        const file = decodeFile(Buffer.from(content, "utf8"), "p1");
        const plan = await planEdit(file, { ...base, old_str: old, new_str: neu });
        expect(plan.strategy).toBe("exact");
        const at = content.indexOf(old);
        expect((await spliceSpans(file, plan.spans)).text).toBe(
          content.slice(0, at) + neu + content.slice(at + old.length),
        );
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
  it("for mixed EOLs, BOM, missing final newline, and any stage", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        fc.constantFrom("exact", "dedent", "trim", "quotes"),
        async (lines, bom, finalNewline, x, y, mistake) => {
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
          let plan: Awaited<ReturnType<typeof planEdit>>;
          try {
            plan = await planEdit(file, { ...base, old_str: old, new_str: `${old.trim()} + 1` });
          } catch (e) {
            if (isToolError(e)) return; // no unique match: nothing written, nothing to compare
            throw e;
          }
          const out = await spliceSpans(file, plan.spans);
          const spans = [...plan.spans];
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

describe("corrections keep line structure", () => {
  // Few distinct words, so that the text of one line often occurs inside another.
  const line = fc.tuple(
    fc.constantFrom("", "  ", "\t"),
    fc.array(fc.constantFrom("bbb", "bbb-x", "x", "a", "(", ")", "'q'", '"q"', "=", "€"), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.constantFrom("", " "),
  );
  const slips = ["lead_nl", "lead_blank", "trail_nl", "trail_blank_line", "trail_blanks", "numbers", "fence"];
  const escapes = ["none", "json", "unicode", "entities", "dedent"];
  const at = (lf: string, i: number) => i === 0 || i === lf.length || lf[i - 1] === "\n" || lf[i] === "\n";
  const numbered = (s: string) => s.split("\n").every((l) => /^ *\d+(?:\t|→| \| )/u.test(l) || /^ *\d+ *$/u.test(l));

  it("never matches inside a line where old_str, as sent, begins or ends at a line boundary", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.subarray(slips),
        fc.constantFrom(...escapes),
        fc.constantFrom("hint" as const, "apply" as const),
        async (lines, x, y, cut, chosen, escaping, policy) => {
          const rows = lines.map(([ind, words, trail]) => ind + words.join(" ") + trail);
          const content = `${rows.join("\n")}\n`;
          const from = x % rows.length;
          const to = Math.min(rows.length, from + 1 + (y % 3));
          // A piece of the file: whole lines, or cut inside the last one (the text a model remembers a line by).
          let old = rows.slice(from, to).join("\n");
          if (cut % 3 === 0) old = old.slice(0, Math.max(1, old.length - 1 - (cut % 4)));
          fc.pre(old.trim().length > 0);
          if (escaping === "json") old = old.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\t", "\\t");
          if (escaping === "unicode") old = old.replaceAll("€", "\\u20AC");
          if (escaping === "entities") old = old.replaceAll('"', "&quot;");
          if (escaping === "dedent") old = old.replace(/^[ \t]+/gmu, "");
          if (chosen.includes("numbers")) {
            old = old
              .split("\n")
              .map((l, i) => `${String(from + 1 + i).padStart(6)}\t${l}`)
              .join("\n");
          }
          if (chosen.includes("trail_blanks")) old += "  ";
          if (chosen.includes("trail_nl")) old += "\n";
          if (chosen.includes("trail_blank_line")) old += "\n\n";
          if (chosen.includes("lead_nl")) old = `\n${old}`;
          if (chosen.includes("lead_blank")) old = `  \n${old}`;
          if (chosen.includes("fence")) old = `\`\`\`\n${old}\n\`\`\``;
          const file = decodeFile(Buffer.from(content, "utf8"), "p3");
          let plan: Awaited<ReturnType<typeof planEdit>>;
          try {
            plan = await planEdit(file, { ...base, fuzzy_policy: policy, old_str: old, new_str: "NEW\n" });
          } catch (e) {
            if (isToolError(e)) return;
            throw e;
          }
          if (plan.strategy === "exact") return;
          const unfenced = old.replace(/^```\n|\n```$/gu, "");
          const claimsStart = /^[ \t]*\n/u.test(unfenced) || numbered(unfenced.replace(/^([ \t]*\n)+/u, ""));
          const claimsEnd = /\n[ \t]*$/u.test(unfenced);
          for (const s of plan.spans) {
            if (claimsStart)
              expect(at(file.lf, s.start), `${JSON.stringify(old)} in ${JSON.stringify(content)}`).toBe(true);
            if (claimsEnd)
              expect(at(file.lf, s.end), `${JSON.stringify(old)} in ${JSON.stringify(content)}`).toBe(true);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});

/** Applies a unified diff (as editDiff writes it, uncut) to `before`. */
function applyUnified(before: string, diff: string): string {
  const old = before === "" ? [] : before.replace(/\n$/u, "").split("\n");
  const out: string[] = [];
  let pos = 0;
  const lines = diff.split("\n").slice(2, -1);
  for (let i = 0; i < lines.length; i++) {
    const m = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$/u.exec(lines[i]);
    if (!m) throw new Error(`bad hunk header ${lines[i]}`);
    const from = Number(m[2]) === 0 ? Number(m[1]) : Number(m[1]) - 1;
    while (pos < from) out.push(old[pos++]);
    expect(out.length + 1, "new start").toBe(Number(m[4]) === 0 ? Number(m[3]) + 1 : Number(m[3]));
    let seenOld = 0;
    let seenNew = 0;
    while (i + 1 < lines.length && !lines[i + 1].startsWith("@@")) {
      const l = lines[++i];
      if (l.startsWith(" ")) {
        expect(old[pos], "context").toBe(l.slice(1));
        out.push(old[pos++]);
        seenOld++;
        seenNew++;
      } else if (l.startsWith("-")) {
        expect(old[pos], "removed").toBe(l.slice(1));
        pos++;
        seenOld++;
      } else {
        out.push(l.slice(1));
        seenNew++;
      }
    }
    expect([seenOld, seenNew]).toEqual([Number(m[2]), Number(m[4])]);
  }
  while (pos < old.length) out.push(old[pos++]);
  return out.join("\n");
}

describe("the diff an edit reports applies to the file and gives the new text", () => {
  it("for random files and span sets", async () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "\n", "\n", "x"), maxLength: 120 });
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(fc.tuple(fc.nat(), fc.nat(4), fc.string({ unit: fc.constantFrom("y", "\n", "z"), maxLength: 6 })), {
          maxLength: 8,
        }),
        fc.boolean(),
        async (content, raw, uniform) => {
          const lf = content;
          // Non-overlapping spans in order; with `uniform`, all of one width and text (as replace_all makes them).
          const spans: Array<{ start: number; end: number; text: string }> = [];
          let pos = 0;
          for (const [gap, w, t] of [...raw].sort((x, y) => x[0] - y[0])) {
            const width = uniform ? raw[0][1] : w;
            const start = pos + (gap % 20);
            if (start + width > lf.length) break;
            spans.push({ start, end: start + width, text: uniform ? raw[0][2] : t });
            pos = start + width + 1;
          }
          fc.pre(spans.length > 0);
          const file = decodeFile(Buffer.from(lf, "utf8"), "p4");
          const list = uniform
            ? SpanList.uniform(Int32Array.from(spans.map((s) => s.start)), raw[0][1], raw[0][2])
            : SpanList.of(spans);
          const after = await spliceText(file, list);
          fc.pre(after !== lf);
          const diff = await editDiff("p4", lf, after, list, 1e6);
          expect(applyUnified(lf, diff)).toBe(after.replace(/\n$/u, ""));
        },
      ),
      { numRuns: 1500 },
    );
  });
});
