// Deliberate failures for testing clients: a reproducible share of requests answer 429 or 500,
// lose their connection, or arrive late. A failed request is decided before any work is done.
import { Rng } from './hash';
import type { FaultOptions } from './options';

/** How long a slow answer waits when no --slow-ms is given. */
export const DEFAULT_SLOW_MS = 3000;

export type Fault = { kind: 'none' } | { kind: 'rate429' } | { kind: 'rate500' } | { kind: 'drop' } | { kind: 'slow'; delayMs: number };

export class FaultInjector {
  private options: FaultOptions = {};
  private rng = new Rng(0, 'faults');

  constructor(options?: FaultOptions) {
    this.set(options);
  }

  set(options: FaultOptions | undefined): void {
    this.options = { ...(options ?? {}) };
    for (const k of ['rate429', 'rate500', 'slowRate', 'dropRate'] as const) {
      const v = this.options[k];
      if (v !== undefined && !(v >= 0 && v <= 1)) throw new RangeError(`faults.${k} must be between 0 and 1`);
    }
    this.rng = new Rng(this.options.seed ?? 0, 'faults');
  }

  get current(): FaultOptions {
    return { ...this.options };
  }

  draw(): Fault {
    const o = this.options;
    const u = this.rng.next();
    const slow = this.rng.next();
    let edge = o.dropRate ?? 0;
    if (u < edge) return { kind: 'drop' };
    edge += o.rate500 ?? 0;
    if (u < edge) return { kind: 'rate500' };
    edge += o.rate429 ?? 0;
    if (u < edge) return { kind: 'rate429' };
    if (slow < (o.slowRate ?? 0)) return { kind: 'slow', delayMs: o.slowMs ?? DEFAULT_SLOW_MS };
    return { kind: 'none' };
  }
}
