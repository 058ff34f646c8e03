/**
 * An in-process copy of the vector table for exact cosine search. vec0 stores the vectors durably; the copy is laid
 * out one column per dimension, so a query adds `q[j] * column j` into one score array: sequential reads, and for a
 * sparse query (the hash provider's short queries touch a few dozen of 256 dimensions) only the query's non-zero
 * columns are read, which is exact and an order of magnitude faster than a row-by-row scan. The copy follows the
 * table through its rowid shadow table: appended rows are loaded one by one, anything else (deletes, re-embedding,
 * another process's repair) reloads it whole. Vectors are unit length, so cosine is a dot product.
 */
import type Database from "better-sqlite3";
import type { VectorHit } from "./store.js";

/** Keeps the k highest scores seen (a min-heap whose root is the weakest kept). */
class Best {
  readonly ids: number[] = [];
  readonly scores: number[] = [];
  constructor(private readonly k: number) {}

  get full(): boolean {
    return this.ids.length >= this.k;
  }

  /** The lowest score kept (meaningful once full). */
  get weakest(): number {
    return this.scores[0];
  }

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
  private columns: Float32Array[];
  private scores = new Float64Array(0);
  private size = 0;
  private maxId = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly dim: number,
  ) {
    this.columns = Array.from({ length: dim }, () => new Float32Array(1024));
  }

  get length(): number {
    return this.size;
  }

  /** Brings the copy up to date with memory_vec (cheap when nothing changed). */
  sync(): void {
    // Two statements: SQLite answers a bare count(*) and a bare max(rowid) from the b-tree without a scan, not both
    // in one (5 ms at 100k rows).
    const head = {
      n: Number(this.db.prepare("SELECT count(*) FROM memory_vec_rowids").pluck().get()),
      max: Number(this.db.prepare("SELECT coalesce(max(rowid), 0) FROM memory_vec_rowids").pluck().get()),
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
      const capacity = this.ids.length * 2;
      const ids = new Float64Array(capacity);
      ids.set(this.ids);
      this.ids = ids;
      this.columns = this.columns.map((c) => {
        const grown = new Float32Array(capacity);
        grown.set(c);
        return grown;
      });
    }
    const v = new Float32Array(blob.buffer, blob.byteOffset, this.dim);
    const row = this.size;
    for (let j = 0; j < this.dim; j++) this.columns[j][row] = v[j];
    this.ids[row] = id;
    this.size++;
    if (id > this.maxId) this.maxId = id;
  }

  /** The k best by cosine among the ids `accept` admits (all when undefined), best first; ties by id. */
  topK(query: Float32Array, k: number, accept?: (id: number) => boolean): VectorHit[] {
    const n = this.size;
    if (this.scores.length < n) this.scores = new Float64Array(this.ids.length);
    const scores = this.scores;
    scores.fill(0, 0, n);
    const support: number[] = [];
    for (let j = 0; j < this.dim; j++) if (query[j] !== 0) support.push(j);
    // Four columns per pass: a quarter of the score-array traffic.
    let s = 0;
    for (; s + 3 < support.length; s += 4) {
      const [a, b, c, d] = [support[s], support[s + 1], support[s + 2], support[s + 3]];
      const [qa, qb, qc, qd] = [query[a], query[b], query[c], query[d]];
      const [ca, cb, cc, cd] = [this.columns[a], this.columns[b], this.columns[c], this.columns[d]];
      for (let row = 0; row < n; row++) scores[row] += qa * ca[row] + qb * cb[row] + qc * cc[row] + qd * cd[row];
    }
    for (; s < support.length; s++) {
      const q = query[support[s]];
      const column = this.columns[support[s]];
      for (let row = 0; row < n; row++) scores[row] += q * column[row];
    }
    const best = new Best(k);
    for (let row = 0; row < n; row++) {
      const score = scores[row];
      if (best.full && score <= best.weakest) continue;
      if (accept && !accept(this.ids[row])) continue;
      best.offer(row, score);
    }
    return best.ids
      .map((row, i) => ({ id: this.ids[row], cosine: best.scores[i] }))
      .sort((a, b) => b.cosine - a.cosine || a.id - b.id);
  }
}
