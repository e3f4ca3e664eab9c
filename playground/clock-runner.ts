// The host's clock against real time: at 1×, 60× or 600× it moves on by the real time passed
// times the speed and fires every trigger that comes due on the way; 'skip' jumps from trigger to
// trigger; 0 stands still. A tick fires triggers for a bounded stretch of real time, so the page
// sees progress between them, and carries the virtual time it did not reach to the next tick.
import type { AppsScriptHost, ExecutionResult } from '../emulator';
import type { Speed } from './protocol';

/** Real milliseconds a tick goes on firing triggers before it lets the page see the state. */
export const TICK_BUDGET_MS = 100;

/** What the runner needs of the host: its clock and its triggers. */
export type TriggerHost = Pick<AppsScriptHost, 'clock' | 'fireNextTrigger'>;

export class ClockRunner {
  speed: Speed = 1;
  private lastReal: number;

  /** `realClock` reads real time during a tick (the time triggers take); `realNow` arguments say when a tick began. */
  constructor(
    private readonly host: TriggerHost,
    realNow: number,
    private readonly fired: (result: ExecutionResult) => void,
    private readonly realClock: () => number = Date.now,
  ) {
    this.lastReal = realNow;
  }

  setSpeed(speed: Speed, realNow: number): void {
    this.speed = speed;
    this.lastReal = realNow;
  }

  /**
   * The host's thread waited `ms` of real time for the person (a dialog open): no trigger could
   * fire meanwhile, so that time is not owed to the clock, which goes on from where it stood
   * instead of leaping ahead by the wait times the speed.
   */
  held(ms: number): void {
    this.lastReal += Math.max(0, ms);
  }

  /** Moves the clock for the real time passed; true when it fired a trigger. */
  tick(realNow: number): boolean {
    const passed = Math.max(0, realNow - this.lastReal);
    this.lastReal = realNow;
    if (this.speed === 0) return false;
    const deadline = realNow + TICK_BUDGET_MS;
    if (this.speed === 'skip') {
      let any = false;
      while (this.realClock() < deadline && this.fireNext()) any = true;
      return any;
    }
    // Every trigger due by the target fires in this tick, as many as the budget allows: one per
    // tick held the clock to one trigger's gap per tick when triggers came closer than a tick's span.
    const target = this.host.clock.now() + passed * this.speed;
    let any = false;
    for (;;) {
      if (any && this.realClock() >= deadline) {
        // Out of budget: the time left to the target is carried, so triggers do not slow the clock.
        const left = Math.max(0, target - this.host.clock.now());
        this.lastReal = realNow - left / this.speed;
        return true;
      }
      const result = this.host.fireNextTrigger(target);
      if (!result) break;
      this.fired(result);
      any = true;
    }
    this.host.clock.advanceTo(target);
    return any;
  }

  /** Jumps to the next trigger and fires it; false when none is set. */
  fireNext(): boolean {
    const result = this.host.fireNextTrigger();
    if (!result) return false;
    this.fired(result);
    return true;
  }
}
