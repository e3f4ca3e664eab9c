// Jobs finish with nobody watching when Apps Script refuses short one-shots made from time-driven
// runs (the host's 'refused' policy, since Google does not say): background runs chain an hourly
// trigger instead, within the one-trigger-per-document rule, and every row ends.
import { GasError } from '../../emulator';
import { addonWorld, column, connect, runTriggers, type World } from '../support/addon-world';

const KEY = 'hourly-key-0001';
const HOUR = 3600000;
const FINAL = ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'];

function emailWorld(rows: number, service: { processingRate?: number } = {}): World {
  const w = addonWorld({ accounts: [{ key: KEY, name: 'Hourly', credits: { email: 200000, phone: 0 } }], service });
  w.host.setBackgroundOneShots('refused');
  const data = Array.from({ length: rows }, (_, k) => [`Person ${k}`, `person${k}@company${k % 997}.com`]);
  w.host.sheet().load([['Name', 'Email'], ...data]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:B${rows + 1}`);
  return w;
}

/** Starts email validation from the sidebar, then closes it: only triggers carry the job on. */
function startAndLeave(w: World): number {
  const started = w.host.clock.now();
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  return started;
}

function continuationRecord(w: World): { hourly?: boolean; uid?: string } | undefined {
  const entry = Object.entries(w.host.userProperties()).find(([k]) => k.startsWith('prospecting.trigger.'));
  return entry && (JSON.parse(entry[1]) as { hourly?: boolean; uid?: string });
}

function expectAllEnded(w: World, rows: number): void {
  const results = column(w, 'Email · Result').map(String);
  expect(results.filter((s) => FINAL.includes(s))).toHaveLength(rows);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string }>;
  expect(jobs[0]!.state).toBe('done');
  // No trigger left behind, hourly or not.
  expect(w.host.triggerList()).toEqual([]);
}

describe('under the hourly policy, with the sidebar closed', () => {
  test('10,000 emails end within 2 virtual hours', () => {
    const w = emailWorld(10000);
    const started = startAndLeave(w);
    runTriggers(w, 100);
    expectAllEnded(w, 10000);
    expect((w.host.clock.now() - started) / HOUR).toBeLessThanOrEqual(2);
  });

  test('50,000 emails end within 5 virtual hours, one trigger at a time', () => {
    const w = emailWorld(50000);
    const started = startAndLeave(w);
    let fired = 0;
    let sawHourly = false;
    for (let r = w.host.fireNextTrigger(); r && fired < 200; r = w.host.fireNextTrigger()) {
      fired++;
      expect(r.ok).toBe(true);
      // At most one trigger of the add-on waits in the document at any time.
      expect(w.host.triggerList().filter((t) => !t.spent).length).toBeLessThanOrEqual(1);
      if (continuationRecord(w)?.hourly) sawHourly = true;
    }
    expect(sawHourly).toBe(true);
    // Each background run tries a one-shot first, then the hourly trigger: two tries a run at most.
    const made = w.host.stats()['ScriptApp.ClockTriggerBuilder.create'] ?? 0;
    expect(made).toBeLessThanOrEqual(2 * fired + 2);
    expectAllEnded(w, 50000);
    const hours = (w.host.clock.now() - started) / HOUR;
    console.log(`50,000 emails under the hourly policy: ${fired} trigger runs, ${hours.toFixed(2)} virtual hours`);
    expect(hours).toBeLessThanOrEqual(5);
  });

  test('a sidebar poll while the hourly trigger waits puts a short one-shot back: a user action may make one', () => {
    const w = emailWorld(20000);
    startAndLeave(w);
    // The start's one-shot fires, can chain only an hourly trigger.
    w.host.fireNextTrigger();
    expect(continuationRecord(w)?.hourly).toBe(true);
    const waiting = w.host.triggerList().filter((t) => !t.spent);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.everyMs).toBe(HOUR);
    const poll = w.host.callFromSidebar('pollJobs', []).value as { background: string };
    // The poll found the job due later than the hourly trigger would serve it: it made a short
    // one-shot from the sidebar (a user's action), which Apps Script allows.
    const after = w.host.triggerList().filter((t) => !t.spent);
    expect(after).toHaveLength(1);
    expect(after[0]!.everyMs ?? 0).toBe(0);
    expect(poll.background).toBe('');
  });

  test('a one-shot refused once for another reason costs one hourly step, then one-shots again', () => {
    // A slow service: the job takes several steps.
    const w = emailWorld(20000, { processingRate: 1 });
    // Short one-shots are allowed here: the one refusal is a passing server error.
    w.host.setBackgroundOneShots('allowed');
    startAndLeave(w);
    const registry = w.host.triggers;
    const add = registry.add.bind(registry);
    let failOnce = true;
    registry.add = (t, fromTimeDriven) => {
      if (failOnce && t.everyMs === undefined && fromTimeDriven) {
        failOnce = false;
        throw new GasError("We're sorry, a server error occurred. Please wait a bit and try again.");
      }
      return add(t, fromTimeDriven);
    };
    const waiting: string[] = [];
    for (let r = w.host.fireNextTrigger(); r; r = w.host.fireNextTrigger()) {
      waiting.push(
        w.host
          .triggerList()
          .map((t) => (t.everyMs ? 'hourly' : 'one-shot'))
          .join(',') || 'none',
      );
      if (waiting.length > 100) break;
    }
    expect(waiting[0]).toBe('hourly');
    expect(waiting[1]).toBe('one-shot');
    expect(waiting.filter((k) => k === 'hourly')).toHaveLength(1);
    expectAllEnded(w, 20000);
  });
});
