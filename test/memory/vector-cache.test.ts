import Database from "better-sqlite3";
import fc from "fast-check";
import * as sqliteVec from "sqlite-vec";
import { describe, expect, it } from "vitest";
import { hashEmbed } from "../../src/memory/index.js";
import { VectorCache } from "../../src/memory/vector-cache.js";

function words(i: number): string {
  const vocab = [
    "cache",
    "queue",
    "retry",
    "tenant",
    "invoice",
    "token",
    "index",
    "shard",
    "lock",
    "batch",
    "stream",
    "quota",
  ];
  let x = i * 2654435761;
  const out: string[] = [];
  for (let j = 0; j < 8; j++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(`${vocab[x % vocab.length]}${(x >>> 8) % 97}`);
  }
  return out.join(" ");
}

describe("VectorCache", () => {
  it("cosines of given ids are exact, skip unknown ids, and follow a reload that keeps the row count", () => {
    const db = new Database(":memory:");
    sqliteVec.load(db);
    db.exec("CREATE VIRTUAL TABLE memory_vec USING vec0(embedding float[256] distance_metric=cosine)");
    const insert = db.prepare("INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)");
    for (let i = 1; i <= 50; i++) insert.run(BigInt(i), hashEmbed(words(i)));
    const cache = new VectorCache(db, 256);
    cache.sync();
    const q = hashEmbed(words(7).split(" ").slice(0, 4).join(" "));
    const dot = (v: Float32Array) => v.reduce((acc, x, j) => acc + x * q[j], 0);
    const got = cache.cosines(q, [7, 20, 7, 999]);
    expect(got.map((h) => h.id)).toEqual([7, 20]);
    expect(got[0].cosine).toBeCloseTo(dot(hashEmbed(words(7))), 5);
    expect(got[1].cosine).toBeCloseTo(dot(hashEmbed(words(20))), 5);
    // Row 20 deleted and row 51 added: same count, other rows; the id → row index must not be reused.
    db.prepare("DELETE FROM memory_vec WHERE rowid = 20").run();
    insert.run(51n, hashEmbed(words(7)));
    cache.sync();
    const after = cache.cosines(q, [20, 51, 50]);
    expect(after.map((h) => h.id)).toEqual([51, 50]);
    expect(after[0].cosine).toBeCloseTo(dot(hashEmbed(words(7))), 5);
    expect(after[1].cosine).toBeCloseTo(dot(hashEmbed(words(50))), 5);
  });
  it("returns the exact top 10 for sparse (hash) and dense queries", () => {
    const db = new Database(":memory:");
    sqliteVec.load(db);
    db.exec("CREATE VIRTUAL TABLE memory_vec USING vec0(embedding float[256] distance_metric=cosine)");
    const insert = db.prepare("INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)");
    const vectors: Float32Array[] = [];
    db.transaction(() => {
      for (let i = 1; i <= 6_000; i++) {
        const v = hashEmbed(words(i));
        vectors.push(v);
        insert.run(BigInt(i), v);
      }
    })();
    const cache = new VectorCache(db, 256);
    cache.sync();
    expect(cache.length).toBe(6_000);
    let kept = 0;
    const queries = 20;
    for (let qi = 0; qi < queries; qi++) {
      const q = hashEmbed(
        words(100_000 + qi)
          .split(" ")
          .slice(0, 3)
          .join(" "),
      );
      const exact = vectors
        .map((v, i) => ({ id: i + 1, s: v.reduce((acc, x, j) => acc + x * q[j], 0) }))
        .sort((a, b) => b.s - a.s || a.id - b.id)
        .slice(0, 10)
        .map((h) => h.id);
      const got = new Set(cache.topK(q, 10).map((h) => h.id));
      kept += exact.filter((id) => got.has(id)).length;
    }
    // Exact up to floating-point ties at the cut-off.
    expect(kept / (queries * 10)).toBeGreaterThanOrEqual(0.98);
    const dense = new Float32Array(256).map((_, j) => Math.sin(j + 1));
    const denseExact = vectors
      .map((v, i) => ({ id: i + 1, s: v.reduce((acc, x, j) => acc + x * dense[j], 0) }))
      .sort((a, b) => b.s - a.s || a.id - b.id)
      .slice(0, 10)
      .map((h) => h.id);
    expect(cache.topK(dense, 10).map((h) => h.id)).toEqual(denseExact);
    // The full load read from vec0's chunk tables equals the one read row by row through the virtual table.
    const rowByRow = new VectorCache(db, 256, false);
    rowByRow.sync();
    expect(rowByRow.length).toBe(6_000);
    for (const q of [dense, hashEmbed("cache queue retry"), hashEmbed("tenant invoice")]) {
      expect(rowByRow.topK(q, 25)).toEqual(cache.topK(q, 25));
    }
    // Appends are picked up incrementally; a delete forces a reload.
    insert.run(BigInt(30_000), hashEmbed("brand new memory"));
    cache.sync();
    expect(cache.topK(hashEmbed("brand new memory"), 1)[0].id).toBe(30_000);
    db.prepare("DELETE FROM memory_vec WHERE rowid = ?").run(BigInt(30_000));
    cache.sync();
    expect(cache.length).toBe(6_000);
    // Many appended rows at once (another process's batch) are a full load, with the new rows in it.
    db.transaction(() => {
      for (let i = 40_001; i <= 41_000; i++) insert.run(BigInt(i), hashEmbed(`batch row ${i}`));
    })();
    cache.sync();
    expect(cache.length).toBe(7_000);
    expect(cache.topK(hashEmbed("batch row 40500"), 1)[0].id).toBe(40_500);
  }, 30_000);
});

describe("VectorCache against brute force (property)", () => {
  const DIM = 16;
  const unit = (xs: number[]) => {
    const n = Math.hypot(...xs) || 1;
    return Float32Array.from(xs, (x) => x / n);
  };
  const vectorArb = fc.array(fc.integer({ min: -8, max: 8 }), { minLength: DIM, maxLength: DIM }).map(unit);
  const exactTop = (rows: Map<number, Float32Array>, q: Float32Array, k: number) =>
    [...rows]
      .map(([id, v]) => ({ id, s: v.reduce((acc, x, j) => acc + x * q[j], 0) }))
      .sort((a, b) => b.s - a.s || a.id - b.id)
      .slice(0, k);

  it("follows appends, deletes and batches, and returns the exact top k (ties aside)", () => {
    fc.assert(
      fc.property(
        fc.array(vectorArb, { minLength: 1, maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(vectorArb, { maxLength: 300 }),
        fc.array(vectorArb, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (initial, deletes, appended, queries, readChunks) => {
          const db = new Database(":memory:");
          sqliteVec.load(db);
          db.exec(`CREATE VIRTUAL TABLE memory_vec USING vec0(embedding float[${DIM}] distance_metric=cosine)`);
          const insert = db.prepare("INSERT INTO memory_vec(rowid, embedding) VALUES (?, ?)");
          const rows = new Map<number, Float32Array>();
          let next = 1;
          const add = (v: Float32Array) => {
            insert.run(BigInt(next), v);
            rows.set(next++, v);
          };
          const cache = new VectorCache(db, DIM, readChunks);
          const check = () => {
            cache.sync();
            expect(cache.length).toBe(rows.size);
            for (const q of queries) {
              const got = cache.topK(q, 7);
              const want = exactTop(rows, q, 7);
              expect(got.map((h) => h.cosine)).toEqual(want.map((w) => expect.closeTo(w.s, 5)));
            }
          };
          db.transaction(() => initial.forEach(add))();
          check();
          for (const d of deletes) {
            const id = [...rows.keys()][d % rows.size];
            if (id === undefined || rows.size === 1) break;
            db.prepare("DELETE FROM memory_vec WHERE rowid = ?").run(BigInt(id));
            rows.delete(id);
          }
          check();
          db.transaction(() => appended.forEach(add))();
          check();
          db.close();
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});
