// Automation's life with the ordinary turns it takes: the key refused for a while, the sheet or a
// spreadsheet deleted, automation turned off, another account connected, another editor, many
// spreadsheets on one trigger, Google's undocumented trigger rules either way; and the one alert
// each failure sends, the history, and "retry the failed rows".
import { SheetHelper } from '../../emulator/spreadsheet/sheet-helper';
import { column, connect, OWNER } from '../support/addon-world';
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

test('a refused key makes automation wait with one e-mail; once it works again, the rows that arrived meanwhile go, once', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  append(sheet, 3);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(3);
  w.fault('unauthorized');
  const during = append(sheet, 2);
  hours(w, 5);
  expect(view(w).status).toMatch(/refused the API key/);
  const alerts = w.host.mail.filter((m) => /waiting/.test(m.subject));
  expect(alerts).toHaveLength(1);
  expect(alerts[0]!.to).toEqual([OWNER]);
  expect(alerts[0]!.body).toMatch(/refused the API key/);
  expect(`${alerts[0]!.subject}\n${alerts[0]!.body}`.toLowerCase()).not.toContain(KEY);
  w.fault('none');
  hours(w, 1.5);
  expect(validated(w).slice(3).sort()).toEqual([...during].sort());
  expect(view(w).status).toMatch(/^Watching/);
  expect(w.host.mail).toHaveLength(1);
});

test('a run whose rows the service refused is told once by e-mail; "retry the failed rows" sends those rows only', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  append(sheet, 2);
  hours(w, 1.5);
  w.fault('refuse-validations');
  const refused = append(sheet, 3);
  hours(w, 1);
  const run = view(w).history[0]!;
  expect(run.failed).toBe(3);
  expect(run.alerted).toBe(true);
  expect(w.host.mail.filter((m) => /failed/.test(m.subject))).toHaveLength(1);
  // The failed rows are not sent again by the hourly runs on their own.
  hours(w, 3);
  expect(validated(w)).toHaveLength(2);
  expect(w.host.mail).toHaveLength(1);
  w.fault('none');
  const r = w.host.callFromSidebar('retryFailedRows', [run.id]);
  expect(r.error?.message).toBeUndefined();
  hours(w, 0.2);
  expect(validated(w).slice(2).sort()).toEqual([...refused].sort());
  expect(column(w, 'Email · Result').filter((s) => /^Error/.test(String(s)))).toEqual([]);
  const after = view(w);
  expect(after.history.find((h) => h.id === run.id)!.failed).toBe(0);
  // Retrying again finds nothing to send.
  expect(w.host.callFromSidebar('retryFailedRows', [run.id]).error?.message).toMatch(/no failed rows/);
});

test('the watched sheet deleted: automation stops, says why once, and leaves no trigger behind', () => {
  const w = faultWorld();
  const sheet = w.host.sheet('Leads');
  sheet.load([['Email'], ['a1@form.com']]);
  w.host.spreadsheet.activate(w.host.spreadsheet.sheetByName('Leads')!);
  save(w);
  hours(w, 1.5);
  w.host.spreadsheet.removeSheet(w.host.spreadsheet.sheetByName('Leads')!);
  hours(w, 3);
  const v = view(w);
  expect(v.on).toBe(false);
  expect(v.status).toMatch(/deleted/);
  expect(w.host.mail.filter((m) => /deleted/.test(m.body))).toHaveLength(1);
  expect(w.host.triggerList().filter((t) => !t.spent)).toEqual([]);
});

test('turned off, nothing more is sent and the trigger goes; turned on again, the rows added meanwhile go', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  append(sheet, 2);
  hours(w, 1.5);
  expect(save(w, { on: false }).on).toBe(false);
  hours(w, 0.1);
  expect(w.host.triggerList().filter((t) => !t.spent)).toEqual([]);
  const meanwhile = append(sheet, 2);
  hours(w, 3);
  expect(validated(w)).toHaveLength(2);
  save(w);
  hours(w, 1.5);
  expect(validated(w).slice(2).sort()).toEqual([...meanwhile].sort());
});

test('another account connected: automation waits naming the account it pays with, and spends nothing of the other', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  connect(w, 'demo-key-bravo');
  append(sheet, 2);
  hours(w, 3);
  expect(validated(w)).toEqual([]);
  expect(view(w).status).toMatch(/Form owner/);
  connect(w, KEY);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(2);
});

test('another editor cannot run the automated action on the watched sheet, nor automate it; another action is theirs to run', () => {
  const w = faultWorld();
  const sheet = leads(w);
  append(sheet, 2);
  save(w);
  w.host.open({ user: BOB });
  connect(w, 'demo-key-bravo', BOB);
  w.host.select('Sheet1!A1:A3');
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', options: {}, confirmed: true }], BOB);
  expect(r.error?.message).toMatch(/Another editor/);
  expect(() => save(w, {}, undefined, BOB)).toThrow(/Another editor/);
});

test('many automated spreadsheets share one trigger, each served every hour, under refused short one-shots and without the document', () => {
  const w = faultWorld();
  w.host.setBackgroundOneShots('refused');
  const sheets: SheetHelper[] = [];
  for (let i = 0; i < 24; i++) {
    const id = `book-${i}`;
    const doc = w.host.addSpreadsheet(id, `Book ${i}`);
    const sheet = new SheetHelper(doc, doc.sheetByName('Sheet1')!);
    sheet.load([['Email']]);
    save(w, {}, id);
    sheets.push(sheet);
  }
  // More spreadsheets than a user may have triggers, and still the home's one trigger, with one
  // other spreadsheet's (its deputy's) looking in on it once a day.
  expect(
    w.host
      .triggerList()
      .filter((t) => !t.spent)
      .map((t) => t.documentId),
  ).toEqual(['book-0', 'book-1']);
  const sent: string[] = [];
  for (const sheet of sheets) sent.push(...append(sheet, 1));
  hours(w, 2.5);
  expect(validated(w).sort()).toEqual([...sent].sort());
  w.host.setTriggerDocument('none');
  const later: string[] = [];
  for (const sheet of sheets) later.push(...append(sheet, 1));
  hours(w, 2.5);
  expect(validated(w).slice(sent.length).sort()).toEqual([...later].sort());
  expect(w.host.triggerList().filter((t) => !t.spent)).toHaveLength(2);
  for (const day of w.host.quotaHistory(OWNER)) expect(day.triggerRuntimeMs).toBeLessThan(90 * 60 * 1000);
});

test('an automated spreadsheet deleted for good stops with one alert; when the home trigger is gone (its spreadsheet deleted), another takes over when opened', () => {
  const w = faultWorld();
  const home = leads(w);
  save(w);
  const other = automateOther(w);
  append(home, 1);
  append(other, 1);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(2);
  w.host.deleteSpreadsheet('other');
  hours(w, 2);
  expect(w.host.mail.filter((m) => /could not be opened/.test(m.body))).toHaveLength(1);

  // Now the other way round: a third spreadsheet, and the home deleted with its trigger.
  const doc3 = w.host.addSpreadsheet('third', 'Third');
  const third = new SheetHelper(doc3, doc3.sheetByName('Sheet1')!);
  third.load([['Email']]);
  save(w, {}, 'third');
  // The home's trigger, and the third's as its deputy (the deleted one was).
  expect(
    w.host
      .triggerList()
      .filter((t) => !t.spent)
      .map((t) => t.documentId),
  ).toEqual([w.host.spreadsheet.id, 'third']);
  const row = append(third, 1);
  // The person opens the third spreadsheet's sidebar: its trigger takes over serving automation.
  w.host.triggers.remove(w.host.triggerList()[0]!.uid);
  view(w, 'third');
  expect(
    w.host
      .triggerList()
      .filter((t) => !t.spent)
      .map((t) => t.documentId),
  ).toEqual(['third']);
  hours(w, 1.5);
  expect(validated(w)).toContain(row[0]);
});

test('caps: a run never passes its cap, the day stops at its own, says so once, and goes on the next day', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 4, capPerDay: 10 });
  append(sheet, 30);
  hours(w, 5);
  const runs = view(w).history;
  for (const r of runs) expect(r.credits).toBeLessThanOrEqual(4);
  expect(validated(w)).toHaveLength(10);
  expect(view(w).status).toMatch(/cap of 10 credits is reached/);
  expect(view(w).spentToday).toBe(10);
  expect(w.host.mail.filter((m) => /cap/.test(m.body))).toHaveLength(1);
  hours(w, 24);
  expect(validated(w).length).toBeGreaterThan(10);
  expect(validated(w).length).toBeLessThanOrEqual(20);
  expect(new Set(validated(w)).size).toBe(validated(w).length);
});

test('in a spreadsheet the trigger reaches by id, a job paused for its key goes on once the key works, and automation says why it waits meanwhile', () => {
  const w = faultWorld();
  leads(w);
  save(w);
  const other = automateOther(w);
  hours(w, 1.5);
  w.fault('refuse-reads');
  const rows = append(other, 3);
  hours(w, 3);
  // Sent, paid, and its results not yet read: the rows wait, and so does automation, saying why.
  expect(validated(w).sort()).toEqual([...rows].sort());
  expect(view(w, 'other').status).toMatch(/refused the API key/);
  expect(w.host.mail.filter((m) => /refused/.test(m.body))).toHaveLength(1);
  w.fault('none');
  hours(w, 3);
  // Nobody opened the other spreadsheet: its job went on from the trigger, paying nothing twice.
  const results = other
    .values()
    .slice(1)
    .map((r) => String(r[1]));
  expect(results.every((r) => /^(Deliverable|Risky|Undeliverable|Unknown)$/.test(r))).toBe(true);
  expect(validated(w)).toHaveLength(3);
  expect(view(w, 'other').status).toMatch(/^Watching/);
});

test("Apps Script's URL-fetch quota spent: automation waits with one alert and goes on when the day is over; with the e-mail quota spent, nothing fails", () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  append(sheet, 2);
  hours(w, 1.5);
  w.host.useUpQuota('urlFetch');
  const meanwhile = append(sheet, 2);
  hours(w, 4);
  expect(view(w).status).toMatch(/quota/);
  expect(w.host.mail.filter((m) => /quota/.test(m.body))).toHaveLength(1);
  // A new quota day: the rows that waited go, once.
  hours(w, 24);
  expect(validated(w).slice(2).sort()).toEqual([...meanwhile].sort());
  expect(view(w).status).toMatch(/^Watching/);
  // No e-mail left for the day: an alert is not sent, and automation carries on regardless.
  w.host.useUpQuota('mail');
  w.fault('unauthorized');
  hours(w, 2);
  expect(view(w).status).toMatch(/refused the API key/);
  expect(w.host.mail.filter((m) => /refused/.test(m.body))).toHaveLength(0);
  w.fault('none');
  const after = append(sheet, 1);
  hours(w, 1.5);
  expect(validated(w)).toContain(after[0]);
});

test('a long job, started by hand, ends with one e-mail when alerts are on; a short one sends none', () => {
  const w = faultWorld({ service: { processingRate: 2 } });
  const sheet = w.host.sheet('Sheet1');
  sheet.load([['Email'], ...Array.from({ length: 6000 }, (_, i) => [`long${i}@form-${i % 5}.com`])]);
  // Alerts on, automation off: alerts are the person's, over every spreadsheet.
  expect(save(w, { on: false }).on).toBe(false);
  w.host.select('Sheet1!A1:A6001');
  const started = w.host.callFromSidebar('startRun', [{ action: 'email', options: {}, confirmed: true }]);
  expect(started.error?.message).toBeUndefined();
  hours(w, 6);
  expect(column(w, 'Email · Result').filter((r) => /^(Deliverable|Risky|Undeliverable|Unknown)$/.test(String(r)))).toHaveLength(6000);
  const ended = w.host.mail.filter((m) => /ended/.test(m.subject));
  expect(ended).toHaveLength(1);
  expect(ended[0]!.subject).toMatch(/Email validation on "Sheet1" ended/);
  expect(ended[0]!.body).toMatch(/^Done: /);
  // A job of a few rows is not worth an e-mail.
  sheet.load([['short@form.com']], 'A6002');
  w.host.select('Sheet1!A6002');
  w.host.callFromSidebar('startRun', [{ action: 'email', options: {}, confirmed: true }]);
  hours(w, 1);
  expect(w.host.mail).toHaveLength(1);
});

test("turning automation on and off in a spreadsheet with a job running leaves the job's trigger: it ends with nobody watching", () => {
  const w = faultWorld({ service: { processingRate: 2 } });
  const sheet = w.host.sheet('Sheet1');
  sheet.load([['Email'], ...Array.from({ length: 3000 }, (_, i) => [`running${i}@form-${i % 5}.com`])]);
  w.host.select('Sheet1!A1:A3001');
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', options: {}, confirmed: true }]).error?.message).toBeUndefined();
  // Automation on another sheet of the same spreadsheet, then off again, while the job runs.
  const other = w.host.sheet('Form');
  other.load([['Email']]);
  w.host.spreadsheet.activate(w.host.spreadsheet.sheetByName('Form')!);
  save(w);
  save(w, { on: false });
  hours(w, 6);
  const results = column(w, 'Email · Result');
  expect(results.filter((r) => /^(Deliverable|Risky|Undeliverable|Unknown)$/.test(String(r)))).toHaveLength(3000);
});

test("turned off in a spreadsheet the home's trigger served, a job automation started there goes on by that spreadsheet's own trigger", () => {
  const w = faultWorld({ service: { processingRate: 2 } });
  leads(w);
  save(w);
  const other = automateOther(w);
  append(other, 2000);
  // The home's trigger starts the job there; it runs on past the run's wait: its next step a
  // minute later, or at the next hourly run when Apps Script refuses short one-shots.
  hours(w, w.host.unknowables.backgroundOneShots === 'allowed' ? 1.1 : 2.1);
  expect(validated(w)).toHaveLength(2000);
  save(w, { on: false }, 'other');
  hours(w, 6);
  const results = other
    .values()
    .slice(1)
    .map((r) => String(r[1]));
  expect(results.filter((r) => /^(Deliverable|Risky|Undeliverable|Unknown)$/.test(r))).toHaveLength(2000);
});
