// Guards a search left to the trigger: starting a run in another spreadsheet clears the user's
// triggers nobody needs, and must count the search's trigger as needed; and the trigger run that
// ends the search settles its trigger after it, leaving none to fire for nothing.
import { SheetHelper } from '../../emulator/spreadsheet/sheet-helper';
import { addonWorld, connect, runTriggers } from '../support/addon-world';

const KEY = 'demo-key-alpha';

test('starting a run in another spreadsheet does not strand a search the trigger was carrying on', () => {
  const w = addonWorld({ service: { populationCompanies: 2000, faults: { slowRate: 1, slowMs: 4000 } } });
  w.host.open();
  connect(w, KEY);
  const first = w.host.callFromSidebar('runSearch', [{ kind: 'people', limit: 3000 }]).value as {
    id: number;
    end?: string;
    written: number;
  };
  expect(first.end).toBeUndefined();
  // The sidebar is closed: the trigger in this spreadsheet is to go on with the search.
  expect(w.host.triggerList().length).toBe(1);

  // Meanwhile, in another spreadsheet, the same person validates a few emails.
  const b = w.host.addSpreadsheet('sheet-b', 'Book B');
  const sheet = b.sheetByName('Sheet1')!;
  new SheetHelper(b, sheet).load([['Email'], ['ava.lindqvist@harborlogistics.com'], ['ben.okafor@cedarhealth.org']]);
  b.selectRanges([{ sheetId: sheet.sheetId, row: 1, column: 1, numRows: 3, numColumns: 1 }]);
  const r = w.host.run('startRun', [{ action: 'email', options: {}, confirmed: true }], { kind: 'sidebar', spreadsheetId: 'sheet-b' });
  expect(r.error?.message).toBeUndefined();

  runTriggers(w);
  // Nobody opened the first spreadsheet's sidebar again.
  const now = w.host.callFromSidebar('runSearch', []).value as { end?: string; written: number };
  expect(now).toMatchObject({ end: 'Done.', written: 3000 });
});

test('the trigger run that ends a search settles the trigger once, after it: none is left to fire for nothing', () => {
  const w = addonWorld({ service: { populationCompanies: 2000, faults: { slowRate: 1, slowMs: 4000 } } });
  w.host.open();
  connect(w, KEY);
  const first = w.host.callFromSidebar('runSearch', [{ kind: 'people', limit: 1000 }]).value as { end?: string };
  expect(first.end).toBeUndefined();
  // The sidebar is closed: the trigger goes on with the search until it ends.
  let search = first;
  for (let runs = 0; !search.end && runs < 20; runs++) {
    expect(w.host.fireNextTrigger()).toBeDefined();
    search = w.host.callFromSidebar('runSearch', []).value as { end?: string };
  }
  expect(search).toMatchObject({ end: 'Done.', written: 1000 });
  expect(w.host.triggerList()).toEqual([]);
});
