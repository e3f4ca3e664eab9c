// The spreadsheet fake: Sheets' rules for written values, ranges, selection, user edits, the UI.
import { makeHost } from './helpers';

describe('values written to cells', () => {
  it('turns a string starting with = into a formula', () => {
    const host = makeHost();
    host.run('writeCells', ['A1:C1', [['=HYPERLINK("http://evil")', '=1+2', "=cmd|' /C calc'!A0"]]]);
    const r = host.run('readCells', ['A1:C1']).value as { values: unknown[][]; formulas: string[][] };
    expect(r.formulas).toEqual([['=HYPERLINK("http://evil")', '=1+2', "=cmd|' /C calc'!A0"]]);
    expect(r.values).toEqual([['#ERROR!', 3, '#ERROR!']]);
  });

  it('stores text after a leading apostrophe without the apostrophe', () => {
    const host = makeHost();
    host.run('writeCells', ['A1:B1', [["'=SUM(A1)", "'+1 555 0100"]]]);
    const r = host.run('readCells', ['A1:B1']).value as { values: unknown[][]; formulas: string[][] };
    expect(r.values).toEqual([['=SUM(A1)', '+1 555 0100']]);
    expect(r.formulas).toEqual([['', '']]);
  });

  it('reads + and - prefixed text as a formula, and numeric text as a number', () => {
    const host = makeHost();
    host.run('writeCells', ['A1:D1', [['+1 555 0100', '-foo', '00123', 'TRUE']]]);
    const r = host.run('readCells', ['A1:D1']).value as { values: unknown[][]; formulas: string[][] };
    expect(r.formulas[0]!.slice(0, 2)).toEqual(['=+1 555 0100', '=-foo']);
    expect(r.values[0]!.slice(2)).toEqual([123, true]);
  });

  it('keeps everything as text in a plain-text (@) cell', () => {
    const host = makeHost();
    host.sheet().load([['x']]);
    host.run('writeCell', ['A1', 'placeholder']);
    const sheet = host.spreadsheet.sheets[0]!;
    sheet.writableCell(1, 1).format = '@';
    host.run('writeCell', ['A1', '=1+1']);
    host.run('writeCell', ['A1', '00123']);
    expect(host.sheet().cell('A1')).toMatchObject({ value: '00123', formula: '', format: '@' });
  });

  it('checks the shape of setValues with Apps Script’s messages', () => {
    const host = makeHost();
    expect(host.run('writeCells', ['A1:B2', [[1, 2]]]).error?.message).toBe(
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
    );
    expect(host.run('writeCells', ['A1:B1', [[1, 2, 3]]]).error?.message).toBe(
      'The number of columns in the data does not match the number of columns in the range. The data has 3 but the range has 2.',
    );
    expect(host.run('writeCells', ['A1001', [[1]]]).error?.message).toBe(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
  });
});

describe('sheets, selection and user edits', () => {
  it('reads the selection with rows hidden by the user or a filter', () => {
    const host = makeHost();
    host.sheet('Leads').loadCsv('email,company\na@x.com,X\nb@y.com,Y\nc@z.com,Z');
    host
      .sheet('Leads')
      .userHideRows(2)
      .userFilter((v) => v[1] !== 'Y');
    host.select('Leads!A2:B4');
    expect(host.run('readSelection').value).toEqual({
      a1: 'A2:B4',
      sheet: 'Leads',
      values: [
        ['a@x.com', 'X'],
        ['b@y.com', 'Y'],
        ['c@z.com', 'Z'],
      ],
      hidden: [true, true, false],
    });
  });

  it('lets a test sort, insert and delete rows as a user would', () => {
    const host = makeHost();
    const sheet = host
      .sheet()
      .load([['name'], ['c'], ['a'], ['b']])
      .setFrozenRows(1);
    sheet.userSort(1);
    expect(sheet.values()).toEqual([['name'], ['a'], ['b'], ['c']]);
    sheet.userInsertRows(2, 2);
    expect(sheet.values()).toEqual([['name'], [''], [''], ['a'], ['b'], ['c']]);
    sheet.userDeleteRows(2, 3);
    expect(sheet.csv()).toBe('name\nb\nc');
  });

  it('deletes a sheet, moving the selection to the sheet before it, but never the last sheet', () => {
    const host = makeHost();
    host.sheet().load([['a']]);
    host.sheet('Second').load([['b']]);
    host.sheet('Third').load([['c']]);
    host.select('Second!A1');
    expect(host.run('deleteSheetNamed', ['Second']).value).toEqual({ sheets: ['Sheet1', 'Third'], active: 'Sheet1' });
    expect(host.run('deleteSheetNamed', ['Third']).value).toEqual({ sheets: ['Sheet1'], active: 'Sheet1' });
    const last = host.run('deleteSheetNamed', ['Sheet1']);
    expect(last.error?.message).toBe("You can't remove all the sheets in a document.");
    expect(host.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
  });

  it('records notes, the add-on menu item and toasts', () => {
    const host = makeHost();
    host.select('Sheet1!B2:B3');
    host.open();
    host.clickMenu('Write note');
    expect(host.sheet().cell('B3').note).toBe('touched');
    expect(() => host.clickMenu('Nope')).toThrow(/no menu item "Nope"/);
  });
});

describe('dialogs', () => {
  it('answers prompts and alerts from the queue', () => {
    const host = makeHost();
    host.ui.answer({ button: 'OK', text: 'sk-123' }, 'YES');
    expect(host.run('ask').value).toBe('sk-123');
    expect(host.ui.dialogs.map((d) => [d.kind, d.prompt, d.buttons])).toEqual([
      ['prompt', 'Paste it here', 'OK_CANCEL'],
      ['alert', 'Save it?', 'YES_NO'],
    ]);
  });

  it('fails the test loudly for an unanswered dialog, even if the script catches it', () => {
    const host = makeHost();
    expect(() => host.run('askAndSwallow')).toThrow(/nobody answered: "nobody answers this"/);
  });
});
