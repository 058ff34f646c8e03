/** A bounded collection of the best k items (binary heap with the worst on top): memory O(k) however many match. */
export class TopK<T> {
  private readonly heap: T[] = [];

  /** `better(a, b)` is negative when a ranks before b. */
  constructor(
    readonly k: number,
    private readonly better: (a: T, b: T) => number,
  ) {}

  get size(): number {
    return this.heap.length;
  }

  get full(): boolean {
    return this.heap.length >= this.k;
  }

  push(item: T): void {
    if (this.k <= 0) return;
    const h = this.heap;
    if (h.length < this.k) {
      h.push(item);
      this.up(h.length - 1);
    } else if (this.better(item, h[0]) < 0) {
      h[0] = item;
      this.down(0);
    }
  }

  /** Would `item` enter the collection? Lets callers skip building an item that would be dropped. */
  admits(probe: (worst: T) => boolean): boolean {
    return this.heap.length < this.k || probe(this.heap[0]);
  }

  /** Items best first. */
  sorted(): T[] {
    return [...this.heap].sort(this.better);
  }

  // The root holds the worst item: a parent is never better than its children.
  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.better(h[p], h[i]) >= 0) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.better(h[l], h[worst]) > 0) worst = l;
      if (r < h.length && this.better(h[r], h[worst]) > 0) worst = r;
      if (worst === i) return;
      [h[worst], h[i]] = [h[i], h[worst]];
      i = worst;
    }
  }
}
