// Counts of service calls by `Service.Class.method`, with the estimated time each name cost.

export interface CallTally {
  count: number;
  ms: number;
}

export class CallStats {
  private tallies = new Map<string, CallTally>();

  record(name: string, ms: number): void {
    const t = this.tallies.get(name) ?? { count: 0, ms: 0 };
    t.count += 1;
    t.ms += ms;
    this.tallies.set(name, t);
  }

  /** Adds time to the latest tally of `name` (network time known only after the call). */
  addTime(name: string, ms: number): void {
    const t = this.tallies.get(name);
    if (t) t.ms += ms;
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, v] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b))) out[k] = v.count;
    return out;
  }

  report(): { totalMs: number; calls: number; byCall: Record<string, CallTally> } {
    const byCall: Record<string, CallTally> = {};
    let totalMs = 0;
    let calls = 0;
    for (const [k, v] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b))) {
      byCall[k] = { ...v };
      totalMs += v.ms;
      calls += v.count;
    }
    return { totalMs, calls, byCall };
  }

  reset(): void {
    this.tallies.clear();
  }
}
