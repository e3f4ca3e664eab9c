// Column inserts and deletes from the script and from the user, the grid's width, and sorting a
// range header included, as Sheets and Apps Script do them.
import { HostFailure } from '../../emulator';
import { makeHost } from './helpers';

type SheetCall = { result: unknown; maxRows: number; maxColumns: number };

describe('columns from the script', () => {
  it('inserts columns after and before a position, shifting cells with their notes', () => {
    const host = makeHost();
    const sheet = host.sheet().load([['a', 'b', 'c']]);
    sheet.model.writableCell(1, 3).note = 'on c';
    const after = host.run('sheetCall', ['Sheet1', 'insertColumnsAfter', [1, 2]]).value as SheetCall;
    expect(after).toEqual({ result: 'sheet', maxRows: 1000, maxColumns: 28 });
    expect(sheet.values()).toEqual([['a', '', '', 'b', 'c']]);
    expect(sheet.cell('E1').note).toBe('on c');

    expect((host.run('sheetCall', ['Sheet1', 'insertColumnsBefore', [1, 1]]).value as SheetCall).maxColumns).toBe(29);
    expect(sheet.values()).toEqual([['', 'a', '', '', 'b', 'c']]);
    expect(host.run('sheetCall', ['Sheet1', 'insertColumnBefore', [3]]).value).toMatchObject({ result: 'sheet', maxColumns: 30 });
    expect(host.run('sheetCall', ['Sheet1', 'insertColumnAfter', [30]]).value).toMatchObject({ result: 'sheet', maxColumns: 31 });
    expect(sheet.values()).toEqual([['', 'a', '', '', '', 'b', 'c']]);
  });

  it('deletes columns, shifting cells left and shrinking the grid', () => {
    const host = makeHost();
    const sheet = host.sheet().load([['a', 'b', 'c', 'd']]);
    expect(host.run('sheetCall', ['Sheet1', 'deleteColumn', [2]]).value).toEqual({ result: 'sheet', maxRows: 1000, maxColumns: 25 });
    expect(sheet.values()).toEqual([['a', 'c', 'd']]);
    expect(host.run('sheetCall', ['Sheet1', 'deleteColumns', [1, 2]]).value).toEqual({ result: null, maxRows: 1000, maxColumns: 23 });
    expect(sheet.values()).toEqual([['d']]);
  });

  it('checks positions with Apps Script’s messages', () => {
    const host = makeHost();
    const error = (method: string, args: number[]) => host.run('sheetCall', ['Sheet1', method, args]).error?.message;
    expect(error('insertColumnsAfter', [27, 1])).toBe('Those columns are out of bounds.');
    expect(error('insertColumnsBefore', [0, 1])).toBe('Those columns are out of bounds.');
    expect(error('insertColumnsAfter', [1, 0])).toBe('Those columns are out of bounds.');
    expect(error('deleteColumns', [26, 2])).toBe('Those columns are out of bounds.');
    expect(error('deleteColumns', [1, 26])).toBe('Sorry, it is not possible to delete all non-frozen columns.');
    expect(error('insertRowsAfter', [1001, 1])).toBe('Those rows are out of bounds.');
    expect(error('deleteRows', [1000, 2])).toBe('Those rows are out of bounds.');
    expect(host.run('sheetCall', ['Sheet1', 'insertRowsAfter', [1000, 5]]).value).toMatchObject({ maxRows: 1005 });
    expect(host.run('sheetCall', ['Sheet1', 'getMaxColumns', []]).value).toMatchObject({ result: 26 });
  });

  it('refuses writes past the last column until the script inserts columns', () => {
    const host = makeHost();
    host
      .sheet()
      .load([['a', 'b']])
      .setMaxColumns(6);
    expect(host.run('sheetCall', ['Sheet1', 'getMaxColumns', []]).value).toMatchObject({ result: 6 });
    expect(host.run('writeCells', ['G1:H1', [[1, 2]]]).error?.message).toBe(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(host.run('writeCell', ['Z1', 'x']).error?.message).toBe('The coordinates of the range are outside the dimensions of the sheet.');
    host.run('sheetCall', ['Sheet1', 'insertColumnsAfter', [6, 2]]);
    expect(host.run('writeCells', ['G1:H1', [[1, 2]]]).ok).toBe(true);
    expect(host.sheet().values()).toEqual([['a', 'b', '', '', '', '', 1, 2]]);
  });

  it('counts column operations and costs each like a row operation', () => {
    const host = makeHost();
    host.resetStats();
    host.run('sheetCall', ['Sheet1', 'insertColumnsAfter', [26, 4]]);
    host.run('sheetCall', ['Sheet1', 'deleteColumns', [27, 2]]);
    host.run('sheetCall', ['Sheet1', 'deleteColumn', [27]]);
    const stats = host.stats();
    expect(stats['SpreadsheetApp.Sheet.insertColumnsAfter']).toBe(1);
    expect(stats['SpreadsheetApp.Sheet.deleteColumns']).toBe(1);
    expect(stats['SpreadsheetApp.Sheet.deleteColumn']).toBe(1);
    const byCall = host.costReport().byCall;
    expect(byCall['SpreadsheetApp.Sheet.insertColumnsAfter']!.ms).toBe(100);
    expect(byCall['SpreadsheetApp.Sheet.deleteColumns']!.ms).toBe(100);
  });

  it('refuses column changes from a custom function', () => {
    const host = makeHost();
    const r = host.run('sheetCall', ['Sheet1', 'insertColumnsAfter', [1, 1]], { mode: 'CUSTOM_FUNCTION', kind: 'customFunction' });
    expect(r.error?.message).toBe('You do not have permission to call insertColumnsAfter');
  });
});

describe('columns and cells from the user', () => {
  it('inserts and deletes columns, and narrows or widens the grid', () => {
    const host = makeHost();
    const sheet = host.sheet().load([['a', 'b', 'c']]);
    sheet.userInsertColumns(2, 2);
    expect(sheet.values()).toEqual([['a', '', '', 'b', 'c']]);
    expect(sheet.model.maxColumns).toBe(28);
    sheet.userDeleteColumns(1, 3);
    expect(sheet.values()).toEqual([['b', 'c']]);
    sheet.setMaxColumns(1);
    expect(sheet.values()).toEqual([['b']]);
    expect(sheet.model.maxColumns).toBe(1);
    sheet.setMaxColumns(3);
    expect(sheet.model.maxColumns).toBe(3);
  });

  it('types one cell as a user would, only inside the grid', () => {
    const host = makeHost();
    const sheet = host.sheet().setMaxColumns(4);
    sheet.userEdit('B2', '00123').userEdit('C2', '=NA()').userEdit('D2', "'=x");
    expect(sheet.cell('B2').value).toBe(123);
    expect(sheet.cell('C2')).toMatchObject({ value: '#N/A', formula: '=NA()' });
    expect(sheet.cell('D2')).toMatchObject({ value: '=x', formula: '' });
    expect(() => sheet.userEdit('E1', 'x')).toThrow(HostFailure);
    expect(() => sheet.userEdit('A1001', 'x')).toThrow(/outside the 1000 × 4 grid/);
  });
});

describe('sorting a range', () => {
  const data = [
    ['email', 'n', 'keep'],
    ['c@x.com', 3, 'k1'],
    ['', '', 'k2'],
    ['a@x.com', 1, 'k3'],
    ['b@x.com', 2, 'k4'],
  ];

  it('lets a user sort a range header included, blanks last, leaving other columns', () => {
    const host = makeHost();
    const sheet = host.sheet().load(data);
    sheet.userSortRange('A1:B5', 1);
    expect(sheet.values()).toEqual([
      ['a@x.com', 1, 'keep'],
      ['b@x.com', 2, 'k1'],
      ['c@x.com', 3, 'k2'],
      ['email', 'n', 'k3'],
      ['', '', 'k4'],
    ]);
  });

  it('sorts descending (text before numbers) with blanks still last, ignoring frozen rows', () => {
    const host = makeHost();
    const sheet = host
      .sheet()
      .load(data.map((r) => [...r.slice(0, 2), 'x']))
      .setFrozenRows(1);
    sheet.userSortRange('A1:B5', 2, false);
    expect(sheet.values()).toEqual([
      ['email', 'n', 'x'],
      ['c@x.com', 3, 'x'],
      ['b@x.com', 2, 'x'],
      ['a@x.com', 1, 'x'],
      ['', '', 'x'],
    ]);
    expect(() => sheet.userSortRange('A1:B5', 3)).toThrow(/column 3 is outside A1:B5/);
  });

  it('sorts from the script with Range.sort by number, spec object or several specs', () => {
    const host = makeHost();
    const sheet = host.sheet().load([
      ['h', 'k'],
      ['b', 2],
      ['a', 2],
      ['c', 1],
    ]);
    host.run('sortRange', ['A2:B4', 1]);
    expect(sheet.values()).toEqual([
      ['h', 'k'],
      ['a', 2],
      ['b', 2],
      ['c', 1],
    ]);
    host.run('sortRange', ['A2:B4', { column: 1, ascending: false }]);
    expect(sheet.values()).toEqual([
      ['h', 'k'],
      ['c', 1],
      ['b', 2],
      ['a', 2],
    ]);
    host.run('sortRange', ['A2:B4', [{ column: 2, ascending: false }, 1]]);
    expect(sheet.values()).toEqual([
      ['h', 'k'],
      ['a', 2],
      ['b', 2],
      ['c', 1],
    ]);
    host.run('sortRange', ['A1:B4', 2]);
    expect(sheet.values()).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 2],
      ['h', 'k'],
    ]);
  });

  it('refuses a sort column outside the range, and costs a sort like a sheet sort', () => {
    const host = makeHost();
    host.sheet().load([['b'], ['a']]);
    expect(host.run('sortRange', ['A1:A2', 2]).error?.message).toBe('The sort column must be within the range.');
    host.resetStats();
    host.run('sortRange', ['A1:A2', 1]);
    expect(host.costReport().byCall['SpreadsheetApp.Range.sort']).toEqual({ count: 1, ms: 100 });
    expect(host.sheet().values()).toEqual([['a'], ['b']]);
  });
});
