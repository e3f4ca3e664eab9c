// Counts of service calls by `Service.Class.method`, with the estimated time each name cost, and the
// script's own time between them.

export interface CallTally {
  count: number;
  ms: number;
}

export interface CostReport {
  totalMs: number;
  servicesMs: number;
  scriptMs: number;
  measuredScriptMs: number;
  calls: number;
  byCall: Record<string, CallTally>;
}

export class CallStats {
  private tallies = new Map<string, CallTally>();
  /** The script's own JavaScript time (loading and between service calls) as charged to the virtual clock. */
  private scriptMs = 0;
  /** The same time as measured on this machine, whatever the host's script-time model charged for it. */
  private measuredScriptMs = 0;

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

  /** Time the script's own code ran (not a service call): as measured, and as charged to the clock. */
  addScriptTime(measuredMs: number, chargedMs: number): void {
    if (measuredMs > 0) this.measuredScriptMs += measuredMs;
    if (chargedMs > 0) this.scriptMs += chargedMs;
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, v] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b))) out[k] = v.count;
    return out;
  }

  /**
   * `servicesMs` is the cost model's estimate of the service calls (time spent inside them
   * included); `scriptMs` the script's own JavaScript time as charged to the virtual clock (as
   * measured on this machine, unless the host's `scriptTime` model says otherwise);
   * `measuredScriptMs` that time as measured; `totalMs` services and charged script time: the
   * executions' virtual time, summed.
   */
  report(): CostReport {
    const byCall: Record<string, CallTally> = {};
    let servicesMs = 0;
    let calls = 0;
    for (const [k, v] of [...this.tallies].sort(([a], [b]) => a.localeCompare(b))) {
      byCall[k] = { ...v };
      servicesMs += v.ms;
      calls += v.count;
    }
    return {
      totalMs: servicesMs + this.scriptMs,
      servicesMs,
      scriptMs: this.scriptMs,
      measuredScriptMs: this.measuredScriptMs,
      calls,
      byCall,
    };
  }

  reset(): void {
    this.tallies.clear();
    this.scriptMs = 0;
    this.measuredScriptMs = 0;
  }
}
