// A 50,000-row start of Enrich people with rows hidden by hand and by a filter, through the built
// add-on in the local host: exactly the hidden rows are left out, and the start stays cheap in
// estimated Apps Script time because the hidden rows are read in one formula, not a call per row.
import { addonWorld, column, connect, OWNER, tabs } from '../support/addon-world';

const KEY = 'hidden-scale-key';
const ROWS = 50000;

test('a 50,000-row start skips exactly the rows hidden by hand or by a filter, within 60 s of estimated time', () => {
  const w = addonWorld({ accounts: [{ key: KEY, name: 'Hidden', credits: { email: 200000, phone: 0 } }] });
  const people = Array.from({ length: ROWS }, (_, k) => [`Person ${k}`, `person${k}@company${k % 997}.com`, `https://firm${k}.com`]);
  w.host.sheet().load([['Name', 'Email', 'Website'], ...people]);
  w.host.open();
  connect(w, KEY);
  const sheet = w.host.sheet();
  // Hidden by hand: a block near the top and one row in every 5,000.
  sheet.userHideRows(10, 5);
  for (let row = 5000; row <= ROWS; row += 5000) sheet.userHideRows(row);
  // Hidden by a filter: the people of one company.
  sheet.userFilter((v) => !String(v[1]).endsWith('@company500.com'));
  const hidden = new Set<number>();
  for (let row = 2; row <= ROWS + 1; row++) {
    const r = w.host.spreadsheet.sheetByName('Sheet1')!.rows[row - 1]!;
    if (r.hiddenByUser || r.hiddenByFilter) hidden.add(row);
  }
  expect(hidden.size).toBeGreaterThan(50);
  w.host.select(`Sheet1!A1:C${ROWS + 1}`);

  const start = w.host.callFromSidebar('startRun', [{ action: 'person', confirmed: true }], OWNER);
  const report = start.execution.calls.report();
  console.log(
    `50,000-row start: ${(start.elapsedMs / 1000).toFixed(1)} s estimated (${(report.servicesMs / 1000).toFixed(1)} s of service calls), ${report.calls} calls`,
  );
  expect(start.error?.message).toBeUndefined();
  expect(start.elapsedMs).toBeLessThanOrEqual(60000);

  // The rows the person cannot see carry no mark; every row they can see does.
  const status = column(w, 'Person · Status');
  const wrong = status.flatMap((s, i) => ((s !== '') === hidden.has(i + 2) ? [i + 2] : []));
  expect(wrong).toEqual([]);
  // The person's sheet and selection are as they left them, and no helper sheet is left behind.
  expect(tabs(w)).toEqual(['Sheet1']);
  expect(w.host.spreadsheet.selection).toEqual([{ sheetId: 0, row: 1, column: 1, numRows: ROWS + 1, numColumns: 3 }]);
});
