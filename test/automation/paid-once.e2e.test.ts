// What was paid is a fact of the row, kept in the paid ledger: a result column renamed or deleted,
// or a note typed into a result cell, never buys a row again, for automation or a manual run.
import { column } from '../support/addon-world';
import { append, autoView as view, faultWorld, hours, leads, saveAuto as save, validated } from '../support/automation-world';

/** Twenty rows validated and stamped by automation's first run. */
const validatedTwenty = () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 1000, capPerDay: 1000 });
  const emails = append(sheet, 20);
  hours(w, 1.5);
  expect(validated(w).sort()).toEqual([...emails].sort());
  expect(column(w, 'Email · Result').every((s) => /Deliverable|Risky|Undeliverable|Unknown/.test(String(s)))).toBe(true);
  return { w, sheet, emails };
};

const header = (w: ReturnType<typeof faultWorld>) => w.host.sheet('Sheet1').values()[0]!.map(String);

test('the result column renamed: the next runs buy nothing again and add no result column', () => {
  const { w, sheet } = validatedTwenty();
  const at = header(w).indexOf('Email · Result');
  sheet.userEdit(`${String.fromCharCode(65 + at)}1`, 'Result');
  hours(w, 3);
  expect(validated(w)).toHaveLength(20);
  expect(header(w)).not.toContain('Email · Result');
  expect(view(w).status).toMatch(/^Watching/);
  // A new row is still sent, once.
  const [late] = append(sheet, 1);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(21);
  expect(validated(w)).toContain(late);
});

test('the result column deleted: nothing is bought again while every stamp names the key its row holds', () => {
  const { w, sheet } = validatedTwenty();
  sheet.userDeleteColumns(header(w).indexOf('Email · Result') + 1);
  hours(w, 3);
  expect(validated(w)).toHaveLength(20);
});

test('notes typed into result cells, in any words and letter case, buy nothing again', () => {
  const { w, sheet } = validatedTwenty();
  const at = String.fromCharCode(65 + header(w).indexOf('Email · Result'));
  sheet.userEdit(`${at}2`, 'ok');
  sheet.userEdit(`${at}3`, 'called him, bounced');
  sheet.userEdit(`${at}4`, 'deliverable');
  hours(w, 3);
  expect(validated(w)).toHaveLength(20);
  // The notes are the person's: left as typed.
  expect(column(w, 'Email · Result').slice(0, 3)).toEqual(['ok', 'called him, bounced', 'deliverable']);
});

test('a manual run over rows whose result column was deleted sends none of them again', () => {
  const { w, sheet } = validatedTwenty();
  save(w, { on: false });
  sheet.userDeleteColumns(header(w).indexOf('Email · Result') + 1);
  w.host.select('Sheet1!A1:A21');
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'email' }]);
  expect(preview.error?.message).toBeUndefined();
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  hours(w, 2);
  expect(validated(w)).toHaveLength(20);
});

test('an answer older than the re-check age is bought again once, and then it is fresh again', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { staleDays: 2 });
  append(sheet, 3);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(3);
  hours(w, 24);
  expect(validated(w)).toHaveLength(3);
  hours(w, 30);
  expect(validated(w)).toHaveLength(6);
  hours(w, 24);
  expect(validated(w)).toHaveLength(6);
});

test('a new row by hand repeating a key paid for on the sheet gets its answer copied, and is not bought again', () => {
  const { w, sheet, emails } = validatedTwenty();
  save(w, { on: false });
  sheet.load([[emails[0]]], 'A22');
  w.host.select('Sheet1!A22:A22');
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  const results = column(w, 'Email · Result');
  expect(results[20]).toMatch(new RegExp(`^${String(results[0])} · reused, paid \\d{4}-\\d\\d-\\d\\d$`));
  expect(validated(w)).toHaveLength(20);
});

test('a new row by hand repeating a key paid for on the sheet, whose answer no row shows any more, says so, and is not bought again', () => {
  const { w, sheet, emails } = validatedTwenty();
  save(w, { on: false });
  const at = String.fromCharCode(65 + header(w).indexOf('Email · Result'));
  sheet.userEdit(`${at}2`, 'called, no answer');
  sheet.load([[emails[0]]], 'A22');
  w.host.select('Sheet1!A22:A22');
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  expect(column(w, 'Email · Result')[20]).toMatch(/^Answered: paid for on this sheet on \d{4}-\d\d-\d\d; its result is in another row/);
  expect(validated(w)).toHaveLength(20);
});
