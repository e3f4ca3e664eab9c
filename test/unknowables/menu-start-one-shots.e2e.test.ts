// A 10,000-email job started from the menu and left to its triggers ends with every row answered,
// whether Apps Script lets a menu click make a short one-shot or refuses short one-shots from
// every execution (Google does not say; a public report shows "Clock events must be scheduled
// at least 1 hour(s) apart."). Refused, the job falls back to an hourly trigger.
import type { BackgroundOneShots } from '../../emulator';
import { addonWorld, column, connect, type World } from '../support/addon-world';

const KEY = 'menu-start-key-0001';
const ROWS = 10000;
const HOUR = 3600000;
const FINAL = /^(Deliverable|Risky|Undeliverable|Unknown)/;

function menuStarted(policy: BackgroundOneShots, service: { processingRate?: number } = {}): { w: World; started: number } {
  const w = addonWorld({ accounts: [{ key: KEY, name: 'Menu start', credits: { email: 200000, phone: 0 } }], service });
  w.host.setBackgroundOneShots(policy);
  const data = Array.from({ length: ROWS }, (_, k) => [`Person ${k}`, `person${k}@company${k % 997}.com`]);
  w.host.sheet().load([['Name', 'Email'], ...data]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:B${ROWS + 1}`);
  w.host.ui.answer('YES');
  const started = w.host.clock.now();
  const r = w.host.clickMenu('Validate emails');
  expect(r.error?.message).toBeUndefined();
  return { w, started };
}

describe.each([
  // [policy, virtual hours the job may take]: an hourly trigger's first run is an hour away.
  ['refusedAnywhere', 4],
  ['allowed', 1.5],
] as const)('short one-shots %s: a menu-started job left alone', (policy, hours) => {
  test(`every one of ${ROWS} rows ends with a result within ${hours} virtual hours, and no trigger is left`, () => {
    const { w, started } = menuStarted(policy);
    // The start left a trigger to carry the job on.
    expect(w.host.triggerList().filter((t) => !t.spent)).toHaveLength(1);
    for (let fired = 0; fired < 200 && w.host.fireNextTrigger(started + 48 * HOUR); fired++);
    const results = column(w, 'Email · Result').map(String);
    expect(results.filter((s) => FINAL.test(s))).toHaveLength(ROWS);
    // The clock stands at the end of the last trigger run.
    expect((w.host.clock.now() - started) / HOUR).toBeLessThanOrEqual(hours);
    const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string }>;
    expect(jobs[0]!.state).toBe('done');
    expect(w.host.triggerList()).toEqual([]);
  });
});

test('refused anywhere, the sidebar watching the job does not make a trigger at each poll', () => {
  // A slow service: the job takes many steps, so the sidebar's polls do not end it.
  const { w } = menuStarted('refusedAnywhere', { processingRate: 1 });
  expect(w.host.triggerList().filter((t) => !t.spent && t.everyMs === HOUR)).toHaveLength(1);
  w.host.resetStats();
  for (let i = 0; i < 10; i++) {
    w.host.clock.advance(2 * 60000);
    expect(w.host.callFromSidebar('pollJobs', []).ok).toBe(true);
  }
  // Within the half hour the hourly trigger is kept; no short one-shot is tried again.
  expect(w.host.stats()['ScriptApp.ClockTriggerBuilder.create'] ?? 0).toBe(0);
  expect(w.host.triggerList().filter((t) => !t.spent)).toHaveLength(1);
});
