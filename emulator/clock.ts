// The virtual clock every execution reads: `Date.now()` inside the script, trigger schedules,
// cache expiry and execution deadlines all use it, so tests never wait for real time.

export class VirtualClock {
  private current: number;

  constructor(start: Date | number = Date.UTC(2025, 0, 6, 9, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError(`cannot move the clock by ${ms} ms`);
    this.current += ms;
    return this.current;
  }

  /** Moves forward to `time`; a time in the past leaves the clock where it is (time never runs backwards). */
  advanceTo(time: number): number {
    if (time > this.current) this.current = time;
    return this.current;
  }
}
