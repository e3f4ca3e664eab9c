// "Refresh formulas in selection": the add-on's formulas in the selected ranges are entered
// again (so Sheets computes them again), in few calls; every other cell is left as it was.
import { addonWorld, connect, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';

function world(): World {
  const w = addonWorld();
  w.host.open();
  connect(w, KEY);
  return w;
}

const lastToast = (w: World) => w.host.spreadsheet.toasts[w.host.spreadsheet.toasts.length - 1]?.message;

test("rewrites only the add-on's formulas in the selection, and says how many", () => {
  const w = world();
  const sheet = w.host.sheet();
  sheet.load([
    ['Domain', 'Company', 'Other'],
    ['acme.com', '=ENRICH_COMPANY(A2, "name")', '=1+2'],
    ['harborlogistics.com', '=ENRICH_COMPANY(A3, "name")', 'a note'],
    ['x.com', 'keep me', '=IFERROR(enrich_person("jane.doe@example.com", "name"), "")'],
    ['y.com', '=ENRICH_COMPANY(A5, "name")', ''],
    ['acme.com', '=ENRICH_COMPANY(A6, "name")', ''],
  ]);
  w.host.recalculate();
  expect(sheet.cell('B2').value).toBe('Acme');
  expect(sheet.cell('B6').value).toBe('Acme');
  const before = ['A2', 'C2', 'C3', 'B4', 'A5'].map((a) => sheet.cell(a));

  w.host.select('Sheet1!A2:C5');
  const r = w.host.clickMenu('Refresh formulas in selection');
  expect(r.ok).toBe(true);
  expect(lastToast(w)).toBe('Refreshed 4 formulas: they are being computed again.');
  // Entered again, so no longer showing their last answer; the same formulas.
  for (const [a, f] of [
    ['B2', '=ENRICH_COMPANY(A2, "name")'],
    ['B3', '=ENRICH_COMPANY(A3, "name")'],
    ['B5', '=ENRICH_COMPANY(A5, "name")'],
  ] as const) {
    expect(sheet.cell(a).formula).toBe(f);
    expect(sheet.cell(a).value).not.toBe('Acme');
  }
  expect(sheet.cell('C4').formula).toBe('=IFERROR(enrich_person("jane.doe@example.com", "name"), "")');
  // Outside the selection, and every other cell: untouched.
  expect(sheet.cell('B6').value).toBe('Acme');
  expect(['A2', 'C2', 'C3', 'B4', 'A5'].map((a) => sheet.cell(a))).toEqual(before);
  expect(sheet.cell('C2').value).toBe(3);
  // One read; B2:B3, B5 and C4: a clear and a write each, one flush.
  expect(r.calls['SpreadsheetApp.Range.getFormulas']).toBe(1);
  expect(r.calls['SpreadsheetApp.Range.clearContent']).toBe(3);
  expect(r.calls['SpreadsheetApp.Range.setValues']).toBe(3);
  expect(r.calls['SpreadsheetApp.flush']).toBe(1);
  // A recalculation computes them again.
  w.host.recalculate();
  expect(sheet.cell('B2').value).toBe('Acme');
});

test('a filled-down column of a thousand formulas is rewritten in one block; a selection without any writes nothing', () => {
  const w = world();
  const sheet = w.host.sheet();
  sheet.load([['Domain', 'Company'], ...Array.from({ length: 1000 }, (_, i) => [`company${i}.com`, `=ENRICH_COMPANY(A${i + 2}, "name")`])]);
  w.host.select('Sheet1!A1:B1001');
  const r = w.host.clickMenu('Refresh formulas in selection');
  expect(lastToast(w)).toBe('Refreshed 1000 formulas: they are being computed again.');
  expect(r.calls['SpreadsheetApp.Range.clearContent']).toBe(1);
  expect(r.calls['SpreadsheetApp.Range.setValues']).toBe(1);
  expect(sheet.cell('B1001').formula).toBe('=ENRICH_COMPANY(A1001, "name")');
  expect(sheet.cell('A1001').value).toBe('company999.com');
  expect(r.elapsedMs).toBeLessThan(2000);

  w.host.select('Sheet1!A1:A1001');
  const none = w.host.clickMenu('Refresh formulas in selection');
  expect(lastToast(w)).toBe("No formula of the add-on's functions in the selection.");
  expect(none.calls['SpreadsheetApp.Range.clearContent'] ?? 0).toBe(0);
  expect(none.calls['SpreadsheetApp.Range.setValues'] ?? 0).toBe(0);
});

test('several selected ranges are each refreshed', () => {
  const w = world();
  const sheet = w.host.sheet();
  sheet.load([
    ['Domain', 'Company'],
    ['acme.com', '=ENRICH_COMPANY(A2, "name")'],
    ['acme.com', '=ENRICH_COMPANY(A3, "name")'],
    ['acme.com', '=ENRICH_COMPANY(A4, "name")'],
  ]);
  w.host.recalculate();
  w.host.select('Sheet1!B2', 'Sheet1!B4');
  w.host.clickMenu('Refresh formulas in selection');
  expect(lastToast(w)).toBe('Refreshed 2 formulas: they are being computed again.');
  expect(sheet.cell('B2').value).not.toBe('Acme');
  expect(sheet.cell('B3').value).toBe('Acme');
  expect(sheet.cell('B4').value).not.toBe('Acme');
});
