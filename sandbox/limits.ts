// Sliding-window counters behind the per-minute request limits and the hourly usage limits.

export class SlidingWindow {
  private entries: Array<{ at: number; n: number }> = [];
  private head = 0;
  private total = 0;

  constructor(private readonly windowMs: number) {}

  private prune(now: number): void {
    while (this.head < this.entries.length) {
      const e = this.entries[this.head];
      if (!e || e.at > now - this.windowMs) break;
      this.total -= e.n;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  used(now: number): number {
    this.prune(now);
    return this.total;
  }

  /** Milliseconds until `n` more fit under `limit`; 0 when they fit now. */
  waitFor(now: number, n: number, limit: number): number {
    this.prune(now);
    if (this.total + n <= limit) return 0;
    if (n > limit) return this.windowMs;
    let excess = this.total + n - limit;
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i];
      if (!e) break;
      excess -= e.n;
      if (excess <= 0) return Math.max(1, e.at + this.windowMs - now);
    }
    return this.windowMs;
  }

  add(now: number, n: number): void {
    this.entries.push({ at: now, n });
    this.total += n;
  }
}

export const MINUTE = 60000;
export const HOUR = 3600000;
