// What the open sidebar costs while nothing runs, through the built bundle in the host: each idle
// poll is answered from the user's cache, steps nothing and makes no property call, and a sidebar
// left open for a working day at the sidebar's own pace makes at most 2 property calls (of the
// 50,000 a day); a job started from the menu meanwhile shows at the next poll.
import { afterAnswer, IDLE_DELAY_S, signature, START, type Cadence } from '../../sidebar/poll-cadence';
import { addonWorld, connect, runTriggers, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
const HOUR = 3600 * 1000;
const ROWS = 40;

interface Answer {
  jobs: Array<{ id: string; state: string; finished: number; total: number }>;
  nextPollSeconds: number;
}

/** Calls by name, summed over the names matching `pattern`. */
function calls(stats: Record<string, number>, pattern: RegExp): number {
  return Object.entries(stats)
    .filter(([name]) => pattern.test(name))
    .reduce((n, [, c]) => n + c, 0);
}

const PROPERTY_CALLS = /^PropertiesService\.Properties\./;
const CACHE_CALLS = /^CacheService\.Cache\./;
/** Anything that reads or writes cells, takes a lock or makes a trigger. */
const STEP_CALLS = /^(SpreadsheetApp\.Range\.|SpreadsheetApp\.Sheet\.|LockService\.|ScriptApp\.)/;

/**
 * A connected spreadsheet of twice `ROWS` emails; a job over the first `ROWS` run to its end when
 * `done`. The script's own time is not charged to the clock, so the host's times here do not
 * depend on how busy the machine is (only the services' estimated times move the clock).
 */
function world(done: boolean): World {
  const w = addonWorld({ scriptTime: 'none' });
  w.host
    .sheet()
    .load([['Name', 'Email'], ...Array.from({ length: 2 * ROWS }, (_, i) => [`Person ${i}`, `person${i}@company${i % 7}.com`])]);
  w.host.open();
  connect(w, KEY);
  if (done) startFromMenu(w, `Sheet1!A1:B${ROWS + 1}`);
  runTriggers(w);
  return w;
}

function startFromMenu(w: World, range: string): void {
  w.host.select(range);
  w.host.ui.answer('YES');
  const r = w.host.clickMenu('Validate emails');
  if (!r.ok) throw new Error(r.error?.message);
}

/** One poll of the sidebar; `spent` adds up its service calls by name. */
function poll(w: World, spent: Record<string, number> = {}): Answer {
  const r = w.host.callFromSidebar('pollJobs', []);
  if (!r.ok) throw new Error(r.error?.message);
  for (const [name, n] of Object.entries(r.calls)) spent[name] = (spent[name] ?? 0) + n;
  return r.value as Answer;
}

test.each([
  ['no job yet', false],
  ['a finished job', true],
])('an idle poll (%s) is answered from the cache: no property call, one cache read, nothing stepped', (what, done) => {
  const w = world(done);
  poll(w);
  w.host.clock.advance(IDLE_DELAY_S * 1000);
  w.host.resetStats();
  const sent = w.host.requests.length;
  const answer = poll(w);
  const stats = w.host.stats();
  expect(answer.nextPollSeconds).toBe(0);
  expect(answer.jobs.map((j) => j.state)).toEqual(done ? ['done'] : []);
  expect(calls(stats, PROPERTY_CALLS)).toBe(0);
  expect(calls(stats, CACHE_CALLS)).toBe(1);
  expect(stats['CacheService.Cache.get']).toBe(1);
  expect(calls(stats, STEP_CALLS)).toBe(0);
  expect(w.host.requests.length).toBe(sent);
  expect(w.host.triggerList()).toEqual([]);
  console.log(
    `one idle poll (${what}): ${JSON.stringify(stats)}, ${w.host.costReport().servicesMs.toFixed(0)} ms of estimated service time`,
  );
});

test('a sidebar left open for a working day polls at the idle pace, makes at most 2 property calls, and shows a job started from the menu at its next poll', () => {
  const w = world(true);
  w.host.resetStats();
  const t0 = w.host.clock.now();
  let cadence: Cadence = START;
  let polls = 0;
  let lastAt = t0;
  let longestGap = 0;
  const spent: Record<string, number> = {};
  let startedAt: number | undefined;
  let seenAt: number | undefined;
  // The sidebar's own pace, answer after answer, with the triggers firing when due. Seven hours in
  // (after the cache lapsed once), a job is started from the menu: nothing tells the sidebar.
  while (w.host.clock.now() - t0 < 8 * HOUR) {
    longestGap = Math.max(longestGap, w.host.clock.now() - lastAt);
    lastAt = w.host.clock.now();
    const answer = poll(w, spent);
    polls++;
    if (startedAt !== undefined && seenAt === undefined && answer.jobs.length === 2) seenAt = w.host.clock.now();
    cadence = afterAnswer(cadence, signature(answer.jobs), answer.nextPollSeconds);
    if (!(cadence.delay > 0)) throw new Error('the sidebar stopped polling');
    const next = w.host.clock.now() + cadence.delay * 1000;
    if (startedAt === undefined && next - t0 >= 7 * HOUR) {
      w.host.clock.advanceTo(t0 + 7 * HOUR);
      startFromMenu(w, `Sheet1!A${ROWS + 2}:B${2 * ROWS + 1}`);
      startedAt = w.host.clock.now();
    }
    while (w.host.fireNextTrigger(next));
    w.host.clock.advanceTo(Math.max(next, w.host.clock.now()));
  }
  expect(seenAt! - startedAt!).toBeLessThanOrEqual(IDLE_DELAY_S * 1000);
  const day = w.host.quotaUse();
  console.log(
    `a sidebar open for 8 h (a ${ROWS}-row job started from the menu seven hours in): ${polls} polls, ${calls(spent, PROPERTY_CALLS)} property calls and ${calls(spent, CACHE_CALLS)} cache calls by the polls; ${day.properties} property calls of the day's 50,000 with the job's`,
  );
  // Never a longer wait than the idle pace (and the second a poll itself may take).
  expect(longestGap).toBeLessThanOrEqual((IDLE_DELAY_S + 1) * 1000);
  // The polls read the store only when the cache had lapsed (after 6 hours) or lost the jobs.
  expect(calls(spent, PROPERTY_CALLS)).toBeLessThanOrEqual(2);
  expect(calls(spent, STEP_CALLS)).toBe(0);
});
