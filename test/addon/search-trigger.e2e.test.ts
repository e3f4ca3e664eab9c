// Guards a search left to the trigger: starting a run in another spreadsheet clears the user's
// triggers nobody needs, and must count the search's trigger as needed.
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
