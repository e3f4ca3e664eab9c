// The page's clock runner against a fake host whose triggers come due every few virtual seconds and
// whose executions take virtual and real time: at 600× the clock keeps to 600 times the real time
// passed, triggers included, and a tick stops firing once its real-time budget is spent; skipping
// the waits ends with the work, back at the speed chosen before.
import { VirtualClock, type ExecutionResult } from '../../emulator';
import { ClockRunner, TICK_BUDGET_MS, type TriggerHost } from '../../playground/clock-runner';
import type { Speed } from '../../playground/protocol';

const START = Date.UTC(2026, 10, 2, 9);

/**
 * A host with a trigger every `everyMs` virtual ms from START (until `until`), each execution
 * taking `runMs` of virtual time and `realMs` of the fake real clock, and writing to the sheet
 * unless `idle`.
 */
function fakeHost(o: { everyMs: number; runMs: number; realMs: number; until?: number; idle?: boolean }) {
  const clock = new VirtualClock(START);
  const real = { now: 0 };
  let due: number | undefined = START + o.everyMs;
  const firedAt: number[] = [];
  const host: TriggerHost = {
    clock,
    triggers: { nextDue: () => (due === undefined ? undefined : { dueAt: due }) },
    fireNextTrigger(until = Infinity) {
      if (due === undefined || due > until) return undefined;
      clock.advanceTo(due);
      firedAt.push(clock.now());
      clock.advance(o.runMs);
      real.now += o.realMs;
      // The handler sets its next trigger, as a job's continuation does.
      due = o.until === undefined || due + o.everyMs <= o.until ? due + o.everyMs : undefined;
      const calls = o.idle ? { 'SpreadsheetApp.Range.getValues': 1 } : { 'SpreadsheetApp.Range.setValues': 1 };
      return { ok: true, calls } as unknown as ExecutionResult & { trigger: never };
    },
  };
  return { host, clock, real, firedAt };
}

/** A runner on `host` at `speed` from real time 0, reading the fake real clock during its ticks. */
function runnerAt(host: TriggerHost, real: { now: number }, speed: Speed): ClockRunner {
  const fired = () => {};
  const runner = new ClockRunner(host, 0, fired, () => real.now);
  runner.setSpeed(speed, 0);
  return runner;
}

/**
 * Ticks `ticks` times, every `tickMs` of real time as a timer does: a tick that took longer (the
 * triggers' work moves the fake real clock) is followed at once by the next.
 */
function run(runner: ClockRunner, real: { now: number }, ticks: number, tickMs = 100): void {
  let start = 0;
  for (let i = 0; i < ticks; i++) {
    start = real.now = Math.max(real.now, start + tickMs);
    runner.tick(real.now);
  }
}

describe('the clock runner', () => {
  it('keeps to 600× while triggers due closer than a tick apart run', () => {
    // A trigger every 10 virtual seconds: six come due in each 100 ms tick at 600×.
    const { host, clock, real, firedAt } = fakeHost({ everyMs: 10_000, runMs: 2_000, realMs: 1 });
    const runner = runnerAt(host, real, 600);
    run(runner, real, 100);
    // 10 real seconds are 100 virtual minutes; the last trigger, due then, ran 2 s past.
    expect(clock.now() - START).toBe(600 * 10_000 + 2_000);
    // Every trigger due by then fired, each at its time.
    expect(firedAt).toHaveLength(600);
    expect(firedAt.every((t, i) => t === START + (i + 1) * 10_000)).toBe(true);
  });

  it('ends a tick once its real-time budget is spent and makes up the time it owes', () => {
    // Each execution takes 10 ms of real time; a tick a second late owes 60 triggers.
    const { host, clock, real, firedAt } = fakeHost({ everyMs: 10_000, runMs: 0, realMs: 10 });
    const runner = runnerAt(host, real, 600);
    real.now = 1000;
    expect(runner.tick(real.now)).toBe(true);
    expect(firedAt).toHaveLength(TICK_BUDGET_MS / 10);
    // It stopped short of its target (600 virtual seconds on), at the last trigger it fired.
    expect(clock.now()).toBe(firedAt[firedAt.length - 1]);
    // The next ticks carry what it owed and catch up: the clock keeps to 600 times the real time
    // passed (the triggers' own real time included), short of at most the last tick's work.
    run(runner, real, 100);
    expect(clock.now() - START).toBeGreaterThanOrEqual(600 * (real.now - TICK_BUDGET_MS));
  });

  it('moves to the target when no trigger is due, and stands still when paused', () => {
    const { host, clock, real, firedAt } = fakeHost({ everyMs: 30_000, runMs: 2_000, realMs: 1, until: START + 30_000 });
    const runner = runnerAt(host, real, 600);
    real.now = 100;
    runner.tick(real.now);
    // The one trigger fired at +30 s and the clock went on to the tick's target, +60 s.
    expect(firedAt).toEqual([START + 30_000]);
    expect(clock.now()).toBe(START + 60_000);
    runner.setSpeed(0, real.now);
    run(runner, real, 10);
    expect(clock.now()).toBe(START + 60_000);
  });

  it('skips the waits: fires the next triggers whenever they are due, within the budget', () => {
    const { host, clock, real, firedAt } = fakeHost({ everyMs: 3_600_000, runMs: 1_000, realMs: 20 });
    const runner = runnerAt(host, real, 'skip');
    real.now = 100;
    expect(runner.tick(real.now)).toBe(true);
    expect(firedAt).toEqual([1, 2, 3, 4, 5].map((h) => START + h * 3_600_000));
    expect(clock.now()).toBe(START + 5 * 3_600_000 + 1_000);
  });

  it('ends skipping once no trigger is left, back at the speed chosen before', () => {
    const { host, clock, real, firedAt } = fakeHost({ everyMs: 3_600_000, runMs: 1_000, realMs: 1, until: START + 3 * 3_600_000 });
    const runner = runnerAt(host, real, 0);
    runner.setSpeed('skip', 0);
    real.now = 100;
    expect(runner.tick(real.now)).toBe(true);
    expect(firedAt).toHaveLength(3);
    expect(runner.speed).toBe(0);
    const ended = clock.now();
    run(runner, real, 10);
    expect(clock.now()).toBe(ended);
  });

  it('ends skipping after a run that did nothing with the next trigger an hour away, not while a job polls', () => {
    // An hourly beat with nothing to do (automation with no new rows): one fires, then 600× again.
    const beat = fakeHost({ everyMs: 3_600_000, runMs: 1_000, realMs: 1, idle: true });
    const runner = runnerAt(beat.host, beat.real, 600);
    runner.setSpeed('skip', 0);
    beat.real.now = 100;
    runner.tick(beat.real.now);
    expect(beat.firedAt).toEqual([START + 3_600_000]);
    expect(runner.speed).toBe(600);
    // A job polling the service every minute, nothing written yet: the skipping goes on to its end.
    const poll = fakeHost({ everyMs: 60_000, runMs: 1_000, realMs: 1, idle: true, until: START + 30 * 60_000 });
    const polling = runnerAt(poll.host, poll.real, 'skip');
    poll.real.now = 100;
    polling.tick(poll.real.now);
    expect(poll.firedAt).toHaveLength(30);
    expect(polling.speed).toBe(1);
  });

  it('goes on from where it stood after a dialog held the thread, not ahead by the time it waited', () => {
    const { host, clock, real } = fakeHost({ everyMs: 3_600_000, runMs: 1_000, realMs: 1 });
    const runner = runnerAt(host, real, 600);
    real.now = 100;
    runner.tick(real.now);
    expect(clock.now()).toBe(START + 60_000);
    // A confirm stays open 20 real seconds: the thread is held, no tick runs.
    real.now += 20_000;
    runner.held(20_000);
    real.now += 100;
    runner.tick(real.now);
    // One tick's 100 ms at 600× on, not 20 s at 600× (200 minutes).
    expect(clock.now()).toBe(START + 120_000);
  });
});
