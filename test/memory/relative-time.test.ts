/**
 * `since` and `happened_at` in words relative to now ("yesterday", "3 days ago", "last week"): read as the time they
 * name and reported in did_you_mean with the date they were read as. Before, each was `'yesterday' is not a date`.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { relativeTime } from "../../src/memory/dates.js";
import { closeAllStores, recall, remember, searchMemories } from "../../src/memory/index.js";
import { rejectionOf } from "../helpers/errors.js";
import { freshMemory, removeTmpRoots } from "./helpers.js";

afterAll(async () => {
  await closeAllStores();
  removeTmpRoots();
});

const NOW = Date.parse("2025-06-11T15:30:00Z");
const DAY = 86_400_000;

describe("relativeTime", () => {
  it.each([
    ["today", "2025-06-11T00:00:00.000Z"],
    ["Yesterday", "2025-06-10T00:00:00.000Z"],
    ["the day before yesterday", "2025-06-09T00:00:00.000Z"],
    ["3 days ago", "2025-06-08T15:30:00.000Z"],
    ["an hour ago", "2025-06-11T14:30:00.000Z"],
    ["two weeks ago", "2025-05-28T15:30:00.000Z"],
    ["last week", "2025-06-04T15:30:00.000Z"],
    ["a month ago", "2025-05-11T15:30:00.000Z"],
    ["last year", "2024-06-11T15:30:00.000Z"],
  ])("%s is %s", (text, iso) => {
    expect(new Date(relativeTime(text, NOW) as number).toISOString()).toBe(iso);
  });

  it.each(["2025-06-01", "soon", "3 days", "in 3 days", "last tuesday", ""])("%s is not read", (text) => {
    expect(relativeTime(text, NOW)).toBeUndefined();
  });

  it("N days ago is N whole days before now, for any N", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), (n) => {
        expect(relativeTime(`${n} days ago`, NOW)).toBe(NOW - n * DAY);
      }),
    );
  });
});

describe("since and happened_at in words", () => {
  it("recall since 'yesterday' keeps what happened from yesterday on, and says how it read the words", async () => {
    const mc = await freshMemory({}, () => NOW);
    await remember(mc, { category: "decision", content: "Moved billing to Stripe", happened_at: "3 days ago" });
    const recent = await remember(mc, {
      category: "decision",
      content: "Moved billing retries to the queue",
      happened_at: "yesterday",
    });
    expect(recent.did_you_mean?.corrections[0]).toMatchObject({
      parameter: "happened_at",
      original: "yesterday",
      corrected: "2025-06-10T00:00:00.000Z",
      correction_type: "relative_time",
    });
    const out = (await recall(mc, { query: "billing", since: "yesterday" })) as {
      results: Array<{ id: number }>;
      did_you_mean?: { corrections: Array<{ parameter: string; corrected: unknown }> };
    };
    expect(out.results.map((r) => r.id)).toEqual([recent.id]);
    expect(out.did_you_mean?.corrections).toEqual([
      expect.objectContaining({ parameter: "since", corrected: "2025-06-10T00:00:00.000Z" }),
    ]);
    const searched = (await searchMemories(mc, { query: "billing", since: "last week" })) as { results: unknown[] };
    expect(searched.results).toHaveLength(2);
  });

  it("words it cannot read are the contract's error, naming the forms it can", async () => {
    const mc = await freshMemory({}, () => NOW);
    const e = await rejectionOf(recall(mc, { query: "billing", since: "whenever" }));
    expect(e.payload).toMatchObject({ error_type: "invalid_argument", parameter: "since" });
    expect(e.payload.hints.join(" ")).toContain("3 days ago");
  });
});
