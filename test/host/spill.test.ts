// Custom functions' 2-D answers spill into the cells right and below, as in Sheets: the spilled
// values read through getValues, move with their formula, and give way to data with #REF! and
// Sheets' message, coming back once the data is gone.
import { makeHost } from './helpers';

/** A sheet with a 2 × 2 block in A1:B2 and `=ECHO(A1:B2)` (which answers the block) at `at`. */
function echoSheet(at = 'D1') {
  const host = makeHost({ spill: true });
  const sheet = host.sheet().load([
    ['x', 1],
    ['y', true],
  ]);
  sheet.userEdit(at, '=ECHO(A1:B2)');
  return { host, sheet };
}

describe('spilling', () => {
  it('is off unless asked for: a 2-D answer then stays in its cell', () => {
    const host = makeHost();
    const sheet = host.sheet().load([
      ['x', 1],
      ['y', true],
    ]);
    sheet.userEdit('D1', '=ECHO(A1:B2)');
    host.recalculate();
    expect(sheet.cell('D1').value).toBe('x');
    expect(sheet.cell('E1').value).toBe('');
  });

  it('fills the neighbours with a 2-D answer, read as values, and counts them in the data range', () => {
    const { host, sheet } = echoSheet();
    host.recalculate();
    expect(sheet.values()).toEqual([
      ['x', 1, '', 'x', 1],
      ['y', true, '', 'y', true],
    ]);
    expect(sheet.cell('E2').formula).toBe('');
    expect(sheet.cell('D1').formula).toBe('=ECHO(A1:B2)');
    const read = host.run('readCells', ['D1:E2']).value as { values: unknown[][]; formulas: string[][] };
    expect(read.values).toEqual([
      ['x', 1],
      ['y', true],
    ]);
    expect(read.formulas).toEqual([
      ['=ECHO(A1:B2)', ''],
      ['', ''],
    ]);
    expect(sheet.displayValues()[1]).toEqual(['y', 'TRUE', '', 'y', 'TRUE']);
  });

  it('shows #REF! with Sheets’ message when data is in the way, and spills again once it is cleared', () => {
    const { host, sheet } = echoSheet();
    sheet.userEdit('E2', 'in the way');
    host.recalculate();
    expect(sheet.cell('D1').value).toBe('#REF!');
    expect(sheet.cell('D1').error).toBe('Array result was not expanded because it would overwrite data in E2.');
    expect(sheet.displayValues()[0]![3]).toBe('#REF!');
    expect(sheet.cell('E1').value).toBe('');
    sheet.userEdit('E2', '');
    expect(sheet.cell('D1')).toMatchObject({ value: 'x', error: '' });
    expect(sheet.cell('E2').value).toBe(true);
  });

  it('gives way to data the script writes into the spill', () => {
    const { host, sheet } = echoSheet();
    host.recalculate();
    host.run('writeCell', ['D2', 'typed over']);
    expect(sheet.cell('D1').value).toBe('#REF!');
    expect(sheet.cell('D1').error).toMatch(/overwrite data in D2\.$/);
  });

  it('moves with its formula when rows are inserted, and stops when the formula goes', () => {
    const { host, sheet } = echoSheet();
    host.recalculate();
    sheet.userInsertRows(1, 1);
    expect(sheet.cell('D2').formula).toBe('=ECHO(A1:B2)');
    expect(sheet.cell('E3').value).toBe(true);
    sheet.userEdit('D2', 'plain');
    expect(sheet.cell('E3').value).toBe('');
    expect(sheet.model.lastColumn()).toBe(4);
  });

  it('refuses an answer that would run past the last row or column', () => {
    const rows = echoSheet('D1000');
    rows.host.recalculate();
    expect(rows.sheet.cell('D1000')).toMatchObject({
      value: '#REF!',
      error: 'Result was not automatically expanded, please insert more rows (1).',
    });
    const columns = echoSheet('Z1');
    columns.host.recalculate();
    expect(columns.sheet.cell('Z1')).toMatchObject({
      value: '#REF!',
      error: 'Result was not automatically expanded, please insert more columns (1).',
    });
  });
});
