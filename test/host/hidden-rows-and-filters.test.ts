// What a script can learn about hidden rows and the selection: per-row hidden checks (counted and
// costed per call), the sheet's filter, range lists and frozen rows.
import { makeHost } from './helpers';

function leads() {
  const host = makeHost();
  host.sheet('Leads').loadCsv('email,company\na@x.com,X\nb@y.com,Y\nc@z.com,Z');
  return host;
}

describe('hidden rows', () => {
  it('answers per row, one counted 10 ms call per row and kind', () => {
    const host = leads();
    host
      .sheet('Leads')
      .userHideRows(2)
      .userFilter((v) => v[1] !== 'Y');
    host.resetStats();
    expect(host.run('hiddenRows', ['Leads', [2, 3, 4]]).value).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    const byCall = host.costReport().byCall;
    expect(byCall['SpreadsheetApp.Sheet.isRowHiddenByUser']).toEqual({ count: 3, ms: 30 });
    expect(byCall['SpreadsheetApp.Sheet.isRowHiddenByFilter']).toEqual({ count: 3, ms: 30 });
  });
});

describe('the sheet’s filter', () => {
  it('is null without a filter, and covers the data under a predicate filter without criteria', () => {
    const host = leads();
    expect(host.run('filterInfo', ['Leads', 1]).value).toBeNull();
    host.sheet('Leads').userFilter((v) => v[1] !== 'Y');
    expect(host.run('filterInfo', ['Leads', 2]).value).toEqual({ range: 'A1:B4', hidden: null });
  });

  it('reads the values hidden on a column, combining columns', () => {
    const host = leads();
    host.sheet('Leads').userFilterValues(2, ['Y']).userFilterValues(1, ['c@z.com']);
    expect(host.run('filterInfo', ['Leads', 2]).value).toEqual({ range: 'A1:B4', hidden: ['Y'] });
    expect(host.run('filterInfo', ['Leads', 1]).value).toEqual({ range: 'A1:B4', hidden: ['c@z.com'] });
    expect(host.run('hiddenRows', ['Leads', [1, 2, 3, 4]]).value).toEqual([
      [false, false],
      [false, false],
      [false, true],
      [false, true],
    ]);
    expect(host.run('filterInfo', ['Leads', 3]).error?.message).toBe('The column position must be within the filter range.');
  });

  it('moves with inserted and deleted rows and columns', () => {
    const host = leads();
    const sheet = host.sheet('Leads').userFilterValues(2, ['Y']);
    sheet.userInsertRows(2, 2).userInsertColumns(1);
    expect(host.run('filterInfo', ['Leads', 3]).value).toEqual({ range: 'B1:C6', hidden: ['Y'] });
    expect(host.run('hiddenRows', ['Leads', [5]]).value).toEqual([[false, true]]);
    sheet.userDeleteRows(1, 1).userDeleteColumns(1);
    expect(host.run('filterInfo', ['Leads', 2]).value).toEqual({ range: 'A1:B5', hidden: ['Y'] });
    sheet.userDeleteColumns(2);
    expect(host.run('filterInfo', ['Leads', 1]).value).toEqual({ range: 'A1:A5', hidden: null });
    expect(host.run('hiddenRows', ['Leads', [4]]).value).toEqual([[false, false]]);
  });

  it('can be removed by the script, showing the rows again', () => {
    const host = leads();
    host.sheet('Leads').userFilterValues(2, ['Y']);
    host.resetStats();
    expect(host.run('removeFilter', ['Leads']).ok).toBe(true);
    expect(host.costReport().byCall['SpreadsheetApp.Filter.remove']!.ms).toBe(100);
    expect(host.run('filterInfo', ['Leads', 1]).value).toBeNull();
    expect(host.run('hiddenRows', ['Leads', [3]]).value).toEqual([[false, false]]);
  });
});

describe('range lists and frozen rows', () => {
  it('gives the selected ranges from SpreadsheetApp, the spreadsheet and the sheet', () => {
    const host = leads();
    host.sheet('Leads').setFrozenRows(1);
    host.select('Leads!A2:B2', 'Leads!A4:B4');
    const lists = ['Leads!A2:B2', 'Leads!A4:B4'];
    expect(host.run('rangeLists').value).toEqual({ app: lists, spreadsheet: lists, sheet: lists, frozen: 1 });
    host.select('Leads!B3');
    expect(host.run('rangeLists').value).toEqual({ app: ['Leads!B3'], spreadsheet: ['Leads!B3'], sheet: ['Leads!B3'], frozen: 1 });
  });
});
