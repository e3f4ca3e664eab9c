// The status column deleted while a job runs: every paid result reaches its row or the sheet of
// unplaced results, and no row of the job ends blank.
import { addonWorld, connect, runTriggers, tabs } from '../support/addon-world';

const FINAL = /^(Deliverable|Risky|Undeliverable|Unknown)$/;

test('the status column deleted mid-job: no row ends blank; each shows its answer, or says it was paid and lost with the column', () => {
  const w = addonWorld({ service: { processingRate: 1 } });
  const rows = Array.from({ length: 40 }, (_, k) => [`Person ${k}`, `person${k}@company${k % 7}.com`]);
  w.host.sheet().load([['Name', 'Email'], ...rows]);
  w.host.open();
  connect(w, 'demo-key-alpha');
  w.host.select('Sheet1!A1:B41');
  const r = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  const header = w.host.sheet().values()[0]!.map(String);
  w.host.sheet().userDeleteColumns(header.indexOf('Email · Result') + 1);
  runTriggers(w);
  const values = w.host.sheet().values();
  const at = values[0]!.map(String).indexOf('Email · Result');
  const status = at < 0 ? [] : values.slice(1).map((row) => String(row[at]));
  const unplaced = tabs(w).includes('Email validation · unplaced results')
    ? w.host.sheet('Email validation · unplaced results').values().slice(1)
    : [];
  const spent = w.service.account('demo-key-alpha')!.spent.email;
  expect(spent).toBe(40);
  // Each row shows its answer, or has it kept in the sheet of unplaced results, or says it was
  // paid and lost with the column (never bought again unasked); none is blank.
  const shown = status.filter((s) => FINAL.test(s)).length;
  const lost = status.filter((s) => /^Answered: its answer was paid for, then lost with the status column/.test(s)).length;
  expect(lost).toBeGreaterThan(0);
  expect(shown + lost + unplaced.length).toBe(40);
  expect(status.filter((s) => s === '')).toEqual([]);
  // Run again over every row: nothing is bought again unasked.
  w.host.select('Sheet1!A1:B41');
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]).error?.message).toBeUndefined();
  runTriggers(w);
  expect(w.service.account('demo-key-alpha')!.spent.email).toBe(40);
});
