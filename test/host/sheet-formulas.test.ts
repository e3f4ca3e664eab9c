// Formulas the host computes when a range is read: references to this sheet and to others (quoted
// names), R1C1 formulas set over a range, IF, COUNTA, COUNT, SUM and SUBTOTAL against the rows a
// person or a filter hides; and what inserting, hiding, activating and deleting sheets does to
// the active sheet and its selection.
import * as path from 'node:path';
import { makeHost } from './helpers';

const SHEETS = path.join(__dirname, 'fixtures', 'sheets');

function host() {
  const h = makeHost({ bundleDir: SHEETS, scriptTime: 'none' });
  h.sheet("Bob's list").load([
    ['name', 'n', 'note'],
    ['a', 1, ''],
    ['', '', ''],
    ['c', 3, 'x'],
    ['d', 4, ''],
    ['e', 'five', ''],
  ]);
  return h;
}

const ROW_FORMULA = "=IF(COUNTA('Bob''s list'!R[1]C1:R[1]C3)=0,-1,SUBTOTAL(103,'Bob''s list'!R[1]C1:R[1]C3))";

describe('R1C1 formulas over a range', () => {
  it('resolve relative parts per cell, keep the A1 form, and read back in R1C1', () => {
    const h = host();
    const r = h.run('writeR1C1', ['Sheet1!A1:A3', ROW_FORMULA]).value as {
      values: unknown[][];
      formulas: string[][];
      r1c1: string[][];
      first: string;
    };
    expect(r.formulas.map((f) => f[0])).toEqual([
      "=IF(COUNTA('Bob''s list'!$A2:$C2)=0,-1,SUBTOTAL(103,'Bob''s list'!$A2:$C2))",
      "=IF(COUNTA('Bob''s list'!$A3:$C3)=0,-1,SUBTOTAL(103,'Bob''s list'!$A3:$C3))",
      "=IF(COUNTA('Bob''s list'!$A4:$C4)=0,-1,SUBTOTAL(103,'Bob''s list'!$A4:$C4))",
    ]);
    expect(r.values).toEqual([[2], [-1], [3]]);
    expect(r.first).toBe("=IF(COUNTA('Bob''s list'!R[1]C1:R[1]C3)=0,-1,SUBTOTAL(103,'Bob''s list'!R[1]C1:R[1]C3))");
    expect(r.r1c1.every((f) => f[0] === r.first)).toBe(true);
  });

  it('reads #REF! for a reference above the first row, and leaves text in quotes alone', () => {
    const h = host();
    const r = h.run('writeR1C1', ['Sheet1!B1', '=IF(R[-1]C="R1C1",1,2)']).value as { values: unknown[][]; formulas: string[][] };
    expect(r.formulas).toEqual([['=IF(#REF!="R1C1",1,2)']]);
    expect(r.values).toEqual([['#REF!']]);
  });
});

describe('SUBTOTAL and the rows hidden when the range is read', () => {
  it('counts only visible rows with 103, and rows a filter hides are left out by 3 as well', () => {
    const h = host();
    h.run('writeR1C1', ['Sheet1!A1:A5', ROW_FORMULA]);
    expect(h.run('readValues', ['Sheet1!A1:A5']).value).toEqual([[2], [-1], [3], [2], [2]]);
    // Values are computed as they are read: hiding rows afterwards changes them.
    h.sheet("Bob's list").userHideRows(4);
    h.sheet("Bob's list").userFilter((v) => v[0] !== 'e');
    expect(h.run('readValues', ['Sheet1!A1:A5']).value).toEqual([[2], [-1], [0], [2], [0]]);
    h.run('writeFormulas', [
      'Sheet1!B1:B4',
      [
        ["=SUBTOTAL(3,'Bob''s list'!A2:A6)"],
        ["=SUBTOTAL(103,'Bob''s list'!A2:A6)"],
        ["=SUBTOTAL(9,'Bob''s list'!B:B)"],
        ["=SUBTOTAL(109,'Bob''s list'!B2:B6)"],
      ],
    ]);
    // Row 4 (c, 3) is hidden by hand, row 6 (e) by the filter.
    expect(h.run('readValues', ['Sheet1!B1:B4']).value).toEqual([[3], [2], [8], [5]]);
    h.run('writeFormulas', [
      'Sheet1!C1:C3',
      [["=SUBTOTAL(2,'Bob''s list'!B2:B6)"], ["=SUBTOTAL(102,'Bob''s list'!B2:B6)"], ["=SUBTOTAL(12,'Bob''s list'!B2:B6)"]],
    ]);
    expect(h.run('readValues', ['Sheet1!C1:C3']).value).toEqual([[3], [2], ['#VALUE!']]);
  });

  it('computes COUNTA, COUNT, SUM, IF and comparisons over this sheet and others', () => {
    const h = host();
    h.run('writeFormulas', [
      'Sheet1!A1:F1',
      [
        [
          "=COUNTA('Bob''s list'!A1:C6)",
          "=COUNT('Bob''s list'!B2:B6)",
          "=SUM('Bob''s list'!B2:B6)+1",
          '=IF(A1>10,"many","few")',
          '=A1',
          '=E1',
        ],
      ],
    ]);
    expect(h.run('readValues', ['Sheet1!A1:F1']).value).toEqual([[12, 3, 9, 'many', 12, 12]]);
    h.sheet().userEdit('A2', '=B2');
    h.sheet().userEdit('B2', '=A2');
    h.sheet().userEdit('C2', '=Z9');
    h.sheet().userEdit('D2', '=HYPERLINK("x")');
    h.sheet().userEdit('E2', "=SUM('Bob''s list'!A1:C6)+0");
    // A circular reference reads #REF!, an empty cell '', an uncomputed function #ERROR! as before.
    expect(h.run('readValues', ['Sheet1!A2:E2']).value).toEqual([['#REF!', '#REF!', '', '#ERROR!', 8]]);
  });
});

describe('inserting, hiding, activating and deleting sheets', () => {
  it('makes an inserted sheet active and gives each sheet back the selection it had', () => {
    const h = host();
    h.select('Sheet1!B2:C4');
    expect(h.run('sheetSteps', ['~helper']).value).toEqual({
      before: 'Sheet1!B2:C4',
      afterInsert: '~helper!A1',
      afterSetActive: 'Sheet1!B2:C4',
      hidden: true,
      afterHide: 'Sheet1!B2:C4',
      afterActivate: '~helper!A1',
      backAgain: 'Sheet1!B2:C4',
      afterDelete: 'Sheet1!B2:C4',
      sheets: ['Sheet1', "Bob's list"],
    });
    expect(h.spreadsheet.selection).toEqual([{ sheetId: 0, row: 2, column: 2, numRows: 3, numColumns: 2 }]);
  });

  it('refuses to hide the last visible sheet, and hiding the active sheet activates the next one', () => {
    const h = host();
    expect(h.run('hideSheetNamed', ['Sheet1']).value).toBe("Bob's list!A1");
    const last = h.run('hideSheetNamed', ["Bob's list"]);
    expect(last.error?.message).toBe("You can't hide all the sheets in a document.");
  });
});
