import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { linesOf, RecentListings } from "../../src/search/recent-listings.js";

const root = mkdtempSync(join(tmpdir(), "dwim-recent-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFileSync(join(root, "big.txt"), "x\n".repeat(5_000));
writeFileSync(join(root, "small.txt"), "alpha\nbeta\n");

describe("recent listings", () => {
  it("measures the listed files' sizes in the background; a missing file weighs nothing", async () => {
    const recent = new RecentListings();
    const entry = recent.remember("k", ["big.txt", "small.txt", "gone.txt"], root);
    await entry.measured;
    expect(recent.get("k")?.bytes).toEqual([10_000, 11, 0]);
  });

  it("sizes still on their way reach the next plan when the same listing is remembered again meanwhile", async () => {
    const recent = new RecentListings();
    const first = recent.remember("k", ["big.txt", "small.txt"], root);
    // A kept listing is remembered by every search: the second search starts before the first's sizes are in.
    recent.remember("k", ["big.txt", "small.txt"], root);
    await first.measured;
    expect(recent.get("k")?.bytes).toEqual([10_000, 11]);
  });

  it("a listing with other files is measured anew and keeps no sizes of the old one", async () => {
    const recent = new RecentListings();
    await recent.remember("k", ["big.txt"], root).measured;
    const next = recent.remember("k", ["small.txt"], root);
    expect(next.bytes).toBeUndefined();
    await next.measured;
    expect(recent.get("k")?.bytes).toEqual([11]);
  });

  it("keeps the last four listings, the least recently used out first", () => {
    const recent = new RecentListings();
    for (const key of ["a", "b", "c", "d"]) recent.remember(key, ["small.txt"], root);
    recent.remember("a", ["small.txt"], root);
    recent.remember("e", ["small.txt"], root);
    expect(["a", "b", "c", "d", "e"].filter((k) => recent.get(k) !== undefined)).toEqual(["a", "c", "d", "e"]);
  });

  it("reads sample lines of the listed files on first need", () => {
    const recent = new RecentListings();
    const lines = linesOf(recent.remember("k", ["small.txt"], root), root);
    expect(lines.map((l) => l.text)).toEqual(["alpha", "beta"]);
    expect(linesOf(undefined, root)).toEqual([]);
  });
});
