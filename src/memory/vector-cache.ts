/**
 * An in-process copy of the vector table for exact cosine search. vec0 stores the vectors durably; searching them
 * here is as fast as vec0's own dense scan, can filter while it scans, and for a sparse query (the hash provider's
 * short queries touch a few dozen of 256 dimensions) multiplies only the query's non-zero dimensions, which is exact
 * and several times faster. The copy follows the table through
 * its rowid shadow table: appended rows are loaded one by one, anything else (deletes, re-embedding, another
 * process's repair) reloads it whole. Vectors are unit length, so cosine is a dot product.
 */
import type Database from "better-sqlite3";
import type { VectorHit } from "./store.js";

/** Keeps the k highest scores seen (a min-heap whose root is the weakest kept). */
class Best {
  readonly ids: number[] = [];
  readonly scores: number[] = [];
  constructor(private readonly k: number) {}

  offer(id: number, score: number): void {
    const { ids, scores } = this;
    if (ids.length < this.k) {
      ids.push(id);
      scores.push(score);
      let i = ids.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (scores[p] <= scores[i]) break;
        this.swap(i, p);
        i = p;
      }
    } else if (this.k > 0 && score > scores[0]) {
      ids[0] = id;
      scores[0] = score;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < ids.length && scores[l] < scores[m]) m = l;
        if (r < ids.length && scores[r] < scores[m]) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
  }

  private swap(a: number, b: number): void {
    [this.ids[a], this.ids[b]] = [this.ids[b], this.ids[a]];
    [this.scores[a], this.scores[b]] = [this.scores[b], this.scores[a]];
  }
}

export class VectorCache {
  private ids = new Float64Array(1024);
  private data: Float32Array;
  private size = 0;
  private maxId = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly dim: number,
  ) {
    this.data = new Float32Array(1024 * dim);
  }

  get length(): number {
    return this.size;
  }

  /** Brings the copy up to date with memory_vec (cheap when nothing changed). */
  sync(): void {
    const head = this.db
      .prepare("SELECT count(*) AS n, coalesce(max(rowid), 0) AS max FROM memory_vec_rowids")
      .get() as {
      n: number;
      max: number;
    };
    if (head.n === this.size && head.max === this.maxId) return;
    if (head.n > this.size && head.max > this.maxId) {
      const fresh = this.db
        .prepare("SELECT rowid FROM memory_vec_rowids WHERE rowid > ? ORDER BY rowid")
        .pluck()
        .all(this.maxId) as number[];
      if (this.size + fresh.length === head.n) {
        const one = this.db.prepare("SELECT embedding FROM memory_vec WHERE rowid = ?").pluck();
        for (const id of fresh) this.append(Number(id), one.get(BigInt(id)) as Buffer);
        return;
      }
    }
    this.size = 0;
    this.maxId = 0;
    for (const row of this.db.prepare("SELECT rowid, embedding FROM memory_vec").iterate() as Iterable<{
      rowid: number;
      embedding: Buffer;
    }>) {
      this.append(Number(row.rowid), row.embedding);
    }
  }

  private append(id: number, blob: Buffer): void {
    if (this.size === this.ids.length) {
      const grow = <T extends Float64Array | Float32Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids, (n) => new Float64Array(n));
      this.data = grow(this.data, (n) => new Float32Array(n));
    }
    const v = new Float32Array(blob.buffer, blob.byteOffset, this.dim);
    this.data.set(v, this.size * this.dim);
    this.ids[this.size] = id;
    this.size++;
    if (id > this.maxId) this.maxId = id;
  }

  private dot(row: number, query: Float32Array): number {
    const data = this.data;
    const base = row * this.dim;
    // Four accumulators: V8 does not vectorise, but breaking the dependency chain roughly doubles throughput.
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let j = 0;
    for (; j + 3 < this.dim; j += 4) {
      a0 += data[base + j] * query[j];
      a1 += data[base + j + 1] * query[j + 1];
      a2 += data[base + j + 2] * query[j + 2];
      a3 += data[base + j + 3] * query[j + 3];
    }
    for (; j < this.dim; j++) a0 += data[base + j] * query[j];
    return a0 + a1 + a2 + a3;
  }

  /** The k best by cosine among the ids `accept` admits (all when undefined), best first; ties by id. */
  topK(query: Float32Array, k: number, accept?: (id: number) => boolean): VectorHit[] {
    const best = new Best(k);
    const support: number[] = [];
    for (let j = 0; j < this.dim; j++) if (query[j] !== 0) support.push(j);
    const sparse = support.length < this.dim / 2;
    const data = this.data;
    for (let row = 0; row < this.size; row++) {
      if (accept && !accept(this.ids[row])) continue;
      let score: number;
      if (sparse) {
        const base = row * this.dim;
        score = 0;
        for (const j of support) score += data[base + j] * query[j];
      } else score = this.dot(row, query);
      best.offer(row, score);
    }
    return best.ids
      .map((row, i) => ({ id: this.ids[row], cosine: best.scores[i] }))
      .sort((a, b) => b.cosine - a.cosine || a.id - b.id);
  }
}
