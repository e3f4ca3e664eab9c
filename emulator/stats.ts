// Counts of service calls by `Service.Class.method`, with the estimated time each name cost.

export interface CallTally {
  count: number;
  ms: number;
}

export class CallStats {
  private tallies = new Map<string, CallTally>();
  /** The script's own JavaScript time between service calls (real time, measured). */
  private scriptMs = 0;

  record(name: string, ms: number): void {
    const t = this.tallies.get(name) ?? { count: 0, ms: 0 };
    t.count += 1;
    t.ms += ms;
    this.tallies.set(name, t);
  }

  /** Adds time to the latest tally of `name` (network time known only after the call). */
  addTime(name: string, ms: number): void {
    // The time is spent inside the call, before the call itself is counted: on the first call
    // of a name since a reset, the tally starts here.
    const t = this.tallies.get(name) ?? { count: 0, ms: 0 };
    t.ms += ms;
    this.tallies.set(name, t);
  }

  /** Time the script's own code ran (not a service call). */
  addScriptTime(ms: number): void {
    if (ms > 0) this.scriptMs += ms;
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, v] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b))) out[k] = v.count;
    return out;
  }

  /**
   * `servicesMs` is the cost model's estimate of the service calls; `scriptMs` the script's own
   * JavaScript time as measured on this machine; `totalMs` both.
   */
  report(): { totalMs: number; servicesMs: number; scriptMs: number; calls: number; byCall: Record<string, CallTally> } {
    const byCall: Record<string, CallTally> = {};
    let servicesMs = 0;
    let calls = 0;
    for (const [k, v] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b))) {
      byCall[k] = { ...v };
      servicesMs += v.ms;
      calls += v.count;
    }
    return { totalMs: servicesMs + this.scriptMs, servicesMs, scriptMs: this.scriptMs, calls, byCall };
  }

  reset(): void {
    this.tallies.clear();
    this.scriptMs = 0;
  }
}
