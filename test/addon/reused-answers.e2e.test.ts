// Answers the spreadsheet already paid for are reused: a key answered on another sheet, on the
// unplaced-results sheet, or by an earlier row is copied onto the row, marked with the day it was
// paid for, and costs nothing; the estimate says so; formulas and automation reuse them too; an
// answer is never copied across keys, nor past the age the person set. Through the built bundle
// in the local host against the local service at its default limits.
import { column, runTriggers, type World } from '../support/addon-world';
import { faultWorld, HOUR, saveAuto, validated, validationsSent } from '../support/automation-world';

const DAY = 24 * HOUR;
const REUSED = /^(Deliverable|Risky|Undeliverable|Unknown) · reused, paid \d{4}-\d\d-\d\d$/;
const OUTCOME = /^(Deliverable|Risky|Undeliverable|Unknown)$/;

const emails = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `lead${from + k}@reuse-${(from + k) % 3}.com`);

/** A sheet `name` of `list` under an Email header, selected whole. */
const sheetOf = (w: World, name: string, list: string[]) => {
  const sheet = w.host.sheet(name);
  sheet.load([['Email'], ...list.map((e) => [e])]);
  w.host.select(`${name}!A1:A${list.length + 1}`);
  return sheet;
};

type Preview = { summary: string; counts: { send: number; reused: number; distinct: number }; credits: { email: number } };
const preview = (w: World, over: Record<string, unknown> = {}) => {
  const r = w.host.callFromSidebar('previewRun', [{ action: 'email', ...over }]);
  expect(r.error?.message).toBeUndefined();
  return r.value as Preview;
};
const start = (w: World, over: Record<string, unknown> = {}) => {
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true, ...over }]);
  expect(r.error?.message).toBeUndefined();
  runTriggers(w);
  return r.value as { message: string; reused?: number };
};
const credits = (w: World) => w.service.account('demo-key-alpha')!.spent.email;

test('keys validated on "Q3" are copied onto "Q4" and "Q1" with their day, for 0 credits; only new keys are bought', () => {
  const w = faultWorld();
  sheetOf(w, 'Q3', emails(0, 10));
  start(w);
  expect(validated(w)).toHaveLength(10);
  const q3 = column(w, 'Email · Result', 'Q3');
  const catchAll = column(w, 'Email · Catch-all', 'Q3');
  w.host.clock.advance(2 * DAY);

  // Q4: six keys of Q3 and four new ones.
  sheetOf(w, 'Q4', [...emails(4, 10), ...emails(10, 14)]);
  const p = preview(w);
  expect(p.counts.reused).toBe(6);
  expect(p.counts.distinct).toBe(4);
  expect(p.credits.email).toBe(4);
  expect(p.summary).toMatch(/6 answers reused, 0 credits\./);
  const spentBefore = credits(w);
  const view = start(w);
  expect(view.reused).toBe(6);
  expect(validated(w).slice(10).sort()).toEqual(emails(10, 14).sort());
  expect(credits(w) - spentBefore).toBe(4);
  const q4 = column(w, 'Email · Result', 'Q4');
  const day = new Date(w.host.clock.now() - 2 * DAY).toISOString().slice(0, 10);
  for (let k = 0; k < 6; k++) {
    expect(q4[k]).toMatch(REUSED);
    expect(q4[k]).toBe(`${String(q3[k + 4])} · reused, paid ${day}`);
    expect(column(w, 'Email · Catch-all', 'Q4')[k]).toEqual(catchAll[k + 4]);
  }
  for (let k = 6; k < 10; k++) expect(q4[k]).toMatch(OUTCOME);

  // Q1: every key answered on Q3 or Q4: nothing is sent.
  sheetOf(w, 'Q1', [emails(0, 1)[0]!, emails(12, 13)[0]!]);
  const before = w.host.requests.length;
  const all = start(w);
  expect(all.message).toMatch(/^2 answers reused, 0 credits; nothing else to send\./);
  expect(w.host.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(0);
  expect(column(w, 'Email · Result', 'Q1').every((s) => REUSED.test(String(s)))).toBe(true);
  // A reused answer reads as done: a second run buys nothing either.
  w.host.select('Q1!A1:A3');
  expect(preview(w).counts.distinct).toBe(0);
  // A run that only reused can be undone like any other: its rows are as they were before it.
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ id: string; undo?: boolean; reused?: number }>;
  const reusedOnly = jobs.find((j) => j.reused === 2)!;
  expect(reusedOnly.undo).toBe(true);
  const undone = w.host.callFromSidebar('undoRun', [reusedOnly.id]);
  expect(undone.error?.message).toBeUndefined();
  expect(column(w, 'Email · Result', 'Q1')).toEqual(['', '']);
});

test('past the reuse age, or with reuse set to 0 days, an answer is bought again; "run again" always buys', () => {
  const w = faultWorld();
  sheetOf(w, 'Q3', emails(20, 24));
  start(w);
  w.host.clock.advance(31 * DAY);
  sheetOf(w, 'Q4', emails(20, 22));
  expect(preview(w).counts.reused).toBe(0);
  expect(preview(w, { reuseDays: 40 }).counts.reused).toBe(2);
  // The age set at a start is the spreadsheet's from then on.
  start(w, { reuseDays: 0 });
  expect(validated(w)).toHaveLength(6);
  sheetOf(w, 'Q5', emails(22, 24));
  expect(preview(w).counts.reused).toBe(0);
  expect(preview(w, { reuseDays: 90 }).counts.reused).toBe(2);
  expect(preview(w, { reuseDays: 90, rerun: true }).counts.reused).toBe(0);
  expect(w.host.callFromSidebar('previewRun', [{ action: 'email', reuseDays: 4000 }]).error?.message).toBe(
    'The days an answer already paid for is reused must be a whole number from 0 to 3,650.',
  );
});

test('an answer is never copied across keys: a row whose email was typed over after its answer gives none', () => {
  const w = faultWorld();
  const q3 = sheetOf(w, 'Q3', emails(30, 33));
  start(w);
  // The first row's address is changed by hand; its old answer still shows beside it.
  q3.userEdit('A2', 'typed-over@reuse-x.com');
  sheetOf(w, 'Q4', ['typed-over@reuse-x.com', ...emails(31, 33)]);
  const p = preview(w);
  expect(p.counts.reused).toBe(2);
  expect(p.counts.distinct).toBe(1);
  start(w);
  expect(validated(w).slice(3)).toEqual(['typed-over@reuse-x.com']);
});

test('a paid result kept on the unplaced-results sheet is copied onto a row that selects its key later', () => {
  // Slow enough that results are still coming when their sheet is deleted: those go to the unplaced sheet.
  const w = faultWorld({ service: { processingRate: 0.1 } });
  sheetOf(w, 'Q3', emails(40, 100));
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  w.host.spreadsheet.removeSheet(w.host.spreadsheet.sheetByName('Q3')!);
  runTriggers(w);
  const kept = w.host.sheet('Email validation · unplaced results').values().slice(1);
  expect(kept.length).toBeGreaterThan(0);
  const [email, outcome, catchAll] = kept[0]!.map(String);
  const sent = validated(w).length;
  sheetOf(w, 'Q4', [email!]);
  expect(preview(w).counts.reused).toBe(1);
  start(w);
  expect(validated(w)).toHaveLength(sent);
  expect(column(w, 'Email · Result', 'Q4')[0]).toMatch(new RegExp(`^${outcome} · reused, paid `));
  expect(String(column(w, 'Email · Catch-all', 'Q4')[0])).toBe(catchAll);
});

test('automation reuses an answer another sheet paid for, and buys only the rest', () => {
  const w = faultWorld();
  sheetOf(w, 'Q3', emails(50, 55));
  start(w);
  const watched = w.host.sheet('Sheet1');
  watched.load([['Email'], ...[...emails(52, 55), ...emails(55, 57)].map((e) => [e])]);
  w.host.select('Sheet1!A1');
  saveAuto(w, { capPerRun: 1000, capPerDay: 1000 });
  w.host.runTriggersUntil(w.host.clock.now() + 1.5 * HOUR);
  expect(
    validationsSent(w)
      .slice(5)
      .map((s) => s.email)
      .sort(),
  ).toEqual(emails(55, 57).sort());
  const results = column(w, 'Email · Result');
  expect(results.slice(0, 3).every((s) => REUSED.test(String(s)))).toBe(true);
  expect(results.slice(3).every((s) => OUTCOME.test(String(s)))).toBe(true);
});

test('automation copies an answer held elsewhere onto a row whose key was paid for on its sheet while no row there shows it', () => {
  const w = faultWorld();
  const [email] = emails(60, 61);
  sheetOf(w, 'Q3', [email!]);
  start(w);
  const watched = w.host.sheet('Sheet1');
  watched.load([['Email'], [email]]);
  w.host.select('Sheet1!A1');
  saveAuto(w, { capPerRun: 1000, capPerDay: 1000 });
  w.host.runTriggersUntil(w.host.clock.now() + 1.5 * HOUR);
  expect(column(w, 'Email · Result')[0]).toMatch(REUSED);
  // The answer is cleared from the watched sheet by hand: its key stays paid for there.
  const at = String.fromCharCode(65 + w.host.sheet('Sheet1').values()[0]!.indexOf('Email · Result'));
  watched.userEdit(`${at}2`, '');
  w.host.runTriggersUntil(w.host.clock.now() + 1.5 * HOUR);
  expect(column(w, 'Email · Result')[0]).toMatch(REUSED);
  expect(validated(w)).toEqual([email]);
});

const PEOPLE = ['harborlogistics', 'bluefinanalytics', 'cedarhealth', 'zenithsoftware'].map((c, k) => [
  `First${k}`,
  `Last${k}`,
  `first${k}.last${k}@${c}.com`,
]);

test('a formula shows the answer a run paid for, with no request and no credit; a run revealing emails does not take an answer bought without', () => {
  const w = faultWorld();
  w.host.sheet('People').load([['First Name', 'Last Name', 'Email'], ...PEOPLE]);
  w.host.select('People!A1:C5');
  start(w, { action: 'person' });
  const names = column(w, 'Person · Name', 'People');
  const titles = column(w, 'Person · Title', 'People');
  expect(names.filter(Boolean).length).toBeGreaterThan(0);
  const k = names.findIndex(Boolean);
  const before = { requests: w.host.requests.length, credits: credits(w) };
  const cell = w.host.runCustomFunction('ENRICH_PERSON', [PEOPLE[k]![2], 'name, title']);
  expect(cell.error).toBeUndefined();
  expect(cell.cell).toEqual([[names[k], titles[k]]]);
  expect(w.host.requests.length).toBe(before.requests);
  expect(credits(w)).toBe(before.credits);
  // A run that reveals emails pays for more than the answer on "People" holds: it is bought.
  w.host.sheet('Reveal').load([['First Name', 'Last Name', 'Email'], ...PEOPLE]);
  w.host.select('Reveal!A1:C5');
  expect(preview(w, { action: 'person', options: { revealEmail: true } }).counts.reused).toBe(0);
  expect(preview(w, { action: 'person' }).counts.reused).toBe(4);
});
