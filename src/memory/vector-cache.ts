/**
 * An in-process copy of the vector table for exact cosine search. vec0 stores the vectors durably; the copy is laid
 * out one column per dimension, so a query adds `q[j] * column j` into one score array: sequential reads, and for a
 * sparse query (the hash provider's short queries touch a few dozen of 256 dimensions) only the query's non-zero
 * columns are read, which is exact and an order of magnitude faster than a row-by-row scan. The copy follows the
 * table through its rowid shadow table: a few appended rows are loaded one by one, anything else (deletes,
 * re-embedding, another process's repair or batch) reloads it whole, from the chunk tables when their layout is the
 * known one. Vectors are unit length, so cosine is a dot product.
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

/** Up to this many new rows are read one by one; more is a full load. */
const APPEND_ONE_BY_ONE = 256;

/** A float32 view of a blob (copied when SQLite's buffer is not 4-byte aligned). */
function floats(blob: Buffer): Float32Array {
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
  return new Float32Array(Uint8Array.from(blob).buffer);
}

export class VectorCache {
  private ids = new Float64Array(1024);
  private columns: Float32Array[];
  private scores = new Float64Array(0);
  private size = 0;
  private maxId = 0;
  /** Row of each id, built on the first `cosines` call after the copy changed. */
  private rowOf: Map<number, number> | undefined;

  /**
   * @param readChunks read a full load straight from vec0's chunk tables (sqlite-vec 0.1 layout), one 1 MB blob per
   *   1,024 vectors, instead of one row at a time through the virtual table (0.5 s instead of 1.6 s at 100k rows).
   */
  constructor(
    private readonly db: Database.Database,
    private readonly dim: number,
    private readonly readChunks = true,
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
    this.rowOf = undefined;
    // A few appended rows (another process's writes) are read one by one; anything else is a full load.
    if (
      head.n > this.size &&
      head.max > this.maxId &&
      head.n - this.size <= Math.max(APPEND_ONE_BY_ONE, this.size / 8)
    ) {
      const fresh = this.db
        .prepare("SELECT rowid FROM memory_vec_rowids WHERE rowid > ? ORDER BY rowid")
        .pluck()
        .all(this.maxId) as number[];
      if (this.size + fresh.length === head.n) {
        const one = this.db.prepare("SELECT embedding FROM memory_vec WHERE rowid = ?").pluck();
        this.reserve(head.n);
        for (const id of fresh) this.append(Number(id), floats(one.get(BigInt(id)) as Buffer));
        return;
      }
    }
    this.size = 0;
    this.maxId = 0;
    if (this.readChunks && this.loadChunks()) return;
    for (const [rowid, blob] of this.db.prepare("SELECT rowid, embedding FROM memory_vec").raw().iterate() as Iterable<
      [number, Buffer]
    >) {
      this.reserve(this.size + 1);
      this.append(Number(rowid), floats(blob));
    }
  }

  /** Full load from the chunk tables; false (and nothing trusted) when the layout is not the one known. */
  private loadChunks(): boolean {
    try {
      const major = this.db
        .prepare("SELECT value FROM memory_vec_info WHERE key = 'CREATE_VERSION_MAJOR'")
        .pluck()
        .get();
      const minor = this.db
        .prepare("SELECT value FROM memory_vec_info WHERE key = 'CREATE_VERSION_MINOR'")
        .pluck()
        .get();
      if (Number(major) !== 0 || Number(minor) !== 1) return false;
      // In rowid order (the primary key, no sort); rows are appended chunk by chunk, so this is usually chunk order.
      const rows = this.db.prepare("SELECT rowid, chunk_id, chunk_offset FROM memory_vec_rowids").raw().all() as Array<
        [number, number, number]
      >;
      if (rows.some((r, i) => i > 0 && r[1] < rows[i - 1][1])) rows.sort((a, b) => a[1] - b[1] || a[2] - b[2]);
      const chunkOf = this.db.prepare("SELECT vectors FROM memory_vec_vector_chunks00 WHERE rowid = ?").pluck();
      this.reserve(rows.length);
      const dim = this.dim;
      for (let start = 0; start < rows.length; ) {
        const chunkId = rows[start][1];
        let end = start;
        while (end < rows.length && rows[end][1] === chunkId) end++;
        const blob = chunkOf.get(chunkId) as Buffer | undefined;
        const at = Int32Array.from({ length: end - start }, (_, k) => rows[start + k][2] * dim);
        if (!blob || blob.byteLength < (Math.max(...at) + dim) * 4) return false;
        const chunk = floats(blob);
        for (let j = 0; j < dim; j++) {
          const column = this.columns[j];
          for (let k = 0; k < at.length; k++) column[start + k] = chunk[at[k] + j];
        }
        for (let r = start; r < end; r++) this.ids[r] = rows[r][0];
        start = end;
      }
      // Only now is the copy trusted: a failure above leaves size 0 for the row-by-row load.
      this.size = rows.length;
      this.maxId = rows.reduce((m, r) => Math.max(m, r[0]), 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Room for `n` rows, doubling. */
  private reserve(n: number): void {
    if (n <= this.ids.length) return;
    let capacity = this.ids.length;
    while (capacity < n) capacity *= 2;
    const ids = new Float64Array(capacity);
    ids.set(this.ids.subarray(0, this.size));
    this.ids = ids;
    this.columns = this.columns.map((c) => {
      const grown = new Float32Array(capacity);
      grown.set(c.subarray(0, this.size));
      return grown;
    });
  }

  private append(id: number, v: Float32Array): void {
    const row = this.size;
    for (let j = 0; j < this.dim; j++) this.columns[j][row] = v[j];
    this.ids[row] = id;
    this.size++;
    if (id > this.maxId) this.maxId = id;
  }

  /** The cosine of each cached row whose id is among `ids`. */
  cosines(query: Float32Array, ids: readonly number[]): VectorHit[] {
    if (this.rowOf === undefined) {
      this.rowOf = new Map();
      for (let row = 0; row < this.size; row++) this.rowOf.set(this.ids[row], row);
    }
    const out: VectorHit[] = [];
    for (const id of new Set(ids)) {
      const row = this.rowOf.get(id);
      if (row === undefined) continue;
      let dot = 0;
      for (let j = 0; j < this.dim; j++) if (query[j] !== 0) dot += query[j] * this.columns[j][row];
      out.push({ id, cosine: dot });
    }
    return out;
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
