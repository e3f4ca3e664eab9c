// The host's clock against real time: at 1×, 60× or 600× it moves on by the real time passed
// times the speed and fires the triggers that come due; 'skip' jumps from trigger to trigger; 0
// stands still. One trigger per tick, so the page sees each step.
import type { AppsScriptHost, ExecutionResult } from '../emulator';
import type { Speed } from './protocol';

export class ClockRunner {
  speed: Speed = 1;
  private lastReal: number;

  constructor(
    private readonly host: AppsScriptHost,
    realNow: number,
    private readonly fired: (result: ExecutionResult) => void,
  ) {
    this.lastReal = realNow;
  }

  setSpeed(speed: Speed, realNow: number): void {
    this.speed = speed;
    this.lastReal = realNow;
  }

  /** Moves the clock for the real time passed; true when it fired a trigger. */
  tick(realNow: number): boolean {
    const passed = Math.max(0, realNow - this.lastReal);
    this.lastReal = realNow;
    if (this.speed === 0) return false;
    if (this.speed === 'skip') return this.fireNext();
    const target = this.host.clock.now() + passed * this.speed;
    const result = this.host.fireNextTrigger(target);
    if (result) {
      this.fired(result);
      // The time left to the target is carried to the next tick, so triggers do not slow the clock.
      const left = Math.max(0, target - this.host.clock.now());
      this.lastReal = realNow - left / this.speed;
      return true;
    }
    this.host.clock.advanceTo(target);
    return false;
  }

  /** Jumps to the next trigger and fires it; false when none is set. */
  fireNext(): boolean {
    const result = this.host.fireNextTrigger();
    if (!result) return false;
    this.fired(result);
    return true;
  }
}
