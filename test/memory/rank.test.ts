import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LexNode, Memory } from "../../src/memory/index.js";
import {
  asksQuestion,
  boostShare,
  coordinate,
  dateTerms,
  decayFactor,
  diversify,
  fuse,
  identTerms,
  NEIGHBOUR_SHARE,
  parseSearchQuery,
  queryDayTokens,
  queryRelativeDayTokens,
  queryTerms,
  relativeDays,
  rerank,
  toFts5,
  toTsquery,
  withNeighbours,
} from "../../src/memory/index.js";

const DAY = 86_400_000;

function memory(over: Partial<Memory>): Memory {
  return {
    id: 1,
    category: "decision",
    content: "x",
    rationale: null,
    tags: [],
    inferred_tags: [],
    file_path: null,
    context: null,
    worked: null,
    outcome: null,
    pinned: false,
    archived: false,
    superseded_by: null,
    created_at: new Date(0).toISOString(),
    happened_at: null,
    recall_count: 0,
    ...over,
  };
}

describe("decay with an injected now", () => {
  const now = 100 * DAY;
  it("halves every 30 days, floors at 0.3, and is mixed in by the recency weight", () => {
    const at = (days: number) => memory({ created_at: new Date(now - days * DAY).toISOString() });
    expect(decayFactor(at(0), now)).toBe(1);
    expect(decayFactor(at(30), now)).toBeCloseTo(0.5, 10);
    expect(decayFactor(at(90), now)).toBe(0.3);
    expect(decayFactor(at(30), now, 0.3)).toBeCloseTo(0.85, 10);
    expect(decayFactor(at(30), now, 0)).toBe(1);
  });
  it("happened_at wins over created_at; patterns, warnings and pinned memories never decay", () => {
    const old = new Date(now - 300 * DAY).toISOString();
    expect(decayFactor(memory({ created_at: old, happened_at: new Date(now).toISOString() }), now)).toBe(1);
    expect(decayFactor(memory({ created_at: old, category: "pattern" }), now)).toBe(1);
    expect(decayFactor(memory({ created_at: old, category: "warning" }), now)).toBe(1);
    expect(decayFactor(memory({ created_at: old, pinned: true }), now)).toBe(1);
  });
});

describe("outcome and warning boosts", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  const at = new Date(now).toISOString();
  const fused = (id: number, score: number) => ({ id, score, s_lex: score, s_vec: 0 });
  it("a failed decision as relevant as the best gets the full ×1.5; one at 1/1.5 of the best or less gets none", () => {
    const rows = new Map([
      [1, memory({ id: 1, created_at: at })],
      [2, memory({ id: 2, created_at: at, worked: false })],
      [3, memory({ id: 3, created_at: at, category: "warning" })],
      [4, memory({ id: 4, created_at: at, worked: false })],
    ]);
    const ranked = rerank([fused(1, 1), fused(2, 0.8), fused(3, 0.9), fused(4, 0.6)], rows, now);
    const by = new Map(ranked.map((r) => [r.memory.id, r]));
    // 0.8 is 0.4 of the way from 1/1.5 to 1: ×1.2, so 0.96 stays below the best match (rel itself gave ×1.4: 1.12).
    expect(by.get(2)?.why.outcome).toBeCloseTo(1.2, 12);
    // Warnings: from 1/1.2 to 1, 0.9 is 0.4 of the way: ×1.08.
    expect(by.get(3)?.why.category).toBeCloseTo(1.08, 12);
    expect(by.get(4)?.why.outcome).toBe(1);
    expect(ranked.map((r) => r.memory.id)).toEqual([1, 3, 2, 4]);
    const top = rerank([fused(2, 0.8)], rows, now);
    expect(top[0].why.outcome).toBe(1.5);
  });
  it("boostShare: 0 up to 1/B, 1 at the best, linear between; no boost, no share", () => {
    expect(boostShare(1.5, 1)).toBe(1);
    expect(boostShare(1.5, 0.5)).toBe(0);
    expect(boostShare(1.5, 2 / 3)).toBeCloseTo(0, 12);
    expect(boostShare(2, 0.75)).toBeCloseTo(0.5, 12);
    expect(boostShare(1, 1)).toBe(0);
    // The boosted score s·(1 + (B−1)·share) never reorders two failures.
    const boosted = (rel: number) => rel * (1 + 0.5 * boostShare(1.5, rel));
    for (let r = 0.01; r < 1; r += 0.01) expect(boosted(r + 0.01)).toBeGreaterThan(boosted(r));
  });
});

describe("fusion", () => {
  it("blend: s = (1−w)·bm25/best + w·max(0, cos); a missing lane counts 0", () => {
    const f = fuse(
      [
        { id: 1, rank: -4 },
        { id: 2, rank: -2 },
      ],
      [
        { id: 2, cosine: 0.5 },
        { id: 3, cosine: -0.2 },
      ],
      0.3,
      "blend",
    );
    const by = new Map(f.map((x) => [x.id, x.score]));
    expect(by.get(1)).toBeCloseTo(0.7, 10);
    expect(by.get(2)).toBeCloseTo(0.7 * 0.5 + 0.3 * 0.5, 10);
    expect(by.get(3)).toBe(0);
  });
  it("blend: a lexical candidate outside the vector lane's top k gets its exact cosine, without a vector rank", () => {
    const f = fuse(
      [
        { id: 1, rank: -4 },
        { id: 2, rank: -2 },
      ],
      [{ id: 3, cosine: 0.9 }],
      0.3,
      "blend",
      [
        { id: 2, cosine: 0.4 },
        // Not a candidate of either lane: the scored list adds no candidate.
        { id: 4, cosine: 0.8 },
      ],
    );
    const by = new Map(f.map((x) => [x.id, x]));
    expect(by.get(2)?.score).toBeCloseTo(0.7 * 0.5 + 0.3 * 0.4, 10);
    expect(by.get(2)?.s_vec).toBe(0.4);
    expect(by.get(2)?.vec_rank).toBeUndefined();
    expect(by.get(1)?.score).toBeCloseTo(0.7, 10);
    expect(by.has(4)).toBe(false);
  });
  it("rrf: (1−w)/(60+rank_lex) + w/(60+rank_vec)", () => {
    const f = fuse(
      [{ id: 1, rank: -4 }],
      [
        { id: 2, cosine: 0.9 },
        { id: 1, cosine: 0.5 },
      ],
      0.5,
      "rrf",
    );
    const by = new Map(f.map((x) => [x.id, x.score]));
    expect(by.get(1)).toBeCloseTo(0.5 / 61 + 0.5 / 62, 12);
    expect(by.get(2)).toBeCloseTo(0.5 / 61, 12);
  });
});

describe("diversity as a property", () => {
  const item = fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    file: fc.option(fc.constantFrom("a", "b", "c"), { nil: null }),
  });
  it("keeps rank order among the diverse items, caps files before backfilling, and reaches the limit when it can", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { selector: (x) => x.id, maxLength: 40 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 20 }),
        (items, cap, limit) => {
          const out = diversify(
            items,
            (x) => x.file,
            (x) => x.id,
            cap,
            limit,
          );
          expect(out.length).toBe(Math.min(limit, items.length));
          expect(new Set(out.map((x) => x.id)).size).toBe(out.length);
          if (cap === 0) {
            expect(out).toEqual(items.slice(0, limit));
            return;
          }
          // No item over its file's cap comes before an item that was within its cap.
          const counts = new Map<string, number>();
          let backfilling = false;
          for (const x of out) {
            const n = x.file === null ? 1 : (counts.get(x.file) ?? 0) + 1;
            if (x.file !== null) counts.set(x.file, n);
            if (n > cap) backfilling = true;
            else expect(backfilling).toBe(false);
          }
        },
      ),
    );
  });
});

describe("query text", () => {
  it("identifier terms split camelCase and snake_case and keep the joined form", () => {
    expect(identTerms("call getUserById and MAX_RETRY_COUNT")).toBe(
      "get user by id getuserbyid max retry count maxretrycount",
    );
    expect(queryTerms("how do I getUserById")).toEqual(["get", "user", "id", "getuserbyid"]);
  });
  it("search syntax never lets a bare operator character through unquoted, in either engine's rendering", () => {
    const fts = new Database(":memory:");
    fts.exec("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'porter unicode61')");
    fts.exec("INSERT INTO t(body) VALUES ('connection pool exhausted'), ('reset by peer')");
    const match = fts.prepare("SELECT count(*) FROM t WHERE t MATCH ?").pluck();
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (q) => {
        const parsed = parseSearchQuery(q);
        if (!parsed) return;
        for (const node of [parsed.strict, parsed.sanitized]) {
          if (!node) continue;
          // FTS5: outside quoted strings only operators, parentheses, spaces and prefix stars remain; SQLite accepts it.
          const outside = toFts5(node)
            .replace(/"(?:[^"]|"")*"/gu, "")
            .replace(/\b(?:AND|OR|NOT)\b/gu, "");
          expect(outside).toMatch(/^[\s*()]*$/u);
          expect(() => match.get(toFts5(node))).not.toThrow();
          // tsquery: every lexeme quoted and made of letters and digits only; the rest is operators.
          const ts = toTsquery(node);
          expect(ts.replace(/'[\p{L}\p{N}]+'(?::\*)?/gu, "")).toMatch(/^[\s()&|!<\->]*$/u);
        }
      }),
    );
  });
  it("-term becomes NOT, prefix* stays a prefix, phrases stay phrases; a malformed query is sanitized", () => {
    const parsed = parseSearchQuery('"connection pool" conn* -redis');
    expect(toFts5(parsed?.strict as LexNode)).toBe('(("connection pool" AND "conn"*) NOT "redis")');
    expect(toTsquery(parsed?.strict as LexNode)).toBe("((('connection' <-> 'pool') & 'conn':*) & !'redis')");
    expect(toFts5(parseSearchQuery("a OR b c")?.strict as LexNode)).toBe('("a" OR ("b" AND "c"))');
    expect(toFts5(parseSearchQuery("a NOT b OR c")?.strict as LexNode)).toBe('(("a" NOT "b") OR "c")');
    const broken = parseSearchQuery("foo AND (");
    expect(broken?.strict).toBeUndefined();
    expect(toFts5(broken?.sanitized as LexNode)).toBe('"foo"');
    expect(parseSearchQuery("-only")).toBeUndefined();
  });
});

describe("coordinate: the lexical lane weighted by coverage of the query", () => {
  const idf = new Map([
    ["band", 3],
    ["summer", 1],
    ["festival", 1],
  ]);
  it("a candidate holding more of the query overtakes a higher bm25 from one rare word", () => {
    // 1: a short echo holding only the rarest word; 2: the answer holding all three.
    const hits = [
      { id: 1, rank: -4 },
      { id: 2, rank: -3 },
    ];
    const contains = new Map([
      ["band", new Set([1, 2])],
      ["summer", new Set([2])],
      ["festival", new Set([2])],
    ]);
    const out = coordinate(hits, contains, idf);
    expect(out.map((h) => h.id)).toEqual([2, 1]);
    expect(out[0].rank).toBeCloseTo(-3);
    expect(out[1].rank).toBeCloseTo((-4 * 3) / 5);
  });
  it("keeps the order of candidates holding the same terms, and holds a candidate with none at the lightest", () => {
    const hits = [
      { id: 7, rank: -2 },
      { id: 3, rank: -1 },
      { id: 9, rank: -1 },
    ];
    const contains = new Map([["summer", new Set([7, 3])]]);
    const out = coordinate(hits, contains, idf);
    expect(out.map((h) => h.id)).toEqual([7, 3, 9]);
    expect(out[2].rank).toBeCloseTo(-1 / 5);
    expect(coordinate(hits, contains, new Map())).toEqual(hits);
  });
  it("returns the same candidates, each scaled by a share in (0, 1], sorted by the new rank (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(50), { minLength: 1, maxLength: 12 }),
        fc.array(fc.subarray([0, 1, 2, 3]), { minLength: 12, maxLength: 12 }),
        fc.array(fc.double({ min: 0.01, max: 10, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (ids, held, weights) => {
          const hits = ids.map((id, i) => ({ id, rank: -(i + 1) }));
          const terms = ["a", "b", "c", "d"];
          const contains = new Map(terms.map((t, k) => [t, new Set(ids.filter((_, i) => held[i].includes(k)))]));
          const out = coordinate(hits, contains, new Map(terms.map((t, k) => [t, weights[k]])));
          expect(out.map((h) => h.id).sort()).toEqual([...ids].sort());
          for (const h of out) {
            const before = hits.find((x) => x.id === h.id)?.rank as number;
            expect(h.rank).toBeLessThan(0);
            expect(h.rank).toBeGreaterThanOrEqual(before - 1e-9);
          }
          for (let i = 1; i < out.length; i++) expect(out[i].rank).toBeGreaterThanOrEqual(out[i - 1].rank);
        },
      ),
    );
  });
});

describe("conversational recall: neighbours, dates, pronouns", () => {
  it("a memory gets a share of its best neighbour's score, computed from the scores before the step", () => {
    const fused = [
      { id: 1, score: 0.8, s_lex: 0.8, s_vec: 0 },
      { id: 2, score: 0.2, s_lex: 0.2, s_vec: 0 },
    ];
    const out = withNeighbours(fused, [
      { id: 1, neighbour: 2 },
      { id: 2, neighbour: 1 },
      { id: 1, neighbour: 3 },
    ]);
    const by = new Map(out.map((f) => [f.id, f]));
    expect(by.get(1)?.score).toBeCloseTo(0.8 + NEIGHBOUR_SHARE * 0.2);
    expect(by.get(2)?.score).toBeCloseTo(0.2 + NEIGHBOUR_SHARE * 0.8);
    expect(by.get(3)).toMatchObject({ s_lex: 0, s_vec: 0, via: 1 });
    expect(by.get(3)?.score).toBeCloseTo(NEIGHBOUR_SHARE * 0.8);
    expect(fused[0].score).toBe(0.8);
  });
  it("the share halves with each turn of distance, and the closest lender wins", () => {
    const fused = [
      { id: 1, score: 0.8, s_lex: 0.8, s_vec: 0 },
      { id: 4, score: 0.6, s_lex: 0.6, s_vec: 0 },
    ];
    const out = new Map(
      withNeighbours(fused, [
        { id: 1, neighbour: 3, distance: 2 },
        { id: 4, neighbour: 3, distance: 1 },
      ]).map((f) => [f.id, f]),
    );
    expect(out.get(3)?.score).toBeCloseTo(Math.max(NEIGHBOUR_SHARE ** 2 * 0.8, NEIGHBOUR_SHARE * 0.6));
    expect(out.get(3)?.via).toBe(4);
  });
  it("the reply after a question gets the question's whole score; other neighbours keep the share", () => {
    const fused = [
      { id: 5, score: 0.8, s_lex: 0.8, s_vec: 0 },
      { id: 9, score: 0.4, s_lex: 0.4, s_vec: 0 },
    ];
    const pairs = [
      { id: 5, neighbour: 4, distance: 1 },
      { id: 5, neighbour: 6, distance: 1 },
      { id: 5, neighbour: 7, distance: 2 },
      { id: 9, neighbour: 8, distance: 1 },
    ];
    const by = new Map(withNeighbours(fused, pairs, NEIGHBOUR_SHARE, new Set([5, 9])).map((f) => [f.id, f]));
    expect(by.get(6)?.score).toBeCloseTo(0.8);
    expect(by.get(6)?.via).toBe(5);
    expect(by.get(4)?.score).toBeCloseTo(NEIGHBOUR_SHARE * 0.8);
    expect(by.get(7)?.score).toBeCloseTo(NEIGHBOUR_SHARE ** 2 * 0.8);
    // The turn before a question is not its reply.
    expect(by.get(8)?.score).toBeCloseTo(NEIGHBOUR_SHARE * 0.4);
    // Without the question mark, the same thread lends the plain share.
    const plain = new Map(withNeighbours(fused, pairs).map((f) => [f.id, f]));
    expect(plain.get(6)?.score).toBeCloseTo(NEIGHBOUR_SHARE * 0.8);
  });
  it("asksQuestion reads the last sentence, past closing asides and quotes", () => {
    expect(asksQuestion("Wow! What got you into running?")).toBe(true);
    expect(asksQuestion("Did you see that band? [shared a photo: a stage at night]")).toBe(true);
    expect(asksQuestion('She asked "is it done?"  ')).toBe(true);
    expect(asksQuestion("Is the deploy green？")).toBe(true);
    expect(asksQuestion("Did it work? Yes, it did.")).toBe(false);
    expect(asksQuestion("We chose Postgres [after the load test]")).toBe(false);
    expect(asksQuestion("[?]")).toBe(false);
    expect(asksQuestion("")).toBe(false);
    expect(asksQuestion("unclosed aside ]]]")).toBe(false);
  });
  it("asksQuestion is one pass from the end whatever the text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("[", "]", "?", " ", "a", '"', ")") }), (text) => {
        const got = asksQuestion(text);
        // A question mark must exist for a yes; a text ending in a letter is never a question.
        if (got) expect(text).toContain("?");
        if (text.endsWith("a")) expect(got).toBe(false);
      }),
    );
    expect(asksQuestion(`${"[".repeat(50_000)}?${"]".repeat(50_000)}`)).toBe(false);
  });
  it("never lowers a score, and leaves memories without neighbours as they were (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(9), fc.nat(9)), { maxLength: 12 }),
        fc.array(fc.nat(9), { maxLength: 4 }),
        (scores, links, questions) => {
          const fused = scores.map((score, id) => ({ id, score, s_lex: score, s_vec: 0 }));
          const out = new Map(
            withNeighbours(
              fused,
              links.map(([id, neighbour]) => ({ id, neighbour })),
              NEIGHBOUR_SHARE,
              new Set(questions),
            ).map((f) => [f.id, f]),
          );
          for (const f of fused) {
            const got = out.get(f.id)?.score ?? -1;
            expect(got).toBeGreaterThanOrEqual(f.score);
            const lent = links.some(([a, b]) => b === f.id && a !== b && (fused[a]?.score ?? 0) > 0);
            if (!lent) expect(got).toBe(f.score);
          }
        },
      ),
    );
  });
  it("dateTerms renders month, year, weekday and the day's token in UTC, and nothing without a date", () => {
    expect(dateTerms(Date.parse("2023-05-08T23:30:00Z"))).toBe("may 2023 monday d20230508");
    expect(dateTerms(Date.parse("2024-02-29T00:00:00Z"))).toBe("february 2024 thursday d20240229");
    expect(dateTerms(null)).toBe("");
  });
  it("days the content names relative to happened_at become searchable days", () => {
    const monday = Date.parse("2023-05-01T13:56:00Z");
    // Yesterday and last Friday are in April: their month joins the terms, earliest day first.
    expect(dateTerms(monday, "Went hiking yesterday, and last Friday too")).toBe(
      "may 2023 monday d20230501 april d20230428 d20230430",
    );
    expect(relativeDays("I ran my first 10k two days ago", monday)).toEqual([-2]);
    expect(relativeDays("the day before yesterday", monday)).toEqual([-2]);
    expect(relativeDays("we met last weekend", monday)).toEqual([-2, -1]);
    // "last Monday" said on a Monday is a week back, never the same day.
    expect(relativeDays("last Monday", monday)).toEqual([-7]);
    expect(relativeDays("tonight we celebrate", monday)).toEqual([0]);
    // No single day: nothing resolved.
    expect(relativeDays("recently, and last week, and a few days ago", monday)).toEqual([]);
  });
  it("a query's relative days are counted from now: yesterday, last Friday, last week and this week", () => {
    const wednesday = Date.parse("2025-06-04T09:00:00Z");
    expect(queryRelativeDayTokens("what did we decide yesterday?", wednesday)).toEqual(["d20250603"]);
    expect(queryRelativeDayTokens("the deploy last Friday", wednesday)).toEqual(["d20250530"]);
    expect(queryRelativeDayTokens("incidents last week", wednesday)).toEqual([
      "d20250526",
      "d20250527",
      "d20250528",
      "d20250529",
      "d20250530",
      "d20250531",
      "d20250601",
    ]);
    // This week so far: Monday to today, not days to come.
    expect(queryRelativeDayTokens("what changed this week", wednesday)).toEqual([
      "d20250602",
      "d20250603",
      "d20250604",
    ]);
    expect(queryRelativeDayTokens("billing retry limit", wednesday)).toEqual([]);
  });
  it("a full date in a query searches its day; partial or impossible dates do not", () => {
    expect(queryDayTokens("What did Gina find on 1 February, 2023?")).toEqual(["d20230201"]);
    expect(queryDayTokens("How many games had Nate won by July 10, 2022?")).toEqual(["d20220710"]);
    expect(queryDayTokens("on the 3rd of Sept. 2021 and 2024-02-29")).toEqual(["d20210903", "d20240229"]);
    expect(queryDayTokens("31 February 2023, 8 marketing 2023, May 2023")).toEqual([]);
    expect(queryTerms("What happened on 8 May 2023?")).toEqual(["d20230508", "happened", "8", "may", "2023"]);
  });
  it("personal pronouns are not query terms", () => {
    expect(queryTerms("What did she give her brother for his birthday?")).toEqual(["give", "brother", "birthday"]);
    expect(queryTerms("him")).toEqual(["him"]);
  });
});
