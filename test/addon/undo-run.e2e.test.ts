// Undoing a run through the built add-on in the host, at the service's default limits: the
// add-on's own cells go back to what they held before the run, only on rows that still hold what
// it wrote (found by their key after a sort), the rest said with why, and the record goes after 7 days.
import { addonWorld, column, connect, OWNER, type World } from '../support/addon-world';
import { append, faultWorld, hours, leads, saveAuto } from '../support/automation-world';

const KEY = 'demo-key-alpha';
const HEADER = ['Name', 'Email', 'Website'];
const DAY = 24 * 60 * 60 * 1000;
const UNDO_SHEET = 'Prospecting · undo';

const people = (n: number): unknown[][] =>
  Array.from({ length: n }, (_, k) => [`Person ${k}`, `person${k}@company${k % 5}.com`, `https://company${k % 5}.com`]);

function world(n: number): World {
  const w = addonWorld();
  w.host.sheet().load([HEADER, ...people(n)]);
  w.host.open();
  connect(w, KEY);
  w.host.select(`Sheet1!A1:C${n + 1}`);
  return w;
}

interface View {
  id: string;
  state: string;
  message: string;
  undo?: boolean;
}

function run(w: World, extra: Record<string, unknown> = {}): View {
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true, ...extra }], OWNER);
  if (!r.ok) throw new Error(r.error?.message);
  const id = (r.value as View).id;
  for (let k = 0; k < 50 && job(w, id).state === 'running'; k++) w.host.fireNextTrigger();
  return job(w, id);
}

const job = (w: World, id: string, user = OWNER): View =>
  (w.host.callFromSidebar('listJobs', [], user).value as View[]).find((j) => j.id === id)!;

const undo = (w: World, id: string, user = OWNER) => w.host.callFromSidebar('undoRun', [id], user);

/** The sheet's rows by email: the person's three cells, then the add-on's own (status, results), as text. */
const byEmail = (w: World): Map<string, string[]> => {
  const [head, ...rows] = w.host.sheet().values();
  const email = head!.indexOf('Email');
  return new Map(rows.map((r) => [String(r[email]), r.map((v) => String(v ?? ''))]));
};

const own = (w: World, email: string): string[] => byEmail(w).get(email)!.slice(3);
const allEmpty = (cells: string[]) => cells.every((c) => c === '');

test('a run undone: every cell the add-on wrote is empty again, the person’s cells untouched, and the answer says credits are not returned', () => {
  const w = world(12);
  const done = run(w);
  expect(done.state).toBe('done');
  expect(done.undo).toBe(true);
  expect(own(w, 'person0@company0.com')[0]).toMatch(/Deliverable|Risky|Undeliverable|Unknown/);
  const r = undo(w, done.id);
  expect(r.ok).toBe(true);
  const rows = byEmail(w);
  expect([...rows.values()].every((cells) => allEmpty(cells.slice(3)))).toBe(true);
  expect([...rows.values()].map((c) => c.slice(0, 3))).toEqual(people(12).map((p) => p.map(String)));
  const after = job(w, done.id);
  expect(after.message).toMatch(/^Undone: 12 rows put back as before the run\./);
  expect(after.message).toMatch(/Credits spent are not returned: this run spent 12 email credits/);
  expect(after.undo).toBeUndefined();
  // Once only.
  expect(undo(w, done.id).ok).toBe(false);
});

test('undo after a sort finds each row by its key', () => {
  const w = world(10);
  const done = run(w);
  const [head, ...rows] = w.host.sheet().values();
  w.host.sheet().load([head!, ...rows.reverse()]);
  expect(undo(w, done.id).ok).toBe(true);
  const values = w.host.sheet().values().slice(1);
  expect(values.map((r) => r[1])).toEqual(
    people(10)
      .map((p) => p[1])
      .reverse(),
  );
  expect(values.every((r) => allEmpty(r.slice(3).map((v) => String(v ?? ''))))).toBe(true);
});

test('a result edited since the run is left as edited, and the answer says why', () => {
  const w = world(10);
  const done = run(w);
  const head = w.host.sheet().values()[0]!;
  const status = String.fromCharCode(65 + head.indexOf('Email · Result'));
  w.host.sheet().userEdit(`${status}4`, 'Checked by hand');
  expect(undo(w, done.id).ok).toBe(true);
  expect(own(w, 'person2@company2.com')[0]).toBe('Checked by hand');
  expect(allEmpty(own(w, 'person3@company3.com'))).toBe(true);
  expect(job(w, done.id).message).toMatch(/9 rows put back.*Not put back: 1 row edited since\./);
});

test('after a second run over the same rows, undoing the first leaves the rows the second wrote', () => {
  const w = world(10);
  const first = run(w);
  w.host.select('Sheet1!A1:C6');
  run(w, { rerun: true });
  const wroteSecond = byEmail(w);
  expect(undo(w, first.id).ok).toBe(true);
  // Rows 1 to 5 are the second run's: left as it wrote them (the same words as the first's); the others are put back.
  for (let k = 0; k < 5; k++) {
    const email = `person${k}@company${k}.com`;
    expect(own(w, email)).toEqual(wroteSecond.get(email)!.slice(3));
    expect(own(w, email)[0]).not.toBe('');
  }
  for (let k = 5; k < 10; k++) expect(allEmpty(own(w, `person${k}@company${k % 5}.com`))).toBe(true);
  expect(job(w, first.id).message).toMatch(/5 rows put back.*Not put back: 5 rows changed by a later run\./);
});

test('undoing the second run puts back what the first wrote there; the first can then be undone whole', () => {
  const w = world(10);
  const first = run(w);
  const wroteFirst = byEmail(w);
  w.host.select('Sheet1!A1:C6');
  const second = run(w, { rerun: true });
  expect(undo(w, second.id).ok).toBe(true);
  expect(byEmail(w)).toEqual(wroteFirst);
  expect(job(w, second.id).message).toMatch(/^Undone: 5 rows put back/);
  expect(undo(w, first.id).ok).toBe(true);
  expect([...byEmail(w).values()].every((cells) => allEmpty(cells.slice(3)))).toBe(true);
  expect(job(w, first.id).message).toMatch(/^Undone: 10 rows put back as before the run\. Credits/);
});

test('after 7 days the card stops offering undo, the run cannot be undone, and its record is removed', () => {
  const w = world(6);
  const done = run(w);
  const holds = (id: string) =>
    w.host
      .sheet(UNDO_SHEET)
      .values()
      .some((r) => r[0] === id);
  expect(holds(done.id)).toBe(true);
  w.host.clock.advance(7 * DAY + 60 * 1000);
  // The record is there until the job list opens, which removes it; the card no longer offers undo.
  expect(holds(done.id)).toBe(true);
  expect(job(w, done.id).undo).toBeUndefined();
  expect(holds(done.id)).toBe(false);
  expect(undo(w, done.id).ok).toBe(false);
  // A later run's record is kept until its own time is up.
  w.host.select('Sheet1!A1:C3');
  const later = run(w, { rerun: true });
  w.host.clock.advance(6 * DAY);
  w.host.callFromSidebar('listJobs', []);
  expect(holds(later.id)).toBe(true);
  expect(undo(w, later.id).ok).toBe(true);
  expect(w.host.spreadsheet.hiddenSheets.has(w.host.spreadsheet.sheetByName(UNDO_SHEET)!.sheetId)).toBe(true);
});

test('another editor cannot undo a run that is not theirs', () => {
  const w = world(6);
  const done = run(w);
  const other = 'colleague@acme.example';
  // Their list does not show the run, and undoing it by its id is refused.
  expect((w.host.callFromSidebar('listJobs', [], other).value as View[]).some((j) => j.id === done.id)).toBe(false);
  const r = undo(w, done.id, other);
  expect(r.ok).toBe(false);
  expect(own(w, 'person0@company0.com')[0]).not.toBe('');
});

test("an automated run's history offers its undo to the person who ran it only, and it puts back the stamps too", () => {
  const w = faultWorld();
  const sheet = leads(w);
  saveAuto(w, { capPerRun: 1000, capPerDay: 1000 });
  append(sheet, 8);
  hours(w, 1.5);
  const stamps = () => column(w, 'Email · Checked').map(String);
  expect(stamps().every((s) => / UTC · /.test(s))).toBe(true);
  const history = (user = OWNER) =>
    (w.host.callFromSidebar('getAutomation', [], user).value as { history: Array<{ undo?: string; rows: number }> }).history;
  const [ran] = history().filter((r) => r.rows > 0);
  expect(ran!.undo).toBeDefined();
  expect(history('colleague@acme.example').every((r) => r.undo === undefined)).toBe(true);
  expect(w.host.callFromSidebar('undoRun', [ran!.undo]).ok).toBe(true);
  expect(stamps().every((s) => s === '')).toBe(true);
  expect(column(w, 'Email · Result').every((s) => s === '')).toBe(true);
  expect(history().every((r) => r.undo === undefined)).toBe(true);
});

test('a 50,000-row run is kept in cells under their limit, and undone whole after a sort', () => {
  const n = 50000;
  const w = addonWorld({ accounts: [{ key: 'scale-key-0001', name: 'Scale', credits: { email: 200000, phone: 0 } }] });
  const rows = Array.from({ length: n }, (_, k) => [`Person ${k}`, `person${k}@company${k % 997}.com`, `https://firm${k}.com`]);
  w.host.sheet().load([['Name', 'Email', 'Website'], ...rows]);
  w.host.open();
  connect(w, 'scale-key-0001');
  w.host.select(`Sheet1!A1:C${n + 1}`);
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  const id = (r.value as View).id;
  for (let k = 0; k < 2000 && job(w, id).state === 'running'; k++) w.host.fireNextTrigger();
  expect(job(w, id).state).toBe('done');
  const kept = w.host.sheet(UNDO_SHEET).values().slice(1);
  expect(kept.length).toBeGreaterThan(2);
  expect(Math.max(...kept.map((k) => String(k[3]).length))).toBeLessThanOrEqual(50000);
  const [head, ...data] = w.host.sheet().values();
  w.host.sheet().load([head!, ...data.reverse()]);
  const undone = undo(w, id);
  expect(undone.error?.message).toBeUndefined();
  expect(job(w, id).message).toMatch(
    /^Undone: 50,000 rows put back as before the run\. Credits spent are not returned: this run spent 50,000 email credits/,
  );
  const after = w.host.sheet().values().slice(1);
  expect(after.every((row) => row.slice(3).every((v) => v === ''))).toBe(true);
  expect(after[0]![1]).toBe(`person${n - 1}@company${(n - 1) % 997}.com`);
});
