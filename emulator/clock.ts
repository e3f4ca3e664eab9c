// The virtual clock every execution reads: `Date.now()` inside the script, trigger schedules,
// cache expiry and execution deadlines all use it, so tests never wait for real time. It only
// moves forward, except when the host runs executions that Apps Script would run side by side.

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

  /**
   * Sets the clock back to `time`, for executions that start together (the cells of one
   * recalculation): each runs from the shared start, and the host moves the clock to the latest
   * end afterwards. Nothing else may move time backwards.
   */
  rewindTo(time: number): number {
    if (!(time <= this.current)) throw new RangeError(`cannot rewind the clock forward to ${time}`);
    this.current = time;
    return this.current;
  }
}
