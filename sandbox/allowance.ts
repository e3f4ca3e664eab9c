// The slots of one hourly usage limit that an account's items hold as they finish (see
// pacing.ts for how batches are scheduled against them).
import { HOUR } from './limits';

/**
 * The slots of one kind: a min-heap of the moments held slots come free. Slots never held (or
 * free for good) are only counted, so the heap holds at most one entry per item of the last hour.
 */
export class Allowance {
  private readonly heap: number[] = [];
  private unused: number;

  constructor(readonly limit: number) {
    this.unused = limit;
  }

  /** The earliest moment one more item may finish. */
  earliest(): number {
    return this.unused > 0 ? -Infinity : (this.heap[0] ?? -Infinity);
  }

  /** Holds the slot that comes free first for an item finishing at `at` (never before `earliest()`). */
  take(at: number): void {
    if (this.unused > 0) {
      this.unused--;
      this.push(at + HOUR);
    } else {
      this.heap[0] = at + HOUR;
      this.down(0);
    }
  }

  /** Counts as unused the slots free by `now`; valid because nothing is placed before `now` any more. */
  release(now: number): void {
    while (this.heap.length > 0 && (this.heap[0] ?? Infinity) <= now) {
      const last = this.heap.pop()!;
      if (this.heap.length > 0) {
        this.heap[0] = last;
        this.down(0);
      }
      this.unused++;
    }
  }

  private push(v: number): void {
    const h = this.heap;
    let i = h.length;
    h.push(v);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]! <= v) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = v;
  }

  private down(i: number): void {
    const h = this.heap;
    const v = h[i]!;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= h.length) break;
      if (c + 1 < h.length && h[c + 1]! < h[c]!) c++;
      if (h[c]! >= v) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = v;
  }
}
