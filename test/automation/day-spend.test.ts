// The day's spend counted in real time: the log of spends, the zones seen, a record from before the log.
import { allowance, spend, spentToday, type AutoRecord, type DayOf } from '../../src/automation/automation-record';

const HOUR = 60 * 60 * 1000;
const dayOf: DayOf = (timeZone, at) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at));
/** Midnight starting 3 November 2026 in Los Angeles (PST, UTC-8): 22:00 the same date in Kiritimati. */
const LA_MIDNIGHT = Date.UTC(2026, 10, 3, 8);
const LA = 'America/Los_Angeles';
const KIRITIMATI = 'Pacific/Kiritimati';

const record = (over: Partial<AutoRecord> = {}): AutoRecord => ({
  v: 1,
  on: true,
  sheetId: 0,
  sheetName: 'Sheet1',
  actions: ['email'],
  capRun: 10,
  capDay: 10,
  staleDays: 0,
  options: {},
  fields: 'basic',
  since: 0,
  runs: [],
  ...over,
});

/** A run at `now` in `zone`: what it may spend, spent in full. */
const run = (r: AutoRecord, zone: string, now: number): number => {
  const { credits } = allowance(r, { zone, now, dayOf }, 0);
  spend(r, now, credits);
  return credits;
};

test('a zone changed forth and back within one day never opens a fresh allowance', () => {
  const r = record();
  let sent = run(r, LA, LA_MIDNIGHT + 0.5 * HOUR);
  // Two hours in, Kiritimati has a new date; then back in Los Angeles, still its first day.
  sent += run(r, KIRITIMATI, LA_MIDNIGHT + 2.5 * HOUR);
  sent += run(r, LA, LA_MIDNIGHT + 3.5 * HOUR);
  expect(sent).toBe(10);
  expect(spentToday(r, { zone: LA, now: LA_MIDNIGHT + 4 * HOUR, dayOf })).toBe(10);
  // Kiritimati's own day, which began after the spend, is still held by Los Angeles's: it was seen lately.
  expect(spentToday(r, { zone: KIRITIMATI, now: LA_MIDNIGHT + 4 * HOUR, dayOf })).toBe(10);
  // A new Los Angeles day (Kiritimati's day holding now began after the spend too).
  expect(run(r, LA, LA_MIDNIGHT + 24.5 * HOUR)).toBe(10);
});

test('each zone counts its own calendar day: a spend late in a Los Angeles day is tomorrow in Kiritimati', () => {
  const r = record({ capRun: 10, capDay: 15 });
  run(r, LA, LA_MIDNIGHT + HOUR);
  // 03:00 in Los Angeles, 01:00 of the next date in Kiritimati: 10 spent today in Los Angeles, none there.
  const now = LA_MIDNIGHT + 3 * HOUR;
  expect(spentToday(r, { zone: KIRITIMATI, now, dayOf })).toBe(10);
  const fresh = record({ spends: r.spends!, zones: { [KIRITIMATI]: now } });
  expect(spentToday(fresh, { zone: KIRITIMATI, now, dayOf })).toBe(0);
});

test('spends and zones two days old are forgotten; spends of one quarter hour are one entry', () => {
  const r = record({ capRun: 100, capDay: 100 });
  spentToday(r, { zone: KIRITIMATI, now: LA_MIDNIGHT, dayOf });
  spend(r, LA_MIDNIGHT, 3);
  spentToday(r, { zone: LA, now: LA_MIDNIGHT + 60 * 1000, dayOf });
  spend(r, LA_MIDNIGHT + 60 * 1000, 4);
  expect(r.spends).toEqual([[LA_MIDNIGHT / (15 * 60 * 1000), 7]]);
  expect(Object.keys(r.zones!).sort()).toEqual([LA, KIRITIMATI]);
  expect(spentToday(r, { zone: LA, now: LA_MIDNIGHT + 49 * HOUR, dayOf })).toBe(0);
  expect(r.spends).toEqual([]);
  expect(Object.keys(r.zones!)).toEqual([LA]);
});

test("a record from before the log keeps its day's spend, and only that day", () => {
  const today = record({ day: '2026-11-03', spent: 8 });
  expect(allowance(today, { zone: LA, now: LA_MIDNIGHT + 20 * HOUR, dayOf }, 0).credits).toBe(2);
  spend(today, LA_MIDNIGHT + 20 * HOUR, 2);
  expect(today.day).toBeUndefined();
  expect(today.spent).toBeUndefined();
  expect(spentToday(today, { zone: LA, now: LA_MIDNIGHT + 23 * HOUR, dayOf })).toBe(10);
  const yesterday = record({ day: '2026-11-02', spent: 8 });
  expect(spentToday(yesterday, { zone: LA, now: LA_MIDNIGHT + 20 * HOUR, dayOf })).toBe(0);
});

test('the day binds when it leaves no more than the run: then nothing more goes today', () => {
  const clock = { zone: LA, now: LA_MIDNIGHT, dayOf };
  expect(allowance(record({ capRun: 10, capDay: 10 }), clock, 0)).toEqual({ credits: 10, day: true });
  expect(allowance(record({ capRun: 10, capDay: 30 }), clock, 0)).toEqual({ credits: 10, day: false });
  expect(allowance(record({ capRun: 10, capDay: 30, day: '2026-11-03', spent: 25 }), { ...clock, now: clock.now + HOUR }, 4)).toEqual({
    credits: 5,
    day: true,
  });
});
