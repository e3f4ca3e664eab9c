// The script's own JavaScript time moves the virtual clock: Date.now() inside the script, the
// execution limits and the daily trigger runtime see it, and the scriptTime option changes how.
// The time burned is only compared with time measured the way the host measures it: the process's
// processor time (process.cpuUsage()), which a busy loop spends as it runs.
import { HostFailure, SIX_MINUTES, THIRTY_SECONDS } from '../../emulator';
import { makeHost } from './helpers';

const TIME_LIMIT = 'Exceeded maximum execution time';
const TRIGGER_TIME_REFUSED = 'Service using too much computer time for one day';

/** What `burnBetweenCalls` reports: the script's clock advance and the real time it burned. */
interface Burn {
  virtual: number;
  real: number;
}

/** The processor time the host charges, for the script to read, so it can burn a known stretch of it. */
const realNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

describe("the script's own time on the virtual clock", () => {
  it('moves Date.now() inside the script by at least the real time the script burned between two service calls', () => {
    const host = makeHost();
    const r = host.run('burnBetweenCalls', [30, realNow]);
    expect(r.ok).toBe(true);
    const burn = r.value as Burn;
    expect(burn.real).toBeGreaterThanOrEqual(30);
    // Date.now() counts whole milliseconds, so the two reads may lose the fraction of one.
    expect(burn.virtual).toBeGreaterThanOrEqual(burn.real - 1);

    // Everything that moved the clock in the execution is a service call's cost or the script's time.
    const report = r.execution.calls.report();
    expect(report.measuredScriptMs).toBeGreaterThanOrEqual(burn.real);
    expect(report.scriptMs).toBeCloseTo(report.measuredScriptMs, 6);
    expect(r.elapsedMs).toBeCloseTo(report.servicesMs + report.scriptMs, 2);
    expect(r.elapsedMs).toBeGreaterThan(report.servicesMs + burn.real - 1);
  });

  it('counts loading the bundle: a function that calls no service still takes time', () => {
    const r = makeHost().run('echo', ['x']);
    expect(r.calls).toEqual({});
    expect(r.elapsedMs).toBeGreaterThan(0);
    expect(r.elapsedMs).toBeCloseTo(r.execution.calls.report().scriptMs, 2);
  });

  it('cuts an execution off at its next service call once the script has burned past 6 minutes', () => {
    // Script time is made 10,000 times dearer once the first write is done, so that the burn
    // reaches 7 minutes of virtual time in a few real milliseconds.
    let factor = 1;
    const host = makeHost({ scriptTime: (ms) => ms * factor });
    const r = host.run('burnThenWrite', [SIX_MINUTES + 60000, () => (factor = 10000)], { kind: 'menu' });
    expect(r.timedOut).toBe(true);
    expect(r.ok).toBe(false);
    expect(r.error).toEqual({ name: 'Exception', message: TIME_LIMIT });
    // The write before the burn happened; the one after it was refused.
    expect(host.scriptProperties()).toEqual({ before: 'written' });
    expect(r.elapsedMs).toBeGreaterThan(SIX_MINUTES);
    expect(r.execution.calls.report().scriptMs).toBeGreaterThan(SIX_MINUTES);
  });

  it('cuts a custom function off at 30 seconds of its own time, even with no service call after the burn', () => {
    // Script time 1,000 times dearer: 40 s of virtual time in about 40 real milliseconds.
    const host = makeHost({ scriptTime: (ms) => ms * 1000 });
    const res = host.runCustomFunction('BURN_BY_CLOCK', [40000, 2e6]);
    expect(res.timedOut).toBe(true);
    expect(res.cell).toBe('#ERROR!');
    expect(res.error).toBe(TIME_LIMIT);
    expect(res.result.calls).toEqual({});
    expect(res.result.elapsedMs).toBeGreaterThan(THIRTY_SECONDS);
  });

  it('spends the daily trigger runtime with triggers that only burn their own time', () => {
    // A quota of a quarter of a second; each run burns a tenth of one and calls no service.
    const host = makeHost({ quotas: { triggerRuntimeMs: 250 } });
    host.run('schedule', ['hours', 1, 'burnTenthOfASecond']);
    const runs = [];
    let r = host.fireNextTrigger();
    while (r?.ok && runs.length < 10) {
      // Each run's own clock saw its tenth of a second pass, with no service call to move it.
      expect(r.calls).toEqual({});
      expect((r.value as { virtual: number }).virtual).toBeGreaterThanOrEqual(100);
      // Date.now() counts whole milliseconds: 100 of them read as passed means more than 99 did.
      expect(r.elapsedMs).toBeGreaterThan(99);
      runs.push(r);
      r = host.fireNextTrigger();
    }
    expect(r?.error?.message).toBe(TRIGGER_TIME_REFUSED);
    expect(runs.length).toBeGreaterThan(0);
    // The refusal came when the day's total first reached the quota.
    const total = runs.reduce((sum, run) => sum + run.elapsedMs, 0);
    expect(host.quotaUse().triggerRuntimeMs).toBeCloseTo(total, 2);
    expect(total).toBeGreaterThanOrEqual(250);
    expect(total - runs.at(-1)!.elapsedMs).toBeLessThan(250);
  });
});

describe('the scriptTime option', () => {
  it("'none' keeps the clock still while the script burns, and still measures the time", () => {
    const host = makeHost({ scriptTime: 'none' });
    host.resetStats();
    const r = host.run('burnBetweenCalls', [30, realNow]);
    const burn = r.value as Burn;
    expect(burn.real).toBeGreaterThanOrEqual(30);
    expect(burn.virtual).toBe(0);
    const report = host.costReport();
    expect(report.scriptMs).toBe(0);
    expect(report.measuredScriptMs).toBeGreaterThanOrEqual(burn.real);
    expect(r.elapsedMs).toBeCloseTo(report.servicesMs, 6);
    expect(host.run('echo', ['x']).elapsedMs).toBe(0);
  });

  it('a function charges what it returns for each measured stretch', () => {
    const seen: number[] = [];
    const host = makeHost({
      scriptTime: (ms) => {
        seen.push(ms);
        return 2 * ms;
      },
    });
    host.resetStats();
    const r = host.run('burnBetweenCalls', [10, realNow]);
    const report = host.costReport();
    expect(seen.length).toBeGreaterThan(1);
    expect(report.measuredScriptMs).toBeCloseTo(
      seen.reduce((a, b) => a + b, 0),
      6,
    );
    expect(report.scriptMs).toBeCloseTo(2 * report.measuredScriptMs, 6);
    expect((r.value as Burn).virtual).toBeGreaterThanOrEqual(2 * (r.value as Burn).real - 1);
    expect(report.totalMs).toBeCloseTo(report.servicesMs + report.scriptMs, 6);
  });

  it('fails the run when a function charges a negative or non-finite time', () => {
    for (const charge of [-1, NaN, Infinity]) {
      const host = makeHost({ scriptTime: () => charge });
      expect(() => host.run('echo', ['x'])).toThrow(HostFailure);
    }
  });
});
