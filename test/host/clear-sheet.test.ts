// Clearing a whole sheet as a person does (select all, Delete, Clear formatting): every cell,
// formula, note and format goes, and the filter with it; the grid keeps its size.
import { makeHost } from './helpers';

describe('userClear', () => {
  it('empties the sheet and drops its filter, keeping its rows and columns', () => {
    const host = makeHost();
    const sheet = host.sheet().load([
      ['email', 'n'],
      ['a@x.com', '=1+1'],
      ['b@x.com', 2],
    ]);
    sheet.userFilterValues(1, ['a@x.com']);
    host.select('Sheet1!A2');
    host.run('writeNote');
    expect(sheet.cell('A2').note).toBe('touched');
    const rows = sheet.model.maxRows;
    sheet.userClear();
    expect(sheet.values()).toEqual([]);
    expect(sheet.cell('B2')).toMatchObject({ value: '', formula: '', note: '' });
    expect(sheet.model.filter).toBeUndefined();
    expect(sheet.model.rows.some((r) => r.hiddenByFilter)).toBe(false);
    expect(sheet.model.maxRows).toBe(rows);
    sheet.load([['fresh']]);
    expect(sheet.values()).toEqual([['fresh']]);
  });
});
