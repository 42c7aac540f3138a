/**
 * The best `capacity` rows of a stream in ORDER BY order, in a bounded binary heap: memory is
 * the capacity (OFFSET + the rows wanted, bounded by the settings), never the stream's length,
 * and each row costs O(log capacity). Ties keep arrival order, as a stable sort does.
 *
 * With identities (DISTINCT), a row equal to one held is held once, with the better of the two
 * keys. When ORDER BY reads only selected items, equal rows have equal keys and this is exactly
 * DISTINCT then sort; when it reads an unselected property, a distinct row ranks by the best key
 * any of its bindings gave it. Either way a row that left the heap could only come back with a
 * better key, so deduplicating within the heap is exact.
 */
interface Entry<T> {
  item: T;
  /** Arrival order: the tie-break. */
  seq: number;
  identity: string | undefined;
  /** Position in the heap array. */
  at: number;
}

export class TopRows<T> {
  /** A max-heap: the root is the worst row held, the first to go. */
  private readonly heap: Array<Entry<T>> = [];
  private readonly byIdentity = new Map<string, Entry<T>>();
  private seq = 0;

  constructor(
    private readonly capacity: number,
    private readonly compare: (a: T, b: T) => number
  ) {}

  /** Offers a row; `identity` makes equal rows one (DISTINCT). */
  offer(item: T, identity?: string): void {
    if (this.capacity <= 0) return;
    const seq = this.seq++;
    if (identity !== undefined) {
      const held = this.byIdentity.get(identity);
      if (held) {
        if (this.compare(item, held.item) < 0) {
          // A better key for the same row: it moves away from the root.
          held.item = item;
          this.down(held.at);
        }
        return;
      }
    }
    const entry: Entry<T> = { item, seq, identity, at: -1 };
    if (this.heap.length < this.capacity) {
      entry.at = this.heap.length;
      this.heap.push(entry);
      this.up(entry.at);
    } else {
      const worst = this.heap[0];
      if (this.order(entry, worst) >= 0) return;
      if (worst.identity !== undefined) this.byIdentity.delete(worst.identity);
      entry.at = 0;
      this.heap[0] = entry;
      this.down(0);
    }
    if (identity !== undefined) this.byIdentity.set(identity, entry);
  }

  /** The rows held, best first. */
  sorted(): T[] {
    return [...this.heap].sort((a, b) => this.order(a, b)).map((e) => e.item);
  }

  get size(): number {
    return this.heap.length;
  }

  private order(a: Entry<T>, b: Entry<T>): number {
    return this.compare(a.item, b.item) || a.seq - b.seq;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.order(this.heap[i], this.heap[parent]) <= 0) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < this.heap.length && this.order(this.heap[left], this.heap[largest]) > 0)
        largest = left;
      if (right < this.heap.length && this.order(this.heap[right], this.heap[largest]) > 0)
        largest = right;
      if (largest === i) return;
      this.swap(i, largest);
      i = largest;
    }
  }

  private swap(i: number, j: number): void {
    const a = this.heap[i];
    const b = this.heap[j];
    this.heap[i] = b;
    this.heap[j] = a;
    b.at = i;
    a.at = j;
  }
}
