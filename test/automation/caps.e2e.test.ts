// Automation's caps in real time: a day's spend is the spend of that day as it was when the
// money went, whatever the spreadsheet's time zone does since; and the tab names the cap that binds.
import { append, autoView as view, faultWorld, hours, leads, saveAuto as save, validated } from '../support/automation-world';

/** Midnight starting 3 November 2026 in Los Angeles (PST, UTC-8). */
const LA_MIDNIGHT = Date.UTC(2026, 10, 3, 8, 0, 0);
const MINUTE = 60 * 1000;

test('a time zone changed to Kiritimati and back within one Los Angeles day opens no fresh allowance', () => {
  const w = faultWorld();
  w.host.spreadsheet.timeZone = 'America/Los_Angeles';
  w.host.clock.advanceTo(LA_MIDNIGHT + 5 * MINUTE);
  const sheet = leads(w);
  save(w, { capPerRun: 10, capPerDay: 10 });
  append(sheet, 40);
  hours(w, 0.5);
  expect(validated(w)).toHaveLength(10);
  // 00:40 in Los Angeles is 22:40 of the same date in Kiritimati; two hours later it is tomorrow there.
  w.host.spreadsheet.timeZone = 'Pacific/Kiritimati';
  hours(w, 2.5);
  expect(view(w).spentToday).toBe(10);
  // Back in Los Angeles before 04:00 there: the same Los Angeles day as the first 10 credits.
  w.host.spreadsheet.timeZone = 'America/Los_Angeles';
  hours(w, 1.5);
  expect(w.host.clock.now()).toBeLessThan(LA_MIDNIGHT + 5 * 60 * MINUTE);
  expect(validated(w)).toHaveLength(10);
  expect(view(w).spentToday).toBe(10);
  expect(view(w).status).toMatch(/cap of 10 credits is reached/);
  // The next Los Angeles day has its own 10.
  w.host.clock.advanceTo(LA_MIDNIGHT + 24 * 60 * MINUTE);
  hours(w, 2);
  expect(validated(w)).toHaveLength(20);
  expect(view(w).spentToday).toBe(10);
});

test('with equal caps, the tab says the day’s cap binds, not the cap per run', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 10, capPerDay: 10 });
  append(sheet, 25);
  // After the first run: the next one could send nothing today.
  hours(w, 0.5);
  expect(validated(w)).toHaveLength(10);
  const { status } = view(w);
  expect(status).toMatch(/Today's cap of 10 credits is reached: 15 rows wait for tomorrow/);
  expect(status).not.toMatch(/cap per run/);
});

test("a record stored before spends were logged keeps its day's spend", () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 10, capPerDay: 10 });
  const key = 'prospecting.auto.' + w.host.spreadsheet.id;
  const { spends: _s, zones: _z, ...stored } = JSON.parse(w.host.userProperties()[key]!) as Record<string, unknown>;
  const today = new Date(w.host.clock.now()).toISOString().slice(0, 10);
  w.host.setProperties('user', { [key]: JSON.stringify({ ...stored, day: today, spent: 8 }) });
  expect(view(w).spentToday).toBe(8);
  append(sheet, 5);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(2);
  expect(view(w).spentToday).toBe(10);
});
