// Automation's lives, found by trying to break it: each test is a turn of a life (the record, a
// run, the home trigger, a row's stamp, a wait and its alert) that once lost paid work, sent an
// alert more than once, or left automation stopped with nobody told. Each states what happens.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SheetHelper } from '../../emulator/spreadsheet/sheet-helper';
import { column, connect } from '../support/addon-world';
import {
  automateOther,
  append,
  autoView as view,
  faultWorld,
  hours,
  KEY,
  leads,
  saveAuto as save,
  validated,
} from '../support/automation-world';

const BOB = 'bob@acme.example';

test('the day cap reached while a form keeps adding rows is one wait: one e-mail, not one an hour', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 5, capPerDay: 5 });
  append(sheet, 8);
  hours(w, 1.5);
  expect(view(w).status).toMatch(/cap of 5 credits is reached/);
  // The form goes on adding a row an hour for the rest of the day.
  for (let h = 0; h < 6; h++) {
    append(sheet, 1);
    hours(w, 1);
  }
  expect(validated(w)).toHaveLength(5);
  // The cap is one reason to wait, told once, however many rows wait behind it.
  expect(w.host.mail.filter((m) => /cap/.test(m.body))).toHaveLength(1);
});

test('"retry the failed rows" under a cap per run smaller than the failed rows: the rows the cap held back can still be retried', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 2, capPerDay: 100 });
  w.fault('refuse-validations');
  const refused = append(sheet, 2);
  hours(w, 1.2);
  w.fault('none');
  const run = view(w).history[0]!;
  expect(run.failed).toBe(2);
  // The cap per run lowered to 1 credit: the retry sends one failed row now.
  save(w, { capPerRun: 1, capPerDay: 100 });
  expect(w.host.callFromSidebar('retryFailedRows', [run.id]).error?.message).toBeUndefined();
  hours(w, 0.2);
  expect(validated(w)).toHaveLength(1);
  // The other failed row is still this run's to retry.
  const again = w.host.callFromSidebar('retryFailedRows', [run.id]);
  expect(again.error?.message).toBeUndefined();
  hours(w, 3);
  expect(validated(w).sort()).toEqual([...refused].sort());
  expect(column(w, 'Email · Result').filter((s) => /^Error/.test(String(s)))).toEqual([]);
});

test('the key revoked while a job of an automated spreadsheet other than the home runs: connecting the key again, wherever, lets that job and its automation go on', () => {
  const w = faultWorld();
  leads(w);
  save(w);
  const other = automateOther(w);
  // The key is revoked between the start of the run's batch and its first read: the job pauses.
  const rows = append(other, 3);
  w.fault('refuse-reads');
  hours(w, 1.05);
  expect(validated(w).sort()).toEqual([...rows].sort());
  hours(w, 0.5);
  // The person connects a working key again, in the home spreadsheet's sidebar.
  w.fault('none');
  connect(w, KEY);
  hours(w, 4);
  const statuses = other
    .values()
    .slice(1)
    .map((r) => String(r[1]));
  // Every row has its result, paid once: the job paused in a run by id goes on there.
  expect(statuses.filter((s) => /^Paused|^Queued|^Processing/.test(s))).toEqual([]);
  const later = append(other, 1);
  hours(w, 1.5);
  expect(validated(w)).toContain(later[0]);
  expect(view(w, 'other').status).toMatch(/^Watching/);
});

test('a day with the property quota spent stops automation for that day only: the next day it goes on by itself', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  append(sheet, 1);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(1);
  w.host.useUpQuota('properties');
  append(sheet, 1);
  hours(w, 3);
  expect(w.host.triggerList().filter((t) => !t.spent)).toHaveLength(1);
  // The quota day ends 24 hours after it began; the hourly trigger must still be there.
  hours(w, 26);
  const later = append(sheet, 1);
  hours(w, 1.5);
  // The rows added go: the failing run left a trigger for an hour later.
  expect(validated(w)).toContain(later[0]);
  expect(validated(w)).toHaveLength(3);
});

/** The add-on's scopes with `currentonly` in place of the full spreadsheets scope (granular consent). */
function currentOnly(): string[] {
  const full = 'https://www.googleapis.com/auth/spreadsheets';
  const scopes = (JSON.parse(readFileSync(join(__dirname, '../../dist/appsscript.json'), 'utf8')) as { oauthScopes: string[] }).oauthScopes;
  return [...scopes.filter((s) => s !== full), `${full}.currentonly`];
}

test('automation stopped by its trigger (its spreadsheet could not be opened) and then turned off lets other editors run the action again', () => {
  const w = faultWorld({ oauthScopes: currentOnly() });
  const doc = w.host.addSpreadsheet('home', 'Home');
  new SheetHelper(doc, doc.sheetByName('Sheet1')!).load([['Email']]);
  save(w, {}, 'home');
  const sheet = leads(w);
  append(sheet, 2);
  save(w);
  // The home's trigger cannot open this spreadsheet by id: automation here stops, saying so. Run
  // without its own spreadsheet (triggerDocument 'none'), it cannot open the home either: every
  // automated spreadsheet stops, and one e-mail tells of them all.
  hours(w, 2);
  expect(view(w).on).toBe(false);
  expect(view(w).status).toMatch(/could not be opened/);
  expect(w.host.mail.filter((m) => /could not be opened/.test(m.body))).toHaveLength(1);
  // The person turns it off for good from this spreadsheet's sidebar.
  save(w, { on: false });
  // Another editor may now validate the sheet's emails: turning it off let automation's claim go.
  w.host.open({ user: BOB });
  connect(w, 'demo-key-alpha', BOB);
  w.host.select('Sheet1!A1:A3');
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', options: {}, confirmed: true }], BOB);
  expect(r.error?.message).toBeUndefined();
});

test("a record saved by a later version of the add-on is not taken for automation off, nor overwritten with today's spend forgotten", () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 5, capPerDay: 5 });
  append(sheet, 8);
  hours(w, 1.5);
  const key = 'prospecting.auto.' + w.host.spreadsheet.id;
  const stored = JSON.parse(w.host.userProperties()[key]!) as Record<string, unknown>;
  expect(stored.spends).toEqual([[expect.any(Number), 5]]);
  // A later version (rolled back since) saved the record with fields of its own.
  w.host.setProperties('user', { [key]: JSON.stringify({ ...stored, v: 2, schedule: 'hourly' }) });
  // The tab says the record is a later version's, and a save is refused, keeping the day's spend.
  expect(view(w).status).not.toMatch(/^Off/);
  try {
    save(w, { capPerRun: 5, capPerDay: 5 });
  } catch {
    // Refusing to overwrite it is right too.
  }
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(5);
});

test('the stamp column deleted by hand: results checked a moment ago are not taken for stale and paid for again', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { staleDays: 3 });
  // Automation has watched the sheet for four days when these rows arrive and are checked.
  hours(w, 96);
  const rows = append(sheet, 4);
  hours(w, 1.5);
  expect(validated(w).sort()).toEqual([...rows].sort());
  const stampAt = sheet.values()[0]!.indexOf('Email · Checked');
  sheet.userDeleteColumns(stampAt + 1);
  hours(w, 3);
  // Nothing is sent again before the results are three days old: a result found without its
  // stamp is dated when automation finds it, not when automation began.
  expect(validated(w)).toHaveLength(4);
});
