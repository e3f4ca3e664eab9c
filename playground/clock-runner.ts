// The host's clock against real time: at 1×, 60× or 600× it moves on by the real time passed
// times the speed and fires every trigger that comes due on the way; 'skip' jumps from trigger to
// trigger, and ends with the work it skipped for; 0 stands still. A tick fires triggers for a
// bounded stretch of real time, so the page sees progress between them, and carries the virtual
// time it did not reach to the next tick.
import type { AppsScriptHost, ExecutionResult } from '../emulator';
import type { Speed } from './protocol';

/** Real milliseconds a tick goes on firing triggers before it lets the page see the state. */
export const TICK_BUDGET_MS = 100;

/** What the runner needs of the host: its clock and its triggers. */
export type TriggerHost = Pick<AppsScriptHost, 'clock' | 'fireNextTrigger'> & {
  triggers: { nextDue(): { dueAt?: number } | undefined };
};

/** A trigger this far off after a run that did nothing is a beat waiting for work, not a job waiting on the service. */
const FAR_MS = 30 * 60_000;
/** Service calls that change the spreadsheet or send something: a run making none of them did no work the person sees. */
const WORK = /^(SpreadsheetApp\..*\.(set|clear|insert|delete|append|sort)|MailApp\.|GmailApp\.)/;

/**
 * Whether skipping ends after this run: it changed nothing the person sees, and the next trigger
 * is half an hour or more away. A job waiting on the service comes back within minutes; an hourly beat
 * that found nothing to do (automation with no new rows) would, skipped, leap the clock by days.
 */
function idle(result: ExecutionResult, now: number, nextAt: number | undefined): boolean {
  return !Object.keys(result.calls ?? {}).some((name) => WORK.test(name)) && (nextAt ?? Infinity) - now >= FAR_MS;
}

export class ClockRunner {
  speed: Speed = 1;
  /** The speed before 'skip', back once the waits are skipped. */
  private resume: Exclude<Speed, 'skip'> = 1;
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
    if (speed === 'skip' && this.speed !== 'skip') this.resume = this.speed;
    this.speed = speed;
    this.lastReal = realNow;
  }

  /**
   * A command of the page (a menu item, a sidebar's call, an edit) was waiting or running for `ms`
   * of real time, a dialog's wait for the person included: the clock stands still meanwhile, and
   * goes on from where it stood instead of leaping ahead by the wait times the speed. The command's
   * executions charge their own time to the host's clock; its real time, a second on a busy machine,
   * is ten minutes of the host's at 600×, and a sidebar polling every few minutes of the host's time
   * would, counted, see its polls come the slower the busier the machine, as none does in Sheets.
   * Time held past the last tick is dropped there: the clock never goes back.
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
    if (this.speed === 'skip') return this.skip(realNow, deadline);
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

  /**
   * Fires trigger after trigger within the tick's budget. Skipping ends (the speed chosen before
   * comes back) once no trigger is left or a run finds nothing to do, so the clock never runs on
   * ahead of the jobs; true when anything fired or the speed changed.
   */
  private skip(realNow: number, deadline: number): boolean {
    let any = false;
    while (this.realClock() < deadline) {
      const result = this.host.fireNextTrigger();
      if (result) {
        this.fired(result);
        any = true;
      }
      if (!result || idle(result, this.host.clock.now(), this.host.triggers.nextDue()?.dueAt)) {
        this.setSpeed(this.resume, realNow);
        return true;
      }
    }
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
