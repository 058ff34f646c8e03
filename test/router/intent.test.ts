/**
 * analyze_intent (docs/router.md). "top-1" is the first of analyze_intent's matches
 * (so it also clears suggest_threshold); "top-3" is a position in the ranking that analyze_intent thresholds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineTool } from "../../src/core/tool.js";
import { routerConfigFrom } from "../../src/router/config.js";
import { agreementLift, firstInOrder, laneAgreement } from "../../src/router/intent.js";
import { Router } from "../../src/router/router.js";
import { bestOfViews, dotAll, toolText, toolViews } from "../../src/router/semantic.js";
import { DWIM_TOOLS } from "./fixture.js";
import { configOf, fixtureRouter } from "./helpers.js";

const router = fixtureRouter();
const top1 = (q: string) => router.analyze(q, 3).matches[0]?.tool;
const top3 = (q: string) =>
  router
    .rank(q)
    .slice(0, 3)
    .map((s) => s.tool.name);

describe("abstention (case 19)", () => {
  it.each(["make coffee", "send email", "random gibberish xyz"])("%s → no matches", (q) => {
    const a = router.analyze(q);
    expect(a.matches).toEqual([]);
    expect(a.recommended).toBeNull();
    expect(a.message).toContain("list_capabilities");
  });
});

describe("routing (cases 20–27, 45)", () => {
  it("20: units", () => {
    expect(top1("convert 5 miles to kilometers")).toBe("convert");
    expect(top3("how many grams in a pound")).toContain("convert");
    expect(top3("multiply a chain of conversion factors for a dose")).toContain("compute");
  });

  it("21: dimensions and unit lists", () => {
    expect(top3("are newtons and joules compatible")).toContain("check_dimensions");
    expect(top3("what units of pressure are there")).toContain("list_units");
  });

  it("22: search", () => {
    expect(top1("grep for TODO in src")).toBe("fuzzy_search_content");
    expect(top1("find files named config")).toBe("fuzzy_search_files");
  });

  it("23: edit and read", () => {
    expect(top3("replace a string in a file")).toContain("edit_file");
    expect(top3("show me README.md")).toContain("read_file");
  });

  it("24: memory", () => {
    expect(top3("store this decision for later")).toContain("remember");
    const t = top3("what did we decide about caching");
    expect(t.includes("recall") || t.includes("search_memories")).toBe(true);
  });

  it("25: the router's own tools", () => {
    expect(top3("which tool should I use")).toContain("analyze_intent");
    expect(top3("what tools exist")).toContain("list_capabilities");
  });

  it("26: an identifier in the query lifts its tool to ≥ 0.95", () => {
    const a = router.analyze("read_file src/main.ts");
    expect(a.matches[0]).toMatchObject({ tool: "read_file" });
    expect(a.matches[0].confidence).toBeGreaterThanOrEqual(0.95);
    const b = router.analyze("list_units pressure");
    expect(b.matches[0].tool).toBe("list_units");
    expect(b.matches[0].confidence).toBeGreaterThanOrEqual(0.95);
  });

  it("27: 'find' followed by more words is no shortcut to find_files", () => {
    const ranked = router.rank("find all files that mention kilograms");
    expect(ranked.slice(0, 3).map((s) => s.tool.name)).toContain("fuzzy_search_content");
    for (const s of ranked) expect(s.breakdown.alias).toBe(0);
    expect(ranked[0].score).toBeLessThan(0.95);
  });

  it("45: word order and synonyms", () => {
    expect(top3("list units")).toContain("list_units");
    expect(top3("units list")).toContain("list_units");
    expect(top3("memory search")).toContain("search_memories");
    expect(top3("unit conversion")).toContain("convert");
  });
});

describe("intents and boosts (cases 28–29)", () => {
  it("28: the highest-priority intent lifts its tool; resolve_tool ignores intents", () => {
    const r = fixtureRouter({
      user: '[[intents]]\npattern = "who (wrote|decided)"\ntool = "search_memories"\npriority = 10\n',
    });
    const a = r.analyze("who decided to use redis");
    expect(a.matches[0].tool).toBe("search_memories");
    expect(a.matches[0].breakdown?.intent).toBe(10);
    expect(a.matches[0].confidence).toBeGreaterThanOrEqual(0.9);
    expect(r.resolve("who decided").resolved).toBeNull();
  });

  it("28: among several matching intents the highest priority wins, project before user at equal priority", () => {
    const r = fixtureRouter({
      user: '[[intents]]\npattern = "decided"\ntool = "recall"\npriority = 5\n[[intents]]\npattern = "who"\ntool = "remember"\npriority = 20\n',
      project: '[[intents]]\npattern = "who"\ntool = "search_memories"\npriority = 20\n',
    });
    const a = r.analyze("who decided to use redis");
    expect(a.matches[0].tool).toBe("search_memories");
    expect(a.matches[0].breakdown?.intent).toBe(20);
  });

  it("29: an extra keyword adds its boost", () => {
    const r = fixtureRouter({ user: '[keywords.convert]\nextra = ["imperial"]\nboost = 0.15\n' });
    const convert = r.rank("imperial measures").find((s) => s.tool.name === "convert");
    expect(convert?.breakdown.boost).toBe(0.15);
    expect(router.rank("imperial measures").find((s) => s.tool.name === "convert")).toBeUndefined();
  });
});

describe("robustness and determinism (cases 30–31, R8, R11)", () => {
  const odd = ["", " ", "\t", "\n", "a", "123", "!@#$%", "convert".repeat(100), "変換", "(.*)+", "../../etc/passwd"];

  it.each(odd)("30: %j gives bounded, repeatable answers", (q) => {
    const a1 = router.analyze(q);
    const a2 = router.analyze(q);
    expect(JSON.stringify(a1)).toBe(JSON.stringify(a2));
    for (const m of a1.matches) {
      expect(m.confidence).toBeGreaterThanOrEqual(0);
      expect(m.confidence).toBeLessThanOrEqual(1);
    }
    const r1 = router.resolve(q);
    expect(JSON.stringify(r1)).toBe(JSON.stringify(router.resolve(q)));
    expect(r1.confidence).toBeGreaterThanOrEqual(0);
    expect(r1.confidence).toBeLessThanOrEqual(1);
  });

  it("30: any string (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (q) => {
        const a = router.analyze(q);
        const r = router.resolve(q);
        return (
          a.matches.every((m) => m.confidence >= 0 && m.confidence <= 1) &&
          r.confidence >= 0 &&
          r.confidence <= 1 &&
          JSON.stringify(a) === JSON.stringify(router.analyze(q))
        );
      }),
      { numRuns: 300 },
    );
  });

  it("31: an empty registry answers nothing; the order never depends on registration order", () => {
    const empty = new Router([], routerConfigFrom(configOf()));
    expect(empty.analyze("convert 5 miles").matches).toEqual([]);
    expect(empty.resolve("convert")).toMatchObject({ tier: "none", resolved: null });
    const reversed = new Router([...DWIM_TOOLS].reverse(), routerConfigFrom(configOf()));
    const order = (r: Router, q: string) => r.rank(q).map((s) => s.tool.name);
    for (const q of ["list", "search", "convert units", "memory"]) expect(order(reversed, q)).toEqual(order(router, q));
  });

  it("R8: every match has a tier and a breakdown with the weights in force", () => {
    const a = router.analyze("convert 5 miles to kilometers", 10);
    expect(a.scoring?.weights).toEqual({ lexical: 0.4, keyword: 0.35, description: 0.15, name: 0.1 });
    for (const m of a.matches) {
      expect(["auto", "suggest"]).toContain(m.tier);
      expect(Object.keys(m.breakdown ?? {}).sort()).toEqual([
        "agreement",
        "alias",
        "boost",
        "description",
        "exact",
        "intent",
        "keyword",
        "lexical",
        "name",
        "semantic",
      ]);
    }
    expect(a.matches[0].tier).toBe("auto");
    expect(a.recommended).toBe("convert");
  });
});

describe("confidence from lane agreement", () => {
  const unit = fc.double({ min: 0, max: 1, noNaN: true });

  it("agreementLift stays in [0, 1], keeps the score at margin 0 and never lowers it", () => {
    fc.assert(
      fc.property(unit, unit, (s, g) => {
        const c = agreementLift(s, g);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1);
        expect(c).toBeGreaterThanOrEqual(s - 1e-12);
        expect(agreementLift(s, 0)).toBeCloseTo(s, 12);
      }),
    );
  });

  it("agreementLift rises with the margin and with the score", () => {
    fc.assert(
      fc.property(unit, unit, unit, (s, g, h) => {
        const [lo, hi] = g <= h ? [g, h] : [h, g];
        expect(agreementLift(s, hi)).toBeGreaterThanOrEqual(agreementLift(s, lo) - 1e-12);
        expect(agreementLift(Math.max(s, g), h)).toBeGreaterThanOrEqual(agreementLift(Math.min(s, g), h) - 1e-12);
      }),
    );
  });

  it("keeps weak evidence weak: a fused 0.2 needs more than half the runner-up gone in both lanes to reach 0.5", () => {
    expect(agreementLift(0.2, 0.5)).toBeLessThan(0.5);
    expect(agreementLift(0.2, 0.6)).toBeGreaterThan(0.5);
  });

  it("laneAgreement is the lanes' margins' geometric mean, weighted as the blend weighs the lanes; nothing when they disagree or tie", () => {
    const lex = Float64Array.from([0.6, 0.3, 0]);
    const sem = Float64Array.from([0.5, 0.4, 0.1]);
    // lexical margin 0.5, semantic margin 0.2
    const even = laneAgreement(lex, [0, 1], sem, 0.5);
    expect(even?.index).toBe(0);
    expect(even?.margin).toBeCloseTo(Math.sqrt(0.5 * 0.2), 12);
    expect(laneAgreement(lex, [0, 1], sem, 0)?.margin).toBeCloseTo(0.5, 12);
    expect(laneAgreement(lex, [0, 1], sem, 1)?.margin).toBeCloseTo(0.2, 12);
    expect(laneAgreement(lex, [0, 1], Float64Array.from([0.4, 0.5, 0.1]), 0.5)).toBeUndefined();
    expect(laneAgreement(lex, [0, 1], Float64Array.from([0.5, 0.5, 0.1]), 0.5)).toBeUndefined();
    expect(laneAgreement(new Float64Array(3), [], sem, 0.5)).toBeUndefined();
  });

  it("laneAgreement needs both lanes: a flat lane gives nothing however clear the other", () => {
    const lone = Float64Array.from([0.9, 0, 0]);
    const flat = Float64Array.from([0.3, 0.2999, 0.2998]);
    expect(laneAgreement(lone, [0], flat, 0.5)?.margin ?? 0).toBeLessThan(0.02);
  });

  it("laneAgreement's margin rises when either lane separates its top tool more clearly", () => {
    fc.assert(
      fc.property(unit, unit, unit, unit, (a, b, c, w) => {
        const [second, lo, hi] = [a, b, c].sort((x, y) => x - y);
        fc.pre(second < lo && lo < hi && hi > 0);
        const sem = Float64Array.from([0.6, 0.3, 0.1]);
        const weak = laneAgreement(Float64Array.from([lo, second]), [0, 1], sem, w);
        const strong = laneAgreement(Float64Array.from([hi, second]), [0, 1], sem, w);
        expect(strong?.margin ?? 0).toBeGreaterThanOrEqual((weak?.margin ?? 0) - 1e-12);
        expect(strong?.margin ?? 0).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("lifts only the tool both lanes put first, so the ranking is unchanged", () => {
    const r = new Router(DWIM_TOOLS, routerConfigFrom(configOf()));
    const q = "please convert 5 miles to kilometers";
    const n = r.registry.tools.length;
    const semantic = new Float64Array(n);
    for (const t of r.registry.tools) semantic[t.index] = t.name === "convert" ? 0.5 : 0.25;
    // The fused score itself (the confidence shown is the calibrated probability, tested elsewhere).
    const plain = r.index.rank(q, 5, { scores: semantic, weight: 0.5, calibrate: false });
    expect(plain[0].tool.name).toBe("convert");
    expect(plain[0].breakdown.agreement).toBeGreaterThan(0);
    const rest = plain.slice(1);
    for (const s of rest) expect(s.breakdown.agreement).toBe(0);
    // a tie in the semantic lane: no agreement, so convert keeps its plain fused score, which the lift exceeded
    const other = r.registry.byName.get("compute")?.index as number;
    semantic[other] = 0.5;
    const tied = r.index.rank(q, 5, { scores: semantic, weight: 0.5, calibrate: false });
    expect(tied[0].tool.name).toBe("convert");
    expect(tied[0].breakdown.agreement).toBe(0);
    expect(plain[0].score).toBeGreaterThan(tied[0].score);
    // the semantic lane prefers another tool: no lift for anyone
    semantic[other] = 0.9;
    const disagree = r.index.rank(q, 5, { scores: semantic, weight: 0.5 });
    for (const s of disagree) expect(s.breakdown.agreement).toBe(0);
  });
});

describe("firstInOrder", () => {
  it("equals a full sort cut to the limit, ties included", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), fc.nat(60), (values, limit) => {
        const items = values.map((_, i) => i);
        const order = (a: number, b: number) => values[b] - values[a] || a - b;
        expect(firstInOrder([...items], limit, order)).toEqual([...items].sort(order).slice(0, limit));
      }),
    );
  });
});

/** Up to `maxCount` random row-major matrices of the same rows × dim, values in [-1, 1], and a query of dim values. */
function matricesArb(maxDim: number, maxRows: number, maxCount: number) {
  const values = (n: number) =>
    fc
      .array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n })
      .map((a) => Float32Array.from(a));
  return fc.integer({ min: 1, max: maxDim }).chain((dim) =>
    fc.integer({ min: 0, max: maxRows }).chain((rows) =>
      fc.record({
        dim: fc.constant(dim),
        rows: fc.constant(rows),
        matrices: fc.array(values(rows * dim), { minLength: 1, maxLength: maxCount }),
        q: values(dim),
      }),
    ),
  );
}

/** The plain dot product of row i of a row-major matrix with q. */
function rowDot(matrix: Float32Array, i: number, q: Float32Array, dim: number): number {
  let sum = 0;
  for (let d = 0; d < dim; d++) sum += matrix[i * dim + d] * q[d];
  return sum;
}

describe("dotAll", () => {
  it("equals the plain dot product of every row, for any dimension", () => {
    fc.assert(
      fc.property(matricesArb(11, 6, 1), ({ dim, rows, matrices: [matrix], q }) => {
        const out = new Float64Array(rows);
        dotAll(matrix, q, dim, out);
        for (let i = 0; i < rows; i++) expect(out[i]).toBeCloseTo(rowDot(matrix, i, q, dim), 9);
      }),
    );
  });
});

describe("tool views of the semantic lane", () => {
  it("bestOfViews is each tool's highest dot product over the views", () => {
    fc.assert(
      fc.property(matricesArb(9, 5, 4), ({ dim, rows, matrices: views, q }) => {
        const out = new Float64Array(rows);
        bestOfViews(views, q, dim, out);
        for (let i = 0; i < rows; i++) {
          expect(out[i]).toBeCloseTo(Math.max(...views.map((m) => rowDot(m, i, q, dim))), 9);
        }
      }),
    );
  });

  it("gives every tool the same number of views: the whole entry, the name as words, the description", () => {
    const r = fixtureRouter();
    for (const t of r.registry.tools) {
      const views = toolViews(t);
      expect(views).toHaveLength(3);
      for (const v of views) expect(v.trim()).not.toBe("");
    }
    const convert = r.registry.byName.get("convert");
    if (!convert) throw new Error("fixture lacks convert");
    expect(toolViews(convert)[1]).toBe("convert");
    expect(toolViews(convert)[2]).toBe(convert.description.trim());
    // no description: that view is the whole entry again, so the matrices stay aligned
    const bare = new Router([], {
      ...routerConfigFrom(configOf()),
      tools: [{ name: "pingHost", description: "", keywords: [], parameters: [] }],
    });
    const [ping] = bare.registry.tools;
    expect(toolViews(ping)).toEqual([toolText(ping), "ping host", toolText(ping)]);
  });
});

describe("keywords of several words count only as the whole phrase", () => {
  const tool = (name: string, description: string, keywords: string[]) =>
    defineTool({ name, title: name, description, toolset: "t", keywords, input: {}, handler: () => ({}) });
  const phrases = fixtureRouter({}, [
    tool("advise", "Recommend a tool for a task.", ["should use", "which tool"]),
    tool("note_down", "Keep a note for later.", ["note", "jot"]),
  ]);

  it("a phrase's common word alone ('use') is no evidence for the tool that has the phrase", () => {
    const ranked = phrases.rank("note that we use pnpm");
    expect(ranked[0].tool.name).toBe("note_down");
    expect(ranked.find((s) => s.tool.name === "advise")?.breakdown.keyword ?? 0).toBe(0);
  });

  it("the whole phrase, stop words included, is a keyword hit", () => {
    const [top] = phrases.rank("which tool for this");
    expect(top.tool.name).toBe("advise");
    expect(top.breakdown.keyword).toBeGreaterThan(0);
  });
});

describe("a word in capitals is a literal unless the catalog has it as a word", () => {
  const tool = (name: string, description: string) =>
    defineTool({ name, title: name, description, toolset: "t", keywords: [], input: {}, handler: () => ({}) });
  const formats = fixtureRouter({}, [
    tool("export_document", "Export a document as a pdf or an html page."),
    tool("send_message", "Send a message to a channel."),
  ]);

  it("PDF meets the catalog's 'pdf' as pdf does", () => {
    const upper = formats.rank("turn the report into a PDF");
    const lower = formats.rank("turn the report into a pdf");
    expect(upper[0].tool.name).toBe("export_document");
    expect(upper[0].breakdown.lexical).toBe(lower[0].breakdown.lexical);
  });

  it("capitals the catalog lacks stay values: no term, no evidence", () => {
    expect(formats.rank("ZORBLAX")).toEqual([]);
    expect(formats.rank("look at ASAP").find((s) => s.tool.name === "export_document")).toBeUndefined();
  });
});
